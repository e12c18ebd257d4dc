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
    /// `SDLDemo --script script.txt --trace trace.jsonl` plus `arguments`.
    static func script(_ script: String, arguments: [String] = [], audio: Audio = .dummy,
                       environment: [String: String] = [:], timeout: TimeInterval = 60) async throws -> DemoRun {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("SDLDemoTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try script.write(to: directory.appendingPathComponent("script.txt"), atomically: true, encoding: .utf8)
        var environment = environment
        if audio == .dummy { environment["SDL_AUDIODRIVER"] = "dummy" }
        return try await run(in: directory, arguments: ["--script", "script.txt", "--trace", "trace.jsonl"] + arguments,
                             environment: environment, timeout: timeout)
    }

    /// Runs the binary with `arguments` in `directory`.
    static func run(in directory: URL, arguments: [String], environment: [String: String] = [:],
                    timeout: TimeInterval = 60) async throws -> DemoRun {
        var result = try await launch(in: directory, arguments: arguments, videoDriver: "offscreen",
                                      environment: environment, timeout: timeout)
        if result.stderr.contains("offscreen not available") {
            result = try await launch(in: directory, arguments: arguments, videoDriver: "dummy",
                                      environment: environment, timeout: timeout)
        }
        return result
    }

    /// Runs the binary on TestSupport's ``ProcessRunner``, which waits without blocking a thread: a blocking
    /// wait here held one of the two threads of Swift's cooperative pool (on two cores) for the whole run and
    /// stalled every other test meanwhile. Its stdout and stderr are also left in the directory as
    /// `stdout.txt` and `stderr.txt`, for a look after a failure.
    private static func launch(in directory: URL, arguments: [String], videoDriver: String,
                               environment: [String: String], timeout: TimeInterval) async throws -> DemoRun {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = videoDriver
        env["SDL_AUDIODRIVER"] = "disk"
        env["SDL_DISKAUDIOFILE"] = directory.appendingPathComponent("audio.raw").path
        env["SDL_DISKAUDIODELAY"] = "0"
        env["TMPDIR"] = directory.path  // the cached download lands here, so tests can see it go
        env.removeValue(forKey: "DISPLAY")
        for (key, value) in environment { env[key] = value }
        let running = try ProcessRunner.Running(try binary(), arguments, environment: env, directory: directory)
        let (outcome, timedOut) = await running.finishReportingTimeout(timeout: .milliseconds(Int(timeout * 1000)))
        try? outcome.stdout.write(to: directory.appendingPathComponent("stdout.txt"), atomically: true, encoding: .utf8)
        try? outcome.stderr.write(to: directory.appendingPathComponent("stderr.txt"), atomically: true, encoding: .utf8)
        // A sanitized build's report must fail the test even where the test expects a failing exit status.
        if let report = outcome.sanitizerReport {
            Issue.record("SDLDemo reported a sanitizer error:\n\(report)")
        }
        return DemoRun(directory: directory, status: outcome.status, stdout: outcome.stdout,
                       stderr: outcome.stderr, timedOut: timedOut)
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

    /// The embedded samples' resource bundle (holding DefaultStream/), next to the binary: the Samples module's
    /// since the layout of c5d4b1b (a stale CirclePlayer_SDLDemo.resources from older builds hid the move).
    static func resources() throws -> URL {
        let url = try binary().deletingLastPathComponent().appendingPathComponent("CirclePlayer_Samples.resources")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw DemoRunError(message: "resource bundle \(url.path) not found")
        }
        return url
    }

    /// Removes the run's directory (call when a test is done with it).
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The trace's frames.
    func frames() throws -> [TraceFrame] {
        try TraceFrame.read(traceFile)
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
