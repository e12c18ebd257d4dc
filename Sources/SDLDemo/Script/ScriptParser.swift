import Foundation

/// Parses demo scripts: one step per line, `TIME COMMAND ARGS…`, TIME in milliseconds from the start.
///
/// ```
/// # a flick to the right, then play
/// 0 size 800 600
/// 100 down 400 300
/// 150 up 480 302
/// 900 screenshot after-flick.png
/// 1000 key space
/// 1500 wait-state playing 30000
/// 2000 quit
/// ```
/// Blank lines and lines starting with `#` are skipped. Times must not decrease. Relative screenshot paths
/// are resolved against `baseDirectory` (the script's own directory).
struct ScriptParser {
    /// The script's name in error messages.
    var fileName: String
    /// Where relative paths point.
    var baseDirectory: String

    /// States `wait-state` accepts (the player's states, by name).
    static let stateNames: Set<String> = ["uninitialized", "fetching", "playing", "paused", "completed", "failed"]

    /// Parses the whole text; throws ``ScriptError`` naming the first bad line.
    func parse(_ text: String) throws -> [ScriptStep] {
        var steps: [ScriptStep] = []
        var lastTime = 0
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let step = try parseLine(line, number: lineNumber)
            if step.time < lastTime {
                throw error(lineNumber, "time \(step.time) ms is before the previous step's \(lastTime) ms")
            }
            lastTime = step.time
            steps.append(step)
        }
        return steps
    }

    private func parseLine(_ line: String, number lineNumber: Int) throws -> ScriptStep {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count >= 2 else { throw error(lineNumber, "expected `TIME COMMAND …`, got `\(line)`") }
        guard let time = Int(words[0]), time >= 0 else {
            throw error(lineNumber, "`\(words[0])` is not a time in milliseconds (a whole number ≥ 0)")
        }
        let name = words[1]
        let arguments = Array(words.dropFirst(2))
        func expectCount(_ count: Int, _ usage: String) throws {
            if arguments.count != count { throw error(lineNumber, "`\(name)` takes \(usage), got `\(arguments.joined(separator: " "))`") }
        }
        func parseNumber(_ text: String, _ what: String) throws -> Double {
            guard let value = Double(text), value.isFinite else { throw error(lineNumber, "`\(text)` is not a number (\(what))") }
            return value
        }
        let command: ScriptCommand
        switch name {
        case "size":
            try expectCount(2, "WIDTH HEIGHT")
            guard let width = Int(arguments[0]), let height = Int(arguments[1]), width > 0, height > 0 else {
                throw error(lineNumber, "`size` needs two positive whole numbers, got `\(arguments.joined(separator: " "))`")
            }
            command = .size(width: width, height: height)
        case "down", "move", "up":
            try expectCount(2, "X Y")
            let x = try parseNumber(arguments[0], "x")
            let y = try parseNumber(arguments[1], "y")
            command = name == "down" ? .down(x: x, y: y) : name == "move" ? .move(x: x, y: y) : .up(x: x, y: y)
        case "key":
            try expectCount(1, "a key name")
            guard let key = Key(rawValue: arguments[0].lowercased()) else {
                let known = Key.allCases.map(\.rawValue).joined(separator: ", ")
                throw error(lineNumber, "unknown key `\(arguments[0])` (known: \(known))")
            }
            command = .key(key)
        case "screenshot":
            try expectCount(1, "a file path")
            command = .screenshot(path: resolve(arguments[0]))
        case "wait-state":
            try expectCount(2, "STATE TIMEOUT_MS")
            guard Self.stateNames.contains(arguments[0]) else {
                throw error(lineNumber, "unknown state `\(arguments[0])` (known: \(Self.stateNames.sorted().joined(separator: ", ")))")
            }
            guard let timeout = Int(arguments[1]), timeout >= 0 else {
                throw error(lineNumber, "`\(arguments[1])` is not a timeout in milliseconds")
            }
            command = .waitState(state: arguments[0], timeoutMilliseconds: timeout)
        case "wait-real":
            try expectCount(1, "MILLISECONDS")
            guard let milliseconds = Int(arguments[0]), milliseconds >= 0 else {
                throw error(lineNumber, "`\(arguments[0])` is not a duration in milliseconds")
            }
            command = .waitReal(milliseconds: milliseconds)
        case "quit":
            try expectCount(0, "no arguments")
            command = .quit
        default:
            throw error(lineNumber, "unknown command `\(name)` (known: size, down, move, up, key, screenshot, wait-state, wait-real, quit)")
        }
        return ScriptStep(time: time, command: command, line: lineNumber)
    }

    private func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return URL(fileURLWithPath: baseDirectory, isDirectory: true).appendingPathComponent(path).path
    }

    private func error(_ line: Int, _ message: String) -> ScriptError {
        ScriptError(file: fileName, line: line, message: message)
    }
}
