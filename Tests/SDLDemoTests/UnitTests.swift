import DragPhysics
import Foundation
import PlayerCore
import ScreenKit
import Testing

@testable import SDLDemo

/// Fitting text with a measure of 10 points per Character.
@Suite("Text fitting")
struct TextFittingTests {
    let measure: (String) -> Double = { Double($0.count) * 10 }

    @Test("a line that fits is kept; a longer one is cut to the longest prefix + … that fits, trailing spaces dropped")
    func fitLine() {
        #expect(TextFitting.fitLine("hello", width: 50, measure: measure) == "hello")
        #expect(TextFitting.fitLine("hello world", width: 60, measure: measure) == "hello…")
        #expect(TextFitting.fitLine("hello world", width: 70, measure: measure) == "hello…")  // "hello " + … → trailing space dropped
        #expect(TextFitting.fitLine("hello world", width: 5, measure: measure) == "…")
        #expect(TextFitting.fitLine("né🎷x", width: 30, measure: measure) == "né…")
    }

    @Test("wrapping breaks at spaces, keeps newlines, breaks words wider than a line, and ends a cut paragraph with …")
    func wrap() {
        #expect(TextFitting.wrap("aaa bbb ccc", width: 70, maxLines: 5, measure: measure) == ["aaa bbb", "ccc"])
        #expect(TextFitting.wrap("one\ntwo", width: 100, maxLines: 5, measure: measure) == ["one", "two"])
        #expect(TextFitting.wrap("abcdefghij", width: 40, maxLines: 5, measure: measure) == ["abcd", "efgh", "ij"])
        // "aaa bbb…" is 80 wide: the kept line is cut further, with the rest of the text behind it.
        #expect(TextFitting.wrap("aaa bbb ccc ddd", width: 70, maxLines: 1, measure: measure) == ["aaa bb…"])
        #expect(TextFitting.wrap("aaa bb ccc ddd", width: 70, maxLines: 1, measure: measure) == ["aaa bb…"])
        let cut = TextFitting.wrap("aaa bbb ccc ddd eee", width: 70, maxLines: 2, measure: measure)
        #expect(cut.count == 2 && cut[1].hasSuffix("…") && measure(cut[1]) <= 70, "\(cut)")
        #expect(TextFitting.wrap("x", width: 70, maxLines: 0, measure: measure).isEmpty)
    }
}

@Suite("Script parser: the commands screens added")
struct ScriptParserTests {
    let parser = ScriptParser(fileName: "s.txt", baseDirectory: "/tmp")

    @Test("wheel with and without a position, tap, type, backspace, enter, and the waits")
    func commands() throws {
        let steps = try parser.parse("""
            0 wheel 0 -3
            1 wheel 0 2.5 100 200
            2 tap 10 20
            3 type jazz and blues
            4 key backspace
            5 key enter
            6 wait-state playing 100
            7 wait-screen episode 200
            8 wait-load refreshing 300
            9 wait-rows 60 400
            10 wait-row v59 500
            11 wait-notice 600
            12 wait-still 700
            13 wait-progress 0.25 800
            """)
        #expect(steps.map(\.command) == [
            .wheel(dx: 0, dy: -3, x: nil, y: nil), .wheel(dx: 0, dy: 2.5, x: 100, y: 200), .tap(x: 10, y: 20),
            .type("jazz and blues"), .key(.backspace), .key(.enter),
            .wait(.state(.playing), timeoutMilliseconds: 100), .wait(.screen("episode"), timeoutMilliseconds: 200),
            .wait(.load(.refreshing), timeoutMilliseconds: 300), .wait(.rows(60), timeoutMilliseconds: 400),
            .wait(.row("v59"), timeoutMilliseconds: 500), .wait(.notice, timeoutMilliseconds: 600),
            .wait(.still, timeoutMilliseconds: 700), .wait(.progress(0.25), timeoutMilliseconds: 800),
        ])
    }

    @Test("bad arguments name the line and what is known")
    func errors() {
        func message(_ line: String) -> String {
            do { _ = try parser.parse(line); return "" } catch { return "\(error)" }
        }
        #expect(message("0 wheel 1").contains("s.txt:1:") && message("0 wheel 1").contains("DX DY [X Y]"))
        #expect(message("0 wait-load soon 10").contains("loading, loaded, failed, refreshing"))
        #expect(message("0 wait-state dancing 10").contains("uninitialized, fetching, playing, paused, completed, failed"))
        #expect(message("0 key tab").contains("backspace"))
        #expect(message("0 type").contains("TEXT"))
        #expect(message("0 wait-rows -1 10").contains("row count"))
        #expect(message("0 wait-progress 1.5 10").contains("between 0 and 1"))
    }

    @Test("state names come from PlayerPhase, keys from Key: one table each, in the help text too")
    func tables() {
        #expect(ScriptParser.stateNames == PlayerPhase.allCases.map(\.rawValue))
        for name in ScriptParser.stateNames + Key.allCases.map(\.rawValue) + ScriptParser.commands.map(\.name) {
            #expect(ScriptParser.usageSummary.contains(name), "\(name) missing from the help")
        }
    }
}

