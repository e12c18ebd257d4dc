import Foundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program (a built executable of this package such as `mediakit` or `SDLDemo`, or a tool such as
/// `playerctl`) as a child process and collects everything it writes, for end-to-end tests.
///
/// Built on swiftlang/swift-subprocess: stdout and stderr are read to their very end. Once the child has
/// exited, what is left in the pipes is drained (swift-subprocess's `cancelAsyncIO` drain), so a large document
/// printed just before the exit arrives whole, however slow the machine; and a pipe that a grandchild keeps open
/// cannot make the reader wait for it. (The hand-written runner this replaces gave up after 2 s of silence and
/// once cut a `mediakit … --json` document short.) The pipes are created close-on-exec, so a process that
/// another test spawns at the same time cannot inherit them either.
///
/// Nothing here blocks a thread: swift-subprocess waits for the exit and for output on its own thread (epoll and
/// a pidfd on Linux), and the tests' tasks only `await`. A blocking wait would hold one of the few threads of
/// Swift's cooperative pool (two on a 2-core machine) and stall every other test meanwhile.
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

    /// Runs `executable` with `arguments` to completion (killed after `timeout`, scaled by ``TestBounds``).
    ///
    /// - Parameter environment: the child's whole environment; `nil` inherits this process's.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                           directory: URL? = nil, timeout: Duration = TestBounds.hang) async throws -> Outcome {
        try await Running.start(executable, arguments, environment: environment, directory: directory)
            .finish(timeout: timeout)
    }

    /// A started process whose output is being collected.
    public final class Running: Sendable {
        /// The child's process ID.
        public let processIdentifier: pid_t
        private let shared: Shared
        private let runTask: Task<TerminationStatus?, Never>

        private init(processIdentifier: pid_t, shared: Shared, runTask: Task<TerminationStatus?, Never>) {
            self.processIdentifier = processIdentifier
            self.shared = shared
            self.runTask = runTask
        }

        /// Starts `executable` with `arguments` (stdin is /dev/null), in `directory` when one is given, and
        /// returns once the child is running.
        ///
        /// - Parameter environment: the child's whole environment; `nil` inherits this process's.
        /// - Throws: swift-subprocess's error when the child cannot be started (no such file, not executable).
        public static func start(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                                 directory: URL? = nil) async throws -> Running {
            let shared = Shared()
            let environmentValue: Subprocess.Environment = environment.map { values in
                .custom(Dictionary(uniqueKeysWithValues: values.compactMap { key, value in
                    Subprocess.Environment.Key(rawValue: key).map { ($0, value) }
                }))
            } ?? .inherit
            let (started, startedContinuation) = AsyncStream<Result<pid_t, any Error>>.makeStream()
            let runTask = Task<TerminationStatus?, Never> {
                do {
                    let result = try await Subprocess.run(
                        .path(FilePath(executable.path)), arguments: Arguments(arguments), environment: environmentValue,
                        workingDirectory: directory.map { FilePath($0.path) }, input: .none, output: .sequence,
                        error: .sequence
                    ) { execution in
                        shared.withLock { state in
                            state.send = { signal in try? execution.send(signal: signal) }
                        }
                        startedContinuation.yield(.success(execution.processIdentifier.value))
                        startedContinuation.finish()
                        // Both pipes to their ends (the exit ends them at the latest, after a final drain).
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask { await shared.collect(execution.standardOutput, into: \.stdout) }
                            group.addTask { await shared.collect(execution.standardError, into: \.stderr) }
                        }
                        shared.withLock { $0.send = nil }
                    }
                    shared.withLock { $0.reaped = true }
                    return result.terminationStatus
                } catch {
                    shared.withLock { state in
                        state.reaped = true
                        state.stderr += Array("ProcessRunner: \(executable.path): \(error)\n".utf8)
                    }
                    startedContinuation.yield(.failure(error))
                    startedContinuation.finish()
                    return nil
                }
            }
            var iterator = started.makeAsyncIterator()
            switch await iterator.next() {
            case .success(let pid)?:
                return Running(processIdentifier: pid, shared: shared, runTask: runTask)
            case .failure(let error)?:
                throw error
            case nil:
                throw ProcessRunnerError(message: "\(executable.path) did not start")
            }
        }

        /// Stdout so far.
        public var stdoutSoFar: String {
            shared.withLock { String(decoding: $0.stdout, as: UTF8.self) }
        }

        /// Stderr so far.
        public var stderrSoFar: String {
            shared.withLock { String(decoding: $0.stderr, as: UTF8.self) }
        }

        /// Whether the child has exited and its output has been read to the end.
        public var hasFinished: Bool {
            shared.withLock { $0.reaped }
        }

        /// Waits until stdout so far satisfies `condition`, the process has finished, or `timeout` (scaled by
        /// ``TestBounds``) passes; returns stdout so far.
        public func waitForStdout(timeout: Duration = TestBounds.hang, _ condition: (String) -> Bool) async -> String {
            _ = await waitUntil(timeout: timeout) { condition(stdoutSoFar) || hasFinished }
            return stdoutSoFar
        }

        /// Waits until stdout contains `text` (or the process finishes, or `timeout` passes); returns stdout so far.
        public func waitForOutput(containing text: String, timeout: Duration = TestBounds.hang) async -> String {
            await waitForStdout(timeout: timeout) { $0.contains(text) }
        }

        /// Sends `signal` (a number from Glibc, e.g. `SIGTERM`) to the child while it runs; does nothing once it
        /// has been reaped.
        public func send(signal: Int32) {
            let pid = processIdentifier
            let delivery: (@Sendable (Signal) -> Void)? = shared.withLock { state in
                if let send = state.send { return send }
                // The pipes ended before the child did (it closed them). It is not reaped until swift-subprocess's
                // `run` returns, so its PID is still its own; `reaped` is set just after that return, and PIDs are
                // handed out in sequence, so the PID is not another process's in between.
                guard !state.reaped else { return nil }
                return { signal in _ = kill(pid, signal.rawValue) }
            }
            delivery?(Signal(rawValue: signal))
        }

        /// Sends `SIGINT` (Ctrl-C).
        public func interrupt() {
            send(signal: SIGINT)
        }

        /// Sends `SIGKILL`.
        public func forceKill() {
            send(signal: SIGKILL)
        }

        /// Waits for the process to exit (killing it after `timeout`, scaled by ``TestBounds``) and for its
        /// output to end, and returns both.
        public func finish(timeout: Duration = TestBounds.hang) async -> Outcome {
            await finishReportingTimeout(timeout: timeout).outcome
        }

        /// ``finish(timeout:)``, also saying whether the process had to be killed because `timeout` passed.
        public func finishReportingTimeout(timeout: Duration = TestBounds.hang) async -> (outcome: Outcome, timedOut: Bool) {
            let bound = TestBounds.scaled(timeout)
            let killer = Task { [self] in
                try await Task.sleep(for: bound)
                forceKill()
            }
            let status = await runTask.value
            killer.cancel()
            let timedOut: Bool
            do {
                try await killer.value
                timedOut = true
            } catch {
                timedOut = false
            }
            let (code, signaled): (Int32, Bool) = switch status {
            case .exited(let code)?: (code, false)
            case .signaled(let signal)?: (signal, true)
            case nil: (127, false)
            }
            let outcome = shared.withLock { state in
                Outcome(status: code, stdout: String(decoding: state.stdout, as: UTF8.self),
                        stderr: String(decoding: state.stderr, as: UTF8.self), signaled: signaled)
            }
            return (outcome, timedOut)
        }
    }

    /// What a ``Running`` shares with the task that runs its child.
    ///
    /// Behind an `NSLock` (a pthread mutex), which ThreadSanitizer understands; Synchronization's `Mutex` waits
    /// on a futex inside the uninstrumented standard library on Linux, so under contention TSan misses its
    /// ordering and reports races that are none.
    private final class Shared: @unchecked Sendable {
        struct State: Sendable {
            var stdout: [UInt8] = []
            var stderr: [UInt8] = []
            /// Sends a signal through swift-subprocess (a pidfd) while its `run` body is running, else `nil`.
            var send: (@Sendable (Signal) -> Void)?
            /// Set once swift-subprocess's `run` has returned: the child is reaped, its PID free for reuse.
            var reaped = false
        }

        private let lock = NSLock()
        private var value = State()

        /// Runs `body` with the state, under the lock.
        func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
            try lock.withLock { try body(&value) }
        }

        /// Appends everything `sequence` delivers to `field`, to the end of the pipe.
        func collect(_ sequence: SubprocessOutputSequence, into field: WritableKeyPath<State, [UInt8]> & Sendable) async {
            do {
                for try await buffer in sequence {
                    let bytes = buffer.withUnsafeBytes { Array($0) }
                    withLock { $0[keyPath: field] += bytes }
                }
            } catch {
                withLock { $0.stderr += Array("ProcessRunner: reading the child's output failed: \(error)\n".utf8) }
            }
        }
    }
}

/// A child process could not be started or run.
public struct ProcessRunnerError: Error, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// ``message``.
    public var description: String { message }

    /// An error saying `message`.
    public init(message: String) {
        self.message = message
    }
}
