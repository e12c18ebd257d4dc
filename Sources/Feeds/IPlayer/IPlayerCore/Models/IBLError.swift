import FeedCore
import Foundation

/// iBL's error document: `{"error": {"details": "Category not found", "http_response_code": 404}}`.
///
/// `details` is read as text when it is a string or number; an object's `message` is used otherwise.
public struct IBLError: Sendable, Hashable, Decodable {
    /// The error's details.
    public var details: String?
    /// The HTTP status the API meant.
    public var httpResponseCode: Int?

    /// An error; see the properties.
    public init(details: String?, httpResponseCode: Int?) {
        self.details = details
        self.httpResponseCode = httpResponseCode
    }

    private enum RootKeys: String, CodingKey {
        case error
    }

    private enum Keys: String, CodingKey {
        case details, message
        case httpResponseCode = "http_response_code"
    }

    /// Decodes the document.
    public init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: RootKeys.self)
        let container = try root.nestedContainer(keyedBy: Keys.self, forKey: .error)
        if let text = try? container.decodeText(forKey: .details) {
            details = text
        } else if let object = try? container.nestedContainer(keyedBy: Keys.self, forKey: .details) {
            details = try? object.decodeText(forKey: .message)
        }
        httpResponseCode = try? container.decodeLenientInt(forKey: .httpResponseCode)
    }

    /// The message in an error body, or `nil` when the body is not iBL's error document (an HTML page).
    public static func message(in body: Data) -> String? {
        guard let error = try? FeedJSON.decode(IBLError.self, from: body) else { return nil }
        return error.details
    }
}