@Suite("Trace lines")
struct TraceLineTests {
    func frame(screens: ShellFrame, outputs: [ShellOutput] = []) -> FrameSnapshot {
        FrameSnapshot(time: 0.016667, windowWidth: 800, windowHeight: 600, x: 400, y: 300, radius: 60, docked: .right,
                      phase: .fetching, progress: 0.5, message: nil, appearance: CircleAppearance(icon: .spinner, fill: 0.5, failed: false),
                      title: "", screens: screens, imageGeneration: 0, outputs: outputs, isAnimating: true, awaitsRealWork: true)
    }

    @Test("the player's fields keep their names, order and format; the screen follows")
    func playerFields() {
        let line = TraceWriter.line(for: frame(screens: .empty))
        #expect(line == #"{"t":16.667,"state":"fetching","progress":0.5,"x":400,"y":300,"radius":60,"docked":"right","icon":"spinner","width":800,"height":600,"screen":null}"#)
    }

    @Test("a list screen: name, load, depth, title, scroll, row count, visible rows (id, title), footer; outputs")
    func listFields() throws {
        var list = ScrollingList(rows: (0..<30).map { ListRow(id: RowID("r\($0)"), title: "Row \"\($0)\"") }, hasMore: true,
                                 frame: Rect(x: 0, y: 48, width: 800, height: 552))
        list.scroll(to: 72 * 20, at: 0)
        _ = list.tick(at: 0)
        let screens = ShellFrame(screen: ScreenFrame(id: "videos", title: "Night Drives", load: .refreshing, canGoBack: true,
                                                     content: Rect(x: 0, y: 48, width: 800, height: 552), body: .list(list.frame(at: 0))),
                                 depth: 2)
        let line = TraceWriter.line(for: frame(screens: screens, outputs: [.nearEnd("videos", rowCount: 30), .back(from: "x")]))
        #expect(line.contains(#","screen":"videos","load":"refreshing","depth":2,"title":"Night Drives","scroll":1440,"rowCount":30,"rows":[{"id":"r20","title":"Row \"20\""},"#))
        #expect(line.contains(#"{"id":"r27","title":"Row \"27\""}],"footer":"loading""#))
        #expect(line.hasSuffix(#","outputs":["nearEnd:videos:30","back:x"]}"#))
        let decoded = try JSONDecoder().decode(TraceFrame.self, from: Data(line.utf8))
        #expect(decoded.rows?.count == 8 && decoded.rowCount == 30 && decoded.screen == "videos")
    }
}

@Suite("Fixture browser")
struct FixtureBrowserTests {
    let base = URL(string: "http://127.0.0.1:8080/videos-1.json")!

    func page(_ ids: Range<Int>, next: String? = nil, screen: String? = "videos") -> FixturePage {
        FixturePage(screen: screen, title: "Night Drives", style: nil,
                    rows: ids.map { FixtureRow(id: "v\($0)", title: "Video \($0)") }, next: next)
    }

