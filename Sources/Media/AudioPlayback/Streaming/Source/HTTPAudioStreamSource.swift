import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PlayerCore

/// An MP3 stream over plain HTTP, decoded as it arrives: a progressive file (`Content-Length`: it ends) or an
/// endless Icecast/SHOUTcast radio stream (no length: it never ends), with ICY metadata stripped out of the audio
/// and reported as titles.
///
/// - Asks for ICY metadata (`Icy-MetaData: 1`) and reads `icy-metaint`, `icy-name`, `icy-description`.
/// - Reads the body through AsyncHTTPClient's streaming response, one chunk per ``AudioStreamConnection/next()``:
///   a consumer that stops pulling stops the reads, and TCP flow control holds the server back.
/// - A live stream reconnects at the live edge, marked as a discontinuity (the decoder starts afresh).
/// - A finite stream whose connection breaks continues with `Range: bytes=N-` (RFC 9110 §14.2) at the first
///   byte not yet delivered; a server that answers 200 instead of 206 has the first N bytes skipped.
/// - A finite stream can seek (``reposition(to:)``): ``MP3SeekMap`` turns the time into a byte offset, the next
///   connection asks for `Range: bytes=offset-` and drops the bytes before the first whole frame
///   (``MP3SeekMap/frameStart(in:from:)``).
/// - Retryable: refused or reset connections, timeouts, 408, 429, 5xx, a body shorter than its length.
///   Not retryable: other 4xx, HTML or playlist responses, AAC (not decoded here), MP4, and answers that are not
///   HTTP (a SHOUTcast v1 `ICY 200 OK` status line, which NIO's parser refuses).
///
/// ```swift
/// let source = HTTPAudioStreamSource(url: URL(string: "http://127.0.0.1:8000/radio.mp3")!, client: client)
/// let connection = try await source.connect()
/// while let element = try await connection.next() { … }   // .opened, .audio, .metadata, …, .end
/// ```
public final class HTTPAudioStreamSource: SeekableAudioStreamSource, @unchecked Sendable {
    /// The stream's URL.
    public let url: URL
    private let client: HTTPClient
    private let configuration: StreamEngineConfiguration
    private let lock = NSLock()
    /// Body bytes delivered so far over all connections (finite streams: the resume offset).
    private var delivered = 0
    /// What the first connection learnt; reconnections report it again.
    private var details: StreamDetails?
    /// The total body length of a finite stream.
    private var totalLength: Int?
    /// The first bytes of a finite stream (the duration probe's): what ``MP3SeekMap`` reads to seek.
    private var head: [UInt8]?
    /// Set by ``reposition(to:)``: the next connection drops bytes until a whole frame starts.
    private var resyncPending = false
    /// Counts repositions: a connection of an earlier one (cancelled, maybe still reading) no longer counts bytes.
    private var epoch = 0

    /// Creates a source for `url`, fetched with `client` (which the caller owns and shuts down).
    public init(url: URL, client: HTTPClient, configuration: StreamEngineConfiguration = StreamEngineConfiguration()) {
        self.url = url
        self.client = client
        self.configuration = configuration
    }

