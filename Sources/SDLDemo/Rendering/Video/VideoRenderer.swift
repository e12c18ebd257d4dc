import CSDL2
import DragPhysics
import ScreenKit

/// Draws the player screen (a ``VideoOverlayFrame``) over everything: black bars, the picture letterboxed in
/// ScreenKit's rectangle, a spinner while loading or buffering, a failure's sentence with Retry and Close, and —
/// while the controls show — the title and ✕ on top, the bar below (play/pause, the seek bar with its buffered range,
/// the time or LIVE, mute, volume, fullscreen). Geometry comes from the model; this only paints it.
enum VideoRenderer {
    /// Colours of the player. Tests sample screenshot pixels against these values.
    enum Colors {
        /// Behind the picture (letterbox bars).
        static let background = RGBA(0, 0, 0)
        /// Behind the controls.
        static let bar = RGBA(0x10, 0x14, 0x1E, 0xC0)
        /// The seek bar's track.
        static let track = RGBA(0xFF, 0xFF, 0xFF, 0x40)
        /// What is buffered.
        static let buffered = RGBA(0xFF, 0xFF, 0xFF, 0x80)
        /// What has played, and the knob.
        static let played = RGBA(0x2A, 0x9D, 0x8F)
        /// Icons and text.
        static let icon = RGBA(0xFF, 0xFF, 0xFF)
    }

    /// Draws `frame`; `texture` holds the picture (uploaded by the caller when a new frame came).
    static func draw(_ frame: VideoOverlayFrame, texture: VideoTexture, with painter: Painter, window: Size) throws {
        let s = painter.scale
        let layout = frame.layout
        painter.fill(Rect(x: 0, y: 0, width: window.width, height: window.height), Colors.background)
        if let picture = layout.picture {
            texture.draw(in: pixelRect(picture, scale: s))
        }
        let center = Point(x: window.width / 2, y: window.height / 2)
        if layout.showsSpinner {
            try painter.spinner(at: center, r: 22, color: Colors.icon, thickness: 4)
        }
        // A failure: the sentence a person reads, with Retry and Close (the technical line went to stderr).
        if let failure = layout.failure {
            try failurePanel(failure, layout: layout, with: painter)
        }
        guard layout.controlsVisible else { return }

        // Top: ✕ and the title.
        try painter.draw(Shapes.roundedRect(layout.topBar, radius: 0, color: Colors.bar, scale: s))
        try cross(in: layout.close, with: painter)
        if let title = layout.titleText {
            _ = painter.text.draw(title, style: .rowTitle, color: Colors.icon, in: layout.title)
        }
        guard layout.failure == nil else { return }

        // Bottom bar.
        try painter.draw(Shapes.roundedRect(layout.bar, radius: 0, color: Colors.bar, scale: s))
        try playPause(showsPause: layout.showsPause, in: layout.playPause, with: painter)
        let track = Rect(x: layout.seekBar.x, y: layout.seekBar.center.y - 2, width: layout.seekBar.width, height: 4)
        painter.fill(track, Colors.track)
        painter.fill(Rect(x: track.x, y: track.y, width: track.width * clamp(layout.buffered), height: 4), Colors.buffered)
        painter.fill(Rect(x: track.x, y: track.y, width: track.width * clamp(layout.played), height: 4), Colors.played)
        var knob = Mesh()
        knob.disc(cx: (track.x + track.width * clamp(layout.played)) * s, cy: track.center.y * s, radius: 6 * s,
                  color: Colors.played, feather: CircleScene.feather)
        try painter.draw(knob)
        _ = painter.text.draw(layout.timeText, style: .caption, color: Colors.icon, in: layout.time, alignment: .center)
        try speaker(muted: layout.muted, in: layout.mute, with: painter)
        let level = Rect(x: layout.volume.x, y: layout.volume.center.y - 2, width: layout.volume.width, height: 4)
        painter.fill(level, Colors.track)
        painter.fill(Rect(x: level.x, y: level.y, width: level.width * (layout.muted ? 0 : clamp(layout.volumeLevel)), height: 4),
                     Colors.icon)
        try fullscreenMark(in: layout.fullscreen, filled: frame.fullscreen, with: painter)
    }

    private static func clamp(_ value: Double) -> Double { min(1, max(0, value.isFinite ? value : 0)) }

