import Foundation

/// A private D-Bus session bus for one test (`dbus-daemon --session --nofork --print-address`), and the
/// command-line clients (`playerctl`, `dbus-send`) run against it on ``ProcessRunner``: nothing blocks a thread.
///
/// ```swift
/// let bus = try await SessionBus.start()
/// defer { bus.stop() }
/// #expect(try await bus.output(of: "playerctl", ["-p", "circleplayer", "status"], becomes: "Playing") == "Playing")
/// ```
public final class SessionBus: Sendable {
    /// The bus address (`unix:path=…`), for `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    private let daemon: ProcessRunner.Running

    private init(address: String, daemon: ProcessRunner.Running) {
        self.address = address
        self.daemon = daemon
    }

    /// The tools the bus tests need, in /usr/bin (Debian's dbus and playerctl; `scripts/bootstrap.sh test`
    /// installs them).
    public static let tools = ["dbus-daemon", "dbus-send", "playerctl"]

    /// Starts a daemon and waits for the address it prints.
    /// - Throws: ``ProcessRunnerError`` naming a missing tool, or saying the daemon printed no address.
    public static func start() async throws -> SessionBus {
        for tool in tools where !FileManager.default.isExecutableFile(atPath: "/usr/bin/" + tool) {
            throw ProcessRunnerError(message: "/usr/bin/\(tool) is missing (scripts/bootstrap.sh test installs dbus and playerctl)")
        }
        let daemon = try await ProcessRunner.Running.start(
            URL(fileURLWithPath: "/usr/bin/dbus-daemon"),
            // Its socket in this process's scratch root (the session config's `unix:tmpdir=/tmp` left a socket in
            // /tmp after each killed daemon); `unix:dir` is D-Bus Specification "Server Addresses".
            ["--session", "--nofork", "--nopidfile", "--print-address=1", "--address=unix:dir=\(TestScratch.root.path)"])
        let line = await daemon.waitForOutput(containing: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix("unix:") else {
            daemon.forceKill()
            throw ProcessRunnerError(message: "dbus-daemon printed no address (\(line)); stderr: \(daemon.stderrSoFar)")
        }
        return SessionBus(address: line, daemon: daemon)
    }

    /// The environment of a client of this bus (only the bus address and a PATH).
    public var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
    }

    /// Ends the daemon (SIGKILL; its exit is collected in the background).
    public func stop() {
        daemon.forceKill()
    }

    /// Ends the daemon and waits until it has exited.
    public func stopAndWait() async {
        daemon.forceKill()
        _ = await daemon.finish()
    }

    /// Runs `/usr/bin/TOOL ARGUMENTS` against this bus; returns its trimmed stdout and stderr, and its status.
    /// A hung tool is killed after `timeout` (scaled) and fails the test instead of hanging it.
    public func run(_ tool: String, _ arguments: [String], timeout: Duration = TestBounds.hang) async throws
        -> (output: String, status: Int32) {
        let outcome = try await ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/" + tool), arguments,
                                                  environment: environment, timeout: timeout)
        return ((outcome.stdout + outcome.stderr).trimmingCharacters(in: .whitespacesAndNewlines), outcome.status)
    }

    /// Runs the tool again and again until its output is `expected` (a service publishes asynchronously), at most
    /// `timeout` (an anti-hang bound); returns the last output.
    public func output(of tool: String, _ arguments: [String], becomes expected: String,
                       timeout: Duration = TestBounds.hang) async throws -> String {
        var last = ""
        _ = try await waitUntil(timeout: timeout, interval: .milliseconds(50)) {
            last = try await run(tool, arguments).output
            return last == expected
        }
        return last
    }

    /// `playerctl -p PLAYER ARGUMENTS` against this bus (the window's MPRIS name is `circleplayer`): its output.
    public func playerctl(_ arguments: [String], player: String = "circleplayer") async throws -> String {
        try await run("playerctl", ["-p", player] + arguments).output
    }

    /// Asks `playerctl -p PLAYER ARGUMENTS` until it says `answer` (an anti-hang bound only); whether it did.
    public func playerctl(_ arguments: [String], becomes answer: String, player: String = "circleplayer") async throws -> Bool {
        try await output(of: "playerctl", ["-p", player] + arguments, becomes: answer) == answer
    }

    /// Starts a long-running tool (e.g. `playerctl --follow status`) against this bus; read its lines with
    /// ``FollowedTool/waitForLines(timeout:_:)``.
    public func follow(_ tool: String, _ arguments: [String]) async throws -> FollowedTool {
        FollowedTool(try await ProcessRunner.Running.start(URL(fileURLWithPath: "/usr/bin/" + tool), arguments,
                                                           environment: environment))
    }

    deinit { daemon.forceKill() }
}

/// A tool left running, whose output lines a test waits for.
public final class FollowedTool: Sendable {
    private let running: ProcessRunner.Running

    init(_ running: ProcessRunner.Running) {
        self.running = running
    }

    /// Waits until the non-empty lines of stdout so far satisfy `condition` (at most `timeout`, an anti-hang
    /// bound); returns whether they did, and the lines.
    public func waitForLines(timeout: Duration = TestBounds.hang,
                             _ condition: ([String]) -> Bool) async -> (found: Bool, lines: [String]) {
        func lines() -> [String] {
            running.stdoutSoFar.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
        let found = await waitUntil(timeout: timeout) { condition(lines()) }
        return (found, lines())
    }

    /// Ends the tool.
    public func stop() {
        running.forceKill()
    }

    deinit { running.forceKill() }
}
