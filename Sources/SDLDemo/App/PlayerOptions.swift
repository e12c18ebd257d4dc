import ArgumentParser
import Foundation
import MediaCore
import PlayerCore

/// The circle's options: what it plays (`--url`, `--stream` with `--title` and `--art`, `--mp3`) and whether the
/// desktop's media controls see it (`--no-mpris`).
struct PlayerOptions: ParsableArguments {
    @Option(help: "HLS master or media playlist to fetch (default: the embedded stream, served on 127.0.0.1).")
    var url: String?

    @Option(help: "Play this stream in the circle at once: an MP3 over HTTP (an Icecast/SHOUTcast radio with ICY titles, or a file) or a live HLS playlist (.m3u8).")
    var stream: String?

    @Option(help: "With --stream: the title to show (a station's or a story's name) until the stream announces one.")
    var title: String?

    @Option(help: "With --stream: an artwork URL for the media controls.")
    var art: String?

    @Flag(help: "Start at once: fetch the download (--url, or the embedded stream) without waiting for a tap.")
    var play = false

    @Flag(name: .customLong("no-mpris"), help: "Do not publish the player on the session bus (MPRIS).")
    var noMediaControls = false

    @Option(help: "Audio file to play back (default: the downloaded audio if it is MP3 in MPEG-TS, else the embedded MP3).")
    var mp3: String?

    func validate() throws {
        if let url, URL(string: url)?.scheme == nil { throw ValidationError("--url \(url) is not an absolute URL") }
        if let stream {
            guard let parsed = URL(string: stream), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") else {
                throw ValidationError("--stream \(stream) is not an http(s) URL")
            }
            if url != nil { throw ValidationError("give either --url (a download) or --stream (a stream), not both") }
            if play { throw ValidationError("--play starts the download (--url or the embedded stream); --stream plays at once already") }
        } else {
            if title != nil { throw ValidationError("--title is for --stream") }
            if art != nil { throw ValidationError("--art is for --stream") }
        }
        if let mp3, !FileManager.default.fileExists(atPath: mp3) { throw ValidationError("--mp3 \(mp3): no such file") }
    }

    /// The stream `--stream` asks for, by MediaCore's one rule: a live HLS playlist for an `.m3u8` path, else
    /// audio over HTTP (live or finite: the response says).
    var streamRequest: StreamRequest? {
        guard let stream, let url = URL(string: stream) else { return nil }
        return StreamRequest(url: url, title: title, artworkURL: art.flatMap(URL.init(string:)))
    }
}
