import FeedCore
import Testing

/// The ``FeedError`` that `work` throws, or `nil` when it succeeds; another error is recorded as a test issue.
func failure(_ work: () async throws -> Void) async -> FeedError? {
    do {
        try await work()
        return nil
    } catch let error as FeedError {
        return error
    } catch {
        Issue.record("not a FeedError: \(error)")
        return nil
    }
}
