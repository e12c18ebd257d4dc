import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file that tells whether anything opened it: an inotify watch (`IN_OPEN | IN_ACCESS`, inotify(7)) on a file in a
/// fresh folder, read without blocking. Hostile segments name it (issue 28: an ffconcat script or a DASH manifest
/// made FFmpeg open local files); the test asserts ``wasOpened`` is false. Precise and immediate: the kernel queues
/// the event when the open happens, no access time or timing involved.
///
/// ```swift
/// let canary = try FileCanary()
/// defer { canary.remove() }
/// serve("ffconcat version 1.0\nfile '\(canary.path)'\n")
/// … play it …
/// #expect(!canary.wasOpened)
/// ```
public final class FileCanary: @unchecked Sendable {
    /// The canary's absolute path.
    public let path: String
    private let folder: URL
    private let watch: Int32
    private var seen = false

    /// A canary file (a few bytes of MPEG-TS-looking data) named `name` in a new temporary folder.
    public init(name: String = "secret.ts") throws {
        folder = try makeTemporaryDirectory("canary")
        path = folder.appendingPathComponent(name).path
        try Data([0x47, 0x40, 0x00, 0x10] + [UInt8](repeating: 0xFF, count: 184)).write(to: URL(fileURLWithPath: path))
        watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard watch >= 0, inotify_add_watch(watch, path, UInt32(IN_OPEN | IN_ACCESS)) >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Whether the file was opened or read since the canary was made.
    public var wasOpened: Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(watch, &buffer, buffer.count) > 0 { seen = true }
        return seen
    }

    /// Stops watching and deletes the folder.
    public func remove() {
        close(watch)
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A TCP listener on 127.0.0.1 that nobody should connect to: hostile segments name its URL (a DASH manifest made
/// FFmpeg's own HTTP client fetch what the stream named, issue 28); ``connections`` counts what it accepted.
/// Nothing is answered; a connection is accepted and closed.
public final class ConnectionCanary: @unchecked Sendable {
    /// The port.
    public let port: Int
    private let listener: Int32
    private var accepted = 0

    /// Listens on an ephemeral port.
    public init() throws {
        (listener, port) = try listenOnLoopback(flags: Int32(SOCK_NONBLOCK.rawValue))
    }

    /// `http://127.0.0.1:PORT/path`.
    public func url(_ path: String = "/x.mp4") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Connections made so far (the kernel completes a TCP handshake into the backlog even before `accept`).
    public var connections: Int {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return accepted }
            close(connection)
            accepted += 1
        }
    }

    /// Stops listening.
    public func stop() { close(listener) }
}

/// The hostile text of issue 28: an OSC title, BEL, erase-screen, red, a CSI as one C1 byte, CR, a forged line of the
/// window's, BS, VT and FF.
public let hostileEscapes = "x\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31mRED\u{9B}31m\rSDLDemo: video: forged\u{08}\u{0B}\u{0C}"

/// Segment bodies that are another format libavformat would have probed and run (issue 28), each naming the file
/// canary or the connection canary: an ffconcat script (a relative and an absolute file), a concat line with escape
/// codes in its file name, a DASH manifest (an http and a file BaseURL), an SDP description (UDP ports bound on the
/// demuxer's side), an HLS playlist.
public func hostileSegments(canary: FileCanary, listener: ConnectionCanary) -> [(name: String, body: String)] {
    [
        ("ffconcat", "ffconcat version 1.0\nfile secret.ts\nfile '\(canary.path)'\n"),
        ("concat-escape", "ffconcat version 1.0\nfile '/x\(hostileEscapes).ts'\n"),
        ("dash", """
            <?xml version="1.0" encoding="utf-8"?>
            <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT2S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
            <Period><AdaptationSet mimeType="video/mp2t"><Representation id="1" bandwidth="1000">
            <BaseURL>\(listener.url("/dash.ts"))</BaseURL></Representation>
            <Representation id="2" bandwidth="2000"><BaseURL>file://\(canary.path)</BaseURL></Representation>
            </AdaptationSet></Period></MPD>
            """),
        ("sdp", "v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video \(listener.port) RTP/AVP 96\na=rtpmap:96 H264/90000\n"),
        ("hls", "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n\(listener.url("/hls.ts"))\n#EXTINF:1,\nfile://\(canary.path)\n#EXT-X-ENDLIST\n"),
    ]
}
