import VideoCore

/// What a ``MediaPlayer`` asks the host's video engine to do (``MediaCommand/video(_:)``).
public enum VideoAction: Hashable, Sendable {
    /// Open `request`, closing any other video; it plays once enough is buffered.
    case open(VideoRequest)
    /// Run a control on the open video.
    case control(PlaybackControl)
    /// Close the video: stop fetching and decoding, release the picture.
    case close
}
