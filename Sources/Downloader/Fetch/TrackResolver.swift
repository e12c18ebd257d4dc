import Foundation
import Logging

/// The audio tracks of a master playlist, ranked, and the one a download uses.
public struct TrackList: Sendable {
    /// Every audio track, best first.
    public var ranked: [ScoredCandidate]
    /// The track a download picks: the best one, or the best one matching the ``TrackOverride``.
    public var chosen: ScoredCandidate
    /// What the master playlist and the candidates' media playlists bend but were accepted anyway.
    public var warnings: [PlaylistWarning] = []
}

/// The media playlist picked from a master playlist, already loaded.
struct TrackChoice: Sendable {
    var list: TrackList
    var loaded: LoadedPlaylist
    var media: MediaPlaylist
    /// The master playlist's variables: reloading `media` needs them for its `EXT-X-DEFINE:IMPORT` tags.
    var masterVariables: [String: String] = [:]
}

/// Loads every audio candidate's media playlist (at most `concurrency` at once), ranks the candidates with
/// ``AudioTrackSelector`` and picks one, honouring the configured ``TrackOverride``.
///
/// A candidate whose media playlist cannot be loaded is still ranked (without measured figures); only if
/// it is the one picked does its loading error end the download.
struct TrackResolver: Sendable {
    let fetcher: HTTPFetcher
    let configuration: DownloadConfiguration
    let logger: Logger

    func choose(in master: MasterPlaylist) async throws -> TrackChoice {
        let subject = DownloadError.Subject.playlist(url: master.url.redactedString, line: nil)
        let candidates: [AudioCandidate]
        do {
            candidates = try AudioTrackSelector.candidates(in: master)
        } catch {
            throw DownloadError(.noAudioTrack, subject, error.description)
        }
        let loaded = try await loadAll(candidates, masterVariables: master.variables)
        var mediaPlaylists: [URL: MediaPlaylist] = [:]
        for (uri, result) in loaded {
            if case .success(let item) = result, case .media(let media) = item.playlist {
                mediaPlaylists[uri] = media
            }
        }
        let ranked = AudioTrackSelector.rank(candidates, mediaPlaylists: mediaPlaylists)
        var pool = ranked
        if let track = configuration.track, !track.isEmpty {
            let matching: [AudioCandidate]
            do {
                matching = try AudioTrackSelector.filter(candidates, name: track.name, language: track.language,
                                                         groupID: track.groupID)
            } catch {
                throw DownloadError(.noMatchingTrack, subject, error.description)
            }
            pool = AudioTrackSelector.rank(matching, mediaPlaylists: mediaPlaylists)
        }
        guard let chosen = pool.first else {
            throw DownloadError(.noAudioTrack, subject, "the master playlist has no audio track")
        }
        logger.info("chose audio track", metadata: [
            "name": "\(chosen.candidate.name)", "why": "\(chosen.explanation)",
        ])
        let uri = chosen.candidate.uri
        switch loaded[uri] {
        case .success(let item)?:
            guard case .media(let media) = item.playlist else {
                throw DownloadError(.invalidPlaylist, .playlist(url: item.finalURL.redactedString, line: nil),
                                    "audio track \"\(chosen.candidate.name)\" (master line \(chosen.candidate.line)) "
                                        + "points to a master playlist, not a media playlist")
            }
            let warnings = master.warnings + candidates.flatMap { (try? loaded[$0.uri]?.get())?.playlist.warnings ?? [] }
            return TrackChoice(list: TrackList(ranked: ranked, chosen: chosen, warnings: warnings), loaded: item, media: media,
                               masterVariables: master.variables)
        case .failure(let error)?:
            throw error
        case nil:
            throw DownloadError(.invalidPlaylist, .playlist(url: uri.redactedString, line: nil),
                                "media playlist of the chosen track was not loaded")
        }
    }

    /// Loads the candidates' playlists, `concurrency` at a time, keeping each outcome.
    private func loadAll(_ candidates: [AudioCandidate], masterVariables: [String: String]) async throws
        -> [URL: Result<LoadedPlaylist, DownloadError>]
    {
        let loader = PlaylistLoader(fetcher: fetcher, configuration: configuration)
        let uris = candidates.map(\.uri)
        var results: [URL: Result<LoadedPlaylist, DownloadError>] = [:]
        try await withThrowingTaskGroup(of: (URL, Result<LoadedPlaylist, DownloadError>).self) { group in
            var next = 0
            func startNext() {
                guard next < uris.count else { return }
                let uri = uris[next]
                next += 1
                group.addTask {
                    do {
                        return (uri, .success(try await loader.load(uri, masterVariables: masterVariables)))
                    } catch let error as DownloadError {
                        return (uri, .failure(error))
                    }
                }
            }
            for _ in 0 ..< configuration.effectiveConcurrency { startNext() }
            while let (uri, result) = try await group.next() {
                if case .failure(let error) = result {
                    logger.warning("cannot load audio track playlist", metadata: ["error": "\(error)"])
                }
                results[uri] = result
                startNext()
            }
        }
        return results
    }
}
