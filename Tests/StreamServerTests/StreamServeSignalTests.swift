import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `streamserve` ends promptly on SIGTERM and SIGINT (issue 20: every command line).
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct StreamServeSignalTests {
    @Test("SIGTERM and SIGINT end streamserve within seconds", arguments: [SIGTERM, SIGINT])
    func signalsEndTheServer(_ signal: Int32) async throws {
        let directory = StreamServeLiveRadioTests.defaultStream.path
        let (running, _, _) = try await StreamServeLiveRadioTests.start([directory])
        running.send(signal: signal)
        let (outcome, timedOut) = await running.finishReportingTimeout()
        #expect(!timedOut, "streamserve ignored signal \(signal)")
        #expect(outcome.signaled && outcome.status == signal, "ended by the signal's default action: \(outcome.status)")
    }
}
