import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// An endless MP3 radio for tests and demos, mounted on a ``StreamServer`` path: it sends the frames of an MP3
/// file in a loop, Icecast-style (no `Content-Length`; `icy-name`, `icy-description`, `icy-br`), with ICY
/// metadata every `metaInterval` bytes for clients that send `Icy-MetaData: 1`.
///
/// Every listener hears the same broadcast: the station airs frame after frame, paced in real time
/// (``Pacing/realTime``) or released by the test (``Pacing/manual``, ``release(frames:)``: deterministic), and a
/// new listener first gets a burst of the frames aired just before it joined (as Icecast's burst-on-connect
/// does), so it can start playing at once. The test can change the title (``setTitle(_:)``; sent in each
/// listener's next metadata block), drop every connection mid-stream (``dropListeners(reset:)``), or take the
/// station off the air (``stop()``: connections closed, requests answered 404, like an Icecast mount without a
/// source) and back (``start()``). A listener whose socket is full (a client that stopped reading) misses frames,
/// as on a real radio, and the ICY framing stays intact because blocks are counted per listener in bytes sent.
///
/// ```swift
/// let station = try RadioStation(mp3: toneBytes, name: "Test FM", title: "First song", pacing: .manual)
/// let server = try await StreamServer.start(content: .files([:]))
/// server.mount(station, at: "/radio.mp3")
/// // client connects to server.url(for: "/radio.mp3") with Icy-MetaData: 1 …
/// station.release(seconds: 3)
/// station.setTitle("Second song")
/// station.dropListeners()            // the client must reconnect
/// ```
public final class RadioStation: Sendable {
    /// How the station advances its broadcast.
    public enum Pacing: Sendable, Hashable {
        /// Frames are aired as real time passes (a timer every 20 ms), from the moment the station is created.
        case realTime
        /// Frames are aired only by ``release(frames:)`` and ``release(seconds:)``.
        case manual
    }

    /// A station's counters.
    public struct Statistics: Sendable, Hashable {
        /// Listeners connected now.
        public var listeners = 0
        /// Listener connections accepted so far.
        public var listenersAccepted = 0
        /// Frames aired so far.
        public var framesAired = 0
        /// Metadata blocks with a title sent (all listeners).
        public var titleBlocksSent = 0
        /// Audio and metadata bytes written to listeners.
        public var bytesSent = 0
        /// Frames a listener missed because its socket was full.
        public var framesSkipped = 0
    }

    /// The station's name (`icy-name`).
    public let name: String?
    /// The description (`icy-description`).
    public let stationDescription: String?
    /// Audio bytes between metadata blocks (`icy-metaint`), for clients that ask for metadata.
    public let metaInterval: Int
    /// Seconds of audio in one frame.
    public let frameDuration: Double
    /// Frames a new listener gets at once from just before it joined.
    public let burstFrames: Int
    private let frames: [[UInt8]]
    private let bitRateKbps: Int
    private let state: NIOLockedValueBox<State>

    private struct Listener {
        var channel: any Channel
        var sendsMetadata: Bool
        /// Audio bytes until the next metadata block.
        var countdown: Int
        /// The title this listener last got in a metadata block.
        var titleSent: String?
        var sentFirstBlock = false
    }

    private struct State {
        var title: String?
        var onAir = true
        var aired = 0
        var listeners: [ObjectIdentifier: Listener] = [:]
        var statistics = Statistics()
        var timer: RepeatedTask?
    }

