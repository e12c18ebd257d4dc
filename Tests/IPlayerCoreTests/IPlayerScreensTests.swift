import DragPhysics
import Foundation
import IPlayerCore
import ScreenKit
import Testing

/// `IPlayerScreens`: every row of its transition table, headless (the shell is a value).
@Suite struct IPlayerScreensTests {
    static let size = Size(width: 800, height: 600)
    static let now = Date(timeIntervalSince1970: 1_530_478_800)   // 2018-07-01T21:00:00Z
    static let categories = [IPlayerCore.Category(id: "arts", title: "Arts"), IPlayerCore.Category(id: "cbbc", title: "CBBC")]

    /// A shell and the model after `start`, with the categories load it returned.
    struct Harness {
        var shell = Shell(size: IPlayerScreensTests.size, circleRadius: 60)
        var screens = IPlayerScreens()
        var loads: [IPlayerLoad] = []
        var t = 0.0

        init() {
            loads = Self.loads(screens.send(.started, &shell, at: 0, now: IPlayerScreensTests.now))
        }

        /// The loads among `commands` (the iPlayer asks for nothing else).
        static func loads(_ commands: [IPlayerScreens.Command]) -> [IPlayerLoad] {
            commands.map { command in
                switch command {
                case .load(let load): load
                }
            }
        }

        mutating func send(_ output: ShellOutput, now: Date = IPlayerScreensTests.now) -> [IPlayerLoad] {
            t += 0.1
            return Self.loads(screens.send(.output(output), &shell, at: t, now: now))
        }

        mutating func loaded(_ load: IPlayerLoad, _ feed: IPlayerFeed) {
            t += 0.1
            #expect(screens.send(.finished(load, .success(feed)), &shell, at: t, now: IPlayerScreensTests.now).isEmpty)
        }