    /// The failure's card: the sentence, then Close and Retry (Retry filled, as a notice's first button).
    private static func failurePanel(_ failure: VideoScreen.Failure, layout: VideoScreenLayout, with painter: Painter) throws {
        let s = painter.scale
        try painter.draw(Shapes.roundedRect(layout.failurePanel, radius: 12, color: Palette.cardBorder, scale: s))
        try painter.draw(Shapes.roundedRect(layout.failurePanel.insetBy(dx: 1, dy: 1), radius: 11, color: Palette.card, scale: s))
        painter.text.drawParagraph(failure.sentence, style: .body, color: Palette.textPrimary, in: layout.failureText, maxLines: 3)
        try painter.button("Close", in: layout.dismiss, fill: layout.pressed == .dismiss ? Palette.rowPressed : Palette.secondaryButton,
                           textColor: Palette.textPrimary)
        try painter.button("Retry", in: layout.retry, fill: layout.pressed == .retry ? Palette.accentPressed : Palette.accent,
                           textColor: Palette.onDark)
    }

    private static func playPause(showsPause: Bool, in rect: Rect, with painter: Painter) throws {
        let s = painter.scale
        let c = rect.center, r = min(rect.width, rect.height) * 0.3
        var mesh = Mesh()
        if showsPause {
            for dx in [-r * 0.45, r * 0.45] {
                mesh.convexPolygon([(x: (c.x + dx - r * 0.18) * s, y: (c.y - r) * s), (x: (c.x + dx + r * 0.18) * s, y: (c.y - r) * s),
                                    (x: (c.x + dx + r * 0.18) * s, y: (c.y + r) * s), (x: (c.x + dx - r * 0.18) * s, y: (c.y + r) * s)],
                                   color: Colors.icon, feather: CircleScene.feather)
            }
        } else {
            mesh.convexPolygon([(x: (c.x - r * 0.7) * s, y: (c.y - r) * s), (x: (c.x + r) * s, y: c.y * s),
                                (x: (c.x - r * 0.7) * s, y: (c.y + r) * s)], color: Colors.icon, feather: CircleScene.feather)
        }
        try painter.draw(mesh)
    }

    private static func cross(in rect: Rect, with painter: Painter) throws {
        let c = rect.center, arm = min(rect.width, rect.height) * 0.22
        var mesh = Mesh()
        Shapes.line(from: (c.x - arm, c.y - arm), to: (c.x + arm, c.y + arm), width: 2.5, color: Colors.icon, scale: painter.scale, into: &mesh)
        Shapes.line(from: (c.x - arm, c.y + arm), to: (c.x + arm, c.y - arm), width: 2.5, color: Colors.icon, scale: painter.scale, into: &mesh)
        try painter.draw(mesh)
    }

    private static func speaker(muted: Bool, in rect: Rect, with painter: Painter) throws {
        let s = painter.scale
        let c = rect.center, r = min(rect.width, rect.height) * 0.28
        var mesh = Mesh()
        mesh.convexPolygon([(x: (c.x - r) * s, y: (c.y - r * 0.4) * s), (x: (c.x - r * 0.3) * s, y: (c.y - r * 0.4) * s),
                            (x: (c.x + r * 0.3) * s, y: (c.y - r) * s), (x: (c.x + r * 0.3) * s, y: (c.y + r) * s),
                            (x: (c.x - r * 0.3) * s, y: (c.y + r * 0.4) * s), (x: (c.x - r) * s, y: (c.y + r * 0.4) * s)],
                           color: Colors.icon, feather: CircleScene.feather)
        if muted {
            Shapes.line(from: (c.x + r * 0.5, c.y - r * 0.5), to: (c.x + r * 1.2, c.y + r * 0.5), width: 2, color: Colors.icon, scale: s, into: &mesh)
            Shapes.line(from: (c.x + r * 0.5, c.y + r * 0.5), to: (c.x + r * 1.2, c.y - r * 0.5), width: 2, color: Colors.icon, scale: s, into: &mesh)
        }
        try painter.draw(mesh)
    }

    private static func fullscreenMark(in rect: Rect, filled: Bool, with painter: Painter) throws {
        let s = painter.scale
        let c = rect.center, r = min(rect.width, rect.height) * 0.28, k = r * 0.5
        var mesh = Mesh()
        // Four corners pointing out (or in, when fullscreen): mpv's and every player's mark.
        for (sx, sy) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] {
            let corner = filled ? (c.x + sx * (r - k), c.y + sy * (r - k)) : (c.x + sx * r, c.y + sy * r)
            let inward = filled ? -1.0 : 1.0
            Shapes.line(from: (corner.0, corner.1), to: (corner.0 - sx * k * inward, corner.1), width: 2, color: Colors.icon, scale: s, into: &mesh)
            Shapes.line(from: (corner.0, corner.1), to: (corner.0, corner.1 - sy * k * inward), width: 2, color: Colors.icon, scale: s, into: &mesh)
        }
        try painter.draw(mesh)
    }
}

/// `rect` (points) in output pixels, as SDL's float rectangle.
func pixelRect(_ rect: Rect, scale: Double) -> SDL_FRect {
    SDL_FRect(x: Float(rect.x * scale), y: Float(rect.y * scale), w: Float(rect.width * scale), h: Float(rect.height * scale))
}
