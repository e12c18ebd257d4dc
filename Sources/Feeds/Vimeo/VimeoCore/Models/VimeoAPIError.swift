import FeedCore
import Foundation

/// Vimeo's error document: `{"error": "…", "developer_message": "…", "error_code": 5000, "link": …}`, or just
/// `{"error": "…"}`.
///
/// ```swift
/// VimeoAPIError.message(in: body)   // "The requested album couldn't be found. (error 5000)"
/// ```
public struct VimeoAPIError: Sendable, Hashable, Decodable {
    /// The user-facing message.
    public var error: String?
    /// The message for developers, when sent.
    public var developerMessage: String?
    /// Vimeo's numeric error code, when sent.
    public var errorCode: Int?

    /// An error document with these fields.
    public init(error: String?, developerMessage: String? = nil, errorCode: Int? = nil) {
        self.error = error
        self.developerMessage = developerMessage
        self.errorCode = errorCode
    }

    private enum CodingKeys: String, CodingKey {
        case error
        case developerMessage = "developer_message"
        case errorCode = "error_code"
    }

    /// Decodes either shape; every field may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        error = try container.decodeText(forKey: .error)
        developerMessage = try container.decodeText(forKey: .developerMessage)
        errorCode = try? container.decodeLenientInt(forKey: .errorCode)
    }

    /// One line for an error report: `error` (else `developer_message`), with `(error N)` when a code is sent.
    public var summary: String? {
        guard let text = error ?? developerMessage else { return nil }
        return errorCode.map { "\(text) (error \($0))" } ?? text
    }

    /// The summary of the error document in `body`, or `nil` when the body is not one (an HTML page,
    /// an empty body).
    public static func message(in body: Data) -> String? {
        (try? JSONDecoder().decode(VimeoAPIError.self, from: body))?.summary
    }
}
