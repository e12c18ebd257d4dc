/// A misbehaviour that ``StreamServer`` can inject into responses, to test clients against
/// real-world server failures. Attach faults to paths with ``FaultRule``.
///
/// Counted faults (`times:`) fire for the first `times` matching requests *per path* and then stop;
/// pass `Int.max` for "always". Counters restart whenever ``StreamServer/setFaults(_:)`` is called.
public enum Fault: Sendable, Equatable {
    /// Wait this long before responding (capped at ``Fault/maximumDelaySeconds``; cut short by shutdown
    /// or the client closing). Delays of several matching rules add up.
    case delay(seconds: Double)
    /// Answer with status `code` (small text body) for `times` requests, then behave normally.
    /// `retryAfter`, if given, is sent verbatim as the `Retry-After` header (RFC 9110 §10.2.3).
    /// Codes outside 200...999 are answered as 500; 204 and 304 get no body.
    case status(code: Int, times: Int, retryAfter: String? = nil)
    /// Like ``Fault/status(code:times:retryAfter:)``, with `Retry-After` an HTTP-date (IMF-fixdate, RFC 9110
    /// §5.6.7) `secondsAhead` whole seconds after the moment the answer is written, rounded down to the second:
    /// between `secondsAhead - 1` and `secondsAhead` seconds ahead of the answer however long the client took to
    /// ask, so a test of date handling does not depend on the machine's speed. The header sent is recorded
    /// (``RequestRecord/retryAfter``).
    case statusRetryAfterDate(code: Int, times: Int, secondsAhead: Int)
    /// Answer `Range` requests with 200 and the whole body, as servers without range support do.
    case ignoreRange
    /// Answer GET with 206 and the requested bytes, but with a `Content-Range` that names other bytes:
    /// the requested range shifted by one byte (later if possible, else earlier), or, when the request
    /// covers the whole file, the right range with a total length one too large.
    /// A GET without `Range` is treated as a request for the whole file.
    case wrongContentRange
    /// Send the headers with the full `Content-Length`, then only the first half of the body,
    /// then close the connection normally (FIN).
    case shortBody(times: Int)
    /// Send the headers and the first half of the body, then reset the connection (RST via `SO_LINGER` 0).
    case resetMidBody(times: Int)
    /// Send the headers, then nothing until the client closes the connection or the server shuts down.
    case stallAfterHeaders(times: Int)
    /// Hold the response (after any delay) until ``StreamServer/releaseHeld(_:matching:)`` lets it go,
    /// the client closes the connection, or the server shuts down. Makes concurrency tests
    /// deterministic: requests pile up at the server until the test releases them.
    case holdUntilReleased
    /// Pace the body at about this many bytes per second (one scheduled chunk every ~50 ms).
    /// With several matching rules the slowest rate wins.
    case throttle(bytesPerSecond: Int)

    /// Upper bound for ``Fault/delay(seconds:)``, so no test can hang on a typo.
    public static let maximumDelaySeconds: Double = 60
}
