import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A minimal HTTP/1.1 server on 127.0.0.1 (ephemeral port) that answers every request with a redirect
/// (`StreamServer` has no redirect fault): `routes[path]` gives the status and `Location`; other paths
/// get 404. Counts requests per path.
final class RedirectServer: Sendable {
    let port: Int
    private let channel: any Channel
    private let counts: NIOLockedValueBox<[String: Int]>

    private init(port: Int, channel: any Channel, counts: NIOLockedValueBox<[String: Int]>) {
        self.port = port
        self.channel = channel
        self.counts = counts
    }

    /// Starts answering `routes`: path → (status, Location header value).
    static func start(routes: [String: (status: Int, location: String)]) async throws -> RedirectServer {
        let counts = NIOLockedValueBox<[String: Int]>([:])
        let table = routes.mapValues { RedirectRoute(status: $0.status, location: $0.location) }
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(RedirectHandler(routes: table, counts: counts))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw ChannelError.unknownLocalAddress
        }
        return RedirectServer(port: port, channel: channel, counts: counts)
    }

    /// `http://127.0.0.1:PORT/path`.
    func url(for path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Requests received for `path`.
    func requests(for path: String) -> Int { counts.withLockedValue { $0[path] ?? 0 } }

    /// Stops listening (open keep-alive connections close when the client shuts down).
    func shutdown() async throws {
        try await channel.close()
    }
}

private struct RedirectRoute: Sendable {
    var status: Int
    var location: String
}

private final class RedirectHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let routes: [String: RedirectRoute]
    let counts: NIOLockedValueBox<[String: Int]>

    init(routes: [String: RedirectRoute], counts: NIOLockedValueBox<[String: Int]>) {
        self.routes = routes
        self.counts = counts
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        let path = String(head.uri.prefix { $0 != "?" })
        counts.withLockedValue { $0[path, default: 0] += 1 }
        var headers = HTTPHeaders([("Content-Length", "0")])
        let status: HTTPResponseStatus
        if let route = routes[path] {
            status = HTTPResponseStatus(statusCode: route.status)
            headers.add(name: "Location", value: route.location)
        } else {
            status = .notFound
        }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
                      promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
