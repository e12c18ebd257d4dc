import DragPhysics
import Foundation
import ScreenKit

/// A list: rows (thumbnail or placeholder, overline, title, subtitle, badge), header rows (a band with the
/// title in capitals, not selectable), the pressed row highlighted,
/// separators, the loading (or failed) row at the end, and the pull-to-refresh spinner in the room the
/// rubber band opens above the first row.
enum ListRenderer {
    /// Draws `list`; `rowsCleared`: the canvas under the list was cleared to the rows' colour
    /// (``ScreensRenderer/clearColor(for:)``), so unpressed rows are not filled again and the room the rows leave
    /// (above the first, below the last or the footer) is filled with the background's colour instead.
    static func draw(_ list: ListFrame, rowsCleared: Bool = false, with painter: Painter) throws {
        painter.canvas.clip(to: list.frame)
        defer { painter.canvas.clip(to: nil) }
        let style = list.style
        if rowsCleared { fillRoomAroundRows(of: list, with: painter) }
        for visible in list.rows {
            try drawRow(visible.row, in: visible.frame, pressed: visible.row.id == list.pressedRowID, style: style,
                        filled: !rowsCleared, with: painter)
        }
        if let footer = list.footer, let frame = list.footerFrame {
            try drawFooter(footer, in: frame, pressed: list.isFooterPressed, with: painter)
        }
        try drawPull(list, with: painter)
    }

    /// The list's frame less its rows and footer, filled with the background's colour: the room above the first
    /// visible row and below the last (or the footer). What lies between needs nothing: the visible rows are
    /// contiguous, each starting where the one above ends (``ScreenKit/ScrollingList``'s row tops), whatever their
    /// heights (an item's ``ScreenKit/ListStyle/rowHeight``, a header's ``ScreenKit/ListStyle/headerHeight``).
    private static func fillRoomAroundRows(of list: ListFrame, with painter: Painter) {
        let frame = list.frame
        let top = list.rows.first?.frame.y ?? list.footerFrame?.y ?? frame.maxY
        let bottom = list.footerFrame?.maxY ?? list.rows.last?.frame.maxY ?? frame.maxY
        if top > frame.y { painter.fill(Rect(x: frame.x, y: frame.y, width: frame.width, height: top - frame.y), Palette.background) }
        if bottom < frame.maxY {
            painter.fill(Rect(x: frame.x, y: bottom, width: frame.width, height: frame.maxY - bottom), Palette.background)
        }
    }

    /// One row in `frame`; `filled` false: the canvas under it already has the rows' colour (pressed rows are
    /// filled all the same; headers fill themselves with the background's).
    static func drawRow(_ row: ListRow, in frame: Rect, pressed: Bool, style: ListStyle, filled: Bool = true,
                        with painter: Painter) throws {
        if row.isHeader {
            drawHeader(row, in: frame, with: painter)
            return
        }
        if filled || pressed { painter.fill(frame, pressed ? Palette.rowPressed : Palette.row) }
        painter.fill(Rect(x: frame.x + style.textInset, y: frame.maxY - 1, width: frame.width - style.textInset, height: 1), Palette.separator)
        if let thumbnail = style.thumbnailFrame() {
            try painter.image(row.thumbnail, in: Rect(x: frame.x + thumbnail.x, y: frame.y + thumbnail.y,
                                                     width: thumbnail.width, height: thumbnail.height))
        }
        var right = frame.maxX - ListStyle.padding
        if let badge = row.badge, !badge.isEmpty {
            let width = painter.text.width(of: badge, style: .overline) + 14
            let box = Rect(x: right - width, y: frame.y + (frame.height - 20) / 2, width: width, height: 20)
            try painter.draw(Shapes.roundedRect(box, radius: 4, color: Palette.badge, scale: painter.scale))
            painter.text.draw(badge, style: .overline, color: Palette.onDark, in: box, alignment: .center)
            right = box.x - 10
        }
        let x = frame.x + style.textInset
        let width = max(0, right - x)
        var lines: [(String, TextStyle, RGBA)] = []
        if let overline = row.overline, !overline.isEmpty { lines.append((overline, .overline, Palette.accent)) }
        lines.append((row.title, .rowTitle, Palette.textPrimary))
        if let subtitle = row.subtitle, !subtitle.isEmpty { lines.append((subtitle, .body, Palette.textSecondary)) }
        let total = lines.reduce(0) { $0 + $1.1.lineHeight }
        var y = frame.y + ((frame.height - total) / 2).rounded()
        for (text, textStyle, color) in lines {
            painter.text.draw(text, style: textStyle, color: color, in: Rect(x: x, y: y, width: width, height: textStyle.lineHeight))
            y += textStyle.lineHeight
        }
    }

    /// A header: the list's background with the title in capitals at the left, in the accent colour, over a rule.
    static func drawHeader(_ row: ListRow, in frame: Rect, with painter: Painter) {
        painter.fill(frame, Palette.background)
        painter.fill(Rect(x: frame.x, y: frame.maxY - 1, width: frame.width, height: 1), Palette.separator)
        let style = TextStyle.overline
        painter.text.draw(row.title.uppercased(), style: style, color: Palette.accent,
                          in: Rect(x: frame.x + ListStyle.padding + 4, y: frame.maxY - style.lineHeight - 6,
                                   width: max(0, frame.width - 2 * ListStyle.padding - 4), height: style.lineHeight))
    }

    static func drawFooter(_ footer: ScrollingList.Footer, in frame: Rect, pressed: Bool, with painter: Painter) throws {
        painter.fill(frame, pressed ? Palette.rowPressed : Palette.background)
        switch footer {
        case .loading:
            let label = "Loading…"
            let width = painter.text.width(of: label, style: .body)
            let left = frame.center.x - (width + 30) / 2
            try painter.spinner(at: Point(x: left + 10, y: frame.center.y), r: 9, color: Palette.titleBar, thickness: 2.5)
            painter.text.draw(label, style: .body, color: Palette.textSecondary,
                              in: Rect(x: left + 30, y: frame.y, width: width + 2, height: frame.height))
        case .failed(let message):
            painter.text.draw("Couldn't load more: \(message)", style: .body, color: Palette.error,
                              in: Rect(x: frame.x + 16, y: frame.y + 8, width: frame.width - 32, height: TextStyle.body.lineHeight + 4),
                              alignment: .center)
            painter.text.draw("Tap to retry", style: .button, color: Palette.accent,
                              in: Rect(x: frame.x, y: frame.y + 34, width: frame.width, height: TextStyle.button.lineHeight),
                              alignment: .center)
        }
    }

    /// The refresh spinner: grows with the pull (its arc is the share of the threshold pulled), full when a
    /// release would refresh, turning while refreshing.
    static func drawPull(_ list: ListFrame, with painter: Painter) throws {
        let shown = max(list.pullDistance, 0)
        guard shown > 4 || list.isRefreshing else { return }
        let room = list.isRefreshing ? max(shown, 0) : shown
        guard room > 4 else {
            // Refreshing with the room scrolled away: the title bar's spinner says so.
            return
        }
        let center = Point(x: list.frame.center.x, y: list.frame.y + min(room, list.style.refreshHoldHeight) / 2)
        let progress = min(1, shown / list.style.refreshThreshold)
        let sweep = list.isRefreshing || list.isPullArmed ? IconGeometry.spinnerSweep : max(0.1, progress * IconGeometry.spinnerSweep)
        try painter.spinner(at: center, r: 11, color: Palette.titleBar, sweep: sweep, turning: list.isRefreshing)
    }
}
