// streamserve: serve a directory, a fixture route table, a live HLS stream and/or an ICY radio station over HTTP on
// 127.0.0.1 until interrupted.
import ArgumentParser
import Foundation
import StreamServer

/// How `--loop` joins the passes of a live stream over its source (``StreamServer/LiveLooping``).
enum LoopOption: String, CaseIterable, ExpressibleByArgument {
    /// ``StreamServer/LiveLooping/continuousTimestamps``.
    case continuous
    /// ``StreamServer/LiveLooping/discontinuity``.
    case discontinuity

    var looping: LiveLooping {
        switch self {
        case .continuous: .continuousTimestamps
        case .discontinuity: .discontinuity
        }
    }
}

/// `streamserve [DIR] [--routes routes.json] [--port N] [--live PLAYLIST …] [--radio FILE …]`.
@main
struct StreamServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streamserve",
        abstract: "Serve a directory and/or fixture routes over HTTP on 127.0.0.1 until interrupted.",
        discussion: """
            Files below DIR are served as they are (GET and HEAD, byte ranges). With --routes, the routes of a \
            routes.json answer first (by method, path and query, with optional Basic or Bearer auth and faults; \
            format in docs/server.md); requests no route matches fall back to DIR, or get 404.

            With --live, a VOD media playlist is looped as an endless live HLS stream (a sliding window of \
            --window segments at --live-path/index.m3u8, moving in real time). With --radio, an MP3 file is \
            looped as an endless ICY radio station at --radio-path, paced in real time. Their URLs are printed \
            first, one line each, then the "Serving … (Ctrl-C to stop)" line.

            Examples:
              streamserve Sources/Samples/DefaultStream --port 8080
              streamserve --routes Sources/Samples/IPlayerSample/routes.json
              streamserve --live Sources/Samples/DefaultStream/hls_a192K_v4.m3u8 --window 4
              streamserve --radio Sources/Samples/DefaultStream/fallback.mp3 --title "Test FM"
            """)

    @Argument(help: "Directory whose files are served (optional with --routes).")
    var directory: String?

    @Option(help: "A routes.json whose routes are served before the files.")
    var routes: String?

    @Option(help: "Port to listen on (0: any free port).")
    var port: Int = 0

    @Option(help: ArgumentHelp("A VOD media playlist (.m3u8) to loop as an endless live HLS stream.", valueName: "playlist"))
    var live: String?

    @Option(help: "Segments listed in the live playlist at once (with --live).")
    var window: Int = 6

    @Option(help: "URL path of the live stream: PATH/index.m3u8, PATH/seg<N>.ts (with --live).")
    var livePath: String = "/live"

    @Option(help: "How passes over the live source join: continuous (timestamps shifted) or discontinuity (EXT-X-DISCONTINUITY) (with --live).")
    var loop: LoopOption = .continuous

    @Option(help: ArgumentHelp("An MP3 file to loop as an endless ICY radio station.", valueName: "file"))
    var radio: String?

    @Option(help: "URL path of the radio station (with --radio).")
    var radioPath: String = "/radio.mp3"

    @Option(help: "Audio bytes between ICY metadata blocks, icy-metaint (with --radio).")
    var metaint: Int = 8192

    @Option(help: "The station's stream title, sent in ICY metadata (with --radio).")
    var title: String?

    @Option(help: "Seconds of audio a new listener gets at once (with --radio).")
    var burst: Double = 1

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535")
        }
        guard directory != nil || routes != nil || live != nil || radio != nil else {
            throw ValidationError("give a directory to serve, --routes FILE, --live PLAYLIST or --radio FILE")
        }
        guard window >= 1 else { throw ValidationError("--window must be at least 1") }
        guard metaint >= 1 else { throw ValidationError("--metaint must be at least 1") }
        guard burst >= 0, burst <= 60 else { throw ValidationError("--burst must be from 0 to 60 seconds") }
        for (name, path) in [("--live-path", livePath), ("--radio-path", radioPath)] {
            guard path.hasPrefix("/"), path.count > 1, !path.contains("?"), !path.contains("#") else {
                throw ValidationError("\(name) must be a path starting with / (\(path))")
            }
        }
        if live != nil, radio != nil, livePath == radioPath {
            throw ValidationError("--live-path and --radio-path must differ")
        }
        if live == nil {
            for (flag, given) in [("--window", window != 6), ("--live-path", livePath != "/live"), ("--loop", loop != .continuous)] where given {
                throw ValidationError("\(flag) is for --live")
            }
        }
        if radio == nil {
            for (flag, given) in [("--radio-path", radioPath != "/radio.mp3"), ("--metaint", metaint != 8192),
                                  ("--title", title != nil), ("--burst", burst != 1)] where given {
                throw ValidationError("\(flag) is for --radio")
            }
        }
    }

    func run() async throws {
        var content = ServerContent.files([:])
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw Failure("\(directory) is not a directory")
            }
            content = .directory(directory)
        }
        let server: StreamServer
        var served: [String] = []
        if let routes {
            let table: RouteTable
            do {
                table = try RouteTable.load(contentsOf: URL(fileURLWithPath: routes))
            } catch let error as RouteTableError {
                throw Failure(error.description)
            }
            server = try await StreamServer.start(routes: table, fallback: content, port: port)
            served.append("\(table.routes.count) routes from \(routes)")
        } else {
            server = try await StreamServer.start(content: content, port: port)
        }
        if let directory { served.append(directory) }
        var extras = ""
        if let live {
            let source: LiveSource
            do {
                source = try LiveSource(playlistFile: live)
            } catch {
                try? await server.shutdown()
                throw Failure("--live \(live): \(error)")
            }
            let stream: LiveStream
            do {
                stream = try server.startLive(LiveStreamConfiguration(
                    source: source, path: livePath, windowSize: window, looping: loop.looping, timing: .realTime))
            } catch {
                try? await server.shutdown()
                throw Failure("--live \(live): \(error)")
            }
            served.append("live HLS from \(live)")
            extras += "Live HLS: \(stream.playlistURL.absoluteString) (window \(window), loop \(loop.rawValue))\n"
        }
        if let radio {
            let station: RadioStation
            do {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: radio)))
                station = try RadioStation(mp3: bytes, name: "streamserve", title: title, metaInterval: metaint,
                                           pacing: .realTime, burstSeconds: burst)
            } catch let error as RadioStationError {
                try? await server.shutdown()
                throw Failure("--radio \(radio): \(error.description)")
            } catch {
                try? await server.shutdown()
                throw Failure("--radio \(radio): \(error.localizedDescription)")
            }
            server.mount(station, at: radioPath)
            served.append("radio from \(radio)")
            extras += "Radio: \(server.url(for: radioPath).absoluteString) (icy-metaint \(metaint))\n"
        }
        FileHandle.standardOutput.write(Data(extras.utf8))
        let line = "Serving \(served.joined(separator: " and ")) at \(server.baseURL.absoluteString)/ (Ctrl-C to stop)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        // Serve until the process is interrupted (SIGINT's default action ends it).
        while true {
            try await Task.sleep(for: .seconds(3600))
        }
    }
}

/// A failure reported as one line on stderr, exit status 1.
struct Failure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
