import DragPhysics
import ScreenKit

/// The title bar: the screen's title, a back button when there is a screen to go back to, and a small
/// spinner at the right while the screen loads or refreshes.
enum TitleBarRenderer {
    static func draw(_ screen: ScreenFrame, pressed: ShellControl?, layout: ShellLayout, with painter: Painter) throws {
        painter.fill(layout.titleBar, Palette.titleBar)
        if screen.canGoBack {
            if pressed == .back { painter.fill(layout.backButton, Palette.titleBarPressed) }
            let center = layout.backButton.center
            try painter.draw(Shapes.backChevron(center: (center.x, center.y), size: 16, color: Palette.onDark, scale: painter.scale))
        }
        painter.text.draw(screen.title, style: .barTitle, color: Palette.onDark, in: layout.titleText, alignment: .center)
        switch screen.load {
        case .loading, .refreshing:
            try painter.spinner(at: Point(x: layout.titleBar.maxX - 28, y: layout.titleBar.center.y), r: 9, color: Palette.onDark, thickness: 2.5)
        case .loaded, .failed:
            break
        }
    }
}