    @Test("start → first page → rows; near end → next page, resolved against the page; back drops late results")
    func paging() throws {
        var shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60)
        var browser = FixtureBrowser()
        let start = browser.start(base, shell: &shell, at: 0)
        guard case .load(let first)? = start.first, start.count == 1 else { Issue.record("\(start)"); return }
        #expect(first.url == base && first.purpose == .first && shell.top?.load == .loading && shell.top?.id == "rows")
        _ = browser.loaded(first, page: page(0..<25, next: "videos-2.json"), shell: &shell, at: 1)
        #expect(shell.top?.id == "videos" && shell.top?.load == .loaded && shell.top?.list?.rows.count == 25 && shell.top?.list?.hasMore == true)
        let commands = browser.handle(.nearEnd("videos", rowCount: 25), shell: &shell, at: 2)
        guard case .load(let next)? = commands.first else { Issue.record("\(commands)"); return }
        #expect(next.url.absoluteString == "http://127.0.0.1:8080/videos-2.json" && next.purpose == .next)
        _ = browser.loaded(next, page: page(25..<30), shell: &shell, at: 3)
        #expect(shell.top?.list?.rows.count == 30 && shell.top?.list?.hasMore == false)
        // A result for a screen that was left is dropped.
        let refresh = browser.handle(.refreshRequested("videos"), shell: &shell, at: 4)
        guard case .load(let again)? = refresh.first else { Issue.record("\(refresh)"); return }
        #expect(again.purpose == .refresh && again.url == base)
        _ = shell.pop(at: 5)
        _ = browser.handle(.back(from: "videos"), shell: &shell, at: 5)
        _ = browser.loaded(again, page: page(0..<1), shell: &shell, at: 6)
        #expect(shell.screens.isEmpty)
    }

    @Test("failures: first page → failed with the message; next → the loading row's message; refresh → loaded and a notice")
    func failures() {
        var shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60)
        var browser = FixtureBrowser()
        guard case .load(let first)? = browser.start(base, shell: &shell, at: 0).first else { return }
        _ = browser.failed(first, message: "HTTP 500", shell: &shell, at: 1)
        #expect(shell.top?.load == .failed(message: "HTTP 500"))
        guard case .load(let retry)? = browser.handle(.retryRequested("rows"), shell: &shell, at: 2).first else { Issue.record("no retry"); return }
        _ = browser.loaded(retry, page: page(0..<3, next: "p2.json", screen: nil), shell: &shell, at: 3)
        #expect(shell.top?.id == "rows" && shell.top?.load == .loaded)
        guard case .load(let next)? = browser.handle(.nearEnd("rows", rowCount: 3), shell: &shell, at: 4).first else { Issue.record("no next"); return }
        _ = browser.failed(next, message: "timed out", shell: &shell, at: 5)
        #expect(shell.top?.list?.footer == .failed(message: "timed out"))
        shell.setLoad(.refreshing, of: "rows", at: 6)
        guard case .load(let refresh)? = browser.handle(.refreshRequested("rows"), shell: &shell, at: 6).first else { Issue.record("no refresh"); return }
        _ = browser.failed(refresh, message: "offline", shell: &shell, at: 7)
        #expect(shell.top?.load == .loaded && shell.notice?.title == "Couldn't refresh" && shell.top?.list?.rows.count == 3)
    }

    @Test("rows open details, other lists and notices; plain rows do nothing")
    func selection() {
        var shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60)
        var browser = FixtureBrowser()
        guard case .load(let first)? = browser.start(base, shell: &shell, at: 0).first else { return }
        var rows = [FixtureRow(id: "d", title: "D"), FixtureRow(id: "l", title: "L"), FixtureRow(id: "n", title: "N"), FixtureRow(id: "p", title: "P")]
        rows[0].details = FixtureDetails(title: nil, subtitle: nil, overline: nil, facts: ["1 min"], paragraph: "x", image: "d.jpg", actions: ["play", "subscribe"])
        rows[1].list = "albums/l.json"
        rows[1].screen = "album"
        rows[2].notice = FixtureNotice(title: "No internet connection", message: "m")
        _ = browser.loaded(first, page: FixturePage(screen: nil, title: "T", style: nil, rows: rows, next: nil), shell: &shell, at: 1)
        #expect(browser.handle(.rowSelected("rows", "p"), shell: &shell, at: 2).isEmpty && shell.screens.count == 1)
        #expect(browser.handle(.rowSelected("rows", "d"), shell: &shell, at: 3).isEmpty)
        guard case .details(let details)? = shell.top?.body else { Issue.record("no details"); return }
        #expect(details.image?.absoluteString == "http://127.0.0.1:8080/d.jpg" && details.actions.map(\.action) == [.play, .custom("subscribe")])
        _ = shell.pop(at: 4)
        _ = browser.handle(.back(from: "details"), shell: &shell, at: 4)
        let album = browser.handle(.rowSelected("rows", "l"), shell: &shell, at: 5)
        #expect(album == [.load(FixtureBrowser.Request(serial: 5, entry: 4, screen: "album",
                                                       url: URL(string: "http://127.0.0.1:8080/albums/l.json")!, purpose: .first))])
        #expect(shell.top?.id == "album" && shell.top?.load == .loading && shell.top?.title == "L")
        _ = shell.pop(at: 6)
        _ = browser.handle(.back(from: "album"), shell: &shell, at: 6)
        _ = browser.handle(.rowSelected("rows", "n"), shell: &shell, at: 7)
        #expect(shell.notice?.title == "No internet connection")
    }

    @Test("a page with a bad field is an error naming its JSON path")
    func decodingError() {
        let bad = Array(#"{"rows": [{"id": "a", "title": 3}]}"#.utf8)
        do {
            _ = try FixturePage.decode(bad, from: base)
            Issue.record("decoded")
        } catch {
            #expect("\(error)".contains("$.rows[0].title"), "\(error)")
        }
    }
}
