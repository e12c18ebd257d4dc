import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The real ``HTTPTransport``: HTTP/1.1 over AsyncHTTPClient, one exchange per call, no automatic
/// redirects (``FeedHTTPClient`` follows them so it can drop credentials across origins).
///
/// - The request's timeout is an AsyncHTTPClient deadline over the whole exchange, body included (the
///   delegate API; the async `execute` only bounds the response head).
/// - The body is collected on the event loop and capped: a `Content-Length` over the limit fails before
///   any body byte is read, a body that grows past it fails as soon as it does.
/// - A body shorter than its `Content-Length` is ``TransportError/incompleteBody(received:expected:)``.
/// - A refused connection fails at once (AsyncHTTPClient would otherwise retry connecting until the deadline).
///
/// The transport owns an `HTTPClient`, which must be shut down: use ``withTransport(_:)`` or call
/// ``shutdown()`` when done.
///
/// ```swift
/// try await AsyncHTTPTransport.withTransport { transport in
///     let ibl = IPlayerClient(transport: transport)
///     …
/// }
/// ```
public final class AsyncHTTPTransport: HTTPTransport {
    private let client: HTTPClient

    /// A transport with its own connection pool; `connectTimeout` bounds connection setup (the request's
    /// own timeout still bounds the whole exchange).
    public init(connectTimeout: Duration = .seconds(10)) {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .disabled
        configuration.httpVersion = .http1Only
        // A refused connection is an answer: report it at once instead of retrying until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = .init(connect: .nanoseconds(Int64(connectTimeout.components.seconds) * 1_000_000_000
                                                            + connectTimeout.components.attoseconds / 1_000_000_000))
        client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }

    /// Runs `body` with a new transport and shuts it down afterwards, also when `body` throws.
    public static func withTransport<T: Sendable>(
        _ body: (AsyncHTTPTransport) async throws -> T
    ) async throws -> T {
        let transport = AsyncHTTPTransport()
        do {
            let result = try await body(transport)
            try await transport.shutdown()
            return result
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    /// Closes the connection pool. Call once, when no request is running.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// Sends `request`; see the type's description.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let httpRequest: HTTPClient.Request
        do {
            httpRequest = try HTTPClient.Request(
                url: request.url.absoluteString, method: HTTPMethod(rawValue: request.method),
                headers: HTTPHeaders(request.headers.map { ($0.name, $0.value) }))
        } catch {
            throw TransportError.invalidRequest("\(error)")
        }
        let collector = ResponseCollector(maxBodyBytes: request.maxBodyBytes)
        let deadline = NIODeadline.now() + .nanoseconds(Self.nanoseconds(request.timeout))
        let task = client.execute(request: httpRequest, delegate: collector, eventLoop: .indifferent,
                                  deadline: deadline)
        do {
            return try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch let error as TransportError {
            throw error
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw Self.map(error, collector: collector)
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        let (whole, overflow) = parts.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int64.max : max(0, whole + parts.attoseconds / 1_000_000_000)
    }

    /// A transport error for what AsyncHTTPClient or NIO threw.
    private static func map(_ error: any Error, collector: ResponseCollector) -> TransportError {
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return .timeout
            case .cancelled:
                return .other("cancelled")
            case .remoteConnectionClosed where collector.headReceived:
                return .incompleteBody(received: collector.received, expected: collector.expected)
            default:
                break
            }
        }
        if collector.headReceived, let expected = collector.expected, collector.received < expected {
            return .incompleteBody(received: collector.received, expected: expected)
        }
        if !collector.headReceived {
            if let ioError = error as? IOError {
                return .unreachable(describe(errno: ioError.errnoCode) ?? ioError.description)
            }
            if let connectError = error as? NIOConnectionError {
                if connectError.dnsAError != nil || connectError.dnsAAAAError != nil, connectError.connectionErrors.isEmpty {
                    return .unreachable("cannot resolve the host name \(connectError.host)")
                }
                if let first = connectError.connectionErrors.first?.error as? IOError {
                    return .unreachable(describe(errno: first.errnoCode) ?? first.description)
                }
                return .unreachable("cannot connect to \(connectError.host):\(connectError.port)")
            }
            let text = String(describing: error)
            if text.contains("connectTimeout") || text.contains("ConnectTimeout") { return .timeout }
            if text.localizedCaseInsensitiveContains("refused") { return .unreachable("connection refused") }
        }
        return .other(String(describing: error))
    }

    private static func describe(errno code: Int32) -> String? {
        switch code {
        case ECONNREFUSED: "connection refused"
        case ENETUNREACH: "network unreachable"
        case EHOSTUNREACH: "host unreachable"
        case ETIMEDOUT: "connection timed out"
        case ECONNRESET: "connection reset"
        default: nil
        }
    }
}

/// Collects one response on the connection's event loop, enforcing the body cap.
///
/// AsyncHTTPClient calls a delegate's methods one at a time on the request's event loop, and the
/// task reads the counters only after the request's future completed, so no lock is needed.
final class ResponseCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = TransportResponse

    private let maxBodyBytes: Int
    private var status = 0
    private var headers = HeaderFields()
    private var body = Data()
    private(set) var headReceived = false
    private(set) var expected: Int?
    var received: Int { body.count }

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        headReceived = true
        status = Int(head.status.code)
        headers = HeaderFields(head.headers.map { ($0.name, $0.value) })
        expected = head.headers.first(name: "Content-Length").flatMap { Int($0) }
        if let expected, expected > maxBodyBytes {
            return task.eventLoop.makeFailedFuture(TransportError.tooLarge(limit: maxBodyBytes))
        }
        body.reserveCapacity(min(expected ?? 0, maxBodyBytes))
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ part: ByteBuffer) -> EventLoopFuture<Void> {
        guard body.count + part.readableBytes <= maxBodyBytes else {
            return task.eventLoop.makeFailedFuture(TransportError.tooLarge(limit: maxBodyBytes))
        }
        part.withUnsafeReadableBytes { body.append(contentsOf: $0) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        if let expected, body.count < expected {
            throw TransportError.incompleteBody(received: body.count, expected: expected)
        }
        return TransportResponse(status: status, headers: headers, body: body)
    }
}
