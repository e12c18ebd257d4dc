import DragPhysics
import Foundation
import Testing

@testable import ScreenKit

/// The title bar's buttons besides Back: the now-playing mark (shell-wide, top left), a screen's Search or Done
/// (top right), a modal (no back button), and a search screen's search button.
@Suite("Shell: title-bar buttons, modals, the search button")
struct TitleBarButtonTests {
    static func searchModal() -> Screen {
        var modal = Screen(id: "search", title: "Search", body: .search(SearchScreen(field: TextField(text: "night"),
                                                                                 results: ScrollingList(rows: makeRows(0..<3)))))
        modal.isModal = true
        modal.trailingButton = .done
        return modal
    }

    @Test("the mark: hidden, a tap at the top left is the title bar's (nothing); shown, the tap reports nowPlaying; it sits right of Back when Back shows")
    func nowPlayingMark() {
        var shell = makeShell()
        shell.push(listScreen("root"), at: 0)
        #expect(shell.tap(28, 24, at: 1).isEmpty)
        #expect(!shell.frame(at: 1).showsNowPlayingMark)
        shell.showsNowPlayingMark = true
        #expect(shell.frame(at: 1).showsNowPlayingMark)
        #expect(shell.tap(28, 24, at: 2) == [.titleButtonTapped("root", .nowPlaying)])
        shell.push(listScreen("b"), at: 3)
        #expect(shell.layout.nowPlayingMark(afterBack: true) == Rect(x: 56, y: 0, width: 56, height: 48))
        #expect(shell.tap(20, 24, at: 4) == [.back(from: "b")], "Back keeps its place")
        shell.push(listScreen("b"), at: 5)
        #expect(shell.tap(84, 24, at: 6) == [.titleButtonTapped("b", .nowPlaying)])
        #expect(shell.screens.count == 2)
    }

    @Test("Search at the right reports itself; a press that slides off it does nothing")
    func search() {
        var shell = makeShell()
        var root = listScreen("root")
        root.trailingButton = .search
        shell.push(root, at: 0)
        #expect(shell.frame(at: 0).screen?.trailingButton == .search)
        #expect(shell.tap(772, 24, at: 1) == [.titleButtonTapped("root", .search)])
        shell.send(.pointerDown(Point(x: 772, y: 24), time: 2))
        #expect(shell.pressedControl == .titleButton(.search))
        #expect(shell.send(.pointerUp(Point(x: 600, y: 24), time: 2.1)).isEmpty)
    }

    @Test("a modal: no back button (a tap there does nothing), Done closes it as Back does, Escape too; a screen pushed over it has Back")
    func modal() {
        var shell = makeShell()
        shell.push(listScreen("root"), at: 0)
        shell.push(Self.searchModal(), at: 0)
        #expect(!shell.showsBackButton && shell.canGoBack)
        #expect(shell.frame(at: 0).screen?.canGoBack == false && shell.frame(at: 0).screen?.isModal == true)
        #expect(shell.tap(20, 24, at: 1).isEmpty)
        #expect(shell.screens.count == 2)
        #expect(shell.tap(772, 24, at: 2) == [.back(from: "search")])
        #expect(shell.top?.id == "root")
        shell.push(Self.searchModal(), at: 3)
        shell.push(Screen(id: "d", title: "D", body: .details(DetailsScreen(title: "E"))), at: 3)
        #expect(shell.showsBackButton)
        #expect(shell.tap(20, 24, at: 4) == [.back(from: "d")])
        #expect(shell.send(.key(.escape, time: 5)) == [.back(from: "search")])
    }

    @Test("the search button submits the field (as Enter); the field leaves it room")
    func searchButton() throws {
        var shell = makeShell()
        shell.push(Self.searchModal(), at: 0)
        let content = shell.layout.content(of: try #require(shell.top))
        let button = shell.layout.searchButton(in: content)
        #expect(button.maxX == 788 && button.width == ShellLayout.searchButtonWidth)
        #expect(shell.layout.searchField(in: content).maxX < button.x)
        #expect(shell.tap(button.center.x, button.center.y, at: 1) == [.searchSubmitted("search", "night")])
        #expect(shell.send(.key(.enter, time: 2)) == [.searchSubmitted("search", "night")])
    }
}
