import DragPhysics
import Foundation
import Testing

@testable import ScreenKit

/// Every representative shell × every kind of event, each with a hand-written expected outcome (outputs,
/// depth, notice, top load state). The coverage test fails if any pair of the cross product has no row.
@Suite("Shell transition table")
struct ShellTableTests {
    /// A representative shell, built with the app-side calls a real app makes.
    enum Fixture: CaseIterable, Hashable {
        case bare, rootList, deepList, rootLoading, rootFailed, details, search, notice, tabs

        var shell: Shell {
            var shell = makeShell()
            switch self {
            case .bare:
                break
            case .rootList:
                shell.push(listScreen("root"), at: 0)
            case .deepList:
                shell.push(listScreen("root"), at: 0)
                shell.push(listScreen("b", rows: 3, hasMore: true), at: 0)
            case .rootLoading:
                shell.push(listScreen("root", load: .loading), at: 0)
            case .rootFailed:
                shell.push(listScreen("root", load: .failed(message: "HTTP 500")), at: 0)
            case .details:
                shell.push(listScreen("root"), at: 0)
                shell.push(Screen(id: "d", title: "D", body: .details(DetailsScreen(title: "E", paragraph: "p", actions: [ActionButton(.play)]))), at: 0)
            case .search:
                shell.push(listScreen("root"), at: 0)
                shell.push(Screen(id: "search", title: "Search", body: .search(SearchScreen(field: TextField(text: "ab"),
                                                                                            results: ScrollingList(rows: makeRows(0..<10))))), at: 0)
            case .notice:
                shell.push(listScreen("root"), at: 0)
                shell.push(listScreen("b"), at: 0)
                shell.show(.offline(), at: 0)
            case .tabs:
                var screen = listScreen("root")
                screen.tabs = TabBar(items: [.init(id: "a", title: "A"), .init(id: "b", title: "B")])
                shell.push(screen, at: 0)
            }
            return shell
        }
    }

    /// Kinds of event, at fixed places (none of them on the circle at (400, 300), r 60, but the first).
    enum Event: CaseIterable, Hashable {
        case tapCircle, tapBack, tapContent, tapRetryButton, tapFirstAction, tapNoticeButton, tapSecondTab
        case wheel, space, escape, backspace, enter, left, text, tick

        func apply(to shell: inout Shell) -> [ShellOutput] {
            let t = 1.0
            func tap(_ x: Double, _ y: Double) -> [ShellOutput] { shell.tap(x, y, at: t) }
            switch self {
            case .tapCircle: return tap(400, 300)
            case .tapBack: return tap(20, 20)
            case .tapContent: return tap(100, 100)
            case .tapRetryButton: return tap(350, 370)      // inside Retry (340…460 × 348…388)
            case .tapFirstAction: return tap(88, 134)       // the details screen's first button
            case .tapNoticeButton: return tap(538, 355)     // the offline notice's OK
            case .tapSecondTab: return tap(600, 580)
            case .wheel: return shell.send(.wheel(dx: 0, dy: -3, at: Point(x: 100, y: 300), time: t))
            case .space: return shell.send(.key(.space, time: t))
            case .escape: return shell.send(.key(.escape, time: t))
            case .backspace: return shell.send(.key(.backspace, time: t))
            case .enter: return shell.send(.key(.enter, time: t))
            case .left: return shell.send(.key(.left, time: t))
            case .text: return shell.send(.text("x", time: t))
            case .tick: return shell.send(.tick(time: t))
            }
        }
    }

    struct Outcome: Equatable, CustomStringConvertible {
        var outputs: [ShellOutput]
        var depth: Int
        var notice: Bool
        var load: LoadStateName?

        var description: String { "\(outputs) depth \(depth) notice \(notice) load \(load.map(\.rawValue) ?? "-")" }
    }

    static func o(_ outputs: [ShellOutput], _ depth: Int, notice: Bool = false, _ load: LoadStateName? = .loaded) -> Outcome {
        Outcome(outputs: outputs, depth: depth, notice: notice, load: load)
    }

    static let root: ScreenID = "root"

