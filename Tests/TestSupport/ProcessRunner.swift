import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a built executable of this package (`mediakit`, `streamserve`, …) as a subprocess and collects its
/// output, for end-to-end tests.
///
/// ```swift
/// let mediakit = try #require(ProcessRunner.executable(named: "mediakit"))
/// let outcome = try await ProcessRunner.run(mediakit, ["iplayer", "categories", "--base-url", url])
/// #expect(outcome.status == 0)
/// #expect(outcome.sanitizerReport == nil)
/// ```
public enum ProcessRunner {
    /// A finished run.
    public struct Outcome: Sendable {
        /// The exit status (the signal number when ``signaled``).
        public var status: Int32
        /// Everything written to stdout.
        public var stdout: String
        /// Everything written to stderr.
        public var stderr: String
        /// Whether the process ended by a signal.
        public var signaled: Bool

        /// A sanitizer report in stderr, if a sanitized build printed one (see ``sanitizerReport(in:)``).
        public var sanitizerReport: Substring? {
            TestSupport.sanitizerReport(in: stderr)
        }
    }

    /// The executable `name` built next to the test bundle (`.build/<config>/name`), or `nil`.
    public static func executable(named name: String) -> URL? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent(name),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
            PackagePaths.root.appendingPathComponent(".build/debug/\(name)"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A started process whose output is being collected.
    ///
    /// Nothing here blocks a thread: output arrives through readability handlers, and waiting (for text, for
    /// the exit, for the pipes to close) polls with `Task.sleep`. A blocking wait would hold one of the few
    /// threads of Swift's cooperative pool (two on a 2-core machine) and stall every other test meanwhile,
    /// for as long as a pipe stays open (a concurrently spawned process may inherit its write end).
    public final class Running: @unchecked Sendable {
        /// The process.
        public let process: Process
        private let out = Pipe()
        private let err = Pipe()
        private let lock = NSLock()
        private var stdoutData = Data()
        private var stderrData = Data()
        private var pipesClosed = 0

        /// Starts `executable` with `arguments` (stdin is /dev/null), in `directory` when one is given.
        public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                    directory: URL? = nil) throws {
            process = Process()
            process.executableURL = executable
            process.arguments = arguments
            if let environment { process.environment = environment }
            if let directory { process.currentDirectoryURL = directory }
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            for (pipe, isStdout) in [(out, true), (err, false)] {
                pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                    let data = handle.availableData
                    guard let self else { return }
                    self.lock.withLock {
                        if data.isEmpty {
                            handle.readabilityHandler = nil
                            self.pipesClosed += 1
                        } else if isStdout {
                            self.stdoutData.append(data)
                        } else {
                            self.stderrData.append(data)
                        }
                    }
                }
            }
            try process.run()
        }

        /// Stdout so far.
        public var stdoutSoFar: String {
            lock.withLock { String(decoding: stdoutData, as: UTF8.self) }
        }

        /// Waits until stdout contains `text` (or the process exits, or `timeout` passes); returns stdout so far.
        public func waitForOutput(containing text: String, timeout: Duration = .seconds(30)) async -> String {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                let sofar = stdoutSoFar
                if sofar.contains(text) || !process.isRunning { return sofar }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return stdoutSoFar
        }

        /// Sends `SIGINT` (Ctrl-C).
        public func interrupt() {
            _ = kill(process.processIdentifier, SIGINT)
        }

        /// Sends `SIGKILL`.
        public func forceKill() {
            _ = kill(process.processIdentifier, SIGKILL)
        }

        /// Waits for the process to exit (killing it after `timeout`) and for its output, and returns both.
        /// After the exit, output is read until both pipes end, or nothing arrives for 2 s (a pipe kept open by
        /// another process), at most 60 s.
        public func finish(timeout: Duration = .seconds(60)) async -> Outcome {
            await finishReportingTimeout(timeout: timeout).outcome
        }

        /// ``finish(timeout:)``, also saying whether the process had to be killed because `timeout` passed.
        public func finishReportingTimeout(timeout: Duration = .seconds(60)) async -> (outcome: Outcome, timedOut: Bool) {
            let deadline = ContinuousClock.now + timeout
            while process.isRunning, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(10))
            }
            let timedOut = process.isRunning
            if timedOut {
                forceKill()
                while process.isRunning {
                    try? await Task.sleep(for: .milliseconds(10))
                }
            }
            // Read to the end of both pipes. A pipe whose write end another, concurrently spawned process
            // inherited never reports its end while that process lives, so stop early once nothing has arrived
            // for 2 s; a large output still flowing (tens of kB on a loaded machine) keeps being read, up to 60 s.
            let pipesDeadline = ContinuousClock.now + .seconds(60)
            var lastCount = -1
            var quietSince = ContinuousClock.now
            while lock.withLock({ pipesClosed < 2 }), ContinuousClock.now < pipesDeadline {
                let count = lock.withLock { stdoutData.count + stderrData.count }
                if count != lastCount {
                    lastCount = count
                    quietSince = ContinuousClock.now
                } else if ContinuousClock.now - quietSince > .seconds(2) {
                    break
                }
                try? await Task.sleep(for: .milliseconds(5))
            }
            let outcome = lock.withLock {
                Outcome(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                        stderr: String(decoding: stderrData, as: UTF8.self),
                        signaled: process.terminationReason == .uncaughtSignal)
            }
            return (outcome, timedOut)
        }
    }

    /// Runs `executable` with `arguments` to completion (killed after `timeout`).
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                           timeout: Duration = .seconds(60)) async throws -> Outcome {
        try await Running(executable, arguments, environment: environment).finish(timeout: timeout)
    }
}
