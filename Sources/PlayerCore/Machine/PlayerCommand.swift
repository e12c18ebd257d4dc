/// A side effect a ``Player`` asks for, returned as a value from ``Player/send(_:)`` and run by its host (MediaHost
/// in the programs) in the order given. Results come back as ``PlayerEvent``s.
public enum PlayerCommand: Equatable, Sendable {
    /// Start downloading the audio; report progress, the finished file or the failure tagged with `id`.
    case startFetch(FetchID)
    /// Stop the fetch `id` if it is still running (it is no longer wanted); further reports are ignored anyway.
    case cancelFetch(FetchID)
    /// Start playing the file from its beginning; report ``PlayerEvent/playbackFinished`` or
    /// ``PlayerEvent/playbackFailed(message:)``.
    case play(file: String)
    /// Pause playback, keeping the position.
    case pausePlayback
    /// Resume playback from the position where it was paused.
    case resumePlayback
    /// Stop playback for good and release the file.
    case stopPlayback
    /// Remove the file; report ``PlayerEvent/fileDeleted(_:)`` or ``PlayerEvent/fileDeletionFailed(_:message:)``.
    case deleteFile(String)
    /// Something went wrong that changes nothing for the user (e.g. a cached file could not be deleted);
    /// log the message for the developer.
    case reportProblem(String)
}
