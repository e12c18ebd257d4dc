import Foundation

/// Decodes API responses with Foundation's `JSONDecoder` and turns its errors into ``FeedError/Kind``
/// values that name the JSON path of the bad field.
///
/// ```swift
/// do {
///     let feed = try FeedJSON.decode(Highlights.self, from: body)
/// } catch let failure as FeedJSON.Failure {
///     failure.kind   // .decoding(path: "category_highlights.elements[3].versions[0].duration.value",
///                    //           reason: "expected an ISO 8601 duration, got \"PT5X\"")
/// }
/// ```
public enum FeedJSON {
    /// A decoding failure, before a client adds its service name and URL (``FeedError``).
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// ``FeedError/Kind/decoding(path:reason:)`` or ``FeedError/Kind/invalidJSON(reason:)``.
        public var kind: FeedError.Kind

        /// A failure of `kind`.
        public init(kind: FeedError.Kind) {
            self.kind = kind
        }

        /// The kind's summary.
        public var description: String { kind.summary }
    }

    /// Decodes `T` from `data`; a failure names the JSON path of the field that did not fit.
    ///
    /// - Throws: ``Failure`` with ``FeedError/Kind/invalidJSON(reason:)`` when the bytes are not JSON
    ///   (empty, truncated, HTML), or ``FeedError/Kind/decoding(path:reason:)`` when a field has another shape.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(Failure) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw Failure(kind: kind(of: error, data: data))
        } catch {
            throw Failure(kind: .invalidJSON(reason: String(describing: error)))
        }
    }

    /// The ``FeedError/Kind`` for a `DecodingError` thrown while decoding `data`.
    public static func kind(of error: DecodingError, data: Data) -> FeedError.Kind {
        switch error {
        case .keyNotFound(let key, let context):
            let path = JSONPath(codingPath: context.codingPath + [key])
            return .decoding(path: path.description, reason: "missing")
        case .valueNotFound(let type, let context):
            return .decoding(path: JSONPath(codingPath: context.codingPath).description,
                             reason: "null where \(describe(type)) was expected")
        case .typeMismatch(let type, let context):
            return .decoding(path: JSONPath(codingPath: context.codingPath).description,
                             reason: "expected \(describe(type)), got \(found(in: context.debugDescription))")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, context.underlyingError != nil || !isJSON(data) {
                return .invalidJSON(reason: syntaxReason(data: data, context: context))
            }
            return .decoding(path: JSONPath(codingPath: context.codingPath).description,
                             reason: context.debugDescription)
        @unknown default:
            return .invalidJSON(reason: String(describing: error))
        }
    }

    /// Whether `data` parses as JSON at all.
    private static func isJSON(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
    }

    /// Why the bytes are not JSON, in words a user can act on.
    private static func syntaxReason(data: Data, context: DecodingError.Context) -> String {
        if data.isEmpty {
            return "empty body"
        }
        let head = data.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if head.first == UInt8(ascii: "<") {
            return "the body is HTML or XML, not JSON"
        }
        // JSONDecoder says only "not valid JSON"; JSONSerialization says where (failure path only).
        var detail = context.underlyingError.map { String(describing: $0) } ?? context.debugDescription
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? detail
        }
        if detail.localizedCaseInsensitiveContains("end of file") || detail.localizedCaseInsensitiveContains("unexpected end") {
            return "the body ends in the middle of the document (truncated after \(data.count) bytes)"
        }
        return detail
    }

    /// `"a string"`, `"a number"` … from Foundation's "Expected to decode X but found Y instead." text.
    private static func found(in debugDescription: String) -> String {
        if let range = debugDescription.range(of: "but found ") {
            let rest = debugDescription[range.upperBound...]
            let end = rest.range(of: " instead")?.lowerBound ?? rest.endIndex
            return String(rest[..<end])
        }
        return debugDescription
    }

    /// `a string`, `a number`, `an array`, `an object` for the types JSONDecoder names.
    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is Double.Type, is Float.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array<") || name.hasPrefix("[") { return "an array" }
            if name.hasPrefix("Dictionary<") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
            return name
        }
    }
}
