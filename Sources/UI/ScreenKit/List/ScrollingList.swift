import DragPhysics

/// A scrolling list of rows as a value: kinetic scrolling (``KineticScroller``), tap to select, a
/// "near the end" request for the next page, pull to refresh, and a loading (or failed) row at the end.
///
/// Events in (pointer, wheel, tick, data), outputs out (``Output``); time is passed in, nothing reads a
/// clock. Items have the style's row height, headers its header height; each row's top is kept (``rowTop(_:)``),
/// so what is visible at a time is a binary search on the offset. A header is never pressed or selected.
///
/// | state | event | outputs and changes |
/// |---|---|---|
/// | any | `pointerDown` on a row, content at rest | the row is pressed (highlighted) |
/// | moving | `pointerDown` | the content stops where it is; nothing is pressed (the press only catches it) |
/// | pressed | `pointerMoved` beyond `slop` | press cancelled, the content follows the finger (rubber band past the ends) |
/// | pressed | `pointerUp` within the slop | ``Output/rowSelected(_:)`` (on the failed loading row: ``Output/nearEnd(rowCount:)`` again, a retry) |
/// | dragging | `pointerUp` | fling, spring back or rest; pulled down ≥ `refreshThreshold` at the top of a refreshable list: ``Output/refreshRequested``, refreshing (room for a spinner kept open) |
/// | any | `wheel` | glide by `notches × wheelStep` |
/// | idle end, more pages | `tick` with the end < `nearEndViewports` viewports away | ``Output/nearEnd(rowCount:)`` once per row count, loading row shown |
/// | loading | ``appendRows(_:hasMore:at:)`` | rows added, loading row gone (a new near-end can fire for the new count) |
/// | loading | ``loadingMoreFailed(message:at:)`` | failed row with the message (a tap on it retries) |
/// | refreshing | ``setRefreshing(_:at:)`` false | the spinner room closes (springs back) |
///
/// ```swift
/// var list = ScrollingList(rows: rows, hasMore: true, frame: Rect(x: 0, y: 48, width: 800, height: 552))
/// list.tick(at: 0)                       // [] (the end is far) or [.nearEnd(rowCount: 25)]
/// list.pointerDown(at: Point(x: 100, y: 60), time: 1)
/// list.pointerUp(at: Point(x: 100, y: 60), time: 1.1)   // [.rowSelected(rows[0].id)]
/// ```
public struct ScrollingList: Sendable {
    /// What the list asks of its app.
    public enum Output: Hashable, Sendable {
        /// A row was tapped.
        case rowSelected(RowID)
        /// The end is near (or a failed page load was tapped): load the page after these `rowCount` rows.
        case nearEnd(rowCount: Int)
        /// The list was pulled down past the threshold and released: reload it.
        case refreshRequested
    }

    /// The extra row at the end.
    public enum Footer: Hashable, Sendable {
        /// The next page is loading: a spinner.
        case loading
        /// The next page failed: the message; a tap retries.
        case failed(message: String)
    }

    /// A row on screen at some time: its index, the row, and its frame in window points.
    public struct VisibleRow: Hashable, Sendable {
        /// Position in ``ScrollingList/rows``.
        public var index: Int
        /// The row.
        public var row: ListRow
        /// Where it is drawn (may extend past the list's frame; drawing clips).
        public var frame: Rect
    }

    private enum PressTarget: Hashable, Sendable {
        case row(RowID)
        case footer
    }

    private struct Press: Sendable {
        var down: Point
        var caught: Bool
        var beyondSlop: Bool
        var target: PressTarget?
    }

