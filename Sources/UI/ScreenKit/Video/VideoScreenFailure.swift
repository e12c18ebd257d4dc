extension VideoScreen {
    /// Why a video could not play, in words a person understands: the sentence the player screen shows over the
    /// picture with Retry and Close, read from the engine's technical line (which stays on stderr and in the trace's
    /// `error`). The line's phrases are the Downloader's and the engine's own (`DownloadError`'s description,
    /// `FailureClass`, `HLSFeeder`): a phrase they stop writing falls back to ``other``, never to a wrong reason.
    ///
    /// ```swift
    /// VideoScreen.Failure("playlist http://127.0.0.1:9/v.m3u8: connection refused by 127.0.0.1:9 (is a server listening there?)").sentence
    /// // "Can't play this video: the server didn't answer."
    /// ```
    public enum Failure: Hashable, Sendable, CaseIterable {
        /// Nothing answered: the connection was refused, the host does not resolve, or nothing came in time.
        case noAnswer
        /// The server answered that the video (or a part of it) is not there: HTTP 404 or 410.
        case notFound
        /// The server refused it: HTTP 401 or 403.
        case refused
        /// The server failed: HTTP 5xx.
        case serverError
        /// The connection broke off (reset, closed, a body cut short).
        case connectionLost
        /// What came is no video this player can play: not a playlist, no decodable variant, no picture or sound.
        case unsupported
        /// Anything else.
        case other

        /// The reason `line` (the engine's failure) gives; ``other`` when it names none of the above.
        public init(_ line: String) {
            let text = line.lowercased()
            func has(_ words: String...) -> Bool { words.contains { text.contains($0) } }
            if has("http 404", "http 410") {
                self = .notFound
            } else if has("http 401", "http 403") {
                self = .refused
            } else if has("http 5") {
                self = .serverError
            } else if has("connection refused", "cannot resolve host", "no data for", "took longer than", "timed out") {
                self = .noAnswer
            } else if has("reset", "closed the connection", "ended before", "incomplete") {
                self = .connectionLost
            } else if has("not a valid", "invalid playlist", "no variant can be played", "no audio or video", "not supported",
                          "unsupported", "no decodable", "#extm3u") {
                self = .unsupported
            } else {
                self = .other
            }
        }

        /// The sentence shown: "Can't play this video: …".
        public var sentence: String {
            switch self {
            case .noAnswer: "Can't play this video: the server didn't answer."
            case .notFound: "Can't play this video: the server doesn't have it."
            case .refused: "Can't play this video: the server refused it."
            case .serverError: "Can't play this video: the server had a problem."
            case .connectionLost: "Can't play this video: the connection was lost."
            case .unsupported: "Can't play this video: its format isn't supported."
            case .other: "Can't play this video."
            }
        }
    }
}
