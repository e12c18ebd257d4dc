import Foundation
import MediaCore
import PlayerCore
import ScreenKit

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
/// are resolved against `baseDirectory` (the script's own directory). The commands are in ``commands``,
/// one table for the parser, the errors and the help text.
struct ScriptParser {
    /// The script's name in error messages.
    var fileName: String
    /// Where relative paths point.
    var baseDirectory: String

    /// Every command with its arguments, as `--help` and error messages list them.
    static let commands: [(name: String, usage: String)] = [
        ("size", "W H"), ("down", "X Y"), ("move", "X Y"), ("up", "X Y"), ("tap", "X Y"),
        ("wheel", "DX DY [X Y]"), ("key", "KEY"), ("type", "TEXT"), ("screenshot", "FILE"),
        ("wait-state", "STATE MS"), ("wait-progress", "P MS"), ("wait-screen", "NAME MS"), ("wait-load", "LOAD MS"),
        ("wait-rows", "N MS"), ("wait-row", "ID MS"), ("wait-notice", "MS"), ("wait-still", "MS"),
        ("wait-buff", "ID MS"), ("wait-no-buff", "MS"), ("wait-real", "MS"),
        ("wait-title", "TEXT MS"), ("play-stream", "URL [TITLE]"), ("play-download", "URL"), ("release-audio", ""),
        ("wait-video", "VSTATE MS"), ("wait-position", "SECONDS MS"), ("wait-frames", "N MS"), ("wait-slider", "NAME LOW HIGH MS"), ("seek", "SECONDS"), ("quit", ""),
    ]

    /// The video states `wait-video` takes (the trace's `video.state`, issue 18).
    static let videoStateNames = ["idle", "loading", "playing", "paused", "buffering", "ended", "failed"]

    /// The player states `wait-state` takes (PlayerCore's phases, by name).
    static var stateNames: [String] { PlayerPhase.allCases.map(\.rawValue) }

