import Foundation
import PlayerCore

/// One download in the circle's file flow: a fresh ``PlayerCore/Player`` (through its ``PlayerCore/PlayerDriver``)
/// fetching one playlist, with plug-ins that can be *retired*.
///
/// The file player has no "stop" (its table is the spec's), so switching away from a download retires its
/// flow instead: the fetch is cancelled (its partial file removed), its playback stopped, its cached file
/// deleted, and from then on its plug-ins drop what the old player still asks for — except a file that
/// finished downloading just then, which is deleted rather than played. The retired driver is then dropped.
final class FileFlow: @unchecked Sendable {
    /// What this flow fetches and shows.
    let request: DownloadRequest
    /// The flow's driver (its player is what the circle shows while this flow is active).
    let driver: PlayerDriver
    private let gate: Gate

    /// A flow on `request`, fetching with `fetcher` and playing through `audio` (shared by every flow).
    init(request: DownloadRequest, fetcher: DownloadFetcher, audio: AudioPlaybackAdapter) {
        self.request = request
        gate = Gate(url: request.playlist, fetcher: fetcher, audio: audio)
        driver = PlayerDriver(fetcher: gate, audio: gate, files: .local)
    }

    /// Stops this flow for good (main thread): fetch cancelled, playback stopped, cached file deleted.
    func retire() {
        gate.retire(cachedFile: driver.player.cachedFile)
    }

    /// Both plug-ins of one flow, forwarding while the flow is active.
    private final class Gate: AudioFetching, AudioPlaying, @unchecked Sendable {
        private let url: URL
        private let fetcher: DownloadFetcher
        private let audio: AudioPlaybackAdapter
        private let lock = NSLock()
        private var retired = false
        private var fetches: [FetchID: Int] = [:]
        private var playing = false

        init(url: URL, fetcher: DownloadFetcher, audio: AudioPlaybackAdapter) {
            self.url = url
            self.fetcher = fetcher
            self.audio = audio
        }

        func retire(cachedFile: String?) {
            let (keys, wasPlaying) = lock.withLock { () -> ([Int], Bool) in
                retired = true
                defer { fetches.removeAll(); playing = false }
                return (Array(fetches.values), playing)
            }
            for key in keys { fetcher.cancelFetch(key) }
            if wasPlaying { audio.stop() }
            if let cachedFile { try? FileManager.default.removeItem(atPath: cachedFile) }
        }

        private var isRetired: Bool { lock.withLock { retired } }

        func startFetch(_ id: FetchID, events: @escaping @Sendable (PlayerEvent) -> Void) {
            guard !isRetired else { return }
            let key = fetcher.startFetch(id, url: url, events: events)
            lock.withLock { fetches[id] = key }
        }

        func cancelFetch(_ id: FetchID) {
            guard let key = lock.withLock({ fetches.removeValue(forKey: id) }) else { return }
            fetcher.cancelFetch(key)
        }

        func play(file: String, events: @escaping @Sendable (PlayerEvent) -> Void) {
            guard !isRetired else {
                try? FileManager.default.removeItem(atPath: file)
                return
            }
            lock.withLock { playing = true }
            audio.play(file: file, events: events)
        }

        func pause() { if !isRetired { audio.pause() } }
        func resume() { if !isRetired { audio.resume() } }

        func stop() {
            guard !isRetired else { return }
            lock.withLock { playing = false }
            audio.stop()
        }
    }
}
