/// The limits of every request a ``FeedHTTPClient`` sends.
///
/// ```swift
/// RequestLimits(timeout: .seconds(2))   // a short deadline, e.g. for `--timeout 2`
/// ```
public struct RequestLimits: Sendable, Equatable {
    /// The most time one call may take, redirects included (connect, send, head and body of every hop).
    public var timeout: Duration
    /// The largest response body accepted (bytes).
    public var maxBodyBytes: Int
    /// The most redirects followed for one call.
    public var maxRedirects: Int

    /// Limits; the defaults suit JSON feeds: 15 s, 16 MiB, 5 redirects.
    public init(timeout: Duration = .seconds(15), maxBodyBytes: Int = 16 << 20, maxRedirects: Int = 5) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
    }
}
