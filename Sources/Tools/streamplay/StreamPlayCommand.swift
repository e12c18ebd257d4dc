import ArgumentParser
import CommandLineSupport
import AudioPlayback
import Foundation
import MediaCore
import MediaHost
import PlayerCore
import SafeText
import StreamServer

/// `streamplay`: plays an MP3 stream over HTTP (a radio or a file) without a window, printing what happens —
/// the headless harness for trying streams by hand and for benchmarks (with `SDL_AUDIODRIVER=disk` it writes
/// the PCM it played to `SDL_DISKAUDIOFILE`).
@main
struct StreamPlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streamplay",
        abstract: "Play an MP3 stream over HTTP (radio with ICY metadata, or a file) or a live HLS playlist without a window.",
        discussion: """
            States, titles and problems are printed one per line, prefixed with the seconds since start; text \
            from the station (titles, names) is shown with control characters escaped. Exit status: 0 when the \
            time is up or a finite stream ended; 1 when the stream failed (a lost connection fails after 5 \
            reconnection attempts; a new connection counts as recovered after staying open 10 s); 2 when the \
            --radio file cannot be read; 64 for bad options; 130 on Ctrl-C (SIGINT) and 143 on SIGTERM, after \
            stopping cleanly.

            Examples:
              streamplay http://127.0.0.1:8000/radio.mp3 --seconds 30
              streamplay http://127.0.0.1:8000/live/index.m3u8 --seconds 60   (live HLS, recorded in memory as it plays)
              streamplay --radio tone.mp3 --seconds 20 --mpris        (serves tone.mp3 as an ICY radio on 127.0.0.1)
              SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=/tmp/played.raw streamplay URL --seconds 600
            """)

    @Argument(help: "The stream's URL (http or https): an MP3 stream, or a live HLS playlist (.m3u8). Omit with --radio.")
    var url: String?

    @Option(help: "Serve this MP3 file in a loop as an endless ICY radio on 127.0.0.1 and play that.")
    var radio: String?

    @Flag(help: "With --radio: only serve (print the URL and serve until the time is up), for other players.")
    var serveOnly = false

    @Option(help: "With --radio: the port to serve on (default: any free port).")
    var port: Int = 0

    @Option(help: "With --radio: change the ICY title every this many seconds (0: never).")
    var titleEvery: Double = 10

    @Option(help: "The title to show (a station's or a story's name).")
    var title: String?

    @Option(help: "The artist or author to show.")
    var artist: String?

    @Option(help: "An artwork URL for the media controls.")
    var art: String?

    @Option(help: "Stop after this many seconds (default: until the stream ends or fails).")
    var seconds: Double?

    @Option(help: "Seconds of audio buffered before playing.")
    var buffer: Double = 2

    @Flag(help: "Publish the player on the session bus (MPRIS) so playerctl and desktop media controls see it.")
    var mpris = false

    @Flag(help: "Print only problems and the end.")
    var quiet = false

    func validate() throws {
        guard (url == nil) != (radio == nil) else {
            throw ValidationError("give either a URL or --radio FILE")
        }
        if serveOnly, radio == nil { throw ValidationError("--serve-only needs --radio FILE") }
        if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be positive") }
        guard buffer > 0, buffer < 30 else { throw ValidationError("--buffer must be between 0 and 30 seconds") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
    }

    /// Entry point: every log line terminal-safe (``CommandLineSupport/SafeLogHandler``), then the command.
    static func main() async {
        SafeLogHandler.bootstrap()
        await main(nil)
    }

    func run() async throws {
        let start = ContinuousClock.now
        let printer = LinePrinter(start: start)
        // SIGINT and SIGTERM stop playback cleanly (the audio device closed, the server shut down); SDL must not
        // take them (it turned SIGTERM into a quit event nobody read, so `kill` did nothing).
        let stop = StopSignals()
        defer { stop.cancel() }
        let (signals, signalled) = AsyncStream.makeStream(of: Int32.self)
        stop.onEachSignal { signalled.yield($0) }
        var server: StreamServer?
        var station: RadioStation?
        var streamURL = url ?? ""
        if let radio {
            guard let bytes = FileManager.default.contents(atPath: radio) else {
                printer.error("streamplay: cannot read \(radio)")
                throw ExitCode(2)
            }
            let name = URL(fileURLWithPath: radio).deletingPathExtension().lastPathComponent
            let made = try RadioStation(mp3: Array(bytes), name: "streamplay radio", description: name,
                                        title: "\(name) — part 1", pacing: .realTime)
            let started = try await StreamServer.start(content: .files([:]), port: port)
            started.mount(made, at: "/radio.mp3")
            streamURL = started.url(for: "/radio.mp3").absoluteString
            printer.line("serving \(radio) as a radio at \(streamURL)")
            server = started
            station = made
        }
        let titles = station.map { station in
            Task {
                guard titleEvery > 0 else { return }
                var part = 1
                let name = station.stationDescription ?? "radio"
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(titleEvery))
                    part += 1
                    station.setTitle("\(name) — part \(part)")
                }
            }
        }
        defer { titles?.cancel() }
        if serveOnly {
            let signal = await withTaskGroup(of: Int32?.self) { group in
                group.addTask { try? await Task.sleep(for: .seconds(seconds ?? 86_400)); return nil }
                group.addTask { await signals.first { _ in true } }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
            try await server?.shutdown()
            if let signal { throw Self.stopped(by: signal, printer: printer) }
            return
        }

        var configuration = MediaHostConfiguration(device: AudioOutputFactory.makeBest())
        configuration.streamPolicy = StreamPolicy(startSeconds: buffer)
        configuration.mediaControls = mpris ? MediaControlsIdentity(identity: "CirclePlayer (streamplay)", busName: "streamplay") : nil
        configuration.log = { printer.line("problem: \($0)") }
        let (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        configuration.onChange = { changed.yield() }
        let host = MediaHost(configuration)
        if !quiet { printer.line("audio output: \(host.deviceName)") }
        guard let url = URL(string: streamURL), url.scheme != nil else {
            printer.error("streamplay: \(streamURL) is not a URL")
            await host.shutdown()
            throw ExitCode(2)
        }
        host.send(.playRequested(.stream(StreamRequest(
            url: url, title: title, artist: artist, artworkURL: art.flatMap(URL.init(string:)),
            isLive: radio != nil ? true : nil))))

        let outcome = await watch(host, changes: changes, printer: printer, signals: signals)
        changed.finish()
        await host.shutdown()
        try await server?.shutdown()
        switch outcome {
        case .timeUp, .ended: return
        case .failed: throw ExitCode(1)
        case .stopped(let signal): throw Self.stopped(by: signal, printer: printer)
        }
    }

    enum Outcome { case timeUp, ended, failed, stopped(Int32) }

    /// Says which signal stopped the run; the exit status is the shell's 128 + the signal (130, 143).
    static func stopped(by signal: Int32, printer: LinePrinter) -> ExitCode {
        printer.line("stopped by \(signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)")")
        return ExitCode(128 + signal)
    }

    /// Prints every change until the time is up, a finite stream ended, or the stream failed.
    private func watch(_ host: MediaHost, changes: AsyncStream<Void>, printer: LinePrinter,
                       signals: AsyncStream<Int32>) async -> Outcome {
        let deadline = seconds.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
        let quiet = self.quiet
        return await withTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                var last: StreamPlayer?
                for await _ in changes {
                    let player = host.state.stream
                    if player == last { continue }
                    if !quiet { Self.describe(player, after: last).forEach(printer.line) }
                    if case .failed(let message) = player.state {
                        printer.error("failed: \(message)")
                        return .failed
                    }
                    if player.state == .idle, let last, last.state != .idle, last.inputEnded {
                        printer.line("ended")
                        return .ended
                    }
                    last = player
                }
                return nil
            }
            group.addTask {
                for await signal in signals { return .stopped(signal) }
                return nil
            }
            if let deadline {
                group.addTask {
                    try? await Task.sleep(until: deadline)
                    return .timeUp
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .timeUp
        }
    }

    /// Lines describing what changed from `old` to `new`.
    static func describe(_ new: StreamPlayer, after old: StreamPlayer?) -> [String] {
        var lines: [String] = []
        // Buffering is reported in quarters, not at every level change.
        var changed = old?.state != new.state
        if case .buffering(let was)? = old?.state, case .buffering(let now) = new.state {
            changed = Int(was * 4) != Int(now * 4)
        }
        if changed {
            switch new.state {
            case .idle: lines.append("idle")
            case .buffering(let progress): lines.append("buffering \(Int((progress * 100).rounded()))%")
            case .playing: lines.append(new.isLive ? "playing (live)" : "playing")
            case .paused: lines.append("paused")
            case .failed: break
            }
        }
        if old?.nowPlaying != new.nowPlaying, !new.nowPlaying.isEmpty {
            let artist = new.nowPlaying.artist.map { " — \($0)" } ?? ""
            let length = new.nowPlaying.duration.map { String(format: " (%.1f s)", $0) } ?? ""
            lines.append("now playing: \(new.nowPlaying.title)\(artist)\(length)")
        }
        return lines
    }
}

/// Prints lines prefixed with the seconds since start, one `write` per line. Lines quote what stations send
/// (ICY titles, names, error bodies), so each goes through `SafeText.printable`: it can neither drive the
/// terminal nor span lines (docs/security.md).
struct LinePrinter: Sendable {
    let start: ContinuousClock.Instant

    func line(_ text: String) {
        FileHandle.standardOutput.write(Data((prefix + SafeText.printable(text) + "\n").utf8))
    }

    func error(_ text: String) {
        FileHandle.standardError.write(Data((prefix + SafeText.printable(text) + "\n").utf8))
    }

    private var prefix: String {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return String(format: "%7.2f ", seconds)
    }
}
