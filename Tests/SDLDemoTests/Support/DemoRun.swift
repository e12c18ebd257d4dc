import Foundation
import Testing
import TestSupport

/// Runs the built `SDLDemo` binary headless in a fresh temporary directory and collects what it left.
///
/// The binary is looked up next to the test bundle (`.build/<config>/SDLDemo`); `SDLDEMO_BINARY`
/// overrides that. Video goes to SDL's offscreen driver (dummy if offscreen is missing), audio to the
/// disk driver, whose output file lands in the directory. Every run is killed after `timeout` seconds.
struct DemoRun: Sendable {
    /// The directory holding the script, trace, screenshots and the disk audio output.
    let directory: URL
    /// Exit status of the process (the signal number, 9, when killed by the timeout).
    let status: Int32
    let stdout: String
    let stderr: String
    /// Whether the run hit the timeout.
    let timedOut: Bool

    /// The disk audio driver's output file.
    var audioFile: URL { directory.appendingPathComponent("audio.raw") }
    /// The trace file (when the run was given `--trace`).
    var traceFile: URL { directory.appendingPathComponent("trace.jsonl") }

    /// Where audio goes: SDL's disk driver (a file in the run's directory, `SDL_DISKAUDIODELAY=0`) or its
    /// dummy driver (for runs that do not look at the audio: the disk driver writes silence at full speed
    /// while the device is open, hundreds of MB per minute).
    enum Audio: Sendable {
        case disk, dummy
    }

    /// Writes `script` to `script.txt` in a new temporary directory and runs
    /// `SDLDemo --script script.txt --trace trace.jsonl` plus `arguments`, killed after `timeout` seconds
    /// (scaled by TestSupport's ``TestBounds``). The timeouts of the script's waits are scaled too (see
    /// ``scaledWaits(_:)``) unless `scaleWaits` is false, for a test about a wait's timeout itself.
    /// `launcher`: a command the binary runs under (`strace -f -o FILE`), its arguments before the binary's path.
    static func script(_ script: String, arguments: [String] = [], audio: Audio = .dummy,
                       environment: [String: String] = [:], timeout: TimeInterval = TestBounds.hangSeconds,
                       scaleWaits: Bool = true, launcher: [String] = []) async throws -> DemoRun {
        let directory = try makeTemporaryDirectory("SDLDemoTests")
        let text = scaleWaits ? scaledWaits(script) : script
        try text.write(to: directory.appendingPathComponent("script.txt"), atomically: true, encoding: .utf8)
        var environment = environment
        if audio == .dummy { environment["SDL_AUDIODRIVER"] = "dummy" }
        return try await run(in: directory, arguments: ["--script", "script.txt", "--trace", "trace.jsonl"] + arguments,
                             environment: environment, timeout: timeout, launcher: launcher)
    }

    /// Runs the binary with `arguments` in `directory` (SDL's offscreen video driver, or its dummy driver where
    /// offscreen is missing).
    static func run(in directory: URL, arguments: [String], environment: [String: String] = [:],
                    timeout: TimeInterval = TestBounds.hangSeconds, launcher: [String] = []) async throws -> DemoRun {
        var result = try await DemoProcess.start(in: directory, arguments: arguments, videoDriver: "offscreen",
                                                 environment: environment, launcher: launcher).finish(timeout: timeout)
        if result.stderr.contains("offscreen not available") {
            result = try await DemoProcess.start(in: directory, arguments: arguments, videoDriver: "dummy",
                                                 environment: environment, launcher: launcher).finish(timeout: timeout)
        }
        return result
    }

    /// The timeout, in milliseconds of virtual time, of a script's wait for something a server or another process
    /// does in real time (a radio's next title, a dropped connection, the end of a station, a `playerctl`
    /// command): four minutes, scaled like every wait. It only bounds a hang, and it outlasts the test's own
    /// waits for the server: while the window waits on real work its virtual clock is paced to real time, and
    /// while it plays it can run ahead only by the audio buffered, so a wait of this bound lasts minutes of
    /// real time. A wait of 30 s of virtual time once ran out before a real-time radio aired its second title
    /// (the README command with one core kept busy). It is shorter than the process's own bound
    /// (``TestBounds/hang``), so a hang is reported by the script's line, not by the kill.
    static let serverWait = 240_000

