import ArgumentParser
import CSDL2
import CommandLineSupport
import FeedKit
import Foundation
import MediaCore
import PlayerCore

/// `SDLDemo`: the CirclePlayer desktop demo.
///
/// ```
/// swift run SDLDemo                      # embedded stream, served offline by an in-process server
/// swift run SDLDemo --url http://host/x.m3u8 --mp3 song.mp3
/// swift run SDLDemo --app vimeo          # the Vimeo library: its embedded sample, or --base-url and --token
/// swift run SDLDemo --stream http://host/radio.mp3 --title "Classical IPR"   # a radio in the circle
/// swift run SDLDemo --app iplayer        # the Mini iPlayer over its embedded sample catalog (or --base-url URL)
/// swift run SDLDemo --app interlochen    # Interlochen over its embedded sample (or --content-url URL --user U …)
/// swift run SDLDemo --video              # the video player on the embedded sample (or --video URL|FILE)
/// swift run SDLDemo --app buffs          # the Buff panel over the sample video, the circle over it (or --video URL)
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
            Video (--video, --app buffs' video, and Watch in the Vimeo and Interlochen apps): Space or K
            play/pause, Left/Right seek 5 s, Up/Down volume 10 %, M mute, F or a double-click fullscreen, Escape
            leaves fullscreen, then closes (Watch's player: back to the details).

            \(ScriptParser.usageSummary)
            """)

    @Option(help: "The app in the window: \(AppName.allCases.map(\.rawValue).joined(separator: ", ")) (player: the circle alone; iplayer: the Mini iPlayer; vimeo: the Vimeo library; buffs: the SportBuff panel over a playing video (--video URL, else the embedded sample) with the circle; interlochen: the Interlochen arts-centre app).")
    var app: AppName = .player

    @Option(help: "The feed's base URL (iplayer, buffs, vimeo; interlochen: the Vimeo API; default: the embedded sample, served on 127.0.0.1).")
    var baseURL: String?

    @OptionGroup(title: "Vimeo and Interlochen (the same as mediakit's)")
    var vimeoToken: VimeoTokenOptions

    @OptionGroup(title: "Vimeo and Interlochen: the store")
    var storage: StoreOptions

    @OptionGroup(title: "Interlochen's services (the same as mediakit interlochen's)")
    var interlochen: InterlochenServiceOptions

    @OptionGroup(title: "The feed apps (iplayer, vimeo, interlochen; the same as mediakit's)")
    var network: NetworkOptions

    @Option(help: "Interlochen: the program that opens More's links.")
    var openWith: String = "xdg-open"

    @Option(help: "Seconds between two buff requests (with --app buffs; the seed's 30 by default).")
    var buffInterval: Double = 30

    @OptionGroup(title: "The player")
    var player: PlayerOptions

    @OptionGroup(title: "The video player")
    var video: VideoOptions

    @OptionGroup(title: "The window and scripted runs")
    var window: WindowOptions

    /// Whether the window is the video player alone (`--video` without `--app buffs`).
    var opensVideoAlone: Bool { video.video != nil && app != .buffs }

    /// Runs the command line, `--video` without a value first given the sample's name
    /// (``completingVideoOption(_:)``).
    static func main() {
        SafeLogHandler.bootstrap()  // the downloader's log lines quote playlists: terminal-safe (issue 28)
        main(completingVideoOption(Array(CommandLine.arguments.dropFirst())))
    }

    mutating func validate() throws {
        if let baseURL, URL(string: baseURL)?.scheme == nil { throw ValidationError("--base-url \(baseURL) is not an absolute URL") }
        if app != .vimeo, app != .interlochen, vimeoToken.isGiven || storage.isGiven {
            throw ValidationError("--token, --token-file, --store and --offline are for --app vimeo and --app interlochen")
        }
        if app != .interlochen, !interlochen.givenNames.isEmpty || openWith != "xdg-open" {
            throw ValidationError("\((interlochen.givenNames + (openWith != "xdg-open" ? ["--open-with"] : [])).joined(separator: ", ")) are for --app interlochen")
        }
        if app == .interlochen, interlochen.contentURL == nil, interlochen.givesServices || baseURL != nil || vimeoToken.isGiven {
            throw ValidationError("--app interlochen: --user, --password, --npr-base, --npr-key, --livestream-base, --base-url and --token need --content-url (without it the embedded sample is served)")
        }
        if openWith.isEmpty { throw ValidationError("--open-with needs a program") }
        if network.isGiven, ![.iplayer, .vimeo, .interlochen].contains(app) {
            throw ValidationError("--timeout is for --app iplayer, vimeo and interlochen")
        }
        if video.video != nil, ![.player, .buffs].contains(app) || player.stream != nil || player.url != nil {
            throw ValidationError("--video opens the player alone: not with --app (but --app buffs: the panel over that video), --url or --stream")
        }
        if video.video == nil, app != .buffs, video.start != nil || video.maxBandwidth != nil {
            throw ValidationError("--start and --max-bandwidth are for --video (and --app buffs, whose video they shape)")
        }
        if app == .buffs, player.stream != nil, video.start != nil || video.maxBandwidth != nil {
            throw ValidationError("--start and --max-bandwidth shape --app buffs' video, and with --stream there is none (the panel floats over the stream's circle)")
        }
        // Secret files are read now, so a bad one is a usage error before any window opens (docs/security.md).
        do {
            _ = try vimeoToken.resolved()
            _ = try interlochen.credentials()
            _ = try interlochen.resolvedNPRKey()
        } catch {
            throw ValidationError(error.description)
        }
        guard buffInterval.isFinite, buffInterval > 0, buffInterval <= 86_400 else {
            throw ValidationError("--buff-interval must be more than 0 and at most 86400 seconds")
        }
    }

    func run() throws {
        do {
            try DemoApp(options: self).run()
        } catch let error as ScriptError {
            DemoLog.line("\(error)")
            throw ExitCode(2)
        } catch let error as ExitCode {
            throw error
        } catch {
            DemoLog.line("\(error)")
            throw ExitCode(1)
        }
    }
}
