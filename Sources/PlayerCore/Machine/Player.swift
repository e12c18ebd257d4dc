/// The player's state machine: a plain value that turns events into a new state and a list of commands.
///
/// `Player` does no I/O. Feed it events with ``send(_:)``; run the returned ``PlayerCommand``s and feed their results
/// back as events (in the programs MediaCore's `MediaPlayer` holds it and MediaHost runs its commands).
///
/// ```swift
/// var player = Player()
/// player.send(.tapped)                                      // [.startFetch(FetchID(1))]; .fetching(progress: 0)
/// player.send(.fetchProgressed(FetchID(1), fraction: 0.5))  // []; fill 0.5
/// player.send(.fetchFinished(FetchID(1), file: "a.mp3"))    // [.play(file: "a.mp3")]; .playing, fill 1
/// player.send(.tapped)                                      // [.pausePlayback]; .paused
/// player.send(.fetchProgressed(FetchID(1), fraction: 0.9))  // [.cancelFetch(FetchID(1))]; stale, still .paused
/// ```
///
/// ## Transitions
///
/// "Current" means the event's ``FetchID`` is ``currentFetch``; any other ID the player has issued is
/// *stale* (for progress and failures, IDs it never issued count as stale too). "Cached" means the
/// event's path is ``cachedFile``. Rows not listed leave the player unchanged and return no commands.
///
/// | State | Event | New state | Commands |
/// |---|---|---|---|
/// | uninitialized | tapped, playRequested | fetching(0) with a new ID | startFetch(id) |
/// | fetching(p) | fetchProgressed(current, f) | fetching(max(p, clamp(f))) (NaN ignored) | — |
/// | fetching | fetchFinished(current, file) | playing, cachedFile = file (fill 1) | play(file) |
/// | fetching | fetchFailed(current, m) | failed("Download failed: m") | — |
/// | playing | tapped, pauseRequested | paused | pausePlayback |
/// | paused | tapped, playRequested | playing | resumePlayback |
/// | playing, paused | playbackFinished | completed | deleteFile(cached) |
/// | playing, paused | playbackFailed(m) | failed("Playback failed: m") | stopPlayback, deleteFile(cached) |
/// | completed | fileDeleted(cached) | uninitialized, cachedFile = nil | — |
/// | completed | fileDeletionFailed(cached, m) | uninitialized, cachedFile = nil | reportProblem |
/// | failed | tapped, playRequested | fetching(0) with a new ID | startFetch(id) |
/// | failed, fetching | fileDeleted(cached) | unchanged, cachedFile = nil | — |
/// | failed, fetching | fileDeletionFailed(cached, m) | unchanged, cachedFile = nil | reportProblem |
/// | any other | fileDeletionFailed(path, m) | unchanged | reportProblem |
/// | any | fetchProgressed(stale, _) | unchanged | cancelFetch(stale) |
/// | any | fetchFinished(stale, file) | unchanged | deleteFile(file), unless file is cached |
/// | any | fetchFinished(never issued, file) | unchanged | — |
///
/// Choices the spec leaves open:
/// - **Tap while fetching or completed**: ignored; the spinner is no button.
/// - **Play and pause requests** (an app's autoplay, the media controls' Play and Pause) are the tap's rows
///   without the toggle: play while playing and pause while paused change nothing.
/// - **Failed fetch or playback**: ``PlayerState/failed(message:)`` with the ``PlayerIcon/retry`` icon and a
///   message for display; a tap starts a new fetch with a new ``FetchID``. A file that failed to play is deleted.
/// - **Stale fetch events** never change the state. A stale fetch that still reports progress is cancelled;
///   the file of a stale fetch that finished is deleted so no cache is left behind (fetchers must therefore
///   write each fetch to its own path, e.g. one containing ``FetchID/rawValue``). A finished report with an
///   ID this player never issued deletes nothing: the player only deletes files it caused to exist.
/// - **Progress** never goes backwards: values are clamped to `0...1`, NaN is ignored, and a value below the
///   largest seen in this fetch is ignored. A finished fetch shows a full circle (``fill`` is exactly 1).
/// - **Playback finished while paused** (the end raced with the pause tap): the track is over, so the player
///   completes as if it were playing. Playback events in states without playback are ignored.
/// - **Deletion reports** for the file being played (nobody asked for them) are ignored, so ``cachedFile`` is
///   always set while playing, paused or completed.
/// - **Deletion failure** still returns to ``PlayerState/uninitialized`` and reports the problem with
///   ``PlayerCommand/reportProblem(_:)``, so the player never gets stuck on the spinner.
public struct Player: Equatable, Sendable {
    /// What the player is doing.
    public private(set) var state: PlayerState = .uninitialized
    /// The fetch whose events the player accepts: set while ``state`` is ``PlayerState/fetching(progress:)``.
    public private(set) var currentFetch: FetchID?
    /// The downloaded file the player owns: set from a finished fetch until its deletion is reported.
    public private(set) var cachedFile: String?
    /// The ID the next fetch gets; only grows.
    private var nextFetch = FetchID(1)

