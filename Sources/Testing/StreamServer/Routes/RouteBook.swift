import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// The installed routes, looked up by the request handler (thread-safe: routes are replaced as a whole).
final class RouteBook: Sendable {
    private let routes = NIOLockedValueBox<[Route]>([])

    /// Replaces the routes.
    func install(_ routes: [Route]) {
        self.routes.withLockedValue { $0 = routes }
    }

    /// Whether any route is installed.
    var isEmpty: Bool {
        routes.withLockedValue { $0.isEmpty }
    }

    /// The response of the first route matching `head`, or `nil` when none does (the server's files then
    /// answer). A path and query that match a route of another method get 405 with `Allow`.
    func response(for head: HTTPRequestHead) -> ResolvedFile? {
        let routes = routes.withLockedValue { $0 }
        guard !routes.isEmpty else { return nil }
        let target = head.uri[...]
        let queryStart = target.firstIndex(of: "?")
        guard case .valid(let path) = RequestPath(target: head.uri) else { return nil }
        var query: Substring = ""
        if let queryStart {
            let afterQuestion = target.index(after: queryStart)
            query = target[afterQuestion..<(target[afterQuestion...].firstIndex(of: "#") ?? target.endIndex)]
        }
        let parameters = QueryMatch.parameters(of: query)
        let candidates = routes.filter { route in
            PathPattern(route.path).matches(path) && (route.query?.matches(parameters) ?? true)
        }
        let method = head.method.rawValue
        guard let route = candidates.first(where: { $0.answers(method: method) }) else {
            guard !candidates.isEmpty else { return nil }
            var allowed = Array(Set(candidates.map(\.method)))
            if allowed.contains("GET") { allowed.append("HEAD") }
            return Self.text(status: 405, extraHeaders: [("Allow", allowed.sorted().joined(separator: ", "))])
        }
        if let auth = route.auth, !auth.accepts(head.headers.first(name: "Authorization")) {
            let challenge = [("WWW-Authenticate", auth.challenge)]
            if let body = route.response.unauthorizedBody {
                return ResolvedFile(body: ByteBuffer(bytes: body), contentType: route.response.contentType,
                                    status: 401, extraHeaders: challenge)
            }
            return Self.text(status: 401, extraHeaders: challenge)
        }
        return ResolvedFile(body: ByteBuffer(bytes: route.response.body), contentType: route.response.contentType,
                            status: route.response.status,
                            extraHeaders: route.response.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// A short text response (`405 Method Not Allowed`).
    private static func text(status: Int, extraHeaders: [(String, String)]) -> ResolvedFile {
        let code = HTTPResponseStatus(statusCode: status)
        return ResolvedFile(body: ByteBuffer(string: "\(code.code) \(code.reasonPhrase)\n"),
                            contentType: "text/plain; charset=utf-8", status: status, extraHeaders: extraHeaders)
    }
}
