import CSDL2
import Foundation

/// Sets the demo up (SDL, window, components), runs the interactive loop or the script, and tears
/// everything down again in order: download cancelled, cached file deleted, server shut down, SDL quit.
struct DemoApp {
    var options: SDLDemoCommand

    func run() throws {
        // Parse the script first: a bad script fails before any window opens.
        let steps = try options.script.map(loadScript)

        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "1")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else { throw SDLError.last("SDL_Init") }
        defer { SDL_Quit() }

        // A script starting with `0 size W H` opens the window at that size, so the circle starts centred in it.
        var initial = (width: options.width, height: options.height)
        if case .size(let width, let height)? = steps?.first.flatMap({ $0.time == 0 ? $0.command : nil }) {
            initial = (width, height)
        }
        let canvas = try Canvas(title: "CirclePlayer", width: initial.width, height: initial.height)
        let waker = Waker()
        let components = try DemoComponents.make(options: options, waker: waker)
        defer { components.shutdown() }
        let size = canvas.windowSize
        let session = DemoSession(driver: components.driver, width: Double(size.width), height: Double(size.height),
                                  tickers: components.tickers, completionHold: components.completionHold)
        let trace = try options.trace.map { try TraceWriter(path: $0) }
        defer { trace?.close() }

        let stats: FrameStats
        if let steps, let scriptPath = options.script {
            stats = try ScriptRunner(steps: steps, fileName: scriptPath, canvas: canvas, session: session,
                                     waker: waker, trace: trace, framesPerSecond: options.scriptFps).run()
        } else {
            let refresh = Double(canvas.refreshRate ?? 60)
            let cap = options.maxFps ?? min(max(refresh, 60), 120)
            FileHandle.standardError.write(Data("SDLDemo: renderer \(canvas.rendererName), vsync \(canvas.vsync), frame cap \(Int(cap)) fps\n".utf8))
            stats = try InteractiveLoop(canvas: canvas, session: session, waker: waker, trace: trace,
                                        maxFramesPerSecond: cap).run()
        }
        if options.stats {
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