    /// The usage lines for `--help`.
    static var usageSummary: String {
        let list = commands.map { $0.usage.isEmpty ? $0.name : "\($0.name) \($0.usage)" }.joined(separator: " | ")
        return """
            Script format (--script): one step per line, `TIME COMMAND ARGS`, TIME in ms from the start:
              \(list)
            KEY is one of \(ShellKey.allCases.map(\.rawValue).joined(separator: ", ")); STATE one of \(stateNames.joined(separator: ", ")); \
            LOAD one of \(LoadStateName.allCases.map(\.rawValue).joined(separator: ", ")); \
            VSTATE one of \(videoStateNames.joined(separator: ", ")); MS a timeout in ms of virtual time.
            Blank lines and `# comments` are allowed; relative paths resolve against the script's directory.
            """
    }

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
        func parseTimeout(_ text: String) throws -> Int {
            guard let timeout = Int(text), timeout >= 0 else { throw error(lineNumber, "`\(text)` is not a timeout in milliseconds") }
            return timeout
        }
        let command: ScriptCommand
        switch name {
        case "size":
            try expectCount(2, "WIDTH HEIGHT")
            guard let width = Int(arguments[0]), let height = Int(arguments[1]), width > 0, height > 0 else {
                throw error(lineNumber, "`size` needs two positive whole numbers, got `\(arguments.joined(separator: " "))`")
            }
            command = .size(width: width, height: height)
        case "down", "move", "up", "tap":
            try expectCount(2, "X Y")
            let x = try parseNumber(arguments[0], "x")
            let y = try parseNumber(arguments[1], "y")
            command = switch name {
            case "down": .down(x: x, y: y)
            case "move": .move(x: x, y: y)
            case "up": .up(x: x, y: y)
            default: .tap(x: x, y: y)
            }
        case "wheel":
            guard arguments.count == 2 || arguments.count == 4 else {
                throw error(lineNumber, "`wheel` takes DX DY [X Y], got `\(arguments.joined(separator: " "))`")
            }
            let dx = try parseNumber(arguments[0], "dx, notches")
            let dy = try parseNumber(arguments[1], "dy, notches")
            if arguments.count == 4 {
                command = .wheel(dx: dx, dy: dy, x: try parseNumber(arguments[2], "x"), y: try parseNumber(arguments[3], "y"))
            } else {
                command = .wheel(dx: dx, dy: dy, x: nil, y: nil)
            }
        case "key":
            try expectCount(1, "a key name")
            guard let key = ShellKey(rawValue: arguments[0].lowercased()) else {
                let known = ShellKey.allCases.map(\.rawValue).joined(separator: ", ")
                throw error(lineNumber, "unknown key `\(arguments[0])` (known: \(known))")
            }
            command = .key(key)
        case "type":
            // The text is the rest of the line after the command (spaces inside kept).
            guard let range = line.range(of: "type") else { throw error(lineNumber, "`type` takes TEXT") }
            let text = line[range.upperBound...].drop { $0 == " " || $0 == "\t" }
            guard !text.isEmpty else { throw error(lineNumber, "`type` takes TEXT, got nothing") }
            command = .type(String(text))
        case "screenshot":
            try expectCount(1, "a file path")
            command = .screenshot(path: resolve(arguments[0]))
        case "wait-state":
            try expectCount(2, "STATE TIMEOUT_MS")
            guard let phase = PlayerPhase(rawValue: arguments[0]) else {
                throw error(lineNumber, "unknown state `\(arguments[0])` (known: \(Self.stateNames.joined(separator: ", ")))")
            }
            command = .wait(.state(phase), timeoutMilliseconds: try parseTimeout(arguments[1]))
        case "wait-progress":
            try expectCount(2, "P TIMEOUT_MS")
            guard let minimum = Double(arguments[0]), minimum >= 0, minimum <= 1 else {
                throw error(lineNumber, "`\(arguments[0])` is not a progress between 0 and 1")
            }
            command = .wait(.progress(minimum), timeoutMilliseconds: try parseTimeout(arguments[1]))
        case "wait-screen":
            try expectCount(2, "NAME TIMEOUT_MS")
            command = .wait(.screen(ScreenID(arguments[0])), timeoutMilliseconds: try parseTimeout(arguments[1]))
        case "wait-load":
            try expectCount(2, "LOAD TIMEOUT_MS")
            guard let load = LoadStateName(rawValue: arguments[0]) else {
                let known = LoadStateName.allCases.map(\.rawValue).joined(separator: ", ")
                throw error(lineNumber, "unknown load state `\(arguments[0])` (known: \(known))")
            }
            command = .wait(.load(load), timeoutMilliseconds: try parseTimeout(arguments[1]))
        case "wait-rows":
            try expectCount(2, "N TIMEOUT_MS")
            guard let count = Int(arguments[0]), count >= 0 else { throw error(lineNumber, "`\(arguments[0])` is not a row count") }
            command = .wait(.rows(count), timeoutMilliseconds: try parseTimeout(arguments[1]))
        case "wait-row":
            try expectCount(2, "ID TIMEOUT_MS")
            command = .wait(.row(RowID(arguments[0])), timeoutMilliseconds: try parseTimeout(arguments[1]))
        case "wait-notice":
            try expectCount(1, "TIMEOUT_MS")
            command = .wait(.notice, timeoutMilliseconds: try parseTimeout(arguments[0]))
        case "wait-still":
            try expectCount(1, "TIMEOUT_MS")
            command = .wait(.still, timeoutMilliseconds: try parseTimeout(arguments[0]))
        case "wait-buff":
            try expectCount(2, "ID TIMEOUT_MS")
            guard let id = Int(arguments[0]) else { throw error(lineNumber, "`\(arguments[0])` is not a buff id") }
            command = .wait(.buff(id), timeoutMilliseconds: try parseTimeout(arguments[1]))
        case "wait-no-buff":
            try expectCount(1, "TIMEOUT_MS")
            command = .wait(.noBuff, timeoutMilliseconds: try parseTimeout(arguments[0]))
        case "wait-real":
            try expectCount(1, "MILLISECONDS")
            guard let milliseconds = Int(arguments[0]), milliseconds >= 0 else {
                throw error(lineNumber, "`\(arguments[0])` is not a duration in milliseconds")
            }
            command = .waitReal(milliseconds: milliseconds)
        case "wait-title":
            // TEXT is everything between the command and the timeout (spaces kept).
            guard arguments.count >= 2, let range = line.range(of: "wait-title") else {
                throw error(lineNumber, "`wait-title` takes TEXT TIMEOUT_MS")
            }
            let rest = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            let text = rest.dropLast(arguments[arguments.count - 1].count).trimmingCharacters(in: .whitespaces)
            command = .wait(.title(text), timeoutMilliseconds: try parseTimeout(arguments[arguments.count - 1]))
        case "play-stream":
            guard !arguments.isEmpty, let url = URL(string: arguments[0]), url.scheme != nil else {
                throw error(lineNumber, "`play-stream` takes URL [TITLE]")
            }
            let title = arguments.count > 1 ? arguments.dropFirst().joined(separator: " ") : nil
            command = .play(.stream(StreamRequest(url: url, title: title)))
        case "play-download":
            try expectCount(1, "URL")
            guard let url = URL(string: arguments[0]), url.scheme != nil else {
                throw error(lineNumber, "`play-download` takes an absolute URL")
            }
            command = .play(.download(DownloadRequest(playlist: url)))
        case "release-audio":
            try expectCount(0, "no arguments")
            command = .releaseAudio
        case "wait-video":
            try expectCount(2, "VSTATE TIMEOUT_MS")
            guard Self.videoStateNames.contains(arguments[0]) else {
                throw error(lineNumber, "unknown video state `\(arguments[0])` (known: \(Self.videoStateNames.joined(separator: ", ")))")
            }
            command = .wait(.video(arguments[0]), timeoutMilliseconds: try parseTimeout(arguments[1]))
        case "wait-position":
            try expectCount(2, "SECONDS TIMEOUT_MS")
            guard let seconds = Double(arguments[0]), seconds.isFinite, seconds >= 0 else {
                throw error(lineNumber, "`\(arguments[0])` is not a position in seconds")
            }
            command = .wait(.position(seconds), timeoutMilliseconds: try parseTimeout(arguments[1]))
        case "wait-frames":
            try expectCount(2, "N TIMEOUT_MS")
            guard let count = Int(arguments[0]), count >= 0 else {
                throw error(lineNumber, "`\(arguments[0])` is not a number of frames")
            }
            command = .wait(.frames(count), timeoutMilliseconds: try parseTimeout(arguments[1]))
        case "wait-slider":
            try expectCount(4, "NAME LOW HIGH TIMEOUT_MS")
            guard let low = Double(arguments[1]), let high = Double(arguments[2]), low.isFinite, high.isFinite, low <= high else {
                throw error(lineNumber, "`\(arguments[1]) \(arguments[2])` is not a range LOW HIGH with LOW ≤ HIGH")
            }
            command = .wait(.slider(arguments[0], low ... high), timeoutMilliseconds: try parseTimeout(arguments[3]))
        case "seek":
            try expectCount(1, "SECONDS")
            guard let seconds = Double(arguments[0]), seconds.isFinite, seconds >= 0 else {
                throw error(lineNumber, "`\(arguments[0])` is not a position in seconds")
            }
            command = .seek(seconds: seconds)
        case "quit":
            try expectCount(0, "no arguments")
            command = .quit
        default:
            throw error(lineNumber, "unknown command `\(name)` (known: \(Self.commands.map(\.name).joined(separator: ", ")))")
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
