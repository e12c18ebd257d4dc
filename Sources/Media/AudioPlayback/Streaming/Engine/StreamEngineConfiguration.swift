/// The numbers the streaming side of AudioPlayback works with: memory bounds, network timeouts, output lead.
///
/// The start threshold and the reconnection policy are the state machine's (PlayerCore's `StreamPolicy`); these
/// are the I/O side's.
public struct StreamEngineConfiguration: Hashable, Sendable {
    /// Seconds of decoded PCM a session may hold before its reader waits (back-pressure). Bounds memory: at
    /// 44.1 kHz stereo, 8 s is 1.4 MB, however long the stream plays. Must exceed the machine's start threshold.
    public var bufferSeconds: Double
    /// Seconds of audio handed to the output ahead of the clock (as ``AudioPlayer/lead``).
    public var lead: Double
    /// Seconds allowed to connect and receive a response head.
    public var connectTimeout: Double
    /// Seconds without a byte before a connection counts as lost (AsyncHTTPClient's read timeout). It also fires
    /// while a paused finite stream holds its reader back; the session then reconnects with a `Range` request.
    public var idleTimeout: Double
    /// Compressed bytes fed without a single decoded frame before the stream is declared not MP3.
    public var maximumUndecodableBytes: Int
    /// The smallest change of the buffer level (seconds) worth a `buffered` event.
    public var reportStep: Double
    /// Sent as `User-Agent`.
    public var userAgent: String

    /// Creates a configuration (defaults: 8 s of PCM, 0.2 s lead, 10 s to connect, 10 s idle, 256 KiB undecodable).
    public init(
        bufferSeconds: Double = 8, lead: Double = 0.2, connectTimeout: Double = 10, idleTimeout: Double = 10,
        maximumUndecodableBytes: Int = 256 * 1024, reportStep: Double = 0.05, userAgent: String = "CirclePlayer/1.0"
    ) {
        self.bufferSeconds = max(bufferSeconds, 0.5)
        self.lead = min(max(lead, 0.02), 2)
        self.connectTimeout = max(connectTimeout, 0.1)
        self.idleTimeout = max(idleTimeout, 0.1)
        self.maximumUndecodableBytes = max(maximumUndecodableBytes, 4096)
        self.reportStep = max(reportStep, 0.001)
        self.userAgent = userAgent
    }
}