    /// Opens a connection (the first, or a reconnection); see the type's description.
    public func connect() async throws -> any AudioStreamConnection {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw AudioStreamError(retryable: false, "\(url.absoluteString): only http and https URLs can be streamed")
        }
        let (offset, knownTotal, knownDetails, resync, connectionEpoch) = lock.withLock {
            defer { resyncPending = false }
            return (delivered, totalLength, details, resyncPending, epoch)
        }
        let resumeAt = knownTotal != nil && offset > 0 ? offset : 0
        if let knownTotal, resumeAt >= knownTotal {
            return FinishedConnection(details: knownDetails ?? StreamDetails(isLive: false))
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: configuration.userAgent)
        request.headers.add(name: "Icy-MetaData", value: "1")
        if resumeAt > 0 { request.headers.add(name: "Range", value: "bytes=\(resumeAt)-") }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .nanoseconds(Int64(configuration.connectTimeout * 1e9)))
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as HTTPParserError {
            // NIO's parser (llhttp) accepts HTTP/, RTSP/ and ICE/ status lines only: a SHOUTcast v1 server's
            // `ICY 200 OK` ends here, and retrying cannot change that.
            throw AudioStreamError(
                retryable: false, "\(url.absoluteString): the answer is not HTTP (\(error)); SHOUTcast v1 servers "
                    + "that answer \"ICY 200 OK\" are not supported")
        } catch {
            throw AudioStreamError(retryable: true, "\(url.absoluteString): \(Self.describe(error))")
        }
        let status = Int(response.status.code)
        try Self.check(status: status, reason: response.status.reasonPhrase, url: url)
        let headers = response.headers.map { ($0.name, $0.value) }
        let icy = ICYHeaders(headers: headers)
        try Self.check(contentType: response.headers.first(name: "Content-Type"), url: url)

        // Where this body starts in the stream, and how many leading bytes to drop (a 200 to a Range request).
        var skip = 0
        if resumeAt > 0 {
            if status == 206, let range = response.headers.first(name: "Content-Range"),
               let start = Self.contentRangeStart(range), start == resumeAt {
                skip = 0
            } else if status == 200 {
                skip = resumeAt
            } else {
                throw AudioStreamError(
                    retryable: true, "\(url.absoluteString): asked for bytes from \(resumeAt), got \(status) "
                        + "\(response.headers.first(name: "Content-Range") ?? "without Content-Range")")
            }
        }
        let length = response.headers.first(name: "Content-Length").flatMap { Int($0) }
        let isFinite = icy.metaInterval == nil && length != nil
        if isFinite, knownTotal == nil, let length {
            lock.withLock { totalLength = length }
        }
        let connectionDetails = knownDetails ?? StreamDetails(
            isLive: !isFinite, duration: nil, stationName: icy.name, stationDescription: icy.description)
        // A live stream rejoined at its edge does not continue the audio before: the decoder starts afresh.
        return HTTPAudioConnection(
            source: self, body: response.body, icy: ICYStreamReader(metaInterval: icy.metaInterval),
            details: connectionDetails, probeDuration: isFinite && knownDetails == nil, skip: skip,
            total: isFinite ? lock.withLock { totalLength } : nil, rejoined: !isFinite && knownDetails != nil,
            resync: resync, epoch: connectionEpoch)
    }

    /// Makes the next connection start at `seconds`: the byte offset ``MP3SeekMap`` gives for it (the first
    /// frame's bit rate, or the Xing table of contents), then a resync to the next whole frame. Nil for a live
    /// stream, or before the first connection learnt the length and the first frames.
    public func reposition(to seconds: Double) -> Double? {
        lock.withLock {
            guard let totalLength, let head, let map = MP3SeekMap(head: head, totalBytes: totalLength) else { return nil }
            let time = min(max(seconds.isFinite ? seconds : 0, 0), map.duration)
            delivered = map.byteOffset(at: time)
            resyncPending = true
            epoch += 1
            return time
        }
    }

    // MARK: - Bookkeeping shared with connections

    fileprivate func recordDelivered(_ count: Int, epoch connectionEpoch: Int) {
        lock.withLock { if connectionEpoch == epoch { delivered += count } }
    }

    fileprivate var deliveredBytes: Int { lock.withLock { delivered } }

    fileprivate func rememberHead(_ bytes: [UInt8]) {
        lock.withLock { if head == nil, !bytes.isEmpty { head = bytes } }
    }

    fileprivate func remember(_ details: StreamDetails) {
        lock.withLock { if self.details == nil { self.details = details } }
    }

    // MARK: - Checks

    /// Statuses a reconnection may cure (RFC 9110 §15.5.9 408, RFC 6585 §4 429, and every 5xx).
    static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    private static func check(status: Int, reason: String, url: URL) throws {
        guard status != 200, status != 206 else { return }
        throw AudioStreamError(
            retryable: isRetryable(status: status), "HTTP \(status) \(reason) from \(url.absoluteString)")
    }

    /// Refuses what is certainly not an MP3 stream; unknown and missing types are left to the decoder.
    static func check(contentType: String?, url: URL) throws {
        guard let contentType else { return }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let refusal: String? = switch type {
        case "text/html", "text/plain", "application/json", "application/xml", "text/xml":
            "the server sent \(type), not audio"
        case "audio/aac", "audio/aacp", "audio/x-aac":
            "the stream is AAC (\(type)); only MP3 is decoded"
        case "audio/mp4", "audio/x-m4a", "video/mp4":
            "the stream is MP4 (\(type)); only MP3 is decoded"
        case "audio/ogg", "application/ogg", "audio/opus", "audio/flac":
            "the stream is \(type); only MP3 is decoded"
        case "application/vnd.apple.mpegurl", "application/x-mpegurl", "audio/mpegurl", "audio/x-mpegurl", "audio/x-scpls":
            "the URL is a playlist (\(type)), not a stream"
        default:
            nil
        }
        if let refusal { throw AudioStreamError(retryable: false, "\(url.absoluteString): \(refusal)") }
    }

    /// The first byte position of a `Content-Range: bytes a-b/n` value (RFC 9110 §14.4).
    static func contentRangeStart(_ value: String) -> Int? {
        let parts = value.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bytes" else { return nil }
        return parts[1].split(separator: "-").first.flatMap { Int($0) }
    }

    /// A short description of a connection error (AsyncHTTPClient and NIO errors print their case names).
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectTimeout") || text.contains("connectionCreationTimeout") { return "connection timed out" }
        if text.contains("readTimeout") { return "no data for too long (read timeout)" }
        if text.contains("deadlineExceeded") { return "no response in time" }
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("remoteConnectionClosed") { return "the server closed the connection" }
        if text.contains("Connection reset") || text.contains("ECONNRESET") { return "connection reset" }
        return text
    }

    // MARK: - Connections

    /// The connection of a finite stream that was already delivered whole: opened, then the end.
    private final class FinishedConnection: AudioStreamConnection {
        private var pending: [AudioStreamElement]

        init(details: StreamDetails) {
            pending = [.opened(details), .end]
        }

        func next() async throws -> AudioStreamElement? {
            pending.isEmpty ? nil : pending.removeFirst()
        }
    }

    /// One response body being read.
    private final class HTTPAudioConnection: AudioStreamConnection {
        private let source: HTTPAudioStreamSource
        private var body: HTTPClientResponse.Body.AsyncIterator
        private var icy: ICYStreamReader
        private var pending: [AudioStreamElement] = []
        private var details: StreamDetails
        /// Whether `.opened` waits for the first audio, to estimate a finite stream's duration.
        private var probing: Bool
        private var probe: [UInt8] = []
        private var skip: Int
        private let total: Int?
        private var ended = false
        /// Set when a finite body ended before its length: thrown once the audio before it was taken.
        private var cutShort: AudioStreamError?
        /// The source's reposition count when this connection opened.
        private let epoch: Int
        /// After a seek: bytes held until a whole frame starts in them (nil once found, or when not seeking).
        private var resyncBytes: [UInt8]?

        init(source: HTTPAudioStreamSource, body: HTTPClientResponse.Body, icy: ICYStreamReader, details: StreamDetails,
             probeDuration: Bool, skip: Int, total: Int?, rejoined: Bool, resync: Bool, epoch: Int) {
            self.epoch = epoch
            self.source = source
            self.body = body.makeAsyncIterator()
            self.icy = icy
            self.details = details
            self.probing = probeDuration
            self.skip = skip
            self.total = total
            if !probeDuration { open() }
            if rejoined || resync { pending.append(.discontinuity) }
            if resync { resyncBytes = [] }
        }

        private func open() {
            source.remember(details)
            pending.append(.opened(details))
        }

        func next() async throws -> AudioStreamElement? {
            while pending.isEmpty {
                guard !ended else {
                    if let cutShort { throw cutShort }
                    return nil
                }
                let chunk: ByteBuffer?
                do {
                    chunk = try await body.next()
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    throw AudioStreamError(retryable: true, "\(source.url.absoluteString): \(HTTPAudioStreamSource.describe(error))")
                }
                guard let chunk else {
                    ended = true
                    finishBody()
                    continue
                }
                take(Array(chunk.readableBytesView))
            }
            return pending.removeFirst()
        }

        private func take(_ received: [UInt8]) {
            var bytes = received[...]
            if skip > 0 {
                let dropped = min(skip, bytes.count)
                skip -= dropped
                bytes = bytes.dropFirst(dropped)
            }
            guard !bytes.isEmpty else { return }
            if total != nil { source.recordDelivered(bytes.count, epoch: epoch) }
            for piece in icy.read(bytes) {
                switch piece {
                case .audio(let received):
                    guard let audio = resynced(received) else { continue }
                    if probing {
                        probe += audio
                        if probe.count >= 16_384 { finishProbe() }
                    } else {
                        pending.append(.audio(audio))
                    }
                case .metadata(let metadata):
                    if let title = metadata.title {
                        pending.append(.metadata(StreamMetadata(title: title, url: metadata.url)))
                    }
                }
            }
        }

        /// After a seek: holds bytes until a whole frame starts, then returns the audio from there (all of it when
        /// none started in 64 KiB: the decoder resyncs itself); the bytes as they are otherwise.
        private func resynced(_ audio: [UInt8]) -> [UInt8]? {
            guard var held = resyncBytes else { return audio }
            held += audio
            if let start = MP3SeekMap.frameStart(in: held, from: 0) {
                resyncBytes = nil
                return Array(held[start...])
            }
            guard held.count < 65_536 else {
                resyncBytes = nil
                return held
            }
            resyncBytes = held
            return nil
        }

        /// Reads a finite stream's duration with the rule seeking uses (``MP3SeekMap/duration``: a Xing/Info
        /// header's frame count, else the first frame's bit rate over the bytes), so the length shown and the
        /// times a seek aims at agree; then sends `.opened` and the audio held back for it.
        private func finishProbe() {
            probing = false
            if let total, let map = MP3SeekMap(head: probe, totalBytes: total), map.duration > 0 {
                details.duration = map.duration
            }
            let held = probe
            probe = []
            if total != nil { source.rememberHead(held) }
            open()
            if !held.isEmpty { pending.append(.audio(held)) }
        }

        /// The body ended: a finite stream is complete or cut short (reported once the audio before is out);
        /// a live one ended, which `next()` reports as `nil` (a lost connection).
        private func finishBody() {
            if probing { finishProbe() }
            if let held = resyncBytes {
                resyncBytes = nil
                if !held.isEmpty { pending.append(.audio(held)) }
            }
            guard let total else { return }
            let delivered = source.deliveredBytes
            if delivered >= total {
                pending.append(.end)
            } else {
                cutShort = AudioStreamError(
                    retryable: true, "\(source.url.absoluteString): the connection closed after \(delivered) of \(total) bytes")
            }
        }
    }
}
