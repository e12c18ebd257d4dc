import Foundation
import NIOConcurrencyHelpers
import NIOCore
import TestSupport
import NIOPosix

/// A deliberately dumb HTTP/1.1 test client: one TCP connection to 127.0.0.1, requests written as
/// raw text, responses parsed by hand, so tests see exactly what went over the wire (early closes,
/// resets, missing bodies) without a client library smoothing it over.
final class RawHTTPConnection: Sendable {
    /// Everything received so far and how the connection ended.
    struct Received: Sendable {
        var bytes: [UInt8] = []
        var closed = false
        var error: String?
    }

    /// One parsed response.
    struct Response: Sendable {
        var status: Int
        /// Header names lowercased; values as sent (last one wins for repeated names).
        var headers: [String: String]
        var body: [UInt8]
        /// Whether the connection had closed by the time the response was parsed.
        var connectionClosed: Bool
    }

    enum ClientError: Error, CustomStringConvertible {
        case timedOut(String)
        case malformed(String)
        case closedEarly(received: Int, expected: Int, error: String?)

        var description: String {
            switch self {
            case .timedOut(let what): "timed out waiting for \(what)"
            case .malformed(let what): "malformed response: \(what)"
            case .closedEarly(let received, let expected, let error):
                "connection closed after \(received) of \(expected) body bytes (\(error ?? "no error"))"
            }
        }
    }

    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let received: NIOLockedValueBox<Received>

        init(received: NIOLockedValueBox<Received>) {
            self.received = received
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            received.withLockedValue { $0.bytes.append(contentsOf: buffer.readableBytesView) }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            received.withLockedValue { $0.error = "\(error)" }
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            received.withLockedValue { $0.closed = true }
        }
    }

    let channel: any Channel
    private let received: NIOLockedValueBox<Received>
    /// How many received bytes earlier responses consumed.
    private let consumed = NIOLockedValueBox(0)

    private init(channel: any Channel, received: NIOLockedValueBox<Received>) {
        self.channel = channel
        self.received = received
    }

    /// Opens a connection; setting it up is bounded by NIO's default connect timeout (10 s), scaled by
    /// ``TestBounds/scale`` like every other bound against a hang (a loopback connect waits for an event loop).
    static func connect(port: Int) async throws -> RawHTTPConnection {
        let received = NIOLockedValueBox(Received())
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(TestBounds.scaled(.seconds(10))))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Collector(received: received))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawHTTPConnection(channel: channel, received: received)
    }

    /// Writes raw bytes (a request written out by hand).
    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text))
    }

    /// Writes `GET`-style request `method target` with a Host header and the extra header lines.
    func sendRequest(_ method: String = "GET", _ target: String, headers: [String] = []) async throws {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for line in headers {
            text += line + "\r\n"
        }
        try await send(text + "\r\n")
    }

    var snapshot: Received {
        received.withLockedValue { $0 }
    }

    /// Polls until `condition` holds or `timeout` passes (TestSupport's `waitUntil`); returns whether it held.
    func wait(timeout: Duration = TestBounds.hang, until condition: (Received) -> Bool) async -> Bool {
        await waitUntil(timeout: timeout) { condition(snapshot) }
    }

    /// Waits until the connection is closed by the peer (or reset).
    func waitUntilClosed(timeout: Duration = TestBounds.hang) async -> Bool {
        await wait(timeout: timeout) { $0.closed }
    }

    /// The head of the next response (status and headers) once it has fully arrived, without consuming it.
    func readHead(timeout: Duration = TestBounds.hang) async throws -> (status: Int, headers: [String: String], bodyStart: Int) {
        let start = consumed.withLockedValue { $0 }
        var headEnd: Int?
        _ = await wait(timeout: timeout) { received in
            headEnd = Self.find([13, 10, 13, 10], in: received.bytes, from: start)
            return headEnd != nil || received.closed
        }
        guard let headEnd else { throw ClientError.timedOut("response head") }
        let bytes = snapshot.bytes
        guard let text = String(validating: bytes[start..<headEnd], as: UTF8.self) else {
            throw ClientError.malformed("head is not UTF-8")
        }
        let lines = text.components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, statusParts[0] == "HTTP/1.1", let status = Int(statusParts[1]) else {
            throw ClientError.malformed("status line \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw ClientError.malformed("header line \(line)") }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers, headEnd + 4)
    }

    /// Reads the next response, whose body length is its Content-Length (0 when `expectBody` is false, for HEAD).
    func readResponse(expectBody: Bool = true, timeout: Duration = TestBounds.hang) async throws -> Response {
        let head = try await readHead(timeout: timeout)
        let length = expectBody ? Int(head.headers["content-length"] ?? "0") ?? 0 : 0
        let end = head.bodyStart + length
        let complete = await wait(timeout: timeout) { $0.bytes.count >= end || $0.closed }
        let now = snapshot
        guard now.bytes.count >= end else {
            if complete {
                throw ClientError.closedEarly(
                    received: now.bytes.count - head.bodyStart, expected: length, error: now.error)
            }
            throw ClientError.timedOut("\(length) body bytes, got \(now.bytes.count - head.bodyStart)")
        }
        consumed.withLockedValue { $0 = end }
        return Response(
            status: head.status, headers: head.headers, body: Array(now.bytes[head.bodyStart..<end]),
            connectionClosed: now.closed)
    }

    func close() async {
        try? await channel.close()
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}

extension RawHTTPConnection {
    /// One request on a fresh connection, which is then closed.
    static func fetch(
        port: Int, _ method: String = "GET", _ target: String, headers: [String] = []
    ) async throws -> Response {
        let connection = try await connect(port: port)
        try await connection.sendRequest(method, target, headers: headers)
        do {
            let response = try await connection.readResponse(expectBody: method != "HEAD")
            await connection.close()
            return response
        } catch {
            await connection.close()
            throw error
        }
    }
}
