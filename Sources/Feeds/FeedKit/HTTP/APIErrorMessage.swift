import FeedCore
import Foundation

/// Reads an API's own error message from an error response's body, since every API shapes its errors
/// differently:
///
/// - iBL: `{"error": {"details": "…", "http_response_code": 404}}` → ``jsonText(at:)`` `error.details`
/// - Vimeo: `{"error": "…", "developer_message": "…", "error_code": 5000}` → `developer_message`, else `error`
/// - NPR: `{"message": [{"text": {"$text": "…"}}]}` → `message[0].text`
///
/// ```swift
/// let vimeo = APIErrorMessage.jsonText(at: [
///     JSONPath([.key("developer_message")]), JSONPath([.key("error")]),
/// ])
/// vimeo.message(in: body)   // "The requested album couldn't be found." or nil
/// ```
///
/// A body that is not JSON (an HTML error page) yields `nil`: the status alone is reported.
public struct APIErrorMessage: Sendable {
    private let read: @Sendable (Data) -> String?

    /// A reader built from a closure that returns the message in `body`, or `nil`.
    public init(_ read: @escaping @Sendable (_ body: Data) -> String?) {
        self.read = read
    }

    /// The message in `body`, if the API put one there; blank messages count as none.
    public func message(in body: Data) -> String? {
        guard let text = read(body), text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }

    /// Reads no message.
    public static let none = APIErrorMessage { _ in nil }

    /// The text at the first of `paths` that holds a scalar (strings, numbers, and NPR's `{"$text": …}`).
    public static func jsonText(at paths: [JSONPath]) -> APIErrorMessage {
        APIErrorMessage { body in
            guard let root = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
                return nil
            }
            for path in paths {
                if let text = text(at: path, in: root) { return text }
            }
            return nil
        }
    }

    private static func text(at path: JSONPath, in root: Any) -> String? {
        var node: Any = root
        for component in path.components {
            switch component {
            case .key(let key):
                guard let object = node as? [String: Any], let next = object[key] else { return nil }
                node = next
            case .index(let index):
                guard let array = node as? [Any], array.indices.contains(index) else { return nil }
                node = array[index]
            }
        }
        if let object = node as? [String: Any], let wrapped = object["$text"] {
            node = wrapped
        }
        switch node {
        case let text as String: return text
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }
}
