import DragPhysics
import Foundation
import ScreenKit

/// The content area's other states and bodies: load states, details, search field, tabs.
enum LoadStateRenderer {
    /// `loading`: a spinner in the middle; `failed`: the message and a Retry button.
    static func draw(_ load: LoadState, in content: Rect, pressed: ShellControl?, layout: ShellLayout, with painter: Painter) throws {
        switch load {
        case .loading:
            try painter.spinner(at: content.center, r: 18, color: Palette.titleBar, thickness: 4)
        case .failed(let message):
            let box = layout.failureMessage(in: content)
            painter.text.drawParagraph(message, style: .body, color: Palette.textPrimary, in: box, alignment: .center, maxLines: 3)
            try painter.button("Retry", in: layout.retryButton(in: content),
                               fill: pressed == .retry ? Palette.accentPressed : Palette.accent, textColor: Palette.onDark)
        case .loaded, .refreshing:
            break
        }
    }
}

enum DetailsRenderer {
    /// The image (or its placeholder), the title block, the buttons, the sliders (label, grey track filled in the
    /// accent to the value) and the wrapped paragraph.
    static func draw(_ details: DetailsScreen, in content: Rect, reservingTrailing: Double = 0, pressed: ShellControl?,
                     with painter: Painter) throws {
        let layout = DetailsLayout(details, in: content, reservingTrailing: reservingTrailing)
        if let frame = layout.image { try painter.image(details.image, in: frame) }
        for line in layout.lines {
            let color: RGBA = switch line.style {
            case .overline: Palette.accent
            case .title: Palette.textPrimary
            default: Palette.textSecondary
            }
            painter.text.draw(line.text, style: line.style, color: color, in: line.frame)
        }
        for (index, frame) in layout.buttons.enumerated() {
            let fill = pressed == .action(index) ? Palette.accentPressed : Palette.accent
            try painter.button(details.actions[index].title, in: frame, fill: fill, textColor: Palette.onDark)
        }
        for (index, row) in layout.sliders.enumerated() {
            let slider = details.sliders[index]
            painter.text.draw(slider.label, style: .caption, color: Palette.textSecondary, in: row.label)
            let bar = Rect(x: row.track.x, y: row.track.center.y - 3, width: row.track.width, height: 6)
            painter.fill(bar, Palette.separator)
            painter.fill(Rect(x: bar.x, y: bar.y, width: (bar.width * slider.value).rounded(), height: bar.height),
                         pressed == .slider(index) ? Palette.accentPressed : Palette.accent)
        }
        painter.text.drawParagraph(details.paragraph, style: .body, color: Palette.textPrimary, in: layout.paragraph)
    }
}

enum SearchFieldRenderer {
    /// The field: a white box with the text (or the placeholder) and the cursor.
    static func draw(_ field: TextField, in box: Rect, with painter: Painter) throws {
        try painter.draw(Shapes.roundedRect(box, radius: 8, color: Palette.cardBorder, scale: painter.scale))
        try painter.draw(Shapes.roundedRect(box.insetBy(dx: 1, dy: 1), radius: 7, color: Palette.card, scale: painter.scale))
        let textBox = box.insetBy(dx: 12, dy: 0)
        if field.text.isEmpty {
            painter.text.draw(field.placeholder, style: .body, color: Palette.textSecondary, in: textBox)
        } else {
            painter.text.draw(field.text, style: .body, color: Palette.textPrimary, in: textBox)
        }
        let before = String(field.text.prefix(field.cursor))
        let x = min(textBox.maxX, textBox.x + painter.text.width(of: before, style: .body)) + 1
        painter.fill(Rect(x: x, y: box.y + 10, width: 1.5, height: box.height - 20), Palette.textPrimary)
    }
}

enum TabBarRenderer {
    /// The bar along the bottom: titles, the selected one in the accent colour and underlined.
    static func draw(_ tabs: TabBar, in bar: Rect, pressed: ShellControl?, with painter: Painter) throws {
        painter.fill(bar, Palette.card)
        painter.fill(Rect(x: bar.x, y: bar.y, width: bar.width, height: 1), Palette.separator)
        for (index, frame) in tabs.frames(in: bar).enumerated() {
            let item = tabs.items[index]
            let selected = item.id == tabs.selected
            if pressed == .tab(index) { painter.fill(frame, Palette.rowPressed) }
            painter.text.draw(item.title, style: .button, color: selected ? Palette.accent : Palette.textSecondary,
                              in: frame.insetBy(dx: 6, dy: 0), alignment: .center)
            if selected { painter.fill(Rect(x: frame.x + 12, y: frame.maxY - 4, width: frame.width - 24, height: 3), Palette.accent) }
        }
    }
}

