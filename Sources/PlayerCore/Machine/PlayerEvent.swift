/// Something that happened, reported to a ``Player`` (named after what happened, not what should happen).
///
/// Events come from the user (``tapped``, ``playRequested``, ``pauseRequested``), from the fetcher (the `fetch…` cases, tagged with the
/// ``FetchID`` they report on), from the audio output (the `playback…` cases) and from the file
/// remover (the `file…` cases). Any event may arrive in any state; the ones that make no sense there
/// are ignored (see the table in ``Player``).
public enum PlayerEvent: Equatable, Sendable {
    /// The user tapped the circle (also the media controls' PlayPause: a toggle).
    case tapped
    /// Something asked to play without toggling: an app's "Play" (autoplay of a new download) or the media
    /// controls' `Play`. Starts a fetch when there is nothing yet, resumes when paused.
    case playRequested
    /// Something asked to pause without toggling: the media controls' `Pause`.
    case pauseRequested
    /// The fetch `id` has downloaded `fraction` (expected in `0...1`) of the audio.
    case fetchProgressed(FetchID, fraction: Double)
    /// The fetch `id` has written the complete audio to `file`.
    case fetchFinished(FetchID, file: String)
    /// The fetch `id` stopped with an error; `message` says why.
    case fetchFailed(FetchID, message: String)
    /// The audio output reached the end of the file.
    case playbackFinished
    /// The audio output could not play the file (e.g. unsupported format); `message` says why.
    case playbackFailed(message: String)
    /// The file at this path was removed (or was already gone).
    case fileDeleted(String)
    /// The file at this path could not be removed; `message` says why.
    case fileDeletionFailed(String, message: String)
}
