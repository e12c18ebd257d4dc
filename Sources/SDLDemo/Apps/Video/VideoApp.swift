import Foundation
import MediaCore
import MediaHost
import Samples
import ScreenKit
import VideoCore

/// `SDLDemo --video [URL]`: the player screen alone (issue 18). It asks the media host to play the video (an
/// HLS playlist, a local file, or with no URL the embedded sample video served on 127.0.0.1) and shows
/// ``VideoOverlay`` over the window; closing the player (Escape out of windowed mode, the ✕) closes the window.
final class VideoApp: HostedApp {
    private let context: AppContext
    private let request: VideoRequest
    private let sample: AppSample?
    private var player: VideoOverlay?

    private init(context: AppContext, request: VideoRequest, sample: AppSample?) {
        self.context = context
        self.request = request
        self.sample = sample
    }

    /// The app for `options` (serving the sample when it is asked for).
    static func make(_ options: VideoOptions, context: AppContext) throws -> VideoApp {
        let (request, sample) = try options.served()
        return VideoApp(context: context, request: request, sample: sample)
    }

    func start(_ shell: inout Shell, at t: Double) {
        guard let media = context.media else { return }
        player = VideoOverlay(media: media, openedAt: t, quitsOnClose: true)
        media.send(.playRequested(.video(request)))
    }

    func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) {}
    var isWorking: Bool { false }
    var resources: (any ResourceFetching)? { nil }
    var overlay: (any AppOverlay)? { player }

    func shutdown() {
        context.media?.send(.audioReleased)
        sample?.shutdown()
    }
}