    /// Creates a station playing `mp3` in a loop.
    /// - Parameters:
    ///   - mp3: an MP3 file (MPEG audio layer III); an ID3v2 tag is skipped.
    ///   - metaInterval: `icy-metaint`; 8192 by default (servers use 8 to 64 KiB; small values test the framing).
    ///   - burstSeconds: seconds of frames a new listener gets at once (0: none).
    /// - Throws: ``RadioStationError/notMP3`` if `mp3` holds no layer III frame.
    public init(
        mp3: [UInt8], name: String? = nil, description: String? = nil, title: String? = nil,
        metaInterval: Int = 8192, pacing: Pacing = .realTime, burstSeconds: Double = 1
    ) throws {
        guard let split = MP3Frames(mp3) else { throw RadioStationError.notMP3 }
        frames = split.frames
        frameDuration = split.frameDuration
        bitRateKbps = split.bitRateKbps
        self.name = name
        self.stationDescription = description
        self.metaInterval = max(1, metaInterval)
        burstFrames = max(0, Int((burstSeconds / split.frameDuration).rounded()))
        state = NIOLockedValueBox(State(title: title))
        if pacing == .realTime { startClock() }
    }

    deinit {
        state.withLockedValue { $0.timer?.cancel() }
    }

    /// A snapshot of the counters.
    public var statistics: Statistics {
        state.withLockedValue { $0.statistics }
    }

    /// The title now on air.
    public var title: String? {
        state.withLockedValue { $0.title }
    }

    /// Changes the title; every listener that asked for metadata gets it in its next block.
    public func setTitle(_ title: String?) {
        state.withLockedValue { $0.title = title }
    }

    /// Airs the next `frames` frames to every listener (with ``Pacing/manual``; also works with real time).
    public func release(frames count: Int) {
        state.withLockedValue { state in
            for _ in 0..<max(0, count) { air(&state) }
        }
    }

    /// Airs the frames of the next `seconds` of audio (rounded up to whole frames).
    public func release(seconds: Double) {
        release(frames: Int((seconds / frameDuration).rounded(.up)))
    }

    /// Closes every listener's connection mid-stream: with FIN, or with RST when `reset` is set. The station
    /// stays on the air; clients may reconnect.
    public func dropListeners(reset: Bool = false) {
        let channels = state.withLockedValue { state in
            defer { state.listeners = [:]; state.statistics.listeners = 0 }
            return state.listeners.values.map(\.channel)
        }
        for channel in channels { Self.close(channel, reset: reset) }
    }

    /// Takes the station off the air: listeners are disconnected and new requests answered 404.
    public func stop() {
        state.withLockedValue { $0.onAir = false }
        dropListeners()
    }

    /// Puts the station back on the air.
    public func start() {
        state.withLockedValue { $0.onAir = true }
    }

    // MARK: - Serving (called by the server's request handler)

