import DragPhysics
import ScreenKit

/// The title bar: the screen's title, a back button when there is a screen to go back to, the now-playing mark
/// (red headphones) at the left while audio is loaded, Search or Done at the right, and a small spinner while
/// the screen loads or refreshes. A modal's bar is grey.
enum TitleBarRenderer {
    static func draw(_ screen: ScreenFrame, pressed: ShellControl?, layout: ShellLayout, showsNowPlayingMark: Bool = false,
                     with painter: Painter) throws {
        painter.fill(layout.titleBar, screen.isModal ? Palette.modalBar : Palette.titleBar)
        var leading = 0.0
        if screen.canGoBack {
            if pressed == .back { painter.fill(layout.backButton, Palette.titleBarPressed) }
            let center = layout.backButton.center
            try painter.draw(Shapes.backChevron(center: (center.x, center.y), size: 16, color: Palette.onDark, scale: painter.scale))
            leading = layout.backButton.maxX
        }
        if showsNowPlayingMark {
            let mark = layout.nowPlayingMark(afterBack: screen.canGoBack)
            if pressed == .titleButton(.nowPlaying) { painter.fill(mark, Palette.titleBarPressed) }
            try HeadphonesGlyph.drawMark(center: mark.center, with: painter)
            leading = mark.maxX
        }
        painter.text.draw(screen.title, style: .barTitle, color: Palette.onDark, in: layout.titleText(clearing: leading), alignment: .center)
        var spinnerX = layout.titleBar.maxX - 28
        if let button = screen.trailingButton {
            let frame = layout.trailingButton
            if pressed == .titleButton(button) { painter.fill(frame, Palette.titleBarPressed) }
            switch button {
            case .search: try drawMagnifier(center: frame.center, with: painter)
            case .done: painter.text.draw("Done", style: .button, color: Palette.onDark, in: frame, alignment: .center)
            case .nowPlaying: try HeadphonesGlyph.drawMark(center: frame.center, with: painter)
            }
            spinnerX = frame.x - 20
        }
        switch screen.load {
        case .loading, .refreshing:
            try painter.spinner(at: Point(x: spinnerX, y: layout.titleBar.center.y), r: 9, color: Palette.onDark, thickness: 2.5)
        case .loaded, .failed:
            break
        }
    }

    /// A magnifier: a ring and a handle to its lower right.
    private static func drawMagnifier(center: Point, with painter: Painter) throws {
        let s = painter.scale
        let (cx, cy, r) = ((center.x - 3) * s, (center.y - 3) * s, 7 * s)
        var mesh = Mesh()
        mesh.arc(cx: cx, cy: cy, innerRadius: r - 2 * s, outerRadius: r, start: 0, end: 2 * Double.pi, color: Palette.onDark,
                 feather: CircleScene.feather, roundCaps: false)
        Shapes.line(from: (center.x + 2, center.y + 2), to: (center.x + 9, center.y + 9), width: 2.5, color: Palette.onDark,
                    scale: s, into: &mesh)
        try painter.draw(mesh)
    }
}
