import PlayerCore

/// Something that happened, reported to a ``MediaPlayer`` (named after what happened).
///
/// The first six come from the window, the apps, scripts and the desktop's media controls; the last two
/// are the reports of the I/O that ``MediaCommand``s started, routed to the machine they belong to.
public enum MediaEvent: Equatable, Sendable {
    /// An app, a command line or a script asked to play `request` now, replacing whatever played.
    case playRequested(MediaRequest)
    /// The default download should be shown ready to fetch (a tap starts it), replacing whatever played.
    case prepared(DownloadRequest)
    /// An app gave the audio up (a video starts, the app closes its player): playback stops and the circle
    /// shows the fallback download ready, or disappears if there is none.
    case audioReleased
    /// The user tapped the circle (or pressed Space).
    case circleTapped
    /// A media key or a media-controls method.
    case mediaKeyPressed(MediaKey)
    /// The user asked something of what plays (the video player's keys and controls, the now-playing screen's
    /// volume, the media controls' Seek or Volume): see ``PlaybackControl``.
    case controlRequested(PlaybackControl)
    /// A report for the download flow `flow` (fetch progress, the finished file, playback's end, a deletion).
    case download(DownloadFlowID, PlayerEvent)
    /// A report for the stream machine (its sessions tag their own events) or its retry timer.
    case stream(StreamEvent)
}
