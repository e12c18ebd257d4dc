import ArgumentParser
import CSDL2
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

    @Option(help: "The app in the window: \(AppName.allCases.map(\.rawValue).joined(separator: ", ")) (player: the circle alone; iplayer: the Mini iPlayer; vimeo: the Vimeo library; buffs: the SportBuff panel over the circle; interlochen: the Interlochen arts-centre app).")
    var app: AppName = .player

    @Option(help: "The Vimeo access token (vimeo, interlochen; default: $VIMEO_TOKEN; the sample's own with no --base-url). Never printed. Visible to other users in ps: prefer --token-file.")
    var token: String?

    @Option(help: "A file holding the Vimeo access token (mode 0600): the safe way to give it.")
    var tokenFile: String?

    @Option(help: "Interlochen: a file holding content-meta.json's Basic password (mode 0600): the safe way to give it.")
    var passwordFile: String?

    @Option(help: "Interlochen: a file holding the NPR API key (mode 0600).")
    var nprKeyFile: String?

    @Option(help: "The Vimeo or Interlochen app's SQLite store (default: a file in a temporary directory, removed on exit).")
    var store: String?

    @Flag(help: "Vimeo, Interlochen: act as if the connectivity check failed (the stored library only).")
    var offline = false

    @Option(help: "The feed's base URL (iplayer, buffs, vimeo; interlochen: the Vimeo API; default: the embedded sample, served on 127.0.0.1).")
    var baseURL: String?

    @Option(help: "Interlochen: the URL of content-meta.json (default: the embedded sample, served on 127.0.0.1 with NPR, LiveStream and Vimeo fixtures).")
    var contentURL: String?

    @Option(help: "Interlochen: content-meta.json's Basic user (default: $INTERLOCHEN_USER).")
    var user: String?

    @Option(help: "Interlochen: content-meta.json's Basic password (default: $INTERLOCHEN_PASSWORD). Never printed. Visible to other users in ps: prefer --password-file.")
    var password: String?

    @Option(help: "Interlochen: the NPR Story API's base URL (default: https://api.npr.org).")
    var nprBase: String?

    @Option(help: "Interlochen: the NPR API key (default: $NPR_API_KEY). Never printed.")
    var nprKey: String?

    @Option(help: "Interlochen: the LiveStream API's base URL (default: https://api.new.livestream.com).")
    var livestreamBase: String?

    @Option(help: "Interlochen: the program that opens More's links.")
    var openWith: String = "xdg-open"

    @Option(help: "Seconds between two buff requests (with --app buffs; the seed's 30 by default).")
    var buffInterval: Double = 30

    @Option(help: "HLS master or media playlist to fetch (default: the embedded stream, served on 127.0.0.1).")
    var url: String?

    @Option(help: "Play this stream in the circle at once: an MP3 over HTTP (an Icecast/SHOUTcast radio with ICY titles, or a file) or a live HLS playlist (.m3u8).")
    var stream: String?

    @Option(help: "With --stream: the title to show (a station's or a story's name) until the stream announces one.")
    var title: String?

    @Option(help: "With --stream: an artwork URL for the media controls.")
    var art: String?

    @Flag(name: .customLong("no-mpris"), help: "Do not publish the player on the session bus (MPRIS).")
    var noMediaControls = false

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
        // Secrets from files (docs/security.md): read once, then checked like the options they stand for.
        if token != nil, tokenFile != nil { throw ValidationError("give --token or --token-file, not both") }
        if password != nil, passwordFile != nil { throw ValidationError("give --password or --password-file, not both") }
        if nprKey != nil, nprKeyFile != nil { throw ValidationError("give --npr-key or --npr-key-file, not both") }
        do {
            if let tokenFile { token = try SecretFile.read(tokenFile, option: "--token-file") }
            if let passwordFile { password = try SecretFile.read(passwordFile, option: "--password-file") }
            if let nprKeyFile { nprKey = try SecretFile.read(nprKeyFile, option: "--npr-key-file") }
        } catch {
            throw ValidationError(error.description)
        }
        guard width > 0, height > 0 else { throw ValidationError("--width and --height must be positive") }
        guard scriptFps >= 1, scriptFps <= 1000 else { throw ValidationError("--script-fps must be in 1...1000") }
        if let maxFps, maxFps < 1 { throw ValidationError("--max-fps must be at least 1") }
        if let url, URL(string: url)?.scheme == nil { throw ValidationError("--url \(url) is not an absolute URL") }
        if let stream {
            guard let parsed = URL(string: stream), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") else {
                throw ValidationError("--stream \(stream) is not an http(s) URL")
            }
            if url != nil { throw ValidationError("give either --url (a download) or --stream (a stream), not both") }
        } else {
            if title != nil { throw ValidationError("--title is for --stream") }
            if art != nil { throw ValidationError("--art is for --stream") }
        }
        if let mp3, !FileManager.default.fileExists(atPath: mp3) { throw ValidationError("--mp3 \(mp3): no such file") }
        if let baseURL, URL(string: baseURL)?.scheme == nil { throw ValidationError("--base-url \(baseURL) is not an absolute URL") }
        if app != .vimeo, app != .interlochen, token != nil || store != nil || offline {
            throw ValidationError("--token, --store and --offline are for --app vimeo and --app interlochen")
        }
        if app != .interlochen, contentURL != nil || user != nil || password != nil || nprBase != nil || nprKey != nil
            || livestreamBase != nil || openWith != "xdg-open" {
            throw ValidationError("--content-url, --user, --password, --npr-base, --npr-key, --livestream-base and --open-with are for --app interlochen")
        }
        for (name, value) in [("--content-url", contentURL), ("--npr-base", nprBase), ("--livestream-base", livestreamBase)] {
            if let value, URL(string: value)?.scheme == nil { throw ValidationError("\(name) \(value) is not an absolute URL") }
        }
        if let user, user.contains(":") { throw ValidationError("--user must not contain ':' (RFC 7617)") }
        if app == .interlochen, contentURL == nil,
           user != nil || password != nil || nprBase != nil || nprKey != nil || livestreamBase != nil || baseURL != nil || token != nil {
            throw ValidationError("--app interlochen: --user, --password, --npr-base, --npr-key, --livestream-base, --base-url and --token need --content-url (without it the embedded sample is served)")
        }
        if openWith.isEmpty { throw ValidationError("--open-with needs a program") }
        guard buffInterval.isFinite, buffInterval > 0, buffInterval <= 86_400 else {
            throw ValidationError("--buff-interval must be more than 0 and at most 86400 seconds")
        }
    }

    /// The stream `--stream` asks for, by MediaCore's one rule: a live HLS playlist for an `.m3u8` path, else
    /// audio over HTTP (live or finite: the response says).
    func streamRequest() throws -> StreamRequest? {
        guard let stream else { return nil }
        guard let url = URL(string: stream) else { throw ValidationError("--stream \(stream) is not a URL") }
        return StreamRequest(url: url, title: title, artworkURL: art.flatMap(URL.init(string:)))
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
