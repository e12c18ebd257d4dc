import NIOConcurrencyHelpers

/// The live streams of one server, consulted by the request handler before its files (the one hook of live
/// mode in ``FileRequestHandler``).
final class LiveRoutes: Sendable {
    private let streams = NIOLockedValueBox<[LiveStream]>([])

    /// Adds `stream`; a stream with the same path is replaced.
    func add(_ stream: LiveStream) {
        streams.withLockedValue { streams in
            streams.removeAll { $0.configuration.path == stream.configuration.path }
            streams.append(stream)
        }
    }

    /// Removes the stream at `path`.
    func remove(path: String) {
        streams.withLockedValue { $0.removeAll { $0.configuration.path == path } }
    }

    /// The answer of the live stream owning `path`, or `nil` when no live stream does.
    func answer(for path: String) -> LiveAnswer? {
        let streams = streams.withLockedValue { $0 }
        for stream in streams {
            if let answer = stream.answer(for: path) { return answer }
        }
        return nil
    }
}
