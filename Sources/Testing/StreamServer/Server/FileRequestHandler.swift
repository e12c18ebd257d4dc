import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Answers the HTTP requests of one connection, applying the server's faults.
///
/// Runs entirely on the connection's event loop. `HTTPServerPipelineHandler` (in front of it)
/// delivers one request at a time, so at most one response is in progress per connection.
final class FileRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Largest body write; the channel's write-buffer watermarks then provide back-pressure.
    static let chunkSize = 64 * 1024
    /// Interval between throttled chunks.
    static let throttleInterval = 0.05

    /// The request being answered, from its head until the response ends or the connection closes.
    private struct InFlight {
        /// Distinguishes requests so late callbacks (timers, file reads) for an old one are ignored.
        var number: Int
        var head: HTTPRequestHead
        var path: String
        var status = 0
        var bytesSent = 0
        var requestEnded = false
        var startedAt: Duration
        var concurrentAtStart: Int
        /// The answer of the fixture route that matched, if any (Routes/RouteBook.swift).
        var routed: ResolvedFile?
        /// The `Retry-After` header answered with, if any (``RequestRecord/retryAfter``).
        var retryAfter: String?
    }

    /// What to do once the body bytes to send have been written.
    private enum Ending {
        case complete
        case close
        case reset
    }

    /// A body being written chunk by chunk.
    private struct BodyStream {
        var body: ByteBuffer
        var limit: Int
        var sent = 0
        var ending: Ending
        var bytesPerSecond: Int?
        var startedAt: NIODeadline
        var waitingForTimer = false
        /// Bytes of the next chunk whose slot on the shared link is reserved (they go out when the timer fires).
        var reserved: Int?
    }

    private let state: ServerState
    private let connectionID: Int
    private var inFlight: InFlight?
    private var stream: BodyStream?
    private var pendingTask: Scheduled<Void>?
    /// The timer of a ``Fault/delay(seconds:)`` while it is armed (counted in ``ServerStatistics/delayedRequests``).
    private var delayTask: Scheduled<Void>?
    /// The registration of a request held by ``Fault/holdUntilReleased``.
    private var holdID: Int?
    /// Set while ``pump(context:)`` runs, to turn nested calls into no-ops.
    private var isPumping = false
    private var requestsSeen = 0

    init(state: ServerState, connectionID: Int) {
        self.state = state
        self.connectionID = connectionID
    }

    // MARK: Inbound events

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard inFlight == nil else { return }
            requestsSeen += 1
            let start = state.requestStarted()
            let path: String
            if case .valid(let decoded) = RequestPath(target: head.uri) {
                path = decoded
            } else {
                path = head.uri
            }
            inFlight = InFlight(
                number: requestsSeen, head: head, path: path, startedAt: start.at, concurrentAtStart: start.concurrent)
        case .body:
            break
        case .end:
            guard var request = inFlight, !request.requestEnded else { return }
            request.requestEnded = true
            inFlight = request
            respond(context: context, to: request)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            pump(context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        pendingTask?.cancel()
        pendingTask = nil
        if let delayTask {
            delayTask.cancel()
            self.delayTask = nil
            state.delayTimer(armed: false)
        }
        if let holdID {
            state.cancelHold(id: holdID)
            self.holdID = nil
        }
        stream = nil
        if let request = inFlight {
            inFlight = nil
            state.requestFinished(record(for: request, completed: false))
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    // MARK: Choosing the response

    private func respond(context: ChannelHandlerContext, to request: InFlight) {
        let routed = state.routeBook.response(for: request.head)
        inFlight?.routed = routed
        guard routed != nil || request.head.method == .GET || request.head.method == .HEAD else {
            sendSimple(context: context, status: .methodNotAllowed, extraHeaders: [("Allow", "GET, HEAD")])
            return
        }
        let path: String
        switch RequestPath(target: request.head.uri) {
        case .malformed:
            sendSimple(context: context, status: .badRequest)
            return
        case .traversal:
            sendSimple(context: context, status: .forbidden)
            return
        case .valid(let decoded):
            path = decoded
        }
        let faults = state.responseFaults(for: path)
        if faults.delaySeconds > 0 {
            let number = request.number
            state.delayTimer(armed: true)
            delayTask = context.eventLoop.assumeIsolated().scheduleTask(
                in: .nanoseconds(Int64(faults.delaySeconds * 1e9))
            ) { [self] in
                delayTask = nil
                state.delayTimer(armed: false)
                guard inFlight?.number == number else { return }
                respondAfterDelay(context: context, path: path, faults: faults)
            }
        } else {
            respondAfterDelay(context: context, path: path, faults: faults)
        }
    }

    private func respondAfterDelay(context: ChannelHandlerContext, path: String, faults: ResponseFaults) {
        guard faults.hold, let number = inFlight?.number else {
            respondAfterHold(context: context, path: path, faults: faults)
            return
        }
        let eventLoop = context.eventLoop
        let handler = NIOLoopBound(self, eventLoop: eventLoop)
        let boundContext = NIOLoopBound(context, eventLoop: eventLoop)
        holdID = state.hold(path: path) {
            eventLoop.execute {
                let self_ = handler.value
                guard self_.inFlight?.number == number else { return }
                self_.holdID = nil
                self_.respondAfterHold(context: boundContext.value, path: path, faults: faults)
            }
        }
    }

    private func respondAfterHold(context: ChannelHandlerContext, path: String, faults: ResponseFaults) {
        if let override = faults.statusOverride {
            let retryAfter = override.retryAfterValue(now: Date())
            inFlight?.retryAfter = retryAfter
            let extra = retryAfter.map { [("Retry-After", $0)] } ?? []
            // A 1xx status would be taken for an interim response and break the framing.
            let code = (200...999).contains(override.code) ? override.code : 500
            sendSimple(context: context, status: HTTPResponseStatus(statusCode: code), extraHeaders: extra)
            return
        }
        if let routed = inFlight?.routed {
            sendFile(context: context, file: routed, path: path, faults: faults)
            return
        }
        if let live = state.liveRoutes.answer(for: path) {
            sendFile(context: context, file: live.file, path: path, faults: faults)
            return
        }
        if let station = state.radio.station(at: path), let request = inFlight {
            // Radio/: an endless response the station writes; 404 while it is off the air.
            guard let headers = station.responseHeaders(for: request.head) else {
                sendSimple(context: context, status: .notFound)
                return
            }
            sendHead(context: context, status: .ok, headers: headers)
            if request.head.method == .GET {
                context.flush()
                station.attach(context.channel, request: request.head)
            } else {
                finish(context: context, completed: true)  // recorded, then the head is flushed with the end
            }
            return
        }
        switch state.content {
        case .files(let files):
            sendFile(context: context, file: files[path], path: path, faults: faults)
        case .directory(let root):
            guard let number = inFlight?.number else { return }
            FileLoader.load(root: root, path: path, on: context.eventLoop).assumeIsolated().whenComplete {
                [self] result in
                guard inFlight?.number == number, context.channel.isActive else { return }
                switch result {
                case .success(let file):
                    sendFile(context: context, file: file, path: path, faults: faults)
                case .failure:
                    sendSimple(context: context, status: .internalServerError)
                }
            }
        }
    }

    private func sendFile(context: ChannelHandlerContext, file: ResolvedFile?, path: String, faults: ResponseFaults) {
        guard let file, let request = inFlight else {
            sendSimple(context: context, status: .notFound)
            return
        }
        let total = file.body.readableBytes
        var headers = HTTPHeaders(file.extraHeaders)
        headers.add(name: "Content-Type", value: file.contentType)
        if file.status == 200 {
            headers.add(name: "Accept-Ranges", value: "bytes")
        }

        guard request.head.method != .HEAD else {
            // HEAD: same headers as a full GET (RFC 9110 §9.3.2); Range is only defined for GET (§14.2).
            headers.add(name: "Content-Length", value: String(total))
            sendHead(context: context, status: HTTPResponseStatus(statusCode: file.status), headers: headers)
            finish(context: context, completed: true)
            return
        }

        // RFC 9110 §13.1.5: an If-Range we cannot validate (we send no validators) means "send it all".
        let rangeHeader = request.head.headers.contains(name: "If-Range") || faults.ignoreRange || file.status != 200
            ? nil : request.head.headers.first(name: "Range")
        var first = 0
        var last = total - 1
        var status = HTTPResponseStatus(statusCode: file.status)
        switch RangeSelection(header: rangeHeader, length: total) {
        case .full:
            break
        case .partial(let from, let to):
            (first, last, status) = (from, to, .partialContent)
        case .unsatisfiable:
            sendSimple(context: context, status: .rangeNotSatisfiable, extraHeaders: [
                ("Content-Range", "bytes */\(total)"), ("Accept-Ranges", "bytes"),
            ])
            return
        }
        if status == .partialContent {
            headers.add(name: "Content-Range", value: "bytes \(first)-\(last)/\(total)")
        }
        if faults.wrongContentRange && total > 0 {
            status = .partialContent
            headers.replaceOrAdd(
                name: "Content-Range", value: Self.wrongContentRange(first: first, last: last, total: total))
        }
        let length = last - first + 1
        headers.add(name: "Content-Length", value: String(length))
        let bodyFault = state.takeBodyFault(for: path)
        sendHead(context: context, status: status, headers: headers)
        if bodyFault == .stallAfterHeaders {
            context.flush()
            return
        }
        let ending: Ending = switch bodyFault {
        case .shortBody: .close
        case .resetMidBody: .reset
        case .stallAfterHeaders, nil: .complete
        }
        stream = BodyStream(
            body: file.body.getSlice(at: file.body.readerIndex + first, length: length) ?? ByteBuffer(),
            limit: bodyFault == nil ? length : length / 2,
            ending: ending,
            bytesPerSecond: faults.throttleBytesPerSecond,
            startedAt: .now())
        pump(context: context)
    }

    /// A `Content-Range` value that names bytes other than `first...last` (for ``Fault/wrongContentRange``).
    static func wrongContentRange(first: Int, last: Int, total: Int) -> String {
        if last + 1 < total {
            return "bytes \(first + 1)-\(last + 1)/\(total)"
        }
        if first > 0 {
            return "bytes \(first - 1)-\(last - 1)/\(total)"
        }
        return "bytes \(first)-\(last)/\(total + 1)"
    }

    // MARK: Writing

    private func sendHead(context: ChannelHandlerContext, status: HTTPResponseStatus, headers: HTTPHeaders) {
        guard var request = inFlight else { return }
        var headers = headers
        headers.add(name: "Server", value: "StreamServer")
        if !request.head.isKeepAlive {
            headers.add(name: "Connection", value: "close")
        }
        request.status = Int(status.code)
        inFlight = request
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
    }

    /// A complete response with a short text body (errors and injected statuses).
    private func sendSimple(
        context: ChannelHandlerContext, status: HTTPResponseStatus, extraHeaders: [(String, String)] = []
    ) {
        guard let request = inFlight else { return }
        let text = "\(status.code) \(status.reasonPhrase)\n"
        var headers = HTTPHeaders(extraHeaders)
        if status.mayHaveResponseBody {
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            headers.add(name: "Content-Length", value: String(text.utf8.count))
        }
        sendHead(context: context, status: status, headers: headers)
        // HEAD responses and statuses such as 204 and 304 carry no body (RFC 9110 §6.4.1).
        if request.head.method != .HEAD && status.mayHaveResponseBody {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
            inFlight?.bytesSent += text.utf8.count
            state.bodyBytesWritten(text.utf8.count)
        }
        finish(context: context, completed: true)
    }

    /// Writes body chunks while the channel is writable, pacing them when throttled.
    ///
    /// Re-entrancy: a flush can fire `channelWritabilityChanged` synchronously, and ending a response
    /// can deliver the next pipelined request (and so a new body) synchronously. Nested calls
    /// therefore return at once and the running loop picks up whatever changed; state lives only in
    /// the handler's properties, never in stale local copies.
    private func pump(context: ChannelHandlerContext) {
        guard !isPumping else { return }
        isPumping = true
        defer { isPumping = false }
        while let body = stream, !body.waitingForTimer, let number = inFlight?.number {
            if body.sent == body.limit {
                stream = nil
                endBody(context: context, ending: body.ending)
                continue  // the end may have started the next response
            }
            guard context.channel.isWritable else {
                state.writabilityStopped()
                return
            }
            var chunk = Self.chunkSize
            if let linkRate = state.link.rate, body.reserved == nil {
                // The shared link: reserve this chunk's slot, then wait for it.
                let size = min(max(1, min(Self.chunkSize, Int(Double(linkRate) * Self.throttleInterval))), body.limit - body.sent)
                if let due = state.link.reserve(size), due > .now() {
                    stream?.reserved = size
                    pump(context: context, at: due, number: number)
                    return
                }
                chunk = size
            }
            if let reserved = body.reserved {
                chunk = reserved
                stream?.reserved = nil
            }
            if let rate = body.bytesPerSecond {
                chunk = min(chunk, max(1, min(Self.chunkSize, Int(Double(rate) * Self.throttleInterval))))
                // Chunk k goes out at startedAt + (bytes before it) / rate, so pacing does not drift.
                let due = body.startedAt + .nanoseconds(Int64(Double(body.sent) / Double(rate) * 1e9))
                if due > .now() {
                    pump(context: context, at: due, number: number)
                    return
                }
            }
            let count = min(chunk, body.limit - body.sent)
            if let slice = body.body.getSlice(at: body.body.readerIndex + body.sent, length: count) {
                context.write(wrapOutboundOut(.body(.byteBuffer(slice))), promise: nil)
            }
            stream?.sent += count
            inFlight?.bytesSent += count
            state.bodyBytesWritten(count)
            // Flushing per chunk lets the kernel start sending while the next chunk is prepared, and
            // keeps the writability signal current. The last chunk is flushed by the response's end, after
            // `finish` has recorded the request: a client holding every byte finds the request recorded.
            if body.sent + count < body.limit {
                context.flush()
            }
        }
    }

    /// Pauses the body until `due`, then pumps again (unless response `number` is no longer the one in flight).
    private func pump(context: ChannelHandlerContext, at due: NIODeadline, number: Int) {
        stream?.waitingForTimer = true
        pendingTask = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { [self] in
            pendingTask = nil
            guard inFlight?.number == number else { return }
            stream?.waitingForTimer = false
            pump(context: context)
        }
    }

    private func endBody(context: ChannelHandlerContext, ending: Ending) {
        switch ending {
        case .complete:
            finish(context: context, completed: true)
        case .close:
            finish(context: context, completed: false)
            closeAfterPendingWrites(context: context, reset: false)
        case .reset:
            finish(context: context, completed: false)
            closeAfterPendingWrites(context: context, reset: true)
        }
    }

    /// Closes the connection once the bytes written so far have reached the socket: with FIN, or
    /// with RST (`SO_LINGER` 0) when `reset` is set. (A plain close would discard pending writes.)
    private func closeAfterPendingWrites(context: ChannelHandlerContext, reset: Bool) {
        let channel = context.channel
        // An empty write completes only after every write queued before it.
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer())))).whenComplete { _ in
            guard reset, let provider = channel as? any SocketOptionProvider else {
                channel.close(promise: nil)
                return
            }
            provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in
                channel.close(promise: nil)
            }
        }
    }

    /// Ends the request's accounting; for a complete response, then writes the end marker (and
    /// closes the connection without keep-alive).
    ///
    /// Accounting comes first because writing the end lets the pipelining handler deliver the next
    /// request, possibly re-entrantly.
    private func finish(context: ChannelHandlerContext, completed: Bool) {
        guard let request = inFlight else { return }
        inFlight = nil
        state.requestFinished(record(for: request, completed: completed))
        guard completed else { return }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !request.head.isKeepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    private func record(for request: InFlight, completed: Bool) -> RequestRecord {
        RequestRecord(
            path: request.path, method: request.head.method.rawValue,
            rangeHeader: request.head.headers.first(name: "Range"), status: request.status,
            bytesSent: request.bytesSent, connectionID: connectionID, completed: completed,
            // finishedAt is stamped by ServerState.requestFinished, under the statistics lock.
            startedAt: request.startedAt, finishedAt: request.startedAt, concurrentAtStart: request.concurrentAtStart,
            query: RequestRecord.query(of: request.head.uri),
            headers: request.head.headers.map { RecordedHeader(name: $0.name, value: $0.value) },
            retryAfter: request.retryAfter)
    }
}
