import ArgumentParser
import CSDL2
import Foundation

/// `SDLDemo`: the CirclePlayer desktop demo.
///
/// ```
/// swift run SDLDemo                      # embedded stream, served offline by an in-process server
/// swift run SDLDemo --url http://host/x.m3u8 --mp3 song.mp3
/// swift run SDLDemo --app fixture --fixture catalogue/rows.json   # lists and details from JSON pages
/// swift run SDLDemo --app iplayer        # the Mini iPlayer over its embedded sample catalog (or --base-url URL)
/// SDL_VIDEODRIVER=offscreen swift run SDLDemo --script demo.txt --trace trace.jsonl
/// ```
@main
struct SDLDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "SDLDemo",
        abstract: "A circular HLS audio player: tap to fetch and play, drag it, flick it to an edge.",
        discussion: """
            Mouse or touch: click the circle to tap it, drag it, flick it to an edge where it sticks.
            Keys: space taps, arrow keys push the circle to that edge, Escape goes back a screen or quits,
            Backspace goes back a screen. Lists scroll with a drag, a flick or the mouse wheel.

            \(ScriptParser.usageSummary)
            """)

    @Option(help: "The app in the window: \(AppName.allCases.map(\.rawValue).joined(separator: ", ")) (player: the circle alone; fixture: lists from --fixture).")
    var app: AppName = .player

    @Option(help: "The fixture app's first page: a JSON file or a file:/http: URL (with --app fixture).")
    var fixture: String?

    @Option(help: "The feed's base URL (--app iplayer: default the embedded sample catalog, served on 127.0.0.1).")
    var baseURL: String?

    @Option(help: "HLS master or media playlist to fetch (default: the embedded stream, served on 127.0.0.1).")
    var url: String?

    @Option(help: "Audio file to play back (default: the downloaded audio if it is MP3 in MPEG-TS, else the embedded MP3).")
    var mp3: String?

    @Option(help: "Replay a script on a virtual clock, headless-friendly, then exit.")
    var script: String?

    @Option(help: "Write one JSON object per rendered frame to this file.")
    var trace: String?

    @Option(help: "Initial window width in points.")
    var width: Int = 800

    @Option(help: "Initial window height in points.")
    var height: Int = 600

    @Option(help: "Virtual frame rate of scripted runs.")
    var scriptFps: Double = 60

    @Option(help: "Highest interactive frame rate (default: the display's refresh rate, clamped to 60...120).")
    var maxFps: Double?

    @Flag(help: "Print frame statistics (count, draw time, interval) to stderr on exit.")
    var stats = false

    mutating func validate() throws {
        guard width > 0, height > 0 else { throw ValidationError("--width and --height must be positive") }
        guard scriptFps >= 1, scriptFps <= 1000 else { throw ValidationError("--script-fps must be in 1...1000") }
        if let maxFps, maxFps < 1 { throw ValidationError("--max-fps must be at least 1") }
        if let url, URL(string: url)?.scheme == nil { throw ValidationError("--url \(url) is not an absolute URL") }
        if let mp3, !FileManager.default.fileExists(atPath: mp3) { throw ValidationError("--mp3 \(mp3): no such file") }
        if app == .fixture, fixture == nil { throw ValidationError("--app fixture needs --fixture FILE_OR_URL") }
        if fixture != nil, app != .fixture { throw ValidationError("--fixture is for --app fixture") }
    }

    func run() throws {
        do {
            try DemoApp(options: self).run()
        } catch let error as ScriptError {
            FileHandle.standardError.write(Data("SDLDemo: \(error)\n".utf8))
            throw ExitCode(2)
        } catch let error as ExitCode {
            throw error
        } catch {
            FileHandle.standardError.write(Data("SDLDemo: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
