import DragPhysics
import Foundation
import ScreenKit
import Testing
import TestSupport

@testable import SDLDemo

/// The screen renderers, in this process, with real SDL (offscreen driver, software renderer) and the real
/// fonts, drawing models built here and checked by pixels. 800 × 600, scale 1.
@Suite("Renderers by pixels", .serialized)
struct RenderTests {
    static let size = (width: 800.0, height: 600.0)
    static let content = Rect(x: 0, y: 48, width: 800, height: 552)

    func rows(_ count: Int, title: (Int) -> String = { "Row \($0)" }) -> [ListRow] {
        (0..<count).map { ListRow(id: RowID("r\($0)"), title: title($0), subtitle: "Subtitle \($0)", overline: "CHANNEL") }
    }

    func draw(_ frame: ShellFrame, on canvas: Canvas, text: TextRenderer, images: ImageStore? = nil, time: Double = 0) throws -> CanvasPixels {
        canvas.clear(Palette.background)
        try ScreensRenderer.draw(frame, size: Self.size, with: Painter(canvas: canvas, text: text, images: images, time: time))
        return try CanvasPixels(canvas)
    }

    func listFrame(_ list: ScrollingList, at t: Double = 0) -> ShellFrame {
        ShellFrame(screen: ScreenFrame(id: "rows", title: "Rows", load: .loaded, canGoBack: true, content: Self.content,
                                       body: .list(list.frame(at: t))), depth: 2)
    }

    @Test("rows: white rows, separators, placeholder thumbnails, the pressed row highlighted, text inside its box")
    func list() throws {
        var list = ScrollingList(rows: rows(10, title: { $0 == 1 ? String(repeating: "A very long title ", count: 12) : "Row \($0)" }),
                                 frame: Self.content)
        list.pointerDown(at: Point(x: 600, y: 48 + 72 * 2 + 30), time: 0)   // row 2 pressed
        let pixels = try RenderHarness.withCanvas { canvas, text in try draw(listFrame(list), on: canvas, text: text) }
        // Row 0 at y 48..120: white right of the text, a separator at its bottom from the text inset on.
        #expect(pixels.pixel(700, 60, is: Palette.row))
        #expect(pixels.pixel(400, 119, is: Palette.separator, tolerance: 2))
        #expect(pixels.pixel(60, 119, is: Palette.row), "the separator starts at the text, not under the thumbnail")
        // Thumbnails without images: the placeholder colour (away from its mark).
        #expect(pixels.pixel(16, 48 + 16, is: Palette.placeholder))
        // Row 2 pressed.
        #expect(pixels.pixel(700, 48 + 72 * 2 + 10, is: Palette.rowPressed))
        #expect(pixels.pixel(700, 48 + 72 * 3 + 10, is: Palette.row))
        // Text: the title of row 0 has ink in its line; the long title of row 1 is cut with an ellipsis inside the
        // row (ink reaches near the right padding, none in the last 12 pt).
        let titleLine = Rect(x: ListStyle.default.textInset, y: 48 + 8 + 16, width: 300, height: 21)
        #expect(pixels.hasInk(in: titleLine, on: Palette.row))
        let longLine = Rect(x: ListStyle.default.textInset, y: 48 + 72 + 8 + 16, width: 800 - ListStyle.default.textInset, height: 21)
        let rightmost = try #require(pixels.rightmostInk(in: longLine, on: Palette.row))
        #expect(rightmost < 800 - 12 && rightmost > 800 - 12 - 40, "long title ends at x \(rightmost)")
    }

    @Test("title bar: the bar colour, a white chevron in the back button, the title centred in white")
    func titleBar() throws {
        let pixels = try RenderHarness.withCanvas { canvas, text in
            try draw(listFrame(ScrollingList(rows: rows(3), frame: Self.content)), on: canvas, text: text)
        }
        #expect(pixels.pixel(100, 4, is: Palette.titleBar))
        #expect(pixels.count(in: Rect(x: 0, y: 0, width: 56, height: 48), Palette.onDark, tolerance: 60) > 20, "no chevron")
        let title = Rect(x: 370, y: 10, width: 60, height: 28)
        #expect(pixels.count(in: title, Palette.onDark, tolerance: 60) > 20, "no title text at the centre")
        #expect(pixels.count(in: Rect(x: 600, y: 0, width: 200, height: 48), Palette.onDark, tolerance: 60) == 0)
    }

