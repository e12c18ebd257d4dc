import ScreenKit

/// Draws a ``FrameSnapshot`` onto a ``Canvas``: clear, the app's backdrop (the video under the Buff panel, drawn
/// by the caller's `backdrop`), the screens (title bar, content, tabs, notice), then the circle above them with the
/// player's failure message under it, and the Buff panel over everything. Presenting is left to the caller, so a
/// screenshot can read the frame first.
enum FrameRenderer {
    /// Clears the canvas and draws the frame; `backdrop` paints what lies under the screens (nil: nothing).
    static func draw(_ frame: FrameSnapshot, on canvas: Canvas, text: TextRenderer, images: ImageStore?,
                     backdrop: ((Painter) throws -> Void)? = nil) throws {
        let scale = canvas.scale
        // Nothing shows under the screens but the clear: a list's rows can be the clear's colour (ScreensRenderer).
        let cleared = backdrop == nil ? ScreensRenderer.clearColor(for: frame.screens) : Palette.background
        canvas.clear(cleared)
        let painter = Painter(canvas: canvas, text: text, images: images, time: frame.time)
        try backdrop?(painter)
        try ScreensRenderer.draw(frame.screens, size: (frame.windowWidth, frame.windowHeight), cleared: cleared, with: painter)
        // Nothing selected (an app released the audio, or a video shows under the Buff panel): no circle until
        // something plays again. A now-playing screen shows the playback itself and hides it too (Screen.hidesCircle).
        if frame.audio.isVisible, !frame.circleCovered {
            let mesh = CircleScene.mesh(frame.appearance, cx: frame.x * scale, cy: frame.y * scale,
                                        r: frame.radius * scale, t: frame.time)
            try canvas.draw(mesh)
            try CircleDecorations.draw(frame, with: painter)
            if let message = frame.message {
                try drawMessage(message, frame: frame, with: painter)
            }
        }
        // The panel over everything, whether or not the circle shows.
        if case .buff(let panel)? = frame.overlay {
            try BuffPanelRenderer.draw(panel, with: painter)
        }
    }

    /// Width of the box the failure message wraps in, in points.
    static let messageWidth = 300.0

    /// Where the failure message goes: under the circle, or above it when there is no room below (the
    /// circle docked at the bottom, or resting above a tab bar, whose labels it would cover), kept inside the window.
    static func messageBox(for frame: FrameSnapshot, lines: Int) -> Rect {
        let style = TextStyle.caption
        let height = Double(lines) * style.lineHeight + 8
        let width = min(messageWidth, frame.windowWidth - 16)
        let x = min(max(frame.x - width / 2, 8), frame.windowWidth - width - 8)
        let below = frame.y + frame.radius + 10
        let bottom = frame.screens.screen?.tabs != nil ? frame.windowHeight - TabBar.height : frame.windowHeight
        let y = below + height <= bottom - 4 ? below : frame.y - frame.radius - 10 - height
        return Rect(x: x, y: y, width: width, height: height)
    }

    private static func drawMessage(_ message: String, frame: FrameSnapshot, with painter: Painter) throws {
        let width = captionTextWidth(frame)
        let lines = painter.text.wrapped(message, style: .caption, width: width, maxLines: 3)
        try drawCaption(lines.map { ($0, Palette.error) }, frame: frame, with: painter)
    }

    /// Width available to a caption line under the circle, in points (the box less its padding).
    static func captionTextWidth(_ frame: FrameSnapshot) -> Double {
        min(messageWidth, frame.windowWidth - 16) - 16
    }

    /// Draws `lines` (each fitted to ``captionTextWidth(_:)``) centred in a backing as wide as the widest line, at
    /// ``messageBox(for:lines:)``: the failure message and the now-playing caption.
    static func drawCaption(_ lines: [(text: String, color: RGBA)], frame: FrameSnapshot, with painter: Painter) throws {
        guard !lines.isEmpty else { return }
        let widest = lines.map { painter.text.width(of: $0.text, style: .caption) }.max() ?? captionTextWidth(frame)
        var box = messageBox(for: frame, lines: lines.count)
        let used = min(box.width, widest + 16)
        box = Rect(x: min(max(frame.x - used / 2, 8), frame.windowWidth - used - 8), y: box.y, width: used, height: box.height)
        try painter.draw(Shapes.roundedRect(box, radius: 6, color: Palette.messageBacking, scale: painter.scale))
        for (index, line) in lines.enumerated() {
            let lineBox = Rect(x: box.x, y: box.y + 4 + Double(index) * TextStyle.caption.lineHeight,
                               width: box.width, height: TextStyle.caption.lineHeight)
            _ = painter.text.draw(line.text, style: .caption, color: line.color, in: lineBox, alignment: .center)
        }
    }
}
