import Foundation

/// Writes one JSON object per rendered frame ("JSON lines"):
/// `{"t":16.667,"state":"fetching","progress":0.25,"x":400,"y":300,"radius":60,"docked":null,"icon":"spinner","width":800,"height":600}`
/// `t` is in milliseconds; positions and sizes in window points; `docked` is an edge name or null;
/// `message` is added in the failed state.
final class TraceWriter {
    private let handle: FileHandle
    private var buffer = ""

    /// Creates (or truncates) the trace file at `path`.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw TraceError(message: "cannot create trace file \(path)")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw TraceError(message: "cannot open trace file \(path)")
        }
        self.handle = handle
    }

    /// Appends the frame's line.
    func write(_ frame: FrameSnapshot) {
        buffer += Self.line(for: frame)
        buffer += "\n"
        if buffer.utf8.count > 64 * 1024 { flush() }
    }

    /// Writes buffered lines to the file.
    func flush() {
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer.utf8))
        buffer = ""
    }

    /// Flushes and closes the file.
    func close() {
        flush()
        try? handle.close()
    }

    /// The JSON object for one frame, keys in a fixed order.
    static func line(for frame: FrameSnapshot) -> String {
        var fields = [
            "\"t\":\(number(frame.time * 1000))",
            "\"state\":\(string(frame.state))",
            "\"progress\":\(number(frame.progress, digits: 6))",
            "\"x\":\(number(frame.x))",
            "\"y\":\(number(frame.y))",
            "\"radius\":\(number(frame.radius))",
            "\"docked\":\(frame.docked.map(string) ?? "null")",
            "\"icon\":\(string(frame.appearance.icon.rawValue))",
            "\"width\":\(number(frame.windowWidth))",
            "\"height\":\(number(frame.windowHeight))",
        ]
        if let message = frame.message { fields.append("\"message\":\(string(message))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A JSON number rounded to `digits` decimals, without a trailing ".0" for whole numbers.
    static func number(_ value: Double, digits: Int = 3) -> String {
        guard value.isFinite else { return "null" }
        let factor = pow(10.0, Double(digits))
        let rounded = (value * factor).rounded() / factor
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// A JSON string literal (RFC 8259 §7 escaping).
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// The trace file could not be written.
struct TraceError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