    /// A player in ``PlayerState/uninitialized`` that has never fetched.
    public init() {}

    /// The icon to draw in the middle of the circle (see ``PlayerState/icon``).
    public var icon: PlayerIcon { state.icon }

    /// The fraction of the circle filled with the progress colour, in `0...1`: how much of the audio is on disk.
    ///
    /// The download progress while fetching; 1 while playing, paused and completed (the whole file is there
    /// until it is deleted); 0 when uninitialized or failed.
    public var fill: Double {
        switch state {
        case .uninitialized, .failed: 0
        case .fetching(let progress): progress
        case .playing, .paused, .completed: 1
        }
    }

    /// The failure message to display in ``PlayerState/failed(message:)``, otherwise `nil`.
    public var message: String? {
        if case .failed(let message) = state { message } else { nil }
    }

    /// Applies `event` and returns the commands to run, in order (often none).
    ///
    /// Events that make no sense in the current state, and fetch events with a stale ``FetchID``, leave
    /// ``state`` unchanged (see the type's transition table).
    public mutating func send(_ event: PlayerEvent) -> [PlayerCommand] {
        switch event {
        case .tapped:
            return tapped()
        case .playRequested:
            return state == .playing ? [] : tapped()
        case .pauseRequested:
            return state == .playing ? tapped() : []
        case .fetchProgressed(let id, let fraction):
            return fetchProgressed(id, fraction: fraction)
        case .fetchFinished(let id, let file):
            return fetchFinished(id, file: file)
        case .fetchFailed(let id, let message):
            return fetchFailed(id, message: message)
        case .playbackFinished:
            return playbackFinished()
        case .playbackFailed(let message):
            return playbackFailed(message: message)
        case .fileDeleted(let path):
            return fileDeleted(path)
        case .fileDeletionFailed(let path, let message):
            return fileDeletionFailed(path, message: message)
        }
    }

    // MARK: - Transitions

    private mutating func tapped() -> [PlayerCommand] {
        switch state {
        case .uninitialized, .failed:
            return startFetch()
        case .playing:
            state = .paused
            return [.pausePlayback]
        case .paused:
            state = .playing
            return [.resumePlayback]
        case .fetching, .completed:
            return []
        }
    }

    private mutating func startFetch() -> [PlayerCommand] {
        let id = nextFetch
        nextFetch = id.next
        currentFetch = id
        state = .fetching(progress: 0)
        return [.startFetch(id)]
    }

    private mutating func fetchProgressed(_ id: FetchID, fraction: Double) -> [PlayerCommand] {
        guard id == currentFetch, case .fetching(let progress) = state else {
            return [.cancelFetch(id)]
        }
        guard !fraction.isNaN else { return [] }
        state = .fetching(progress: max(progress, min(max(fraction, 0), 1)))
        return []
    }

    private mutating func fetchFinished(_ id: FetchID, file: String) -> [PlayerCommand] {
        guard id == currentFetch, case .fetching = state else {
            // Only files of fetches this player started are its to delete: a report with an ID it never
            // issued (a confused fetcher) must not make it delete some unrelated file.
            guard id.rawValue >= 1, id < nextFetch, file != cachedFile else { return [] }
            return [.deleteFile(file)]
        }
        currentFetch = nil
        cachedFile = file
        state = .playing
        return [.play(file: file)]
    }

    private mutating func fetchFailed(_ id: FetchID, message: String) -> [PlayerCommand] {
        guard id == currentFetch, case .fetching = state else { return [] }
        currentFetch = nil
        state = .failed(message: "Download failed: \(message)")
        return []
    }

    private mutating func playbackFinished() -> [PlayerCommand] {
        guard state == .playing || state == .paused else { return [] }
        state = .completed
        return deleteCachedFile()
    }

    private mutating func playbackFailed(message: String) -> [PlayerCommand] {
        guard state == .playing || state == .paused else { return [] }
        state = .failed(message: "Playback failed: \(message)")
        return [.stopPlayback] + deleteCachedFile()
    }

    private func deleteCachedFile() -> [PlayerCommand] {
        cachedFile.map { [.deleteFile($0)] } ?? []
    }

    private mutating func fileDeleted(_ path: String) -> [PlayerCommand] {
        if awaitsDeletion(of: path) { forgetCachedFile() }
        return []
    }

    private mutating func fileDeletionFailed(_ path: String, message: String) -> [PlayerCommand] {
        if awaitsDeletion(of: path) { forgetCachedFile() }
        return [.reportProblem("Could not delete cached file \(path): \(message)")]
    }

    /// Whether `path` is the cached file and its deletion may have been asked for: never while it is being
    /// played, so an unasked-for report cannot leave playback without a file to delete at its end.
    private func awaitsDeletion(of path: String) -> Bool {
        path == cachedFile && state != .playing && state != .paused
    }

    /// The cached file is gone (or given up on); a completed cycle is over.
    private mutating func forgetCachedFile() {
        cachedFile = nil
        if state == .completed { state = .uninitialized }
    }
}