    @Test("load states: a spinner while loading; the message and a Retry button when failed")
    func loadStates() throws {
        func frame(_ load: LoadState) -> ShellFrame {
            ShellFrame(screen: ScreenFrame(id: "rows", title: "Rows", load: load, canGoBack: false, content: Self.content,
                                           body: .list(ScrollingList(frame: Self.content).frame(at: 0))))
        }
        let layout = ShellLayout(size: Size(width: 800, height: 600))
        let (loading, failed) = try RenderHarness.withCanvas { canvas, text in
            (try draw(frame(.loading), on: canvas, text: text, time: 0.3),
             try draw(frame(.failed(message: "HTTP 500 from the server")), on: canvas, text: text))
        }
        // The spinner: an arc of radius 18 around the content's centre (400, 324), three quarters of it dark.
        var onArc = 0
        for i in 0..<72 {
            let angle = Double(i) / 72 * 2 * Double.pi
            if loading.pixel(400 + Int((18 * cos(angle)).rounded()), 324 + Int((18 * sin(angle)).rounded()), is: Palette.titleBar, tolerance: 40) { onArc += 1 }
        }
        #expect(onArc >= 48 && onArc <= 60, "\(onArc) of 72 on the arc")
        #expect(loading.count(in: Rect(x: 756, y: 10, width: 34, height: 28), Palette.onDark, tolerance: 60) > 10, "no spinner in the title bar")
        let retry = layout.retryButton(in: Self.content)
        #expect(failed.pixel(Int(retry.x) + 6, Int(retry.center.y), is: Palette.accent))
        #expect(failed.count(in: retry, Palette.onDark, tolerance: 60) > 20, "no Retry label")
        #expect(failed.hasInk(in: layout.failureMessage(in: Self.content), on: Palette.background))
    }

    @Test("the loading row: a spinner and 'Loading…'; the failed row: its message in the error colour")
    func footers() throws {
        var list = ScrollingList(rows: rows(2), hasMore: true, frame: Self.content)
        _ = list.tick(at: 0)
        let loading = try RenderHarness.withCanvas { canvas, text in try draw(listFrame(list), on: canvas, text: text) }
        let footer = Rect(x: 0, y: 48 + 144, width: 800, height: 72)
        #expect(loading.count(in: footer, Palette.titleBar, tolerance: 40) > 20, "no spinner")
        #expect(loading.hasInk(in: Rect(x: 400, y: footer.y + 20, width: 80, height: 32), on: Palette.background))
        list.loadingMoreFailed(message: "HTTP 503", at: 1)
        let failed = try RenderHarness.withCanvas { canvas, text in try draw(listFrame(list, at: 1), on: canvas, text: text) }
        #expect(failed.count(in: footer, Palette.error, tolerance: 50) > 20, "no error text")
        #expect(failed.count(in: footer, Palette.accent, tolerance: 50) > 10, "no 'Tap to retry'")
    }

    @Test("details: image placeholder, accent buttons with white labels, the paragraph wrapped inside its box")
    func details() throws {
        let details = DetailsScreen(image: URL(string: "http://127.0.0.1:9/none.jpg"), overline: "BBC TWO", title: "Mock the Week",
                                    subtitle: "Series 17", facts: ["29 min"],
                                    paragraph: String(repeating: "The topical comedy panel show returns. ", count: 40),
                                    actions: [ActionButton(.play), ActionButton(.listen)])
        let frame = ShellFrame(screen: ScreenFrame(id: "episode", title: "Episode", load: .loaded, canGoBack: true,
                                                   content: Self.content, body: .details(details)), pressedControl: .action(1), depth: 2)
        let layout = DetailsLayout(details, in: Self.content)
        let pixels = try RenderHarness.withCanvas { canvas, text in try draw(frame, on: canvas, text: text) }
        let image = try #require(layout.image)
        #expect(pixels.pixel(Int(image.x) + 4, Int(image.y) + 4, is: Palette.placeholder))
        #expect(pixels.pixel(Int(layout.buttons[0].x) + 6, Int(layout.buttons[0].center.y), is: Palette.accent))
        #expect(pixels.pixel(Int(layout.buttons[1].x) + 6, Int(layout.buttons[1].center.y), is: Palette.accentPressed), "pressed button")
        #expect(pixels.count(in: layout.buttons[0], Palette.onDark, tolerance: 60) > 10)
        // The paragraph fills lines inside its box and never spills right of it or below it.
        let box = layout.paragraph
        #expect(pixels.hasInk(in: Rect(x: box.x, y: box.y, width: box.width, height: 19), on: Palette.background))
        #expect(!pixels.hasInk(in: Rect(x: box.maxX + 1, y: box.y, width: 800 - box.maxX - 1, height: box.height), on: Palette.background))
        #expect(!pixels.hasInk(in: Rect(x: box.x, y: box.maxY, width: box.width, height: 600 - box.maxY), on: Palette.background))
        let lines = (0..<Int(box.height / 19)).filter { line in
            pixels.hasInk(in: Rect(x: box.x, y: box.y + Double(line) * 19 + 3, width: box.width, height: 13), on: Palette.background)
        }
        #expect(lines.count == Int(box.height / 19), "\(lines.count) of \(Int(box.height / 19)) lines drawn")
    }

