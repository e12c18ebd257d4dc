import DragPhysics
import Foundation
import Testing

@testable import ScreenKit

/// An 800 × 600 shell with a 60 pt circle in the middle (400, 300).
func makeShell() -> Shell { Shell(size: Size(width: 800, height: 600), circleRadius: 60) }

func listScreen(_ id: ScreenID, rows: Int = 50, load: LoadState = .loaded, hasMore: Bool = false) -> Screen {
    Screen(id: id, title: "Title of \(id)", load: load, body: .list(ScrollingList(rows: makeRows(0..<rows), hasMore: hasMore)))
}

extension Shell {
    /// A tap (down and up at the same point, 50 ms apart).
    mutating func tap(_ x: Double, _ y: Double, at t: Double) -> [ShellOutput] {
        send(.pointerDown(Point(x: x, y: y), time: t))
        return send(.pointerUp(Point(x: x, y: y), time: t + 0.05))
    }
}

@Suite("Shell: the circle over the screens")
struct ShellTests {
    @Test("with no screen the shell is the player as before: a click on the circle taps, Space taps, Escape quits")
    func playerAlone() {
        var shell = makeShell()
        #expect(shell.top == nil && !shell.canGoBack)
        do { let result = shell.tap(400, 300, at: 0); #expect(result == [.circleTapped]) }
        do { let result = shell.tap(100, 100, at: 1); #expect(result.isEmpty) }
        do { let result = shell.send(.key(.space, time: 2)); #expect(result == [.circleTapped]) }
        do { let result = shell.send(.key(.backspace, time: 3)); #expect(result.isEmpty) }
        do { let result = shell.send(.key(.escape, time: 4)); #expect(result == [.quit]) }
    }

    @Test("closing the window quits from any screen, a pushed one and a notice included; every event keeps its time")
    func windowClosed() {
        var shell = makeShell()
        #expect(shell.send(.windowClosed(time: 0)) == [.quit])
        shell.setScreens([listScreen("a")], at: 0)
        shell.push(listScreen("b"), at: 0)
        shell.show(Notice(title: "Hello", message: "Hi"), at: 0)
        #expect(shell.send(.windowClosed(time: 1)) == [.quit])
        #expect(shell.send(.key(.escape, time: 2)) != [.quit], "Escape first closes the notice, then goes back")
        let events: [ShellEvent] = [.pointerDown(Point(x: 1, y: 2), time: 3), .pointerCancelled(time: 3),
                                    .wheel(dx: 0, dy: 1, at: Point(x: 0, y: 0), time: 3), .text("a", time: 3),
                                    .resized(Size(width: 1, height: 1), time: 3), .tick(time: 3), .windowClosed(time: 3)]
        #expect(events.allSatisfy { $0.time == 3 })
    }

    @Test("arrows push the circle to an edge; a flick docks it")
    func circleMotion() {
        var shell = makeShell()
        shell.send(.key(.right, time: 0))
        #expect(shell.isAnimating(at: 0.1))
        #expect(shell.circle.dockedEdge(at: 2) == .right)
        shell.send(.pointerDown(Point(x: 740, y: 300), time: 3))
        shell.send(.pointerMoved(Point(x: 740, y: 270), time: 3.02))
        shell.send(.pointerMoved(Point(x: 740, y: 220), time: 3.04))
        do { let result = shell.send(.pointerUp(Point(x: 740, y: 200), time: 3.05)); #expect(result.isEmpty) }
        #expect(shell.circle.dockedEdge(at: 5) == .top)
    }

    @Test("hit testing: the circle first — a press on the circle over a row drags the circle, never the list")
    func circleFirst() {
        var shell = makeShell()
        shell.push(listScreen("rows"), at: 0)
        // (400, 300) is on the circle and on row 3 of the list.
        shell.send(.pointerDown(Point(x: 400, y: 300), time: 1))
        #expect(shell.top?.list?.pressedRowID == nil)
        shell.send(.pointerMoved(Point(x: 450, y: 320), time: 1.1))
        shell.send(.pointerMoved(Point(x: 500, y: 340), time: 1.6))
        do { let result = shell.send(.pointerUp(Point(x: 500, y: 340), time: 1.7)); #expect(result.isEmpty) }
        #expect(shell.top?.list?.offset(at: 2) == 0)
        #expect(shell.circle.center(at: 2) != Point(x: 400, y: 300))
        // Beside the circle, the same row is selected.
        do { let result = shell.tap(100, 300, at: 3); #expect(result == [.rowSelected("rows", "row-3")]) }
    }

    @Test("a screen that hides the circle (now playing): presses on the circle's place go to the screen; popping it brings the circle back")
    func screenHidesCircle() {
        var shell = makeShell()
        shell.push(listScreen("rows"), at: 0)
        var playing = listScreen("playing")
        playing.hidesCircle = true
        shell.push(playing, at: 0)
        #expect(!shell.showsCircle && shell.frame(at: 0).screen?.hidesCircle == true)
        // (400, 300) is the circle's centre and row 3 of the list: the row, not the circle.
        do { let result = shell.tap(400, 300, at: 1); #expect(result == [.rowSelected("playing", "row-3")]) }
        _ = shell.send(.key(.escape, time: 2))
        #expect(shell.showsCircle && shell.frame(at: 2).screen?.hidesCircle == false)
        do { let result = shell.tap(400, 300, at: 3); #expect(result == [.circleTapped]) }
    }

    @Test("the owner of a press keeps it: a list drag that ends over the circle still scrolls the list")
    func ownerKeepsPress() {
        var shell = makeShell()
        shell.push(listScreen("rows"), at: 0)
        shell.send(.pointerDown(Point(x: 100, y: 500), time: 1))
        shell.send(.pointerMoved(Point(x: 200, y: 400), time: 1.2))
        shell.send(.pointerMoved(Point(x: 400, y: 300), time: 1.4))
        _ = shell.send(.pointerUp(Point(x: 400, y: 300), time: 1.6))
        // 200 pt of finger travel, less the part inside the 6 pt slop circle (along the stroke's diagonal).
        #expect(abs((shell.top?.list?.offset(at: 3) ?? 0) - (200 - 6 / 2.0.squareRoot())) < 1e-9)
        #expect(shell.circle.center(at: 3) == Point(x: 400, y: 300))
    }

    @Test("back: the button, Escape and Backspace pop with .back(from:); Escape on the root quits, Backspace does not")
    func back() {
        var shell = makeShell()
        shell.push(listScreen("categories"), at: 0)
        shell.push(listScreen("highlights"), at: 0)
        shell.push(Screen(id: "episode", title: "Episode", body: .details(DetailsScreen(title: "E"))), at: 0)
        #expect(shell.canGoBack)
        shell.send(.pointerDown(Point(x: 20, y: 20), time: 1))
        #expect(shell.pressedControl == .back)
        do { let result = shell.send(.pointerUp(Point(x: 20, y: 20), time: 1.05)); #expect(result == [.back(from: "episode")]) }
        #expect(shell.pressedControl == nil)
        do { let result = shell.send(.key(.backspace, time: 2)); #expect(result == [.back(from: "highlights")]) }
        #expect(shell.top?.id == "categories" && !shell.canGoBack)
        do { let result = shell.tap(20, 20, at: 3); #expect(result.isEmpty) }  // no back button on the root
        do { let result = shell.send(.key(.backspace, time: 4)); #expect(result.isEmpty) }
        do { let result = shell.send(.key(.escape, time: 5)); #expect(result == [.quit]) }
        #expect(shell.screens.count == 1)
    }

    @Test("a button fires only if released inside it")
    func releaseOutside() {
        var shell = makeShell()
        shell.push(listScreen("a"), at: 0)
        shell.push(listScreen("b"), at: 0)
        shell.send(.pointerDown(Point(x: 20, y: 20), time: 1))
        do { let result = shell.send(.pointerUp(Point(x: 200, y: 20), time: 1.1)); #expect(result.isEmpty) }
        #expect(shell.top?.id == "b")
    }

    @Test("load states: loading absorbs taps; failed shows Retry, which reports and goes back to loading")
    func loadStates() {
        var shell = makeShell()
        shell.push(listScreen("rows", load: .loading), at: 0)
        do { let result = shell.tap(100, 100, at: 1); #expect(result.isEmpty) }
        #expect(shell.visibleRows(at: 1).isEmpty)
        #expect(shell.isAnimating(at: 1))  // the spinner turns
        shell.setLoad(.failed(message: "HTTP 500"), of: "rows", at: 2)
        #expect(!shell.isAnimating(at: 2))
        let retry = shell.layout.retryButton(in: shell.layout.content(hasTabs: false))
        do { let result = shell.tap(retry.center.x - 50, retry.center.y, at: 3); #expect(result == [.retryRequested("rows")]) }
        #expect(shell.top?.load == .loading)
        shell.setLoad(.loaded, of: "rows", at: 4)
        #expect(shell.visibleRows(at: 4).count == 8)
    }

    @Test("pull to refresh on a list sets the screen refreshing; loaded again closes the room")
    func refresh() throws {
        var shell = makeShell()
        shell.push(listScreen("rows"), at: 0)
        shell.send(.pointerDown(Point(x: 100, y: 100), time: 1))
        shell.send(.pointerMoved(Point(x: 100, y: 200), time: 1.1))
        shell.send(.pointerMoved(Point(x: 100, y: 330), time: 1.3))
        do { let result = shell.send(.pointerUp(Point(x: 100, y: 330), time: 1.4)); #expect(result == [.refreshRequested("rows")]) }
        #expect(shell.top?.load == .refreshing && shell.top?.list?.isRefreshing == true)
        shell.updateList(of: "rows", at: 3) { $0.replaceRows(makeRows(0..<5), hasMore: false, at: 3) }
        shell.setLoad(.loaded, of: "rows", at: 3)
        let list = try #require(shell.top?.list)
        #expect(!list.isRefreshing && list.scroller.minOffset == 0 && list.rows.count == 5)
    }

    @Test("tick forwards the top list's near-end request with the screen's id")
    func tickNearEnd() {
        var shell = makeShell()
        shell.push(listScreen("videos", rows: 3, hasMore: true), at: 0)
        do { let result = shell.send(.tick(time: 0)); #expect(result == [.nearEnd("videos", rowCount: 3)]) }
        do { let result = shell.send(.tick(time: 0.016)); #expect(result.isEmpty) }
    }

    @Test("the wheel scrolls the list under the pointer; SDL's dy > 0 goes towards the start")
    func wheel() throws {
        var shell = makeShell()
        shell.push(listScreen("rows"), at: 0)
        shell.send(.wheel(dx: 0, dy: -3, at: Point(x: 100, y: 300), time: 1))
        let list = try #require(shell.top?.list)
        #expect(list.offset(at: try #require(list.scroller.restTime)) == 240)
        shell.send(.wheel(dx: 0, dy: 5, at: Point(x: 100, y: 20), time: 3))  // over the title bar: nothing
        #expect(shell.top?.list?.offset(at: 5) == 240)
    }

    @Test("a notice is modal: presses on the screens do nothing, its button reports and closes it, Escape dismisses")
    func notice() {
        var shell = makeShell()
        shell.push(listScreen("a"), at: 0)
        shell.push(listScreen("b"), at: 0)
        shell.show(Notice(title: "No internet connection", message: "…",
                          buttons: [NoticeButton(.retry, title: "Retry"), NoticeButton(.dismiss, title: "OK")]), at: 1)
        do { let result = shell.tap(20, 20, at: 2); #expect(result.isEmpty) }    // the back button under the notice
        do { let result = shell.tap(100, 500, at: 3); #expect(result.isEmpty) }  // a row under the notice
        #expect(shell.top?.id == "b")
        shell.send(.wheel(dx: 0, dy: -3, at: Point(x: 100, y: 300), time: 4))
        #expect(shell.top?.list?.offset(at: 6) == 0)
        // The circle still works over it.
        do { let result = shell.tap(400, 300, at: 7); #expect(result == [.circleTapped]) }
        let layout = NoticeLayout(shell.notice!, in: shell.layout.size)
        do { let result = shell.tap(layout.buttons[0].center.x, layout.buttons[0].center.y, at: 8); #expect(result == [.noticeAction(.retry)]) }
        #expect(shell.notice == nil)
        shell.show(.offline(), at: 9)
        do { let result = shell.send(.key(.escape, time: 10)); #expect(result == [.noticeAction(.dismiss)]) }
        #expect(shell.notice == nil && shell.top?.id == "b")
        shell.show(.offline(), at: 11)
        do { let result = shell.send(.key(.backspace, time: 12)); #expect(result == [.noticeAction(.dismiss)]) }
    }

    @Test("details: an action button reports its typed action")
    func detailsActions() {
        var shell = makeShell()
        let details = DetailsScreen(image: URL(string: "http://127.0.0.1/x.jpg"), title: "Mock the Week",
                                    actions: [ActionButton(.play), ActionButton(.custom("subscribe"), title: "Subscribe")])
        shell.push(Screen(id: "episode", title: "Episode", body: .details(details)), at: 0)
        let layout = DetailsLayout(details, in: shell.layout.content(hasTabs: false))
        let second = layout.buttons[1]
        shell.send(.pointerDown(second.center, time: 1))
        #expect(shell.pressedControl == .action(1))
        do { let result = shell.send(.pointerUp(second.center, time: 1.05)); #expect(result == [.action("episode", .custom("subscribe"))]) }
        do { let result = shell.tap(layout.buttons[0].x + 5, layout.buttons[0].y + 5, at: 2); #expect(result == [.action("episode", .play)]) }
        do { let result = shell.tap(layout.paragraph.x + 5, layout.paragraph.y + 5, at: 3); #expect(result.isEmpty) }
    }

    @Test("details: a slider under the buttons reports the track's fraction where the pointer lifts; a lift off the track reports nothing")
    func detailsSlider() {
        var shell = makeShell()
        let details = DetailsScreen(title: "Classical IPR", actions: [ActionButton(.pause)],
                                    sliders: [DetailsSlider(name: "volume", label: "Volume", value: 2)])
        #expect(details.sliders[0].value == 1, "clamped")
        shell.push(Screen(id: "nowPlaying", title: "Now Playing", body: .details(details)), at: 0)
        let layout = DetailsLayout(details, in: shell.layout.content(hasTabs: false))
        let track = layout.sliders[0].track
        #expect(track.y >= layout.buttons[0].maxY && layout.paragraph.y >= track.maxY, "under the buttons, above the paragraph")
        #expect(layout.sliders[0].label.maxX == track.x && track.width > 0)
        let quarter = Point(x: track.x + track.width / 4, y: track.center.y)
        shell.send(.pointerDown(quarter, time: 1))
        #expect(shell.pressedControl == .slider(0))
        do { let result = shell.send(.pointerUp(quarter, time: 1.05)); #expect(result == [.sliderChanged("nowPlaying", "volume", 0.25)]) }
        do { let result = shell.tap(track.maxX - 0.001, track.center.y, at: 2); #expect(result.count == 1) }
        shell.send(.pointerDown(quarter, time: 3))
        do { let result = shell.send(.pointerUp(Point(x: quarter.x, y: track.maxY + 40), time: 3.05)); #expect(result.isEmpty) }
        do { let result = shell.tap(layout.sliders[0].label.center.x, layout.sliders[0].label.center.y, at: 4); #expect(result.isEmpty) }
    }

    @Test("Rect.fraction(atX:): 0 at the left edge, 1 at the right, clamped; 0 for an empty rectangle")
    func fractionAcross() {
        let rect = Rect(x: 100, y: 0, width: 200, height: 10)
        #expect(rect.fraction(atX: 150) == 0.25 && rect.fraction(atX: 50) == 0 && rect.fraction(atX: 400) == 1)
        #expect(Rect(x: 0, y: 0, width: 0, height: 10).fraction(atX: 5) == 0 && rect.fraction(atX: .nan) == 0)
    }

    @Test("tabs: a tap on another tab selects it and reports; the selected one does nothing; content shrinks")
    func tabs() {
        var shell = makeShell()
        var screen = listScreen("sections")
        screen.tabs = TabBar(items: [.init(id: "featured", title: "Featured"), .init(id: "radio", title: "Radio")])
        shell.push(screen, at: 0)
        #expect(shell.top?.list?.frame == Rect(x: 0, y: 48, width: 800, height: 600 - 48 - 56))
        do { let result = shell.tap(100, 580, at: 1); #expect(result.isEmpty) }
        do { let result = shell.tap(500, 580, at: 2); #expect(result == [.tabSelected("sections", "radio")]) }
        #expect(shell.top?.tabs?.selected == "radio")
    }

    @Test("selectTab: selects a tab of the top screen as a tap would; unknown, selected or no tabs: nothing")
    func selectTab() {
        var shell = makeShell()
        #expect(shell.selectTab("radio", at: 0).isEmpty)   // no screen
        var screen = listScreen("sections")
        screen.tabs = TabBar(items: [.init(id: "featured", title: "Featured"), .init(id: "radio", title: "Radio")])
        shell.push(screen, at: 0)
        #expect(shell.selectTab("featured", at: 1).isEmpty)   // already selected
        #expect(shell.selectTab("extras", at: 1).isEmpty)     // not one of its tabs
        #expect(shell.selectTab("radio", at: 2) == [.tabSelected("sections", "radio")])
        #expect(shell.top?.tabs?.selected == "radio")
        shell.push(listScreen("details"), at: 3)
        #expect(shell.selectTab("featured", at: 4).isEmpty)   // the top screen has no tabs
    }

    @Test("search: typing, Backspace deletes (not back) while there is text, Enter submits, Space does not tap")
    func search() {
        var shell = makeShell()
        shell.push(listScreen("home"), at: 0)
        shell.push(Screen(id: "search", title: "Search", body: .search(SearchScreen())), at: 0)
        #expect(shell.top?.list?.frame.y == 104.0)
        do { let result = shell.send(.text("ja", time: 1)); #expect(result == [.searchChanged("search", "ja")]) }
        do { let result = shell.send(.key(.space, time: 1.5)); #expect(result.isEmpty) }
        do { let result = shell.send(.text("z", time: 2)); #expect(result == [.searchChanged("search", "jaz")]) }
        do { let result = shell.send(.key(.backspace, time: 3)); #expect(result == [.searchChanged("search", "ja")]) }
        do { let result = shell.send(.key(.enter, time: 4)); #expect(result == [.searchSubmitted("search", "ja")]) }
        _ = shell.send(.key(.backspace, time: 5))
        _ = shell.send(.key(.backspace, time: 6))
        do { let result = shell.send(.key(.backspace, time: 7)); #expect(result == [.back(from: "search")]) }
        do { let result = shell.send(.text("x", time: 8)); #expect(result.isEmpty) }  // no search screen now
    }

    @Test("resizing lays every screen out again and keeps the circle inside")
    func resize() {
        var shell = makeShell()
        shell.push(listScreen("a"), at: 0)
        shell.push(listScreen("b"), at: 0)
        shell.send(.key(.right, time: 0))
        shell.send(.resized(Size(width: 500, height: 400), time: 2))
        #expect(shell.screens.allSatisfy { $0.list?.frame == Rect(x: 0, y: 48, width: 500, height: 352) })
        #expect(shell.circle.center(at: 3).x == 440)
    }

    @Test("pushing a screen mid-press cancels the press on the screen below (no stray selection later)")
    func pushCancelsPress() {
        var shell = makeShell()
        shell.push(listScreen("a"), at: 0)
        shell.send(.pointerDown(Point(x: 100, y: 100), time: 1))
        shell.push(listScreen("b"), at: 1.01)
        do { let result = shell.send(.pointerUp(Point(x: 100, y: 100), time: 1.05)); #expect(result.isEmpty) }
        #expect(shell.screens[0].list?.pressedRowID == nil)
    }

    @Test("app side: update, updateList and setLoad address the topmost screen with the id; unknown ids change nothing")
    func appSide() {
        var shell = makeShell()
        shell.push(listScreen("a"), at: 0)
        do { let result = shell.update("a", at: 1) { $0.title = "Renamed" }; #expect(result) }
        #expect(shell.top?.title == "Renamed")
        do { let result = shell.update("missing", at: 1) { $0.title = "x" }; #expect(!result) }
        do { let result = shell.setLoad(.loading, of: "missing", at: 1); #expect(!result) }
        shell.push(Screen(id: "d", title: "D", body: .details(DetailsScreen(title: "x"))), at: 2)
        do { let result = shell.updateList(of: "d", at: 2) { _ in }; #expect(!result) }
        do { let result = shell.updateList(of: "a", at: 2) { $0.appendRows(makeRows(50..<51), hasMore: false, at: 2) }; #expect(result) }
        #expect(shell.screen("a")?.list?.rows.count == 51)
        shell.setScreens([listScreen("x")], at: 3)
        #expect(shell.screens.map(\.id) == ["x"])
        do { let result = shell.pop(at: 4); #expect(result?.id == "x") }
        do { let result = shell.pop(at: 4); #expect(result == nil) }
    }
}

@Suite("Shell: the video screen's keys")
struct ShellVideoKeyTests {
    @Test("F, K and M do nothing in the shell: no tap, no quit, nothing typed on a search screen")
    func videoKeysAreIgnored() {
        var shell = makeShell()
        for key in [ShellKey.f, .k, .m] {
            #expect(shell.send(.key(key, time: 1)).isEmpty)
        }
        shell.push(listScreen("home"), at: 0)
        shell.push(Screen(id: "search", title: "Search", body: .search(SearchScreen())), at: 0)
        do { let result = shell.send(.text("a", time: 2)); #expect(result == [.searchChanged("search", "a")]) }
        for key in [ShellKey.f, .k, .m] {
            #expect(shell.send(.key(key, time: 3)).isEmpty)
        }
        guard case .search(let search)? = shell.top?.body else { Issue.record("no search screen"); return }
        #expect(search.field.text == "a")
        #expect(shell.top?.id == "search" && shell.canGoBack)
    }

    @Test("the keys' names are the script's names: key f, key k, key m")
    func rawValues() {
        #expect(ShellKey(rawValue: "f") == .f && ShellKey(rawValue: "k") == .k && ShellKey(rawValue: "m") == .m)
    }
}