    /// `script` with the timeout of every wait step (`wait-state playing 30000`, …; not `wait-real`, which is
    /// a stretch of real time to run) multiplied by TestSupport's ``TestBounds/scale``: a wait ends as soon as its
    /// condition holds, so its timeout only bounds a hang, and under a sanitizer everything is slower.
    static func scaledWaits(_ script: String) -> String {
        guard TestBounds.scale != 1 else { return script }
        return script.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard words.count >= 3, words[1].hasPrefix("wait-"), words[1] != "wait-real",
                  let milliseconds = words.last.flatMap({ Int($0) }) else { return String(line) }
            words[words.count - 1] = String(TestBounds.milliseconds(milliseconds))
            return words.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// The SDLDemo executable next to the running test bundle.
    static func binary() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["SDLDEMO_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        let selfPath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: selfPath).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("SDLDemo")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw DemoRunError(message: "SDLDemo binary not found near \(selfPath); build it or set SDLDEMO_BINARY")
    }

    /// Removes the run's directory (call when a test is done with it).
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The trace's frames.
    func frames() throws -> [TraceFrame] {
        try readTrace(traceFile)
    }

    /// A file in the run's directory.
    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// A summary for failed expectations.
    var diagnostics: String { "status \(status)\(timedOut ? " (timed out)" : "")\nstderr: \(stderr)" }
}

/// The demo binary could not be found or run.
struct DemoRunError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// SDLDemo started headless on TestSupport's ``ProcessRunner`` (which waits without blocking a thread: a blocking
/// wait here once held one of the two threads of Swift's cooperative pool for a whole run and stalled every other
/// test meanwhile).
struct DemoProcess: Sendable {
    /// The run's directory (its working directory and TMPDIR).
    let directory: URL
    let running: ProcessRunner.Running

    /// Starts the binary with `arguments` in `directory`: video to SDL's `videoDriver`, audio to the disk driver
    /// writing `audio.raw` there (unless `environment` says otherwise), no session bus unless `environment` names
    /// one (MPRIS then logs one line and the demo goes on).
    static func start(in directory: URL, arguments: [String], videoDriver: String = "offscreen",
                      environment: [String: String] = [:], launcher: [String] = []) async throws -> DemoProcess {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = videoDriver
        env["SDL_AUDIODRIVER"] = "disk"
        env["SDL_DISKAUDIOFILE"] = directory.appendingPathComponent("audio.raw").path
        env["SDL_DISKAUDIODELAY"] = "0"
        env["TMPDIR"] = directory.path  // the cached download lands here, so tests can see it go
        env["XDG_RUNTIME_DIR"] = directory.path
        env["XDG_CONFIG_HOME"] = directory.path  // a run without a script reads and writes settings: never the user's
        env.removeValue(forKey: "DISPLAY")
        env.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        for (key, value) in environment { env[key] = value }
        let binary = try DemoRun.binary()
        let (executable, all) = launcher.first.map { (URL(fileURLWithPath: $0), Array(launcher.dropFirst()) + [binary.path] + arguments) }
            ?? (binary, arguments)
        let running = try await ProcessRunner.Running.start(executable, all, environment: env, directory: directory)
        return DemoProcess(directory: directory, running: running)
    }

    /// Starts `SDLDemo --script script.txt --trace trace.jsonl` plus `arguments` in a new temporary directory,
    /// the script's waits scaled (``DemoRun/scaledWaits(_:)``).
    static func start(script: String, arguments: [String], audio: DemoRun.Audio = .dummy,
                      environment: [String: String] = [:], umask: String? = nil) async throws -> DemoProcess {
        let directory = try makeTemporaryDirectory("SDLDemoTests")
        try DemoRun.scaledWaits(script).write(to: directory.appendingPathComponent("script.txt"), atomically: true,
                                              encoding: .utf8)
        var environment = environment
        if audio == .dummy { environment["SDL_AUDIODRIVER"] = "dummy" }
        return try await start(in: directory, arguments: ["--script", "script.txt", "--trace", "trace.jsonl"] + arguments,
                               environment: environment,
                               // With a umask the binary is started by `sh -c 'umask MASK; exec "$0" "$@"'` (a test
                               // of file modes).
                               launcher: umask.map { ["/bin/sh", "-c", "umask \($0); exec \"$0\" \"$@\""] } ?? [])
    }

    /// Waits for the exit (killing the process after `timeout` seconds, scaled) and for its output. Its stdout
    /// and stderr are also left in the directory as `stdout.txt` and `stderr.txt`, for a look after a failure; a
    /// sanitizer report in stderr fails the test even where the test expects a failing exit status.
    func finish(timeout: TimeInterval = TestBounds.hangSeconds) async -> DemoRun {
        let (outcome, timedOut) = await running.finishReportingTimeout(timeout: .milliseconds(Int(timeout * 1000)))
        try? outcome.stdout.write(to: directory.appendingPathComponent("stdout.txt"), atomically: true, encoding: .utf8)
        try? outcome.stderr.write(to: directory.appendingPathComponent("stderr.txt"), atomically: true, encoding: .utf8)
        if let report = outcome.sanitizerReport {
            Issue.record("SDLDemo reported a sanitizer error:\n\(report)")
        }
        return DemoRun(directory: directory, status: outcome.status, stdout: outcome.stdout,
                       stderr: outcome.stderr, timedOut: timedOut)
    }

    /// The trace so far.
    func frames() throws -> [TraceFrame] {
        try readTrace(directory.appendingPathComponent("trace.jsonl"))
    }
}

/// Reads a JSON-lines trace file, one frame a line.
func readTrace(_ url: URL) throws -> [TraceFrame] {
    let text = try String(contentsOf: url, encoding: .utf8)
    let decoder = JSONDecoder()
    return try text.split(separator: "\n").map { try decoder.decode(TraceFrame.self, from: Data($0.utf8)) }
}