        mutating func failed(_ load: IPlayerLoad, _ message: String) {
            t += 0.1
            #expect(screens.send(.finished(load, .failure(LoadFailure(message: message))), &shell, at: t,
                                 now: IPlayerScreensTests.now).isEmpty)
        }

        /// Categories shown and arts selected: the highlights load.
        mutating func openArts() throws -> IPlayerLoad {
            loaded(try #require(loads.first), .categories(IPlayerScreensTests.categories))
            return try #require(send(.rowSelected("categories", "arts")).first)
        }

        var stack: [String] { shell.screens.map(\.id.rawValue) }
        var topRows: [ListRow] { shell.top?.list?.rows ?? [] }
    }

    @Test func startShowsTheCategoriesLoadingAndLoadsThem() throws {
        let h = Harness()
        #expect(h.stack == ["categories"])
        #expect(h.shell.top?.title == "Categories")
        #expect(h.shell.top?.load == .loading)
        #expect(h.loads.map(\.resource) == [.categories])
        #expect(h.screens.pendingLoads == h.loads)
    }

    @Test func categoriesLoadedShowTheirRows() throws {
        var h = Harness()
        h.loaded(try #require(h.loads.first), .categories(Self.categories))
        #expect(h.shell.top?.load == .loaded)
        #expect(h.topRows.map(\.id.rawValue) == ["arts", "cbbc"])
        #expect(h.topRows.map(\.title) == ["Arts", "CBBC"])
        #expect(h.topRows.allSatisfy { $0.thumbnail == nil })
        #expect(h.shell.top?.list?.style == IPlayerScreens.categoriesStyle)
        #expect(h.screens.pendingLoads.isEmpty)
    }

    @Test func categoriesFailedShowTheMessageAndRetryLoadsAgain() throws {
        var h = Harness()
        let first = try #require(h.loads.first)
        h.failed(first, "iBL: HTTP 500")
        #expect(h.shell.top?.load == .failed(message: "iBL: HTTP 500"))
        let retry = h.send(.retryRequested("categories"))
        #expect(retry.map(\.resource) == [.categories])
        #expect(retry.first?.serial != first.serial)
        // A late result of the first load is dropped: the screen waits for the retry.
        h.loaded(first, .categories(Self.categories))
        #expect(h.topRows.isEmpty)
        h.loaded(try #require(retry.first), .categories(Self.categories))
        #expect(h.topRows.count == 2)
        #expect(h.shell.top?.load == .loaded)
    }

    @Test func retryOfAnotherScreenOrALoadedScreenDoesNothing() throws {
        var h = Harness()
        h.loaded(try #require(h.loads.first), .categories(Self.categories))
        #expect(h.send(.retryRequested("highlights")).isEmpty)
        // The categories screen is loaded: a stray retry still reloads only what it shows.
        #expect(h.send(.retryRequested("categories")).map(\.resource) == [.categories])
    }

    @Test func selectingACategoryPushesItsHighlightsLoading() throws {
        var h = Harness()
        let load = try h.openArts()
        #expect(load.resource == .highlights(categoryID: "arts"))
        #expect(h.stack == ["categories", "highlights"])
        #expect(h.shell.top?.title == "Arts")
        #expect(h.shell.top?.load == .loading)
        #expect(h.send(.rowSelected("categories", "nope")).isEmpty, "the categories screen is not on top")
    }

    @Test func anUnknownCategoryRowDoesNothing() throws {
        var h = Harness()
        h.loaded(try #require(h.loads.first), .categories(Self.categories))
        #expect(h.send(.rowSelected("categories", "nope")).isEmpty)
        #expect(h.stack == ["categories"])
    }

    @Test func highlightsLoadedShowEpisodeAndCollectionRows() throws {
        var h = Harness()
        let load = try h.openArts()
        h.loaded(load, .highlights(try Sample.highlights("arts")))
        #expect(h.shell.top?.load == .loaded)
        let rows = h.topRows
        #expect(rows.map(\.id.rawValue) == ["b0bb8kqd", "p06b6l8p", "b0bbkw7p", "p06bmvwm", "p06c1vbx", "b0bbn5tk"])
        #expect(rows[0].overline == "BBC Four")
        #expect(rows[0].title == "Britain's Lost Masterpieces")
        #expect(rows[0].subtitle == "Series 3: 1. Bath")
        #expect(rows[0].thumbnail?.absoluteString == "\(Sample.baseURL)/images/ic/192x108/p06cfvzl.jpg")
        #expect(rows[1].overline == "COLLECTION")
        #expect(rows[1].title == "Jazz Music")
        #expect(rows[1].subtitle?.hasSuffix("episodes") == true)
        #expect(rows[2].subtitle == nil, "a one-off has no subtitle line")
        #expect(h.shell.top?.list?.style == IPlayerScreens.highlightsStyle)
    }

    @Test func highlightsFailedShowTheMessageAndRetryLoadsTheSameCategory() throws {
        var h = Harness()
        let load = try h.openArts()
        h.failed(load, "iBL: timed out")
        #expect(h.shell.top?.load == .failed(message: "iBL: timed out"))
        #expect(h.send(.retryRequested("highlights")).map(\.resource) == [.highlights(categoryID: "arts")])
    }

    @Test func aCollectionDoesNothingWhenSelected() throws {
        var h = Harness()
        let load = try h.openArts()
        h.loaded(load, .highlights(try Sample.highlights("arts")))
        #expect(h.send(.rowSelected("highlights", "p06b6l8p")).isEmpty)
        #expect(h.stack == ["categories", "highlights"])
        #expect(h.screens.stack == ["categories", "highlights"])
    }

    @Test func anEpisodeOpensItsDetails() throws {
        var h = Harness()
        let load = try h.openArts()
        h.loaded(load, .highlights(try Sample.highlights("arts")))
        #expect(h.send(.rowSelected("highlights", "b0bb8kqd")).isEmpty)
        #expect(h.stack == ["categories", "highlights", "episode"])
        guard case .details(let details)? = h.shell.top?.body else {
            Issue.record("the episode screen shows details")
            return
        }
        #expect(h.shell.top?.title == "Britain's Lost Masterpieces")
        #expect(details.overline == "BBC Four")
        #expect(details.title == "Britain's Lost Masterpieces")
        #expect(details.subtitle == "Series 3: 1. Bath")
        #expect(details.facts == ["59 mins", "First broadcast: 9pm 1 Jul 2018", "Available for 29 days"])
        #expect(details.image?.absoluteString == "\(Sample.baseURL)/images/ic/640x360/p06cfvzl.jpg")
        #expect(!details.paragraph.isEmpty)
    }

    @Test func timeLeftIsJudgedAtTheNowPassedIn() throws {
        var h = Harness()
        let load = try h.openArts()
        h.loaded(load, .highlights(try Sample.highlights("arts")))
        // Lucian Freud: an availability end (2018-08-30T21:00Z, of its original version) and no remaining text.
        let end = Date(timeIntervalSince1970: 1_535_662_800)
        _ = h.send(.rowSelected("highlights", "b0bbkw7p"), now: end - 3 * 86_400 - 60)
        guard case .details(let soon)? = h.shell.top?.body else {
            Issue.record("details expected")
            return
        }
        #expect(soon.facts.last == "Available for 3 days")
        #expect(soon.subtitle == nil)
        _ = h.send(.back(from: "episode"))
        h.shell.pop(at: h.t)
        _ = h.send(.rowSelected("highlights", "b0bbkw7p"), now: end + 1)
        guard case .details(let gone)? = h.shell.top?.body else {
            Issue.record("details expected")
            return
        }
        #expect(gone.facts.last == "No longer available")
    }

    @Test func backDropsThePendingLoadOfThePoppedScreen() throws {
        var h = Harness()
        let load = try h.openArts()
        h.shell.pop(at: h.t)
        #expect(h.send(.back(from: "highlights")).isEmpty)
        #expect(h.screens.stack == ["categories"])
        #expect(h.screens.pendingLoads.isEmpty)
        h.loaded(load, .highlights(try Sample.highlights("arts")))
        #expect(h.stack == ["categories"])
        #expect(h.topRows.map(\.id.rawValue) == ["arts", "cbbc"])
        // Opening the category again loads it again; the old result still does not land.
        let again = try #require(h.send(.rowSelected("categories", "arts")).first)
        h.loaded(load, .highlights(try Sample.highlights("arts")))
        #expect(h.shell.top?.load == .loading)
        h.loaded(again, .highlights(try Sample.highlights("arts")))
        #expect(h.shell.top?.load == .loaded)
    }

    @Test func backFromTheDetailsKeepsTheHighlights() throws {
        var h = Harness()
        let load = try h.openArts()
        h.loaded(load, .highlights(try Sample.highlights("arts")))
        _ = h.send(.rowSelected("highlights", "b0bb8kqd"))
        h.shell.pop(at: h.t)
        #expect(h.send(.back(from: "episode")).isEmpty)
        #expect(h.screens.stack == ["categories", "highlights"])
        #expect(h.topRows.count == 6)
        // And selecting an episode still works.
        _ = h.send(.rowSelected("highlights", "b0bbn5tk"))
        #expect(h.stack.last == "episode")
    }

    @Test func otherOutputsDoNothingOnEveryScreen() throws {
        let others: [ShellOutput] = [
            .circleTapped, .quit, .nearEnd("categories", rowCount: 2), .nearEnd("highlights", rowCount: 6),
            .refreshRequested("categories"), .refreshRequested("highlights"), .action("episode", .play),
            .tabSelected("categories", "x"), .noticeAction(.dismiss), .searchChanged("categories", "a"),
            .searchSubmitted("categories", "a"), .back(from: "nothing"), .rowSelected("episode", "x"),
        ]
        var h = Harness()
        func check(_ h: inout Harness, _ phase: String) {
            for output in others {
                let before = (h.stack, h.screens.stack, h.shell.top?.load, h.topRows)
                #expect(h.send(output).isEmpty, "\(phase): \(output)")
                #expect(h.stack == before.0 && h.screens.stack == before.1 && h.shell.top?.load == before.2
                        && h.topRows == before.3, "\(phase): \(output)")
            }
        }
        check(&h, "categories loading")
        let arts = try h.openArts()
        check(&h, "highlights loading")
        h.failed(arts, "x")
        check(&h, "highlights failed")
        let retry = try #require(h.send(.retryRequested("highlights")).first)
        h.loaded(retry, .highlights(try Sample.highlights("arts")))
        check(&h, "highlights loaded")
        _ = h.send(.rowSelected("highlights", "b0bb8kqd"))
        check(&h, "episode")
    }

    @Test func startAgainReplacesEveryScreen() throws {
        var h = Harness()
        _ = try h.openArts()
        let loads = Harness.loads(h.screens.send(.started, &h.shell, at: 5, now: Self.now))
        #expect(h.stack == ["categories"])
        #expect(loads.map(\.resource) == [.categories])
        #expect(h.screens.pendingLoads == loads)
    }
}
