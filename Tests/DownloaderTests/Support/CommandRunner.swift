import Foundation
import Testing
import TestSupport

/// Runs the built `hlsfetch` executable as a subprocess, on TestSupport's ``ProcessRunner`` (which never blocks
/// a thread of Swift's cooperative pool), and fails the test on a sanitizer report.
enum CommandRunner {
    /// The outcome of a finished run.
    typealias Outcome = ProcessRunner.Outcome

    /// The `hlsfetch` binary built next to the test bundle (`.build/<config>/hlsfetch`).
    static var executable: URL? { ProcessRunner.executable(named: "hlsfetch") }

    /// A started process with its output being collected.
    final class Running: Sendable {
        private let running: ProcessRunner.Running

        /// The process.
        var process: Process { running.process }

        init(arguments: [String], executable: URL? = CommandRunner.executable) throws {
            guard let executable else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "hlsfetch binary not found"])
            }
            running = try ProcessRunner.Running(executable, arguments)
        }

        /// Sends `SIGKILL`.
        func kill() { running.forceKill() }

        /// Sends `SIGINT` (Ctrl-C).
        func interrupt() { running.interrupt() }

        /// Waits for the process to exit (killing it after `timeout`) and for its output.
        func finish(timeout: Duration = .seconds(60)) async -> Outcome {
            let outcome = await running.finish(timeout: timeout)
            // A sanitized build's report must fail the test even where the test expects a failing exit status.
            if let report = outcome.sanitizerReport {
                Issue.record("\(process.executableURL?.lastPathComponent ?? "process") reported a sanitizer error:\n\(report)")
            }
            return outcome
        }
    }

    /// Runs `hlsfetch` (or another `executable`) with `arguments` to completion.
    static func run(_ arguments: [String], executable: URL? = CommandRunner.executable,
                    timeout: Duration = .seconds(60)) async throws -> Outcome {
        try await Running(arguments: arguments, executable: executable).finish(timeout: timeout)
    }
}
