import DragPhysics
import Foundation
import Testing

@testable import ScreenKit

@Suite("Text field")
struct TextFieldTests {
    @Test("insert, delete both ways, cursor moves, clear and submit; edits report the new text")
    func edits() {
        var field = TextField(placeholder: "Search")
        do { let result = field.send(.insert("jazz")); #expect(result == [.changed("jazz")]) }
        #expect(field.cursor == 4)
        field.send(.moveLeft)
        field.send(.moveLeft)
        do { let result = field.send(.insert("–")); #expect(result == [.changed("ja–zz")]) }
        do { let result = field.send(.deleteForward); #expect(result == [.changed("ja–z")]) }
        do { let result = field.send(.deleteBackward); #expect(result == [.changed("jaz")]) }
        field.send(.moveToStart)
        do { let result = field.send(.deleteBackward); #expect(result.isEmpty) }
        field.send(.moveToEnd)
        do { let result = field.send(.deleteForward); #expect(result.isEmpty) }
        do { let result = field.send(.submit); #expect(result == [.submitted("jaz")]) }
        do { let result = field.send(.clear); #expect(result == [.changed("")]) }
        do { let result = field.send(.clear); #expect(result.isEmpty) }
    }

    @Test("the cursor counts Characters: an emoji or an accent is deleted whole")
    func graphemes() {
        var field = TextField(text: "né🎷")
        #expect(field.cursor == 3)
        do { let result = field.send(.deleteBackward); #expect(result == [.changed("né")]) }
        do { let result = field.send(.deleteBackward); #expect(result == [.changed("n")]) }
    }

    @Test("newlines are dropped and the length is capped")
    func limits() {
        var field = TextField(maximumLength: 5)
        do { let result = field.send(.insert("ab\ncdefg")); #expect(result == [.changed("abcde")]) }
        do { let result = field.send(.insert("x")); #expect(result.isEmpty) }
        do { let result = field.send(.insert("\n")); #expect(result.isEmpty) }
    }
}

@Suite("Tab bar")
struct TabBarTests {
    @Test("the first tab is selected; select reports a change; frames split the bar evenly")
    func tabs() {
        var bar = TabBar(items: [.init(id: "a", title: "A"), .init(id: "b", title: "B"), .init(id: "c", title: "C")])
        #expect(bar.selected == "a")
        do { let result = bar.select("a"); #expect(!result && !bar.select("zzz")) }
        do { let result = bar.select("c"); #expect(result && bar.selected == "c") }
        let frames = bar.frames(in: Rect(x: 0, y: 544, width: 600, height: 56))
        #expect(frames.map(\.x) == [0, 200, 400] && frames.allSatisfy { $0.width == 200 })
        #expect(bar.index(at: Point(x: 450, y: 560), in: Rect(x: 0, y: 544, width: 600, height: 56)) == 2)
        #expect(TabBar(items: [.init(id: "a", title: "A")], selected: "nope").selected == "a")
    }
}

@Suite("Layouts")
struct LayoutTests {
    @Test("rect containment excludes the right and bottom edges; intersection")
    func rect() {
        let r = Rect(x: 10, y: 10, width: 10, height: 10)
        #expect(r.contains(Point(x: 10, y: 10)) && !r.contains(Point(x: 20, y: 15)) && !r.contains(Point(x: 15, y: 20)))
        #expect(r.intersection(Rect(x: 15, y: 15, width: 10, height: 10)) == Rect(x: 15, y: 15, width: 5, height: 5))
        #expect(r.intersection(Rect(x: 20, y: 0, width: 5, height: 5)) == nil)
    }

    @Test("shell layout: title bar 48 pt, back button 56 pt, tab bar the last 56 pt, retry below the middle")
    func shell() {
        let layout = ShellLayout(size: Size(width: 800, height: 600))
        #expect(layout.titleBar == Rect(x: 0, y: 0, width: 800, height: 48))
        #expect(layout.content(hasTabs: false) == Rect(x: 0, y: 48, width: 800, height: 552))
        #expect(layout.content(hasTabs: true) == Rect(x: 0, y: 48, width: 800, height: 496))
        #expect(layout.retryButton(in: layout.content(hasTabs: false)) == Rect(x: 340, y: 348, width: 120, height: 40))
    }

    @Test("details, wide: the image left (16:9), the text right of it, buttons and the paragraph below")
    func detailsWide() throws {
        let details = DetailsScreen(image: URL(string: "http://x/y.jpg"), overline: "BBC Two", title: "T", subtitle: "S",
                                    facts: ["29 min"], paragraph: "P", actions: [ActionButton(.play), ActionButton(.watch)])
        let layout = DetailsLayout(details, in: Rect(x: 0, y: 48, width: 800, height: 552))
        let image = try #require(layout.image)
        #expect(image.x == 24 && image.y == 72)
        #expect(abs(image.width / image.height - 16.0 / 9) < 0.01)
        #expect(layout.lines.map(\.style) == [.overline, .title, .body, .caption])
        #expect(layout.lines.allSatisfy { $0.frame.x == image.maxX + 24 })
        #expect(layout.buttons.count == 2 && layout.buttons[0].y >= image.maxY)
        #expect(layout.buttons[1].x == layout.buttons[0].maxX + DetailsLayout.buttonGap)
        #expect(layout.paragraph.y >= layout.buttons[0].maxY && layout.paragraph.maxY == 600 - 24)
    }

    @Test("details, narrow: stacked; without an image the text starts at the margin")
    func detailsNarrow() throws {
        let details = DetailsScreen(image: URL(string: "http://x/y.jpg"), title: "T")
        let narrow = DetailsLayout(details, in: Rect(x: 0, y: 48, width: 400, height: 552))
        let image = try #require(narrow.image)
        #expect(narrow.lines[0].frame.y > image.maxY && narrow.lines[0].frame.x == 24)
        let plain = DetailsLayout(DetailsScreen(title: "T"), in: Rect(x: 0, y: 48, width: 800, height: 552))
        #expect(plain.image == nil && plain.lines[0].frame == Rect(x: 24, y: 72, width: 752, height: 30))
        #expect(plain.buttons.isEmpty)
    }

    @Test("notice: a centred card with buttons right-aligned at its bottom, first button rightmost")
    func notice() {
        let notice = Notice(title: "No internet connection", message: "m",
                            buttons: [NoticeButton(.retry, title: "Retry"), NoticeButton(.dismiss, title: "OK")])
        let layout = NoticeLayout(notice, in: Size(width: 800, height: 600))
        #expect(layout.card == Rect(x: 190, y: 205, width: 420, height: 190))
        #expect(layout.buttons[0].maxX == layout.card.maxX - 20 && layout.buttons[1].maxX < layout.buttons[0].x)
        #expect(Notice(title: "t", message: "m").buttons == [NoticeButton(.dismiss, title: "OK")])
    }

    @Test("list style: a 16:9 thumbnail as tall as the row less its padding; text right of it")
    func listStyle() throws {
        let thumbnail = try #require(ListStyle.default.thumbnailFrame())
        #expect(thumbnail == Rect(x: 12, y: 12, width: 85, height: 48))
        #expect(ListStyle.default.textInset == 109)
        #expect(ListStyle(showsThumbnails: false).thumbnailFrame() == nil)
    }
}
