/// Counters kept by ``StreamServer``, read with ``StreamServer/statistics`` and cleared with
/// ``StreamServer/resetStatistics()``.
///
/// A request is *in flight* from the moment its request head is received until the server starts
/// writing the end of its response (or the connection closes). Both edges lie inside the client's own
/// view of the request, so ``maxConcurrentRequests`` never exceeds the client's true concurrency.
public struct ServerStatistics: Sendable, Equatable {
    /// Request heads received.
    public var requestCount: Int = 0
    /// Requests in flight right now.
    public var currentRequests: Int = 0
    /// The largest number of requests that were in flight at the same time.
    public var maxConcurrentRequests: Int = 0
    /// TCP connections open right now.
    public var openConnections: Int = 0
    /// The largest number of TCP connections that were open at the same time.
    public var maxOpenConnections: Int = 0
    /// TCP connections accepted.
    public var connectionsAccepted: Int = 0
    /// Requests held by ``Fault/holdUntilReleased`` right now.
    public var heldRequests: Int = 0
    /// Requests waiting out a ``Fault/delay(seconds:)`` right now: the timer is armed and has neither fired
    /// nor been cancelled (a connection that closes cancels it). A test sees the timer end as an event
    /// instead of sleeping past the delay.
    public var delayedRequests: Int = 0
    /// How often a response body stopped because its connection was not writable (the client reads slower
    /// than the server writes, so the kernel's and the channel's buffers are full). Each such stop waits for
    /// the channel to become writable again; a test sees back-pressure happen as this event.
    public var writabilityStops: Int = 0
    /// Response body bytes handed to connections so far, including responses still in progress.
    public var bodyBytesSent: Int = 0
    /// One record per finished request, in the order they finished (the oldest are dropped beyond
    /// ``ServerStatistics/maximumRecords``). A request is recorded before the last byte of its response is
    /// flushed, so a client that has read a whole response finds its request here.
    public var requests: [RequestRecord] = []

    /// How many request records are kept, so a long-running server does not grow without bound.
    public static let maximumRecords = 100_000

    /// Empty statistics.
    public init() {}
}
