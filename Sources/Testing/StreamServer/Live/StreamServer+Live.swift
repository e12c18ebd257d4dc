extension StreamServer {
    /// Starts serving an endless live HLS stream (see ``LiveStream``) next to the server's files; its paths
    /// (``LiveStreamConfiguration/path``) take precedence over files with the same path. Faults apply to
    /// live requests as to any other (e.g. hold `/live/seg*` to stall the client).
    ///
    /// ```swift
    /// let server = try await StreamServer.start(content: .directory(root))
    /// let live = try server.startLive(LiveStreamConfiguration(source: try LiveSource(playlistFile: path)))
    /// print(live.playlistURL)   // http://127.0.0.1:PORT/live/index.m3u8
    /// ```
    ///
    /// - Throws: ``LiveSourceError`` for a configuration or source that cannot be served.
    @discardableResult
    public func startLive(_ configuration: LiveStreamConfiguration) throws(LiveSourceError) -> LiveStream {
        let stream = try LiveStream(configuration: configuration, baseURL: baseURL)
        state.liveRoutes.add(stream)
        return stream
    }

    /// Stops serving the live stream at `path` (its URLs answer 404 from then on).
    public func stopLive(path: String = "/live") {
        state.liveRoutes.remove(path: path)
    }
}
