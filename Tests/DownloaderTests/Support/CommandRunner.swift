import Foundation
import Testing
import TestSupport

/// Runs the built `hlsfetch` executable (or another program) as a subprocess on TestSupport's
/// ``ProcessRunner``, and fails the test on a sanitizer report in its stderr.
enum CommandRunner {
    /// The outcome of a finished run.
    typealias Outcome = ProcessRunner.Outcome

    /// The `hlsfetch` binary built next to the test bundle (`.build/<config>/hlsfetch`).
    static var executable: URL? { ProcessRunner.executable(named: "hlsfetch") }

    /// `--idle-timeout` for a run whose requests the test holds at the server: longer than every wait of the test
    /// (``TestBounds/clientTimeoutArgument``), so a loaded machine that delays the test's polling never turns a held
    /// request into a retry (the in-process tests' `holdTests` configuration does the same).
    static var holdingIdleTimeout: [String] { ["--idle-timeout", TestBounds.clientTimeoutArgument] }

    /// Starts `hlsfetch` (or another `executable`) with `arguments`; finish it with ``finish(_:timeout:)``.
    static func start(_ arguments: [String], executable: URL? = CommandRunner.executable) async throws -> ProcessRunner.Running {
        guard let executable else { throw ProcessRunnerError(message: "hlsfetch binary not found") }
        return try await ProcessRunner.Running.start(executable, arguments)
    }

    /// Waits for `running` to exit (killing it after `timeout`) and for its output; records a test issue when a
    /// sanitized build reported an error, even where the test expects a failing exit status.
    static func finish(_ running: ProcessRunner.Running, timeout: Duration = TestBounds.hang) async -> Outcome {
        let outcome = await running.finish(timeout: timeout)
        if let report = outcome.sanitizerReport {
            Issue.record("process \(running.processIdentifier) reported a sanitizer error:\n\(report)")
        }
        return outcome
    }

    /// Runs `hlsfetch` (or another `executable`) with `arguments` to completion.
    static func run(_ arguments: [String], executable: URL? = CommandRunner.executable,
                    timeout: Duration = TestBounds.hang) async throws -> Outcome {
        await finish(try await start(arguments, executable: executable), timeout: timeout)
    }
}
