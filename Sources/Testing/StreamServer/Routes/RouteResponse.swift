import Foundation

/// What a ``Route`` answers: a status, header fields and a body.
///
/// With ``template`` set, every `{{base_url}}` in the body and in header values is replaced by the
/// server's root URL (`http://127.0.0.1:PORT`) when the routes are installed, so fixtures can link to
/// images, next pages, redirect targets and streams on the same ephemeral server.
public struct RouteResponse: Sendable, Equatable {
    /// The status code (200 unless said otherwise).
    public var status: Int
    /// Extra header fields (`Content-Type` and `Content-Length` are set by the server).
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]
    /// The `Content-Type`.
    public var contentType: String
    /// Whether `{{base_url}}` in the body and header values is replaced by the server's URL.
    public var template: Bool
    /// The body answered with a 401 when the route's ``Route/auth`` is not met (`nil`: a short text).
    public var unauthorizedBody: [UInt8]?

    /// The placeholder a templated body may contain.
    public static let baseURLPlaceholder = "{{base_url}}"

    /// A response with `body`.
    public init(status: Int = 200, headers: [String: String] = [:], data body: [UInt8], contentType: String,
                template: Bool = false, unauthorizedBody: [UInt8]? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.contentType = contentType
        self.template = template
        self.unauthorizedBody = unauthorizedBody
    }

    /// A response whose body is the UTF-8 text `string`.
    public init(status: Int = 200, headers: [String: String] = [:], string: String,
                contentType: String = "application/json", template: Bool = false) {
        self.init(status: status, headers: headers, data: Array(string.utf8), contentType: contentType,
                  template: template)
    }

    /// This response with `{{base_url}}` replaced by `baseURL` when ``template`` is set.
    func expanded(baseURL: String) -> RouteResponse {
        guard template else { return self }
        var copy = self
        let text = String(decoding: body, as: UTF8.self)
        copy.body = Array(text.replacingOccurrences(of: Self.baseURLPlaceholder, with: baseURL).utf8)
        copy.headers = headers.mapValues { $0.replacingOccurrences(of: Self.baseURLPlaceholder, with: baseURL) }
        return copy
    }
}
