import DragPhysics
import Foundation
import Testing

@testable import ScreenKit

func makeRows(_ range: Range<Int>) -> [ListRow] {
    range.map { ListRow(id: RowID("row-\($0)"), title: "Row \($0)") }
}

/// A list 800 × 552 at y 48 (below a title bar), 72 pt rows.
func makeList(rows: Int = 100, hasMore: Bool = false, style: ListStyle = .default) -> ScrollingList {
    ScrollingList(rows: makeRows(0..<rows), hasMore: hasMore, style: style, frame: Rect(x: 0, y: 48, width: 800, height: 552))
}

extension ScrollingList {
    /// A vertical drag from `y0` to `y1` at x = 400 over `duration`, sampled every 8 ms, then a release.
    mutating func drag(from y0: Double, to y1: Double, start: Double, duration: Double, holdBeforeRelease: Double = 0) -> [Output] {
        pointerDown(at: Point(x: 400, y: y0), time: start)
        var t = start
        while t < start + duration - 1e-9 {
            t += 0.008
            let fraction = min(1, (t - start) / duration)
            pointerMoved(to: Point(x: 400, y: y0 + (y1 - y0) * fraction), time: min(t, start + duration))
        }
        return pointerUp(at: Point(x: 400, y: y1), time: start + duration + holdBeforeRelease)
    }
}

@Suite("Scrolling list")
struct ScrollingListTests {
    @Test("visible rows: the ones intersecting the frame at the offset, with their frames")
    func visibleRows() {
        var list = makeList()
        let top = list.visibleRows(at: 0)
        #expect(top.map(\.index) == Array(0...7))  // 552 / 72 = 7.67 rows
        #expect(top[0].frame == Rect(x: 0, y: 48, width: 800, height: 72))
        list.scroll(to: 100, at: 1)
        let scrolled = list.visibleRows(at: 1)
        #expect(scrolled.first?.index == 1 && scrolled.first?.frame.y == 48 + 72 - 100)
        #expect(scrolled.last?.index == 9)
        #expect(makeList(rows: 0).visibleRows(at: 0).isEmpty)
    }

    @Test("a tap selects the row under it; the row is highlighted while pressed")
    func tapSelects() {
        var list = makeList()
        list.pointerDown(at: Point(x: 300, y: 48 + 72 * 2 + 10), time: 1)
        #expect(list.pressedRowID == "row-2")
        let outputs = list.pointerUp(at: Point(x: 302, y: 48 + 72 * 2 + 12), time: 1.1)
        #expect(outputs == [.rowSelected("row-2")])
        #expect(list.pressedRowID == nil)
    }

    @Test("a drag beyond the slop never selects, and scrolls")
    func dragDoesNotSelect() {
        var list = makeList()
        let outputs = list.drag(from: 400, to: 200, start: 1, duration: 0.3, holdBeforeRelease: 0.1)
        #expect(outputs.isEmpty)
        #expect(list.pressedRowID == nil)
        // The content follows from where the finger left the 6 pt slop circle.
        #expect(abs(list.offset(at: 2) - 194) < 1e-9)
    }

