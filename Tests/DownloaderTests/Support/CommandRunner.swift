import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `hlsfetch` executable as a subprocess.
enum CommandRunner {
    /// The outcome of a finished run.
    struct Outcome: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether the process ended by a signal (then `status` is the signal number).
        var signaled: Bool
    }

    /// The `hlsfetch` binary built next to the test bundle (`.build/<config>/hlsfetch`).
    static var executable: URL? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("hlsfetch"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("hlsfetch"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/hlsfetch"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A started process with its output being collected.
    final class Running: @unchecked Sendable {
        let process: Process
        private let out = Pipe()
        private let err = Pipe()
        private let collected = DispatchGroup()
        private var stdoutData = Data()
        private var stderrData = Data()

        init(arguments: [String], executable: URL? = CommandRunner.executable) throws {
            guard let executable else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "hlsfetch binary not found"])
            }
            process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            collected.enter()
            collected.enter()
            DispatchQueue.global().async { [self] in
                stdoutData = out.fileHandleForReading.readDataToEndOfFile()
                collected.leave()
            }
            DispatchQueue.global().async { [self] in
                stderrData = err.fileHandleForReading.readDataToEndOfFile()
                collected.leave()
            }
        }

        /// Sends `SIGKILL`.
        func kill() {
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
        }

        /// Sends `SIGINT` (Ctrl-C).
        func interrupt() {
            _ = Glibc.kill(process.processIdentifier, SIGINT)
        }

        /// Waits for the process to exit (killing it after `timeout`).
        func finish(timeout: Duration = .seconds(60)) async -> Outcome {
            let deadline = ContinuousClock.now + timeout
            while process.isRunning, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(10))
            }
            if process.isRunning { kill() }
            process.waitUntilExit()
            collected.wait()
            let stderr = String(decoding: stderrData, as: UTF8.self)
            // A sanitized build's report must fail the test even where the test expects a failing exit status.
            if let report = sanitizerReport(in: stderr) {
                Issue.record("hlsfetch reported a sanitizer error:\n\(report)")
            }
            return Outcome(status: process.terminationStatus,
                           stdout: String(decoding: stdoutData, as: UTF8.self),
                           stderr: stderr,
                           signaled: process.terminationReason == .uncaughtSignal)
        }
    }

    /// Runs `hlsfetch` (or another `executable`) with `arguments` to completion.
    static func run(_ arguments: [String], executable: URL? = CommandRunner.executable,
                    timeout: Duration = .seconds(60)) async throws -> Outcome {
        try await Running(arguments: arguments, executable: executable).finish(timeout: timeout)
    }
}
