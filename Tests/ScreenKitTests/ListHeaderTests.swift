import DragPhysics
import Foundation
import Testing

@testable import ScreenKit

/// Header rows (issue 19: Interlochen's categories as section headers): shorter, laid out by their own height,
/// never pressed or selected, not counted as loaded rows.
@Suite("Scrolling list: header rows")
struct ListHeaderTests {
    /// Header (32) + 3 items (72), twice: tops 0, 32, 104, 176, 248, 280, 352, 424; 496 in all.
    static func rows() -> [ListRow] {
        ["A", "B"].flatMap { group in
            [ListRow.header(id: RowID("header:\(group)"), title: group)]
                + (0..<3).map { ListRow(id: RowID("\(group)\($0)"), title: "\(group) \($0)") }
        }
    }

    func list(hasMore: Bool = false) -> ScrollingList {
        ScrollingList(rows: Self.rows(), hasMore: hasMore, frame: Rect(x: 0, y: 48, width: 800, height: 300))
    }

    @Test("layout: headers take the header height; frames, visible rows and the content length follow")
    func layout() {
        var list = list()
        #expect((0...8).map(list.rowTop) == [0, 32, 104, 176, 248, 280, 352, 424, 496])
        #expect(list.contentLength == 496 && list.itemCount == 6 && list.rows.count == 8)
        let top = list.visibleRows(at: 0)
        #expect(top.map(\.index) == [0, 1, 2, 3, 4, 5])
        #expect(top[0].frame == Rect(x: 0, y: 48, width: 800, height: 32))
        #expect(top[1].frame == Rect(x: 0, y: 80, width: 800, height: 72))
        list.scroll(to: 190, at: 1)
        let scrolled = list.visibleRows(at: 1)
        #expect(scrolled.map(\.index) == [3, 4, 5, 6, 7], "row 3 (176…248) still shows at offset 190")
        #expect(abs((scrolled.first?.frame.y ?? 0) - (48 + 176 - 190)) < 1e-9)
        #expect(list.frame(at: 1).rowCount == 6, "the trace's rowCount counts items, not headers")
    }

    @Test("a tap on a header selects nothing and highlights nothing; a tap on an item below it selects it")
    func taps() {
        var list = list()
        list.pointerDown(at: Point(x: 100, y: 48 + 10), time: 1)
        #expect(list.pressedRowID == nil)
        #expect(list.pointerUp(at: Point(x: 100, y: 48 + 10), time: 1.05).isEmpty)
        list.pointerDown(at: Point(x: 100, y: 48 + 40), time: 2)
        #expect(list.pressedRowID == "A0")
        #expect(list.pointerUp(at: Point(x: 100, y: 48 + 40), time: 2.05) == [.rowSelected("A0")])
        list.pointerDown(at: Point(x: 100, y: 48 + 250), time: 3)   // 248…280: header B
        #expect(list.pointerUp(at: Point(x: 100, y: 48 + 250), time: 3.05).isEmpty)
    }

    @Test("appended pages continue the layout; the loading row follows the last row; near-end uses the real length")
    func paging() {
        var list = list(hasMore: true)
        #expect(list.tick(at: 0) == [.nearEnd(rowCount: 8)], "496 − 300 < one viewport")
        #expect(list.contentLength == 496 + 72)
        list.scroll(to: 268, at: 1)
        #expect(list.footerFrame(at: 1) == Rect(x: 0, y: 48 + 496 - 268, width: 800, height: 72))
        list.appendRows([ListRow.header(id: "header:C", title: "C"), ListRow(id: "C0", title: "C 0")], hasMore: false, at: 2)
        #expect(list.rowTop(8) == 496 && list.rowTop(9) == 528 && list.contentLength == 600 && list.itemCount == 7)
        list.replaceRows(makeRows(0..<2), hasMore: false, at: 3)
        #expect(list.contentLength == 144 && list.itemCount == 2)
    }
}
