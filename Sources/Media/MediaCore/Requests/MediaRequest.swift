import PlayerCore
import VideoCore

/// What an app, a command line or a script asks the window's one player to play. Every way into the player
/// is one of these values (``MediaEvent/playRequested(_:)``); what comes back is one ``MediaDisplay``.
///
/// ```swift
/// host.send(.playRequested(.download(DownloadRequest(playlist: vod, title: "Jazz Ensemble 1"))))
/// host.send(.playRequested(.stream(StreamRequest(url: station, title: "Classical IPR", isLive: true))))
/// host.send(.playRequested(.video(VideoRequest(source: .parse("http://h/master.m3u8"), title: "Overture"))))
/// ```
public enum MediaRequest: Hashable, Sendable {
    /// Fetch the best audio track of an HLS VOD playlist into a file, then play it (the circle's file flow:
    /// the fill is the downloaded share; the file is deleted at the end).
    case download(DownloadRequest)
    /// Play a stream as it arrives: a live HLS playlist or audio over HTTP (an endless radio or a file).
    case stream(StreamRequest)
    /// Play a video (an HLS master or media playlist, or a local file) on the video engine, in the window's
    /// player screen; the circle hides meanwhile.
    case video(VideoRequest)
}

extension MediaRequest {
    /// Whether `other` asks for the same media: the same kind and address (a download's playlist, a stream's
    /// URL, a video's source), whatever the titles, artist and artwork say. An app lists one story under several
    /// groups (Featured, Radio, a category), each with its own second line; its Listen is Pause wherever the
    /// story plays.
    public func isSameMedia(as other: MediaRequest) -> Bool {
        switch (self, other) {
        case (.download(let one), .download(let two)): one.playlist == two.playlist
        case (.stream(let one), .stream(let two)): one.source == two.source
        case (.video(let one), .video(let two)): one.source == two.source
        default: false
        }
    }
}
