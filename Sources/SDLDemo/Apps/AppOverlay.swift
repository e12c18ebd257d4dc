import BuffCore
import DragPhysics
import Foundation
import ScreenKit

/// Something an app draws over the whole window, above the screens and the circle (the Buff panel). It
/// sees pointer input first: what it consumes never reaches the shell or the player below. An app's backdrop
/// (``HostedApp/backdrop``: the video under the Buff panel) is one too, drawn under the screens instead.
protocol AppOverlay: AnyObject {
    /// Whether the overlay takes `event` (then the shell does not get it).
    func consumes(_ event: ShellEvent, window: Size) -> Bool
    /// Per-frame work at `t` (timers due).
    func tick(at t: Double)
    /// What the overlay shows at `t`; `nil`: nothing.
    func frame(at t: Double, window: Size) -> OverlayFrame?
    /// The session time at which the overlay next has something due (an idle window wakes for it).
    var nextDeadline: Double? { get }
    /// Whether the last input it took asked to close the window (the video player's ✕ in `--video`).
    var wantsQuit: Bool { get }
}

extension AppOverlay {
    /// Overlays do not close the window unless they say so.
    var wantsQuit: Bool { false }
}

/// One frame of an overlay, typed per kind of overlay.
enum OverlayFrame: Equatable, Sendable {
    /// The Buff panel (BuffCore's model, drawn by ``BuffPanelRenderer``).
    case buff(BuffPanel.Frame)
    /// The video player screen (``VideoOverlay``, drawn by ``VideoRenderer``).
    case video(VideoOverlayFrame)

    /// The video player screen, when that is what the overlay is.
    var video: VideoOverlayFrame? {
        if case .video(let frame) = self { return frame }
        return nil
    }

    /// The images the overlay shows (for the image store).
    var imageURLs: [URL] {
        switch self {
        case .buff(let frame):
            ([frame.buff.author.image] + frame.buff.answers.map(\.images.first)).compactMap { $0 }
        case .video: []
        }
    }

    /// Whether it moves on its own: sliding in or out, or the ring emptying (a voted panel is frozen; its
    /// hide is a deadline the loop wakes for, ``AppOverlay/nextDeadline``).
    var isAnimating: Bool {
        switch self {
        case .buff(let frame): frame.isLeaving || frame.slide < 1 || frame.highlighted == nil
        case .video(let frame): frame.layout.showsSpinner
        }
    }
}

extension HostedApp {
    /// No overlay (apps that have one override this).
    var overlay: (any AppOverlay)? { nil }
    /// No backdrop (apps that have one override this).
    var backdrop: (any AppOverlay)? { nil }
}
