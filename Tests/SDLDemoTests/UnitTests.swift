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
        #expect(message("0 wait-frames -1 10").contains("number of frames") && message("0 wait-frames 5").contains("N TIMEOUT_MS"))
        #expect(message("0 wait-slider position 0.5 0.2 10").contains("LOW ≤ HIGH"))
        #expect(message("0 wait-slider position 0.5 10").contains("NAME LOW HIGH TIMEOUT_MS"))
    }

    @Test("wait-slider NAME LOW HIGH MS: the details screen's slider in a range")
    func waitSlider() throws {
        #expect(try parser.parse("0 wait-slider position 0.25 0.5 3000").map(\.command)
                == [.wait(.slider("position", 0.25 ... 0.5), timeoutMilliseconds: 3000)])
    }

    @Test("wait-frames N MS: the open video has shown N frames")
    func waitFrames() throws {
        #expect(try parser.parse("0 wait-frames 15 3000").map(\.command) == [.wait(.frames(15), timeoutMilliseconds: 3000)])
        #expect(ScriptCondition.frames(15).description == "wait-frames 15")
    }

    @Test("state names come from PlayerPhase, keys from ShellKey: one table each, in the help text too")
    func tables() {
        #expect(ScriptParser.stateNames == PlayerPhase.allCases.map(\.rawValue))
        for name in ScriptParser.stateNames + ShellKey.allCases.map(\.rawValue) + ScriptParser.commands.map(\.name) {
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
        #expect(line == #"{"t":16.667,"state":"fetching","progress":0.5,"x":400,"y":300,"radius":60,"docked":"right","icon":"spinner","width":800,"height":600,"screen":null,"windowTitle":""}"#)
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
        #expect(line.contains(#"{"id":"r27","title":"Row \"27\""}],"footer":"loading","spinner":"#), "refreshing: the indicator's angle")
        #expect(line.hasSuffix(#","outputs":["nearEnd:videos:30","back:x"],"windowTitle":""}"#), "the window's title last")
        let decoded = try JSONDecoder().decode(TraceFrame.self, from: Data(line.utf8))
        #expect(decoded.rows?.count == 8 && decoded.rowCount == 30 && decoded.screen == "videos")
        #expect(decoded.headers == nil, "no header rows, no key")
    }

    @Test("header rows: listed under headers, not under rows, and not counted in rowCount; spinner only while loading")
    func headerFields() throws {
        let rows = [ListRow.header(id: "header:A", title: "A"), ListRow(id: "a1", title: "A 1"),
                    ListRow.header(id: "header:B", title: "B"), ListRow(id: "b1", title: "B 1")]
        let list = ScrollingList(rows: rows, frame: Rect(x: 0, y: 48, width: 800, height: 552))
        let screens = ShellFrame(screen: ScreenFrame(id: "performances", title: "Performances", load: .loaded, canGoBack: false,
                                                     content: Rect(x: 0, y: 48, width: 800, height: 552), body: .list(list.frame(at: 0))),
                                 depth: 1)
        let decoded = try JSONDecoder().decode(TraceFrame.self, from: Data(TraceWriter.line(for: frame(screens: screens)).utf8))
        #expect(decoded.rows?.map(\.id) == ["a1", "b1"] && decoded.rowCount == 2)
        #expect(decoded.headers == ["A", "B"])
        #expect(decoded.spinner == nil)
    }
}
