import Foundation
import Testing
import TestSupport

/// A private X server (Xvfb, 1280 × 800) for one test, optionally with a window manager (openbox): the window's
/// fullscreen as kiosks and minimal X setups run it, and as desktops do. Stopped (its processes killed, by their own
/// ids) when the test ends. `scripts/bootstrap.sh test` installs Xvfb, openbox and x11-utils.
struct PrivateXServer {
    let display: String
    let server: ProcessRunner.Running
    let manager: ProcessRunner.Running?

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// `name` on `PATH`, if installed.
    static func program(_ name: String) -> URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// This process's environment with `DISPLAY` set.
    static func environment(_ display: String) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { _, new in new }
    }

    /// Starts Xvfb on the first free display from :90 (no socket, no lock file), and openbox on it when
    /// `windowManager` is set, once it has announced itself on the root window (`_NET_SUPPORTING_WM_CHECK`).
    static func start(windowManager: Bool) async throws -> PrivateXServer {
        guard let xvfb = Self.program("Xvfb") else { throw Missing(description: "Xvfb not found (scripts/bootstrap.sh test installs xvfb)") }
        let files = FileManager.default
        guard let number = (90 ..< 400).first(where: { !files.fileExists(atPath: "/tmp/.X11-unix/X\($0)") && !files.fileExists(atPath: "/tmp/.X\($0)-lock") })
        else { throw Missing(description: "no free X display number") }
        let display = ":\(number)"
        let server = try await ProcessRunner.Running.start(xvfb, [display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
        guard await waitUntil(timeout: .seconds(30), { files.fileExists(atPath: "/tmp/.X11-unix/X\(number)") }) else {
            server.forceKill()
            throw Missing(description: "Xvfb \(display) did not start: \(server.stderrSoFar)")
        }
        guard windowManager else { return PrivateXServer(display: display, server: server, manager: nil) }
        guard let openbox = Self.program("openbox"), let xprop = Self.program("xprop") else {
            server.forceKill()
            throw Missing(description: "openbox or xprop not found (scripts/bootstrap.sh test installs openbox and x11-utils)")
        }
        let manager = try await ProcessRunner.Running.start(openbox, [], environment: Self.environment(display))
        let announced = await waitUntil(timeout: .seconds(30)) {
            let outcome = try? await ProcessRunner.run(xprop, ["-root", "_NET_SUPPORTING_WM_CHECK"], environment: Self.environment(display))
            return outcome?.stdout.contains("window id") == true
        }
        guard announced else {
            manager.forceKill()
            server.forceKill()
            throw Missing(description: "openbox did not start on \(display)")
        }
        return PrivateXServer(display: display, server: server, manager: manager)
    }

    /// Stops the manager and the server.
    func stop() async {
        manager?.interrupt()
        server.interrupt()
        _ = await manager?.finish(timeout: .seconds(10))
        _ = await server.finish(timeout: .seconds(10))
    }
}

/// Issue 30, item 4: fullscreen fills the screen the X server shows, with a window manager and without one, and
/// leaving puts the window back; the trace's `width` and `height` are the window's real size, and the controls sit
/// inside it (pixels).
@Suite("Fullscreen on a real X server (issue 30)", .serialized, .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct FullscreenXTests {
    @Test("--video: F fills the 1280 × 800 screen (picture and controls inside); Escape puts back 800 × 600", arguments: [false, true])
    func fullscreen(windowManager: Bool) async throws {
        let x = try await PrivateXServer.start(windowManager: windowManager)
        let directory = try makeTemporaryDirectory("FullscreenX")
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            0 size 800 600
            0 wait-video playing 60000
            0 wait-position 1 30000
            0 key f
            0 wait-real 1500
            100 screenshot full.png
            200 key escape
            200 wait-real 1500
            300 screenshot windowed.png
            400 quit
            """.write(to: directory.appendingPathComponent("script.txt"), atomically: true, encoding: .utf8)
        let process = try await DemoProcess.start(in: directory, arguments: ["--script", "script.txt", "--trace", "trace.jsonl", "--video"],
                                                  videoDriver: "x11", environment: ["DISPLAY": x.display, "SDL_AUDIODRIVER": "dummy"])
        let run = await process.finish()
        await x.stop()
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let full = frames.filter { $0.video?.fullscreen == true }
        let last = try #require(full.last, "never fullscreen")
        #expect(last.width == 1280 && last.height == 800, "fullscreen: the trace says \(last.width) × \(last.height)")
        let rect = try #require(last.video?.rect)
        #expect(rect[0] >= 0 && rect[1] >= 0 && rect[0] + rect[2] <= 1280 && rect[1] + rect[3] <= 800, "the picture inside: \(rect)")
        let back = try #require(frames.last)
        #expect(back.video?.fullscreen == false && back.width == 800 && back.height == 600, "left: \(back.width) × \(back.height)")
        // Pixels: the screenshot is the whole screen, the ✕ at the top left and the fullscreen mark at the bottom
        // right are drawn (white) inside it; windowed, 800 × 600 again.
        let image = try LoadedImage(contentsOf: run.file("full.png"))
        try #require(image.width == 1280 && image.height == 800, "the screenshot is \(image.width) × \(image.height)")
        func whitePixels(_ x0: Int, _ y0: Int, _ size: Int) -> Int {
            var count = 0
            for y in y0 ..< y0 + size { for x in x0 ..< x0 + size where image.pixel(x, y, is: (0xFF, 0xFF, 0xFF), tolerance: 40) { count += 1 } }
            return count
        }
        #expect(whitePixels(8, 4, 40) > 30, "the ✕ at the top left")
        #expect(whitePixels(1280 - 44, 800 - 44, 40) > 30, "the fullscreen mark at the bottom right")
        let windowed = try LoadedImage(contentsOf: run.file("windowed.png"))
        #expect(windowed.width == 800 && windowed.height == 600)
    }
}