    /// The response head for a request, or `nil` when the station is off the air (answer 404).
    func responseHeaders(for request: HTTPRequestHead) -> HTTPHeaders? {
        let onAir = state.withLockedValue { $0.onAir }
        guard onAir else { return nil }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "audio/mpeg")
        headers.add(name: "Cache-Control", value: "no-cache, no-store")
        headers.add(name: "icy-br", value: String(bitRateKbps))
        if let name { headers.add(name: "icy-name", value: name) }
        if let stationDescription { headers.add(name: "icy-description", value: stationDescription) }
        if Self.wantsMetadata(request) { headers.add(name: "icy-metaint", value: String(metaInterval)) }
        return headers
    }

    /// Adds the channel (whose response head was sent) as a listener and sends it the burst.
    func attach(_ channel: any Channel, request: HTTPRequestHead) {
        let key = ObjectIdentifier(channel)
        let attached = state.withLockedValue { state -> Bool in
            guard state.onAir else { return false }
            var listener = Listener(channel: channel, sendsMetadata: Self.wantsMetadata(request), countdown: metaInterval)
            let burst = min(burstFrames, state.aired)
            var bytes: [UInt8] = []
            for index in (state.aired - burst)..<state.aired { bytes += frames[index % frames.count] }
            send(bytes, to: &listener, statistics: &state.statistics, title: state.title)
            state.listeners[key] = listener
            state.statistics.listenersAccepted += 1
            state.statistics.listeners = state.listeners.count
            return true
        }
        guard attached else {
            channel.close(promise: nil)
            return
        }
        channel.closeFuture.whenComplete { [weak self] _ in
            self?.state.withLockedValue { state in
                state.listeners[key] = nil
                state.statistics.listeners = state.listeners.count
            }
        }
    }

    private static func wantsMetadata(_ request: HTTPRequestHead) -> Bool {
        request.headers.first(name: "Icy-MetaData")?.trimmingCharacters(in: .whitespaces) == "1"
    }

    // MARK: - Broadcasting

    private func startClock() {
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let start = NIODeadline.now()
        let timer = eventLoop.scheduleRepeatedTask(initialDelay: .milliseconds(20), delay: .milliseconds(20)) {
            [weak self] task in
            guard let self else {
                task.cancel()
                return
            }
            let elapsed = Double((NIODeadline.now() - start).nanoseconds) / 1e9
            let due = Int(elapsed / self.frameDuration)
            self.state.withLockedValue { state in
                while state.aired < due { self.air(&state) }
            }
        }
        state.withLockedValue { $0.timer = timer }
    }

    /// Airs one frame: every listener gets it (with metadata blocks where due), unless its socket is full.
    private func air(_ state: inout State) {
        let frame = frames[state.aired % frames.count]
        state.aired += 1
        state.statistics.framesAired = state.aired
        guard state.onAir else { return }
        for key in Array(state.listeners.keys) {
            guard var listener = state.listeners[key] else { continue }
            guard listener.channel.isWritable else {
                state.statistics.framesSkipped += 1
                continue
            }
            send(frame, to: &listener, statistics: &state.statistics, title: state.title)
            state.listeners[key] = listener
        }
    }

    /// Writes `audio` to a listener, inserting a metadata block every `metaInterval` audio bytes.
    private func send(_ audio: [UInt8], to listener: inout Listener, statistics: inout Statistics, title: String?) {
        guard !audio.isEmpty else { return }
        var buffer = ByteBuffer()
        if !listener.sendsMetadata {
            buffer.writeBytes(audio)
        } else {
            var rest = audio[...]
            while !rest.isEmpty {
                let count = min(listener.countdown, rest.count)
                buffer.writeBytes(rest.prefix(count))
                rest = rest.dropFirst(count)
                listener.countdown -= count
                if listener.countdown == 0 {
                    let changed = !listener.sentFirstBlock || listener.titleSent != title
                    let block = changed ? Self.metadataBlock(title: title) : [0]
                    if changed, block.count > 1 { statistics.titleBlocksSent += 1 }
                    buffer.writeBytes(block)
                    listener.sentFirstBlock = true
                    listener.titleSent = title
                    listener.countdown = metaInterval
                }
            }
        }
        statistics.bytesSent += buffer.readableBytes
        listener.channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(buffer)), promise: nil)
    }

    /// A metadata block: the length byte (text length / 16, rounded up), then `StreamTitle='…';` padded with NULs.
    /// A `nil` title is an empty block (length 0): nothing to announce. Titles are cut to fit 255 × 16 bytes.
    static func metadataBlock(title: String?) -> [UInt8] {
        guard let title else { return [0] }
        var text = Array("StreamTitle='\(title)';".utf8)
        if text.count > 255 * 16 { text = Array(text.prefix(255 * 16)) }
        let units = (text.count + 15) / 16
        return [UInt8(units)] + text + [UInt8](repeating: 0, count: units * 16 - text.count)
    }

    private static func close(_ channel: any Channel, reset: Bool) {
        guard reset, let provider = channel as? any SocketOptionProvider else {
            channel.close(promise: nil)
            return
        }
        provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
    }
}

/// Errors of ``RadioStation``.
public enum RadioStationError: Error, CustomStringConvertible {
    /// The data given holds no MPEG audio layer III frame.
    case notMP3

    /// A readable description.
    public var description: String {
        switch self {
        case .notMP3: "RadioStation: the data holds no MP3 (MPEG audio layer III) frame"
        }
    }
}