    @Test("a notice dims the window and draws a white card with its buttons; tabs mark the selected one")
    func noticeAndTabs() throws {
        var screen = ScreenFrame(id: "home", title: "Home", load: .loaded, canGoBack: false, content: ShellLayout(size: Size(width: 800, height: 600)).content(hasTabs: true),
                                 body: .empty, tabs: TabBar(items: [.init(id: "a", title: "Featured"), .init(id: "b", title: "Radio")], selected: "b"))
        let tabs = try RenderHarness.withCanvas { canvas, text in try draw(ShellFrame(screen: screen), on: canvas, text: text) }
        #expect(tabs.pixel(600, 600 - 3, is: Palette.accent), "selected tab not underlined")
        #expect(tabs.pixel(200, 600 - 3, is: Palette.card), "unselected tab underlined")
        screen.tabs = nil
        let notice = Notice(title: "No internet connection", message: "Check your connection.",
                            buttons: [NoticeButton(.retry, title: "Retry"), NoticeButton(.dismiss, title: "OK")])
        let pixels = try RenderHarness.withCanvas { canvas, text in try draw(ShellFrame(screen: screen, notice: notice), on: canvas, text: text) }
        let layout = NoticeLayout(notice, in: Size(width: 800, height: 600))
        #expect(pixels.pixel(Int(layout.card.x) + 10, Int(layout.card.maxY) - 10, is: Palette.card))
        #expect(pixels.at(20, 580).r < Int(Palette.background.r) - 40, "not dimmed")
        #expect(pixels.pixel(Int(layout.buttons[0].x) + 5, Int(layout.buttons[0].center.y), is: Palette.accent))
        #expect(pixels.pixel(Int(layout.buttons[1].x) + 5, Int(layout.buttons[1].center.y), is: Palette.secondaryButton))
        #expect(pixels.hasInk(in: layout.title, on: Palette.card))
    }

    @Test("a thumbnail fetched and decoded in the background is drawn cropped into its box")
    func thumbnail() throws {
        struct BundleFetcher: ResourceFetching {
            func bytes(at url: URL) async throws -> [UInt8] { try FixtureCatalog.image(url.lastPathComponent) }
        }
        let url = try #require(URL(string: "fixture:///red.jpg"))
        let list = ScrollingList(rows: [ListRow(id: "a", title: "A", thumbnail: url)], frame: Self.content)
        let pixels = try RenderHarness.withCanvas { canvas, text -> CanvasPixels in
            // The image arrives through the main-thread queue, whose waker is signalled when work is queued:
            // run the queue at each signal until the image is there (the waits are events, bounded against a hang).
            let waker = Waker()
            let queue = MainThreadQueue(waker: waker)
            let store = ImageStore(canvas: canvas, fetcher: BundleFetcher(), queue: queue)
            store.show([url], at: 0)
            let deadline = ContinuousClock.now + TestBounds.scaled(TestBounds.hang)
            while case .loading = store.look(for: url), ContinuousClock.now < deadline {
                queue.tick(at: 0)
                guard case .loading = store.look(for: url) else { break }
                _ = waker.wait(seconds: 1)
            }
            #expect(store.statistics.count == 1 && store.statistics.bytes == 64 * 36 * 4)
            return try draw(listFrame(list), on: canvas, text: text, images: store)
        }
        let box = try #require(ListStyle.default.thumbnailFrame())
        #expect(pixels.pixel(Int(box.center.x), 48 + Int(box.center.y), is: RGBA(0xD0, 0x40, 0x30), tolerance: 10))
        #expect(pixels.pixel(Int(box.x) + 1, 48 + Int(box.y) + 1, is: RGBA(0xD0, 0x40, 0x30), tolerance: 12))
        #expect(pixels.pixel(Int(box.maxX) + 2, 48 + Int(box.center.y), is: Palette.row), "the image spills out of its box")
    }

    @Test("the failure message is drawn under the circle, or above it when docked at the bottom")
    func playerMessage() throws {
        func frame(y: Double) -> FrameSnapshot {
            FrameSnapshot(time: 0, windowWidth: 800, windowHeight: 600, x: 400, y: y, radius: 60, docked: nil, phase: .failed,
                          progress: 0, message: "Download failed: HTTP 404 for http://127.0.0.1/missing/hls_index.m3u8",
                          appearance: CircleAppearance(icon: .retry, fill: 0, failed: true), title: "",
                          screens: .empty, imageGeneration: 0, outputs: [], isAnimating: false, awaitsRealWork: false)
        }
        let (middle, bottom) = try RenderHarness.withCanvas { canvas, text -> (CanvasPixels, CanvasPixels) in
            try FrameRenderer.draw(frame(y: 300), on: canvas, text: text, images: nil)
            let middle = try CanvasPixels(canvas)
            try FrameRenderer.draw(frame(y: 540), on: canvas, text: text, images: nil)
            return (middle, try CanvasPixels(canvas))
        }
        #expect(middle.count(in: Rect(x: 250, y: 370, width: 300, height: 60), Palette.error, tolerance: 60) > 30, "no message under the circle")
        #expect(middle.count(in: Rect(x: 250, y: 170, width: 300, height: 60), Palette.error, tolerance: 60) == 0)
        #expect(bottom.count(in: Rect(x: 250, y: 400, width: 300, height: 70), Palette.error, tolerance: 60) > 30, "no message above the docked circle")
    }
}