    /// The rows, in order.
    public private(set) var rows: [ListRow]
    /// Whether there are pages after these rows.
    public private(set) var hasMore: Bool
    /// The extra row at the end, while a page loads or after it failed.
    public private(set) var footer: Footer?
    /// Whether a refresh runs (the spinner shows at the top, in room kept open for it).
    public private(set) var isRefreshing: Bool
    /// The row under a press that may still become a tap (drawn highlighted), if any.
    public private(set) var pressedRowID: RowID?
    /// Whether a press on the failed loading row may still become a tap.
    public private(set) var isFooterPressed: Bool
    /// Where the list is, in window points.
    public private(set) var frame: Rect
    /// Row height, thumbnails, refresh and paging settings.
    public let style: ListStyle
    /// The scrolling along y.
    public private(set) var scroller: KineticScroller
    /// The row count a near-end request was last made for (a request is made once per count).
    public private(set) var nearEndRequestedAt: Int?
    private var press: Press?
    /// The top of each row in content points, then the end of the last: `rows.count + 1` values.
    private var rowTops: [Double]
    /// How many of ``rows`` are headers.
    private var headerCount: Int

    /// Creates a list at rest at its top.
    public init(rows: [ListRow] = [], hasMore: Bool = false, style: ListStyle = .default, frame: Rect = .zero,
                configuration: ScrollConfiguration = .default) {
        self.rows = rows
        self.hasMore = hasMore
        self.footer = nil
        self.isRefreshing = false
        self.pressedRowID = nil
        self.isFooterPressed = false
        self.frame = frame
        self.style = style
        self.rowTops = Self.tops(of: rows, style: style, from: 0)
        self.headerCount = rows.lazy.filter(\.isHeader).count
        self.scroller = KineticScroller(viewport: frame.height, contentLength: rowTops.last ?? 0,
                                        configuration: configuration)
    }

    // MARK: Reading

    /// Room kept free after the last row (and the loading row), in points, so the end of the list scrolls clear of
    /// what floats over its bottom (the circle docked at the window's bottom right; ``Shell/circleReserve``).
    public private(set) var endInset = 0.0

    /// The content's extent: every row plus the loading row when shown, plus ``endInset``.
    public var contentLength: Double {
        rowsLength + (footer == nil ? 0 : style.rowHeight) + endInset
    }

    /// Keeps `inset` points free after the end (non-finite or negative: 0) at `t`; the offset is kept, clamped.
    public mutating func setEndInset(_ inset: Double, at t: Double) {
        let inset = inset.isFinite ? max(0, inset) : 0
        guard inset != endInset else { return }
        endInset = inset
        scroller.setContentLength(contentLength, at: t)
    }

    /// The rows' extent, without the loading row.
    private var rowsLength: Double { rowTops.last ?? 0 }

    /// The top of row `index` in content points (0: the first row's top); `rows.count` gives the end of the last.
    public func rowTop(_ index: Int) -> Double { rowTops[max(0, min(index, rowTops.count - 1))] }

    /// The items (rows that are not headers): what a trace counts as loaded rows.
    public var itemCount: Int { rows.count - headerCount }

    /// Tops of `rows` laid out from `start`, then the end of the last.
    private static func tops(of rows: [ListRow], style: ListStyle, from start: Double) -> [Double] {
        var tops = [start]
        tops.reserveCapacity(rows.count + 1)
        for row in rows { tops.append((tops.last ?? start) + style.height(of: row)) }
        return tops
    }