enum NoticeRenderer {
    /// The scrim over the window, the card, its title, message and buttons (the first one filled).
    static func draw(_ notice: Notice, size: (width: Double, height: Double), pressed: ShellControl?, with painter: Painter) throws {
        painter.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), Palette.scrim)
        let layout = NoticeLayout(notice, in: .init(width: size.width, height: size.height))
        try painter.draw(Shapes.roundedRect(layout.card, radius: 12, color: Palette.cardBorder, scale: painter.scale))
        try painter.draw(Shapes.roundedRect(layout.card.insetBy(dx: 1, dy: 1), radius: 11, color: Palette.card, scale: painter.scale))
        painter.text.draw(notice.title, style: .title, color: Palette.textPrimary, in: layout.title)
        painter.text.drawParagraph(notice.message, style: .body, color: Palette.textSecondary, in: layout.message)
        for (index, frame) in layout.buttons.enumerated() {
            let primary = index == 0
            let isPressed = pressed == .noticeButton(index)
            let fill = primary ? (isPressed ? Palette.accentPressed : Palette.accent) : (isPressed ? Palette.rowPressed : Palette.secondaryButton)
            try painter.button(notice.buttons[index].title, in: frame, fill: fill, textColor: primary ? Palette.onDark : Palette.textPrimary)
        }
    }
}

/// Everything below the circle: the top screen (title bar, content by load state, tabs) and the notice.
enum ScreensRenderer {
    /// The colour to clear the canvas to: the rows' colour when a list fills the content area, so its rows need
    /// no fill of their own (the title bar and the tab bar fill the rest of the window; the list fills the
    /// room the rows leave). Under Xvfb the renderer is llvmpipe, which clears per tile but shades every pixel a
    /// fill covers: the row fills were about a quarter of the list's draw time (BENCHMARKS.md,
    /// `bench/list-scroll.py`). Otherwise the background's colour.
    static func clearColor(for frame: ShellFrame) -> RGBA {
        guard let screen = frame.screen, screen.load.showsContent, case .list(let list) = screen.body,
              list.frame == screen.content else { return Palette.background }
        return Palette.row
    }

    /// Draws the screens on a canvas cleared to `cleared` (``clearColor(for:)``, or the background's).
    static func draw(_ frame: ShellFrame, size: (width: Double, height: Double), cleared: RGBA = Palette.background,
                     with painter: Painter) throws {
        if let screen = frame.screen {
            let layout = ShellLayout(size: .init(width: size.width, height: size.height))
            // The content's background is the cleared canvas (no second fill: a software rasterizer pays per pixel).
            if screen.load.showsContent {
                switch screen.body {
                case .list(let list):
                    try ListRenderer.draw(list, rowsCleared: cleared == Palette.row, with: painter)
                case .details(let details):
                    try DetailsRenderer.draw(details, in: screen.content, reservingTrailing: screen.reservedTrailing,
                                             pressed: frame.pressedControl, with: painter)
                case .search(let field, let results):
                    try SearchFieldRenderer.draw(field, in: layout.searchField(in: screen.content), with: painter)
                    try painter.button("Search", in: layout.searchButton(in: screen.content),
                                       fill: frame.pressedControl == .searchButton ? Palette.accentPressed : Palette.accent,
                                       textColor: Palette.onDark)
                    try ListRenderer.draw(results, rowsCleared: false, with: painter)
                case .empty:
                    break
                }
            } else {
                try LoadStateRenderer.draw(screen.load, in: screen.content, pressed: frame.pressedControl, layout: layout, with: painter)
            }
            if let tabs = screen.tabs { try TabBarRenderer.draw(tabs, in: layout.tabBar, pressed: frame.pressedControl, with: painter) }
            try TitleBarRenderer.draw(screen, pressed: frame.pressedControl, layout: layout,
                                      showsNowPlayingMark: frame.showsNowPlayingMark, with: painter)
        }
        if let notice = frame.notice {
            try NoticeRenderer.draw(notice, size: size, pressed: frame.pressedControl, with: painter)
        }
    }
}
