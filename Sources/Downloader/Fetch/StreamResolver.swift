import Foundation
import Logging

/// A stream ready to download or record: the media playlist of its chosen audio track, loaded.
///
/// ```swift
/// let stream = try await downloader.resolve(url)
/// if stream.isLive {
///     let recording = downloader.record(stream, to: "radio.ts", options: .init(duration: 60))
/// } else {
///     let task = downloader.download(stream, to: "audio.ts")
/// }
/// ```
public struct ResolvedStream: Sendable {
    /// The URL resolved (master or media playlist).
    public let url: URL
    /// The chosen media playlist as loaded.
    public let mediaPlaylist: MediaPlaylist
    /// The media playlist's URL as requested (what a live recording reloads; segment URIs resolve against
    /// the final URL after redirects, ``MediaPlaylist/url``).
    public let mediaPlaylistURL: URL
    /// The audio track chosen from a master playlist; `nil` when `url` is a media playlist.
    public let track: ScoredCandidate?
    /// The loaded bytes and final URL.
    let loaded: LoadedPlaylist
    /// The master playlist's variables, which every reload of the media playlist imports again
    /// (`EXT-X-DEFINE:IMPORT`, rfc8216bis §4.4.2.3); `nil` when `url` is a media playlist.
    var masterVariables: [String: String]? = nil

    /// Whether the media playlist is live: it has no `EXT-X-ENDLIST` (RFC 8216 §4.3.3.4), so segments keep
    /// being added and it is recorded rather than downloaded.
    public var isLive: Bool { !mediaPlaylist.hasEndList }
}

/// Loads the input playlist and, for a master playlist, chooses and loads the media playlist.
struct StreamResolver: Sendable {
    let fetcher: HTTPFetcher
    let configuration: DownloadConfiguration
    let logger: Logger

    func resolve(_ url: URL) async throws -> ResolvedStream {
        let input = try await PlaylistLoader(fetcher: fetcher, configuration: configuration).load(url)
        switch input.playlist {
        case .media(let playlist):
            return ResolvedStream(url: url, mediaPlaylist: playlist, mediaPlaylistURL: url, track: nil, loaded: input)
        case .master(let master):
            let chosen = try await TrackResolver(fetcher: fetcher, configuration: configuration, logger: logger)
                .choose(in: master)
            return ResolvedStream(url: url, mediaPlaylist: chosen.media, mediaPlaylistURL: chosen.list.chosen.candidate.uri,
                                  track: chosen.list.chosen, loaded: chosen.loaded, masterVariables: chosen.masterVariables)
        }
    }
}
