import CSDL2
import Foundation

/// Sets the demo up (SDL, window, text, images, components, the app), runs the frame loop (live, or a
/// script's), and tears everything down again in order: the app's work and image fetches stopped, download
/// cancelled, cached file deleted, server shut down, SDL quit.
struct DemoApp {
    var options: SDLDemoCommand

    func run() throws {
        // Parse the script and find the font first: a bad script or a missing font fails before any window opens.
        let steps = try options.window.script.map(loadScript)
        let fonts = try FontFiles.locate()

        options.app.nameWindowClass()
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "1")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else { throw SDLError.last("SDL_Init") }
        defer { SDL_Quit() }
        // Everything SDL made (window, renderer, textures, fonts) lives in `runWindow` and is gone when it
        // returns, before SDL_Quit.
        try runWindow(steps: steps, fonts: fonts)
    }

    private func runWindow(steps: [ScriptStep]?, fonts: FontFiles) throws {
        let missingCodecs = ImageCodec.start()
        if !missingCodecs.isEmpty {
            FileHandle.standardError.write(Data("SDLDemo: SDL_image cannot decode \(missingCodecs.joined(separator: ", ")); such images show placeholders\n".utf8))
        }

        // The settings (docs/Desktop.md): the app's window, the volume and the tab to start with; saved at the end.
        let settings = SettingsRecorder.open(options.settings, scripted: steps != nil, app: options.app)
        // A script starting with `0 size W H` opens the window at that size, so the circle starts centred in it;
        // else the command line's size, else the one remembered.
        var initial = settings.startPlacement(width: options.window.width, height: options.window.height,
                                              displays: Displays.bounds())
        if case .size(let width, let height)? = steps?.first.flatMap({ $0.time == 0 ? $0.command : nil }) {
            (initial.width, initial.height) = (width, height)
        }
        let canvas = try Canvas(title: "CirclePlayer", width: initial.width, height: initial.height,
                                position: initial.x.flatMap { x in initial.y.map { (x, $0) } })
        WindowIcon.set(options.app, on: canvas)
        let text = try TextRenderer(canvas: canvas, fonts: fonts)
        let waker = Waker()
        let components = try DemoComponents.make(options: options, waker: waker,
                                                 clock: steps == nil ? .realTime : .external,
                                                 volume: settings.startVolume)
        defer { components.shutdown() }
        let size = canvas.windowSize

        // The app reaches the session through the main-thread queue; the session exists once the app does.
        let sessionBox = SessionBox()
        let context = AppContext(queue: components.queue) { change in
            sessionBox.session?.update(at: sessionBox.time, change)
        }
        context.media = components.media
        let app: any HostedApp = options.opensVideoAlone
            ? try VideoApp.make(options.video, context: context)
            : try options.app.make(options: options, context: context)
        let session = DemoSession(media: components.media, pumpsMedia: components.pumpsMedia,
                                  width: Double(size.width), height: Double(size.height),
                                  app: app, tickers: [components.queue])
        sessionBox.session = session
        components.queue.onTick = { sessionBox.time = $0 }
        if let resources = app.resources {
            session.images = ImageStore(canvas: canvas, fetcher: resources, queue: components.queue)
        }
        defer { session.shutdown() }
        session.start(at: 0)
        settings.restoreTab(in: session, at: 0)
        let watched = SettingsWatchedSession(session, settings: settings)

        let trace = try options.window.trace.map { try TraceWriter(path: $0) }
        defer { trace?.close() }

        let target = WindowTarget(canvas: canvas, text: text)
        let stats: FrameStats
        if let steps, let scriptPath = options.window.script {
            let source = ScriptFrameSource(steps: steps, fileName: scriptPath, waker: waker,
                                           framesPerSecond: options.window.scriptFps, windowSize: canvas.windowSize)
            var loop = FrameLoop(source: source, session: watched, target: target, trace: trace)
            stats = try loop.run()
        } else {
            let refresh = Double(canvas.refreshRate ?? 60)
            let cap = options.window.maxFps ?? min(max(refresh, 60), 120)
            let source = LiveFrameSource(waker: waker, maxFramesPerSecond: cap)
            FileHandle.standardError.write(Data("SDLDemo: renderer \(canvas.rendererName), vsync \(canvas.vsync), frame cap \(Int(cap)) fps, waits \(source.wait)\n".utf8))
            var loop = FrameLoop(source: source, session: watched, target: target, trace: trace)
            stats = try loop.run()
        }
        settings.finish(window: canvas.windowedPlacement.map { WindowPlacement(width: $0.width, height: $0.height, x: $0.x, y: $0.y) },
                        tab: session.selectedTab)
        if options.window.stats {
            FileHandle.standardError.write(Data("SDLDemo: \(stats.summary)\n".utf8))
        }
    }

    private func loadScript(_ path: String) throws -> [ScriptStep] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ScriptError(file: path, line: 0, message: "cannot read script: \(error.localizedDescription)")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try ScriptParser(fileName: path, baseDirectory: directory).parse(text)
    }
}

/// The session and the current frame time, for work the app hands back to the main thread (main thread only).
final class SessionBox: @unchecked Sendable {
    var session: DemoSession?
    var time = 0.0
}