    @Test("moving less than the slop still taps; more cancels the highlight")
    func slop() {
        var list = makeList()
        list.pointerDown(at: Point(x: 400, y: 300), time: 0)
        list.pointerMoved(to: Point(x: 404, y: 303), time: 0.05)  // 5 pt < 6 pt
        #expect(list.pressedRowID != nil)
        list.pointerMoved(to: Point(x: 400, y: 307), time: 0.1)   // 7 pt
        #expect(list.pressedRowID == nil)
        do { let result = list.pointerUp(at: Point(x: 400, y: 307), time: 0.2); #expect(result.isEmpty) }
    }

    @Test("a tap on a moving list stops it without selecting")
    func tapCatches() {
        var list = makeList()
        _ = list.drag(from: 500, to: 200, start: 0, duration: 0.1)
        #expect(list.isMoving(at: 0.3))
        let where_ = list.offset(at: 0.3)
        list.pointerDown(at: Point(x: 400, y: 300), time: 0.3)
        #expect(list.pressedRowID == nil)
        do { let result = list.pointerUp(at: Point(x: 400, y: 300), time: 0.35); #expect(result.isEmpty) }
        #expect(list.offset(at: 3) == where_)
    }

    @Test("the end near: nearEnd once per row count, a loading row shown; appending more lets it fire again")
    func nearEndOnce() {
        var list = makeList(rows: 25, hasMore: true)  // 1,800 pt of rows in a 552 pt view: the end is 1.2 views away
        do { let result = list.tick(at: 0); #expect(result.isEmpty) }
        list.scroll(to: 800, at: 1)  // end now 448 pt below the view: less than one view
        do { let result = list.tick(at: 1); #expect(result == [.nearEnd(rowCount: 25)]) }
        #expect(list.footer == .loading)
        #expect(list.contentLength == 26 * 72)
        for frame in 1...120 { do { let result = list.tick(at: 1 + Double(frame) / 60); #expect(result.isEmpty) } }
        list.appendRows(makeRows(25..<50), hasMore: true, at: 3)
        #expect(list.footer == nil && list.rows.count == 50)
        do { let result = list.tick(at: 3); #expect(result.isEmpty) }  // at 800 of 3,600: far from the end
        list.scroll(to: 3000, at: 4)
        do { let result = list.tick(at: 4); #expect(result == [.nearEnd(rowCount: 50)]) }
        list.appendRows(makeRows(50..<60), hasMore: false, at: 5)
        list.scroll(to: 10_000, at: 6)
        do { let result = list.tick(at: 6); #expect(result.isEmpty) }  // no more pages
        #expect(list.nearEndRequestedAt == 50)
    }

    @Test("a page that adds no rows does not ask again (no loop)")
    func emptyPageDoesNotLoop() {
        var list = makeList(rows: 3, hasMore: true)
        do { let result = list.tick(at: 0); #expect(result == [.nearEnd(rowCount: 3)]) }  // a short first page asks at once
        list.appendRows([], hasMore: true, at: 1)
        do { let result = list.tick(at: 1); #expect(result.isEmpty) }
        do { let result = list.tick(at: 2); #expect(result.isEmpty) }
    }

    @Test("a failed page shows the message; a tap on it retries (nearEnd again, loading)")
    func failedPageRetries() {
        var list = makeList(rows: 3, hasMore: true)
        _ = list.tick(at: 0)
        list.loadingMoreFailed(message: "HTTP 500", at: 1)
        #expect(list.footer == .failed(message: "HTTP 500"))
        do { let result = list.tick(at: 2); #expect(result.isEmpty) }  // no automatic retry
        let footerY = 48 + 3 * 72 + 30.0
        list.pointerDown(at: Point(x: 400, y: footerY), time: 3)
        #expect(list.isFooterPressed)
        do { let result = list.pointerUp(at: Point(x: 400, y: footerY), time: 3.1); #expect(result == [.nearEnd(rowCount: 3)]) }
        #expect(list.footer == .loading)
    }

    @Test("pull to refresh: a pull past the threshold asks on release and keeps room for the spinner; less does nothing")
    func pullToRefresh() throws {
        var list = makeList()
        // Finger 100 pt down: the rubber band shows ≈ 50 pt < 64 pt: no refresh.
        do { let result = list.drag(from: 200, to: 300, start: 0, duration: 0.3, holdBeforeRelease: 0.1); #expect(result.isEmpty) }
        #expect(!list.isRefreshing)
        // Finger 200 pt down: ≈ 92 pt shown ≥ 64.
        list.pointerDown(at: Point(x: 400, y: 200), time: 2)
        list.pointerMoved(to: Point(x: 400, y: 300), time: 2.1)
        list.pointerMoved(to: Point(x: 400, y: 400), time: 2.3)
        #expect(list.isPullArmed(at: 2.3))
        let pulled = list.offset(at: 2.4)
        do { let result = list.pointerUp(at: Point(x: 400, y: 400), time: 2.4); #expect(result == [.refreshRequested]) }
        #expect(abs(list.offset(at: 2.4) - pulled) < 1e-9, "the release moved the content")
        #expect(list.isRefreshing && list.scroller.minOffset == -56)
        let end = try #require(list.scroller.restTime)
        #expect(list.offset(at: end) == -56)
        do { let result = list.tick(at: end); #expect(result.isEmpty) }
        list.setRefreshing(false, at: end + 1)
        list.replaceRows(makeRows(0..<10), hasMore: false, at: end + 1)
        #expect(list.offset(at: try #require(list.scroller.restTime)) == 0)
    }

    @Test("a list that is not refreshable never asks")
    func notRefreshable() {
        var list = makeList(style: ListStyle(isRefreshable: false))
        do { let result = list.drag(from: 200, to: 500, start: 0, duration: 0.3, holdBeforeRelease: 0.1); #expect(result.isEmpty) }
    }

    @Test("the wheel scrolls by notches × wheelStep towards the end")
    func wheel() throws {
        var list = makeList()
        list.wheel(notches: 2, time: 0)
        #expect(list.offset(at: try #require(list.scroller.restTime)) == 160)
    }

    @Test("frame-rate independence: a fling through pages gives the same requests and offsets at 30, 60 and 144 fps")
    func frameRates() {
        func run(fps: Double) -> (requests: [Int], offsets: [Double]) {
            var list = makeList(rows: 10, hasMore: true)  // pages of 10 rows, 40 in all
            var requests: [Int] = []
            var offsets: [Double] = []
            var pending: Double?  // when the requested page arrives: 200 ms after the frame that asked
            // The fling's input happens at fixed times, whatever the frame rate (3,000 pt/s upwards); each
            // frame first applies the input that happened since the last one, as the window's loop does.
            enum Kind { case down, move, up }
            var inputs: [(kind: Kind, time: Double, y: Double)] = [(.down, 1.0, 500)]
            for k in 1...10 { inputs.append((.move, 1.0 + Double(k) * 0.01, 500 - Double(k) * 30)) }
            inputs.append((.up, 1.1, 200))
            var frame = 0
            while Double(frame) / fps <= 5 {
                let t = Double(frame) / fps
                while let input = inputs.first, input.time <= t {
                    inputs.removeFirst()
                    let point = Point(x: 400, y: input.y)
                    switch input.kind {
                    case .down: list.pointerDown(at: point, time: input.time)
                    case .move: list.pointerMoved(to: point, time: input.time)
                    case .up: _ = list.pointerUp(at: point, time: input.time)
                    }
                }
                if let due = pending, t >= due {
                    list.appendRows(makeRows(list.rows.count..<(list.rows.count + 10)), hasMore: list.rows.count + 10 < 40, at: t)
                    pending = nil
                }
                for case .nearEnd(let count) in list.tick(at: t) {
                    requests.append(count)
                    pending = t + 0.2
                }
                if abs(t * 2 - (t * 2).rounded()) < 1e-9 { offsets.append(list.offset(at: t)) }
                frame += 1
            }
            return (requests, offsets)
        }
        let runs = [run(fps: 30), run(fps: 60), run(fps: 144)]
        for r in runs { #expect(r.requests == [10, 20, 30], "\(r.requests)") }
        // Content that grows under a fling re-plans it from the same position and speed, so the offsets at
        // the times the three rates share agree (to rounding), wherever the pages landed.
        #expect(runs[0].offsets.count == runs[1].offsets.count && runs[1].offsets.count == runs[2].offsets.count)
        for (a, (b, c)) in zip(runs[0].offsets, zip(runs[1].offsets, runs[2].offsets)) {
            #expect(abs(a - b) < 1e-6 && abs(b - c) < 1e-6, "\(a), \(b), \(c)")
        }
        #expect(runs[0].offsets.last! > 1000)
    }

    @Test("an album of 60 rows in pages of 25, scrolled to the end: pages after 25 and 50 rows, and no more")
    func album() {
        var list = makeList(rows: 25, hasMore: true)
        var requested: [Int] = []
        var t = 0.0
        for _ in 0..<200 {
            t += 1 / 60
            for case .nearEnd(let count) in list.tick(at: t) {
                requested.append(count)
                let more = min(25, 60 - count)
                list.appendRows(makeRows(count..<(count + more)), hasMore: count + more < 60, at: t)
            }
            list.wheel(notches: 1, time: t)
        }
        #expect(requested == [25, 50])
        #expect(list.rows.count == 60 && !list.hasMore && list.footer == nil)
        #expect(list.visibleRows(at: t + 5).last?.row.id == "row-59")
    }

    @Test("resizing moves the frame and keeps the offset inside")
    func resize() {
        var list = makeList(rows: 10)
        list.scroll(to: 168, at: 0)  // the end (720 − 552)
        list.setFrame(Rect(x: 0, y: 48, width: 800, height: 652), at: 1)
        #expect(list.scroller.viewport == 652)
        #expect(list.scroller.maxOffset == 68)
    }
}
