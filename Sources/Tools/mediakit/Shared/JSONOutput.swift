import FeedCore
import Foundation

/// A JSON value whose objects keep their keys in the order given, so `--json` documents print their keys
/// in the order the issues list them (Foundation's `JSONEncoder` on Linux orders them by hash).
enum JSONValue: Equatable {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text(indent: nil) == rhs.text(indent: nil)
    }

    /// `text` or `null`.
    static func string(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// The value as JSON text (RFC 8259), pretty-printed with two-space indentation when `indent` is given.
    func text(indent: Int? = 0) -> String {
        var output = ""
        write(to: &output, indent: indent)
        return output
    }

    private func write(to output: inout String, indent: Int?) {
        switch self {
        case .string(let text):
            JSONText.appendQuoted(text, to: &output)
        case .number(let value):
            output += Self.format(value)
        case .integer(let value):
            output += String(value)
        case .bool(let value):
            output += value ? "true" : "false"
        case .null:
            output += "null"
        case .array(let items):
            writeContainer(open: "[", close: "]", count: items.count, to: &output, indent: indent) { index, output, inner in
                items[index].write(to: &output, indent: inner)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, to: &output, indent: indent) { index, output, inner in
                JSONText.appendQuoted(members[index].0, to: &output)
                output += inner == nil ? ":" : ": "
                members[index].1.write(to: &output, indent: inner)
            }
        }
    }

    private func writeContainer(open: String, close: String, count: Int, to output: inout String, indent: Int?,
                                element: (Int, inout String, Int?) -> Void) {
        output += open
        guard count > 0 else {
            output += close
            return
        }
        let inner = indent.map { $0 + 2 }
        for index in 0..<count {
            if index > 0 { output += "," }
            if let inner { output += "\n" + String(repeating: " ", count: inner) }
            element(index, &output, inner)
        }
        if let indent { output += "\n" + String(repeating: " ", count: indent) }
        output += close
    }

    /// Shortest text that reads back as the same `Double`; whole numbers without a fraction; `null` when not
    /// finite (FeedCore's ``FeedCore/JSONText``, the package's one JSON writer).
    static func format(_ value: Double) -> String {
        JSONText.number(value)
    }
}

/// Prints one JSON document on stdout, pretty-printed, keys in order, `/` not escaped.
enum JSONOutput {
    static func print(_ value: JSONValue) {
        FileHandle.standardOutput.write(Data((value.text() + "\n").utf8))
    }
}