    /// The table: for each fixture, the outcome of each event in `Event.allCases` order.
    static let table: [Fixture: [Event: Outcome]] = {
        let bare = o([], 0, nil)
        let e = Event.self
        func row(_ pairs: [(Event, Outcome)]) -> [Event: Outcome] { Dictionary(uniqueKeysWithValues: pairs) }
        return [
            .bare: row([
                (e.tapCircle, o([.circleTapped], 0, nil)), (.tapBack, bare), (.tapContent, bare), (.tapRetryButton, bare),
                (.tapFirstAction, bare), (.tapNoticeButton, bare), (.tapSecondTab, bare), (.wheel, bare),
                (.space, o([.circleTapped], 0, nil)), (.escape, o([.quit], 0, nil)), (.backspace, bare), (.enter, bare),
                (.left, bare), (.text, bare), (.tick, bare),
            ]),
            .rootList: row([
                (.tapCircle, o([.circleTapped], 1)), (.tapBack, o([], 1)), (.tapContent, o([.rowSelected(root, "row-0")], 1)),
                (.tapRetryButton, o([.rowSelected(root, "row-4")], 1)), (.tapFirstAction, o([.rowSelected(root, "row-1")], 1)),
                (.tapNoticeButton, o([.rowSelected(root, "row-4")], 1)), (.tapSecondTab, o([.rowSelected(root, "row-7")], 1)),
                (.wheel, o([], 1)), (.space, o([.circleTapped], 1)), (.escape, o([.quit], 1)), (.backspace, o([], 1)),
                (.enter, o([], 1)), (.left, o([], 1)), (.text, o([], 1)), (.tick, o([], 1)),
            ]),
            .deepList: row([
                (.tapCircle, o([.circleTapped], 2)), (.tapBack, o([.back(from: "b")], 1)), (.tapContent, o([.rowSelected("b", "row-0")], 2)),
                (.tapRetryButton, o([], 2)), (.tapFirstAction, o([.rowSelected("b", "row-1")], 2)), (.tapNoticeButton, o([], 2)),
                (.tapSecondTab, o([], 2)), (.wheel, o([], 2)), (.space, o([.circleTapped], 2)), (.escape, o([.back(from: "b")], 1)),
                (.backspace, o([.back(from: "b")], 1)), (.enter, o([], 2)), (.left, o([], 2)), (.text, o([], 2)),
                (.tick, o([.nearEnd("b", rowCount: 3)], 2)),
            ]),
            .rootLoading: row([
                (.tapCircle, o([.circleTapped], 1, .loading)), (.tapBack, o([], 1, .loading)), (.tapContent, o([], 1, .loading)),
                (.tapRetryButton, o([], 1, .loading)), (.tapFirstAction, o([], 1, .loading)), (.tapNoticeButton, o([], 1, .loading)),
                (.tapSecondTab, o([], 1, .loading)), (.wheel, o([], 1, .loading)), (.space, o([.circleTapped], 1, .loading)),
                (.escape, o([.quit], 1, .loading)), (.backspace, o([], 1, .loading)), (.enter, o([], 1, .loading)),
                (.left, o([], 1, .loading)), (.text, o([], 1, .loading)), (.tick, o([], 1, .loading)),
            ]),
            .rootFailed: row([
                (.tapCircle, o([.circleTapped], 1, .failed)), (.tapBack, o([], 1, .failed)), (.tapContent, o([], 1, .failed)),
                (.tapRetryButton, o([.retryRequested(root)], 1, .loading)), (.tapFirstAction, o([], 1, .failed)),
                (.tapNoticeButton, o([], 1, .failed)), (.tapSecondTab, o([], 1, .failed)), (.wheel, o([], 1, .failed)),
                (.space, o([.circleTapped], 1, .failed)), (.escape, o([.quit], 1, .failed)), (.backspace, o([], 1, .failed)),
                (.enter, o([], 1, .failed)), (.left, o([], 1, .failed)), (.text, o([], 1, .failed)), (.tick, o([], 1, .failed)),
            ]),
            .details: row([
                (.tapCircle, o([.circleTapped], 2)), (.tapBack, o([.back(from: "d")], 1)), (.tapContent, o([], 2)),
                (.tapRetryButton, o([], 2)), (.tapFirstAction, o([.action("d", .play)], 2)), (.tapNoticeButton, o([], 2)),
                (.tapSecondTab, o([], 2)), (.wheel, o([], 2)), (.space, o([.circleTapped], 2)), (.escape, o([.back(from: "d")], 1)),
                (.backspace, o([.back(from: "d")], 1)), (.enter, o([], 2)), (.left, o([], 2)), (.text, o([], 2)), (.tick, o([], 2)),
            ]),
            .search: row([
                (.tapCircle, o([.circleTapped], 2)), (.tapBack, o([.back(from: "search")], 1)), (.tapContent, o([], 2)),
                (.tapRetryButton, o([.rowSelected("search", "row-3")], 2)), (.tapFirstAction, o([.rowSelected("search", "row-0")], 2)),
                (.tapNoticeButton, o([.rowSelected("search", "row-3")], 2)), (.tapSecondTab, o([.rowSelected("search", "row-6")], 2)),
                (.wheel, o([], 2)), (.space, o([], 2)), (.escape, o([.back(from: "search")], 1)),
                (.backspace, o([.searchChanged("search", "a")], 2)), (.enter, o([.searchSubmitted("search", "ab")], 2)),
                (.left, o([], 2)), (.text, o([.searchChanged("search", "abx")], 2)), (.tick, o([], 2)),
            ]),
            .notice: row([
                (.tapCircle, o([.circleTapped], 2, notice: true)), (.tapBack, o([], 2, notice: true)), (.tapContent, o([], 2, notice: true)),
                (.tapRetryButton, o([], 2, notice: true)), (.tapFirstAction, o([], 2, notice: true)),
                (.tapNoticeButton, o([.noticeAction(.dismiss)], 2)), (.tapSecondTab, o([], 2, notice: true)),
                (.wheel, o([], 2, notice: true)), (.space, o([.circleTapped], 2, notice: true)), (.escape, o([.noticeAction(.dismiss)], 2)),
                (.backspace, o([.noticeAction(.dismiss)], 2)), (.enter, o([], 2, notice: true)), (.left, o([], 2, notice: true)),
                (.text, o([], 2, notice: true)), (.tick, o([], 2, notice: true)),
            ]),
            .tabs: row([
                (.tapCircle, o([.circleTapped], 1)), (.tapBack, o([], 1)), (.tapContent, o([.rowSelected(root, "row-0")], 1)),
                (.tapRetryButton, o([.rowSelected(root, "row-4")], 1)), (.tapFirstAction, o([.rowSelected(root, "row-1")], 1)),
                (.tapNoticeButton, o([.rowSelected(root, "row-4")], 1)), (.tapSecondTab, o([.tabSelected(root, "b")], 1)),
                (.wheel, o([], 1)), (.space, o([.circleTapped], 1)), (.escape, o([.quit], 1)), (.backspace, o([], 1)),
                (.enter, o([], 1)), (.left, o([], 1)), (.text, o([], 1)), (.tick, o([], 1)),
            ]),
        ]
    }()

    @Test("every fixture × event pair has a row")
    func coverage() {
        for fixture in Fixture.allCases {
            for event in Event.allCases {
                #expect(Self.table[fixture]?[event] != nil, "no row for \(fixture) × \(event)")
            }
        }
    }

    @Test("each pair does what its row says", arguments: Fixture.allCases)
    func rows(_ fixture: Fixture) {
        for event in Event.allCases {
            guard let expected = Self.table[fixture]?[event] else { continue }
            var shell = fixture.shell
            let outputs = event.apply(to: &shell)
            let actual = Outcome(outputs: outputs, depth: shell.screens.count, notice: shell.notice != nil, load: shell.top?.load.name)
            #expect(actual == expected, "\(fixture) × \(event)")
            // Arrows push the circle, everywhere; nothing else moves it.
            #expect(shell.circle.isMoving(at: 1.01) == (event == .left), "\(fixture) × \(event): circle motion")
            #expect(shell.pressedControl == nil, "\(fixture) × \(event): a control is still pressed")
        }
    }
}
