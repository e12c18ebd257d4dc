/// Reason phrases of the HTTP status codes an API client meets (RFC 9110 §15, RFC 6585), for error messages.
///
/// ```swift
/// HTTPStatusText.reason(for: 404)   // "Not Found"
/// HTTPStatusText.reason(for: 599)   // nil
/// ```
public enum HTTPStatusText {
    /// The standard reason phrase for `code`, or `nil` for a code without one.
    public static func reason(for code: Int) -> String? {
        phrases[code]
    }

    private static let phrases: [Int: String] = [
        200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
        411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long",
        415: "Unsupported Media Type", 416: "Range Not Satisfiable", 422: "Unprocessable Content",
        429: "Too Many Requests",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported",
    ]
}
