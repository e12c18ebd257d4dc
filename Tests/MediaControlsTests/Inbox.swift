import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Kills a child with SIGKILL: children spawned from test threads inherit a signal mask in which SIGTERM may be
/// blocked (libdispatch's worker threads block signals), so `Process.terminate()` cannot be relied on.
func kill(_ process: Process) {
    guard process.isRunning else { return }
    _ = kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
}

/// A private session bus for one test: `dbus-daemon --session --nofork --print-address`, stopped by ``stop()``.
final class SessionBus: @unchecked Sendable {
    let address: String
    private let process: Process

    /// Starts a daemon and waits (at most 10 s) for the address it prints.
    init() throws {
        for tool in ["dbus-daemon", "dbus-send", "playerctl"] where !FileManager.default.isExecutableFile(atPath: "/usr/bin/" + tool) {
            throw ToolError(description: "/usr/bin/\(tool) is missing (scripts/bootstrap.sh test installs dbus and playerctl)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let line = try Self.readLine(output.fileHandleForReading, timeout: 10)
        guard line.hasPrefix("unix:") else {
            kill(process)
            throw ToolError(description: "dbus-daemon printed no address (\(line))")
        }
        address = line
    }

    /// Ends the daemon and waits for it.
    func stop() {
        kill(process)
    }

    deinit { stop() }

    private static func readLine(_ handle: FileHandle, timeout: Double) throws -> String {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var bytes: [UInt8] = []
        while Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes += chunk
            if let newline = bytes.firstIndex(of: 10) { return String(decoding: bytes[..<newline], as: UTF8.self) }
        }
        throw ToolError(description: "no address from dbus-daemon within \(timeout) s")
    }

    /// Runs a tool (`playerctl`, `dbus-send`) against this bus; returns its trimmed standard output and status.
    /// Killed after `timeout` seconds (a hung tool fails the test instead of hanging it).
    func run(_ tool: String, _ arguments: [String], timeout: Double = 15) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            kill(process)
            throw ToolError(description: "\(tool) \(arguments) did not finish within \(timeout) s")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return (String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
                process.terminationStatus)
    }

    /// Runs the tool until its output is `expected` (the service publishes asynchronously), at most `timeout`
    /// seconds; returns the last output.
    func output(of tool: String, _ arguments: [String], becomes expected: String, timeout: Double = 15) throws -> String {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var last = try run(tool, arguments).output
        while last != expected, Date() < deadline {
            last = try run(tool, arguments).output
        }
        return last
    }

    /// Starts a long-running tool (e.g. `playerctl --follow`); lines of its output arrive on the returned stream.
    func follow(_ tool: String, _ arguments: [String]) throws -> FollowedTool {
        try FollowedTool(tool: tool, arguments: arguments, address: address)
    }
}

/// A tool left running, whose output lines the test reads with bounded waits.
final class FollowedTool: @unchecked Sendable {
    private let process = Process()
    private let lock = NSCondition()
    private var lines: [String] = []
    private var partial: [UInt8] = []

    init(tool: String, arguments: [String], address: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock {
                self.partial += data
                while let newline = self.partial.firstIndex(of: 10) {
                    self.lines.append(String(decoding: self.partial[..<newline], as: UTF8.self))
                    self.partial.removeSubrange(...newline)
                }
                self.lock.broadcast()
            }
        }
        try process.run()
    }

    /// Waits (at most `timeout` seconds) until the non-empty lines so far satisfy `condition`; returns them.
    func waitForLines(timeout: Double = 15, _ condition: ([String]) -> Bool) -> (found: Bool, lines: [String]) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return lock.withLock {
            while !condition(lines.filter { !$0.isEmpty }) {
                if !lock.wait(until: deadline) { return (false, lines.filter { !$0.isEmpty }) }
            }
            return (true, lines.filter { !$0.isEmpty })
        }
    }

    func stop() {
        kill(process)
    }

    deinit { stop() }
}

struct ToolError: Error, CustomStringConvertible {
    let description: String
}

/// Collects values delivered on another thread and lets the test wait for them with a bound.
final class Inbox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSCondition()
    private var values: [Value] = []

    func append(_ value: Value) {
        lock.withLock {
            values.append(value)
            lock.broadcast()
        }
    }

    var all: [Value] { lock.withLock { values } }

    /// Waits until at least `count` values arrived (at most `timeout` seconds); returns whether they did.
    func wait(count: Int, timeout: Double = 15) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return lock.withLock {
            while values.count < count {
                if !lock.wait(until: deadline) { return false }
            }
            return true
        }
    }
}
