import FeedCore

/// Why a buff cannot be shown: the fetch failed, or the document is not a buff we may show.
///
/// Every case has a one-line ``description`` fit for the `error` event of `mediakit buffs watch`.
public enum BuffError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request failed (HTTP status, network, cut body …), as FeedKit reports it.
    case request(FeedError)
    /// The body is not JSON, or a field does not have the expected shape (path and reason).
    case json(FeedError.Kind)
    /// Neither `{"result": …}` nor `{"data": …}` holds a buff.
    case noBuff
    /// Fewer than 2 or more than 5 answers.
    case answerCount(Int)
    /// `time_to_show` (or `duration`) is 0 or negative; the value as sent, in seconds.
    case nonPositiveTime(Double)
    /// `time_to_show` (or `duration`) is longer than ``BuffDecoder/maxTimeToShow``; the value as sent.
    case timeTooLong(Double)
    /// No answer came within the deadline (the engine's, on the virtual clock too).
    case timedOut(after: Duration)

    /// One line: what is wrong.
    public var description: String {
        switch self {
        case .request(let error): error.description
        case .json(let kind): kind.summary
        case .noBuff: "unexpected JSON: neither \"result\" nor \"data\" holds a buff"
        case .answerCount(let count): "a buff needs 2 to 5 answers, this one has \(count)"
        case .nonPositiveTime(let seconds): "time_to_show must be more than 0, got \(BuffClock.text(seconds: seconds))"
        case .timeTooLong(let seconds):
            "time_to_show must be at most \(BuffClock.text(BuffDecoder.maxTimeToShow)) s, got \(BuffClock.text(seconds: seconds))"
        case .timedOut(let after): "no answer within \(BuffClock.text(after)) s"
        }
    }
}
