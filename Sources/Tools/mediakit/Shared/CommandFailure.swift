import ArgumentParser
import FeedCore
import Foundation

/// A failure the command reports as one line on stderr with exit status 1 (usage errors are
/// ArgumentParser's, exit status 64).
struct CommandFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Runs a command's work; any failure becomes `mediakit: error: …` on stderr and exit status 1.
///
/// ``FeedError``s print their one-line description (service, what, URL); other errors their description
/// with line breaks folded, so the output is always one line.
func reportingFailures(_ work: () async throws -> Void) async throws {
    do {
        try await work()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        let text = String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
        TerminalOutput.error(text)
        throw ExitCode.failure
    }
}
