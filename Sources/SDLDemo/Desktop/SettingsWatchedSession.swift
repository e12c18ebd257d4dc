import MediaCore
import ScreenKit

/// The session as the frame loop drives it, with the settings looking at the volume after every frame's work
/// (``SettingsRecorder/observe(_:)``). Everything else is the session's own.
final class SettingsWatchedSession: FrameSession {
    let session: DemoSession
    let settings: SettingsRecorder

    init(_ session: DemoSession, settings: SettingsRecorder) {
        self.session = session
        self.settings = settings
    }

    func handle(_ event: ShellEvent) -> DemoSession.Outcome { session.handle(event) }

    func tick(at t: Double) {
        session.tick(at: t)
        settings.observe(session.media)
    }

    func frame(at t: Double) -> FrameSnapshot { session.frame(at: t) }
    func markDrawn() { session.markDrawn() }
    var images: ImageStore? { session.images }
    func play(_ request: MediaRequest) { session.play(request) }
    func releaseAudio() { session.releaseAudio() }
    func seekVideo(to seconds: Double) { session.seekVideo(to: seconds) }
    func nextTick(after frame: FrameSnapshot) -> Double? { session.nextTick(after: frame) }
}
