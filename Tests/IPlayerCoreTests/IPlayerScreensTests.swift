import DragPhysics
import Foundation
import IPlayerCore
import ScreenKit
import Testing
import TestSupport

/// `IPlayerScreens`: every row of its transition table, headless (the shell is a value).
@Suite struct IPlayerScreensTests {
    static let size = Size(width: 800, height: 600)
    static let now = Date(timeIntervalSince1970: 1_530_478_800)   // 2018-07-01T21:00:00Z
    static let categories = [IPlayerCore.Category(id: "arts", title: "Arts"), IPlayerCore.Category(id: "cbbc", title: "CBBC")]

    /// The model, its shell and the frame time (TestSupport's harness; the iPlayer's helpers below).
    typealias Harness = ScreenModelHarness<IPlayerScreens>

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
        #expect(h.rows.map(\.id.rawValue) == ["arts", "cbbc"])
        #expect(h.rows.map(\.title) == ["Arts", "CBBC"])
        #expect(h.rows.allSatisfy { $0.thumbnail == nil })
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
        #expect(h.rows.isEmpty)
        h.loaded(try #require(retry.first), .categories(Self.categories))
        #expect(h.rows.count == 2)
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
        let rows = h.rows
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

    @Test func aCollectionOpensItsEpisodesAndAnEpisodeItsDetails() throws {
        var h = Harness()
        let load = try h.openArts()
        h.loaded(load, .highlights(try Sample.highlights("arts")))
        let episodes = h.send(.rowSelected("highlights", "p06b6l8p"))
        #expect(episodes.map(\.resource) == [.collection(id: "p06b6l8p")])
        #expect(h.stack == ["categories", "highlights", "collection"])
        #expect(h.shell.top?.title == "Jazz Music" && h.shell.top?.load == .loading)
        let collection = try Sample.collection("p06b6l8p")
        #expect(collection.episodes.count == 7 && collection.count == 7, "as many as the highlights' \"7 episodes\"")
        h.loaded(try #require(episodes.first), .collection(collection))
        #expect(h.shell.top?.load == .loaded)
        #expect(h.rows.count == 7)
        #expect(h.rows.first?.title == "Jazz Music: Late Night Session")
        #expect(h.rows.first?.thumbnail != nil)
        #expect(h.send(.rowSelected("collection", RowID(collection.episodes[2].id))).isEmpty)
        #expect(h.stack == ["categories", "highlights", "collection", "episode"])
        #expect(h.shell.top?.title == collection.episodes[2].title)
        _ = h.send(.back(from: "episode"))
        h.shell.pop(at: h.t)
        #expect(h.screens.stack == ["categories", "highlights", "collection"])
    }

    @Test func aCollectionThatFailsShowsRetryAndOneWithoutEpisodesSaysSo() throws {
        var h = Harness()
        let load = try h.openArts()
        h.loaded(load, .highlights(try Sample.highlights("arts")))
        let first = try #require(h.send(.rowSelected("highlights", "p06c1vbx")).first)
        h.failed(first, "iBL: HTTP 404")
        #expect(h.shell.top?.load == .failed(message: "iBL: HTTP 404"))
        let retry = try #require(h.send(.retryRequested("collection")).first)
        #expect(retry.resource == .collection(id: "p06c1vbx"))
        h.loaded(retry, .collection(CollectionEpisodes(title: nil, episodes: [])))
        #expect(h.rows.map(\.title) == ["No episodes available"])
        #expect(h.send(.rowSelected("collection", IPlayerScreens.emptyRow)).isEmpty)
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
        #expect(h.rows.map(\.id.rawValue) == ["arts", "cbbc"])
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
        #expect(h.rows.count == 6)
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
                let before = (h.stack, h.screens.stack, h.shell.top?.load, h.rows)
                #expect(h.send(output).isEmpty, "\(phase): \(output)")
                #expect(h.stack == before.0 && h.screens.stack == before.1 && h.shell.top?.load == before.2
                        && h.rows == before.3, "\(phase): \(output)")
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
        let loads = Harness.requests(h.screens.send(.started, &h.shell, at: 5, now: Self.now))
        #expect(h.stack == ["categories"])
        #expect(loads.map(\.resource) == [.categories])
        #expect(h.screens.pendingLoads == loads)
    }
}

extension ScreenModelHarness where Model == IPlayerScreens {
    /// The model started (at the test's `now`), with the categories load it returned in ``loads``.
    init() {
        self.init(IPlayerScreens(), size: IPlayerScreensTests.size, now: IPlayerScreensTests.now)
        _ = start()
    }

    /// The loads the model asked for when it started.
    var loads: [IPlayerLoad] { Self.requests(started) }

    /// The shell reported `output` (at `now`): the loads it asked for (the iPlayer asks for nothing else).
    mutating func send(_ output: ShellOutput, now: Date = IPlayerScreensTests.now) -> [IPlayerLoad] {
        Self.requests(handle(output, now: now))
    }

    /// `load` finished with `feed`: nothing more to load.
    mutating func loaded(_ load: IPlayerLoad, _ feed: IPlayerFeed) {
        #expect(finish(load, .success(feed)).isEmpty)
    }

    /// `load` failed with `message`: nothing more to load.
    mutating func failed(_ load: IPlayerLoad, _ message: String) {
        #expect(finish(load, .failure(LoadFailure(message: message))).isEmpty)
    }

    /// Categories shown and arts selected: the highlights load.
    mutating func openArts() throws -> IPlayerLoad {
        loaded(try #require(loads.first), .categories(IPlayerScreensTests.categories))
        return try #require(send(.rowSelected("categories", "arts")).first)
    }
}
