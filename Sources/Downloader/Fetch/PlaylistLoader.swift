import Foundation

/// A fetched and parsed playlist with its raw bytes and the URL that finally served it.
struct LoadedPlaylist: Sendable {
    var playlist: Playlist
    var bytes: [UInt8]
    var finalURL: URL
}

/// Fetches playlists (http/https only, size-bounded, redirects bounded) and parses them with URIs resolved
/// against the final URL after redirects (RFC 8216 §4.1, RFC 3986 §5).
struct PlaylistLoader: Sendable {
    let fetcher: HTTPFetcher
    let configuration: DownloadConfiguration

    /// Fetches and parses the playlist at `url` (at most `maxAttempts` attempts, default the configuration's).
    /// `masterVariables`: the variables of the master playlist it was listed in, for `EXT-X-DEFINE:IMPORT`
    /// (rfc8216bis §4.4.2.3). Parser warnings are logged unless `logsWarnings` is false (a live recording logs
    /// each kind once instead of on every reload).
    func load(_ url: URL, masterVariables: [String: String]? = nil, maxAttempts: Int? = nil,
              logsWarnings: Bool = true) async throws -> LoadedPlaylist {
        guard url.isHTTPOrHTTPS, url.host != nil else {
            throw DownloadError(.unsupportedURL, .playlist(url: url.redactedString, line: nil),
                                "only http and https URLs are supported")
        }
        let request = FetchRequest(url: url, range: nil, maxBytes: configuration.maxPlaylistBytes) {
            .playlist(url: $0, line: nil)
        }
        let body = try await fetcher.fetch(request, maxAttempts: maxAttempts)
        do {
            let playlist = try PlaylistParser.parse(Data(body.bytes), url: body.finalURL, masterVariables: masterVariables)
            for warning in playlist.warnings where logsWarnings { fetcher.logger.warning("playlist: \(warning)") }
            return LoadedPlaylist(playlist: playlist, bytes: body.bytes, finalURL: body.finalURL)
        } catch {
            throw DownloadError(.invalidPlaylist,
                                .playlist(url: (error.url ?? body.finalURL).redactedString, line: error.line),
                                error.message)
        }
    }

    /// Refuses media playlists that cannot be downloaded to a complete file: live (no `EXT-X-ENDLIST`),
    /// empty, too many segments, or encrypted with something other than AES-128.
    func validateForDownload(_ media: MediaPlaylist, plan: SegmentPlan) throws(DownloadError) {
        let subject = DownloadError.Subject.playlist(url: media.url.redactedString, line: nil)
        guard media.hasEndList else {
            throw DownloadError(.livePlaylist, subject,
                                "no EXT-X-ENDLIST: a live playlist has no end to download to (RFC 8216 §4.3.3.4); "
                                    + "record it with HLSDownloader.record(from:to:options:)")
        }
        guard !media.segments.isEmpty else {
            throw DownloadError(.invalidPlaylist, subject, "media playlist has no segments")
        }
        guard media.segments.count <= configuration.maxSegments else {
            throw DownloadError(.tooManySegments, subject,
                                "\(media.segments.count) segments, more than the limit of \(configuration.maxSegments)")
        }
        if let error = plan.unsupportedEncryption(playlistURL: media.url) { throw error }
    }
}