    /// The index of the row at content position `y` (`rows.count` past the last row); `y` ≥ 0.
    private func index(at y: Double) -> Int {
        var low = 0, high = rows.count   // rowTops[low] <= y; answer in low...high
        while low < high {
            let mid = (low + high + 1) / 2
            if rowTops[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The scroll offset at `t` (0: the first row at the top).
    public func offset(at t: Double) -> Double { scroller.offset(at: t) }

    /// Whether the content moves on its own at `t`.
    public func isMoving(at t: Double) -> Bool { scroller.isMoving(at: t) }

    /// How far the content is pulled down past its top at `t` (what the refresh spinner grows with).
    public func pullDistance(at t: Double) -> Double { max(0, -scroller.offset(at: t)) }

    /// Whether a release at `t` would refresh (pulled past the threshold of a refreshable list).
    public func isPullArmed(at t: Double) -> Bool {
        style.isRefreshable && !isRefreshing && scroller.isHeld && pullDistance(at: t) >= style.refreshThreshold
    }

    /// The rows that intersect the frame at `t`, top to bottom.
    public func visibleRows(at t: Double) -> [VisibleRow] {
        guard frame.height > 0, !rows.isEmpty, rowsLength > 0 else { return [] }
        let offset = scroller.offset(at: t)
        guard offset.isFinite else { return [] }
        var visible: [VisibleRow] = []
        var index = index(at: max(0, offset))
        while index < rows.count, rowTops[index] < offset + frame.height {
            let top = rowTops[index]
            let rowFrame = Rect(x: frame.x, y: frame.y + top - offset, width: frame.width, height: rowTops[index + 1] - top)
            if rowFrame.maxY > frame.y, rowFrame.height > 0 { visible.append(VisibleRow(index: index, row: rows[index], frame: rowFrame)) }
            index += 1
        }
        return visible
    }

    /// Where the loading row is drawn at `t`, if it is shown and on screen.
    public func footerFrame(at t: Double) -> Rect? {
        guard footer != nil else { return nil }
        let h = style.rowHeight
        let y = frame.y + rowsLength - scroller.offset(at: t)
        guard y < frame.maxY, y + h > frame.y else { return nil }
        return Rect(x: frame.x, y: y, width: frame.width, height: h)
    }

    private func target(at point: Point, time t: Double) -> PressTarget? {
        guard frame.contains(point) else { return nil }
        let position = point.y - frame.y + scroller.offset(at: t)
        guard position >= 0, position.isFinite else { return nil }
        let index = index(at: position)
        if index < rows.count { return rows[index].isHeader ? nil : .row(rows[index].id) }
        if footer != nil, position < rowsLength + style.rowHeight { return .footer }
        return nil
    }

    // MARK: Pointer and wheel

    /// A press at `point` (inside ``frame``) at `t`.
    public mutating func pointerDown(at point: Point, time t: Double) {
        guard point.x.isFinite, point.y.isFinite, t.isFinite else { return }
        let caught = scroller.grab(at: t)
        let target = caught ? nil : target(at: point, time: t)
        press = Press(down: point, caught: caught, beyondSlop: false, target: target)
        updatePressHighlight()
    }

    /// The pressed pointer moved to `point` at `t`.
    public mutating func pointerMoved(to point: Point, time t: Double) {
        guard var current = press, point.x.isFinite, point.y.isFinite, t.isFinite else { return }
        if !current.beyondSlop {
            let distance = point.distance(to: current.down)
            let slop = scroller.configuration.slop
            guard distance > slop else { return }
            current.beyondSlop = true
            current.target = nil
            press = current
            updatePressHighlight()
            // The content follows from where the stroke left the slop circle, so a coarse first step
            // (a fast finger, a slow frame) loses no more than the slop.
            let crossing = current.down.y + (point.y - current.down.y) * slop / distance
            scroller.beginDrag(pointer: crossing, at: t)
        }
        scroller.drag(to: point.y, at: t)
    }

    /// The pointer lifted at `point` at `t`.
    public mutating func pointerUp(at point: Point, time t: Double) -> [Output] {
        guard let current = press, t.isFinite else { return [] }
        press = nil
        updatePressHighlight()
        var outputs: [Output] = []
        if current.beyondSlop {
            if point.y.isFinite { scroller.drag(to: point.y, at: t) }
            let refresh = isPullArmed(at: t)
            scroller.release(at: t)
            if refresh {
                // Opened after the release, so the content springs from where the finger left it to the
                // spinner's room (opening it while held would move the rubber band's origin: a jump).
                isRefreshing = true
                scroller.setLeadingInset(style.refreshHoldHeight, at: t)
                outputs.append(.refreshRequested)
            }
            return outputs
        }
        scroller.release(at: t)
        switch current.target {
        case .row(let id)?:
            outputs.append(.rowSelected(id))
        case .footer?:
            if case .failed = footer {
                footer = .loading
                scroller.setContentLength(contentLength, at: t)
                outputs.append(.nearEnd(rowCount: rows.count))
            }
        case nil:
            break
        }
        return outputs
    }

    /// The press was cancelled (the window lost the pointer): no tap; the content is released.
    public mutating func pointerCancelled(time t: Double) {
        guard press != nil else { return }
        press = nil
        updatePressHighlight()
        scroller.release(at: t)
    }

    private mutating func updatePressHighlight() {
        switch press?.target {
        case .row(let id)?:
            pressedRowID = id
            isFooterPressed = false
        case .footer?:
            pressedRowID = nil
            isFooterPressed = true
        case nil:
            pressedRowID = nil
            isFooterPressed = false
        }
    }

    /// The mouse wheel turned `notches` at `t` (positive towards the end of the list).
    public mutating func wheel(notches: Double, time t: Double) {
        scroller.wheel(by: notches * scroller.configuration.wheelStep, at: t)
    }

    // MARK: Time and data

    /// The frame at `t`: tidies finished motion and asks for the next page when the end is near.
    public mutating func tick(at t: Double) -> [Output] {
        guard t.isFinite else { return [] }
        scroller.settle(at: t)
        guard hasMore, footer == nil, !isRefreshing, nearEndRequestedAt != rows.count, frame.height > 0 else { return [] }
        let remaining = rowsLength - (scroller.offset(at: t) + frame.height)
        guard remaining < style.nearEndViewports * frame.height else { return [] }
        nearEndRequestedAt = rows.count
        footer = .loading
        scroller.setContentLength(contentLength, at: t)
        return [.nearEnd(rowCount: rows.count)]
    }

    /// Moves the list to `rect` (the window was resized) at `t`.
    public mutating func setFrame(_ rect: Rect, at t: Double) {
        frame = rect
        scroller.setViewport(rect.height, at: t)
    }

    /// Replaces every row (a first page, or the result of a refresh) at `t`: the loading row goes and
    /// paging starts over. The offset is kept (clamped to the new content).
    public mutating func replaceRows(_ rows: [ListRow], hasMore: Bool, at t: Double) {
        self.rows = rows
        rowTops = Self.tops(of: rows, style: style, from: 0)
        headerCount = rows.lazy.filter(\.isHeader).count
        self.hasMore = hasMore
        footer = nil
        nearEndRequestedAt = nil
        if press != nil { press = nil; updatePressHighlight() }
        scroller.setContentLength(contentLength, at: t)
    }

    /// Adds the next page's rows at `t`; the loading row goes.
    public mutating func appendRows(_ newRows: [ListRow], hasMore: Bool, at t: Double) {
        rows.append(contentsOf: newRows)
        rowTops += Self.tops(of: newRows, style: style, from: rowsLength).dropFirst()
        headerCount += newRows.lazy.filter(\.isHeader).count
        self.hasMore = hasMore
        footer = nil
        scroller.setContentLength(contentLength, at: t)
    }

    /// The next page failed at `t`: the loading row shows `message`; a tap on it asks again.
    public mutating func loadingMoreFailed(message: String, at t: Double) {
        footer = .failed(message: message)
        scroller.setContentLength(contentLength, at: t)
    }

    /// Starts or ends a refresh at `t`: while refreshing, room for the spinner stays open at the top.
    public mutating func setRefreshing(_ refreshing: Bool, at t: Double) {
        guard refreshing != isRefreshing else { return }
        isRefreshing = refreshing
        scroller.setLeadingInset(refreshing ? style.refreshHoldHeight : 0, at: t)
    }

    /// Jumps to offset `offset` (clamped) at `t`.
    public mutating func scroll(to offset: Double, at t: Double) {
        scroller.scroll(to: offset, at: t)
    }
}
