import Foundation
import PlayerCore
import Testing
import TestSupport
@testable import SDLDemo

/// `AudioSelection`: which machine the circle shows and what switching does — every row of its table, with and
/// without the default player's fallback download.
@Suite("Audio selection (switching between a download and a stream)")
struct AudioSelectionTests {
    static let a = DownloadRequest(playlist: URL(string: "http://127.0.0.1:1/a.m3u8")!, title: "A")
    static let b = DownloadRequest(playlist: URL(string: "http://127.0.0.1:1/b.m3u8")!)
    static let fallback = DownloadRequest(playlist: URL(string: "http://127.0.0.1:1/default.m3u8")!)
    static let radio = StreamRequest(source: .http(url: "http://127.0.0.1:1/radio.mp3"), title: "Radio", isLive: true)
    static let other = StreamRequest(source: .liveHLS(playlist: "http://127.0.0.1:1/live/index.m3u8"))

    static func play(_ d: DownloadRequest) -> AudioSelection.Action {
        .play(.download(playlist: d.playlist, title: d.title, artist: d.artist, artworkURL: d.artworkURL))
    }

    /// A selection showing `active`, reached through the public actions.
    static func selection(_ active: AudioSelection.Active, fallback: DownloadRequest?) -> AudioSelection {
        var selection = AudioSelection(fallback: fallback)
        switch active {
        case .nothing: break
        case .download(let d): _ = selection.send(play(d))
        case .stream(let s): _ = selection.send(.play(.stream(s)))
        }
        #expect(selection.active == active)
        return selection
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var from: AudioSelection.Active
        var action: AudioSelection.Action
        var fallback: DownloadRequest?
        var to: AudioSelection.Active
        var commands: [AudioSelection.Command]
        var testDescription: String { "\(from) + \(action) (fallback: \(fallback != nil)) → \(to)" }
    }

    static let rows: [Row] = {
        var rows: [Row] = []
        for fallback in [nil, Self.fallback] {
            rows += [
                Row(from: .nothing, action: play(a), fallback: fallback, to: .download(a), commands: [.startDownload(a, autoplay: true)]),
                Row(from: .download(a), action: play(b), fallback: fallback, to: .download(b),
                    commands: [.retireDownload, .startDownload(b, autoplay: true)]),
                Row(from: .download(a), action: play(a), fallback: fallback, to: .download(a),
                    commands: [.retireDownload, .startDownload(a, autoplay: true)]),
                Row(from: .stream(radio), action: play(a), fallback: fallback, to: .download(a),
                    commands: [.releaseStream, .startDownload(a, autoplay: true)]),
                Row(from: .nothing, action: .play(.stream(radio)), fallback: fallback, to: .stream(radio), commands: [.selectStream(radio)]),
                Row(from: .download(a), action: .play(.stream(radio)), fallback: fallback, to: .stream(radio),
                    commands: [.retireDownload, .selectStream(radio)]),
                Row(from: .stream(radio), action: .play(.stream(other)), fallback: fallback, to: .stream(other), commands: [.selectStream(other)]),
                Row(from: .nothing, action: .prepare(a), fallback: fallback, to: .download(a), commands: [.startDownload(a, autoplay: false)]),
                Row(from: .download(b), action: .prepare(a), fallback: fallback, to: .download(a),
                    commands: [.retireDownload, .startDownload(a, autoplay: false)]),
                Row(from: .stream(radio), action: .prepare(a), fallback: fallback, to: .download(a),
                    commands: [.releaseStream, .startDownload(a, autoplay: false)]),
                Row(from: .nothing, action: .releaseAudio, fallback: fallback, to: .nothing, commands: []),
            ]
            if let fallback {
                rows += [
                    Row(from: .download(a), action: .releaseAudio, fallback: fallback, to: .download(fallback),
                        commands: [.retireDownload, .startDownload(fallback, autoplay: false)]),
                    Row(from: .stream(radio), action: .releaseAudio, fallback: fallback, to: .download(fallback),
                        commands: [.releaseStream, .startDownload(fallback, autoplay: false)]),
                ]
            } else {
                rows += [
                    Row(from: .download(a), action: .releaseAudio, fallback: nil, to: .nothing, commands: [.retireDownload]),
                    Row(from: .stream(radio), action: .releaseAudio, fallback: nil, to: .nothing, commands: [.releaseStream]),
                ]
            }
        }
        return rows
    }()

    @Test("every row of the table", arguments: rows)
    func row(_ row: Row) {
        var selection = Self.selection(row.from, fallback: row.fallback)
        let commands = selection.send(row.action)
        #expect(selection.active == row.to)
        #expect(commands == row.commands)
        #expect(selection.isControlVisible == (row.to != .nothing))
    }

    @Test("the table covers every active kind × action kind, with and without a fallback")
    func coverage() {
        func kind(_ active: AudioSelection.Active) -> String {
            switch active { case .nothing: "nothing"; case .download: "download"; case .stream: "stream" }
        }
        func kind(_ action: AudioSelection.Action) -> String {
            switch action {
            case .play(.download): "playDownload"
            case .play(.stream): "playStream"
            case .prepare: "prepare"
            case .releaseAudio: "release"
            }
        }
        let covered = Set(Self.rows.map { "\(kind($0.from)) \(kind($0.action)) \($0.fallback != nil)" })
        for from in ["nothing", "download", "stream"] {
            for action in ["playDownload", "playStream", "prepare", "release"] {
                for fallback in [false, true] {
                    #expect(covered.contains("\(from) \(action) \(fallback)"), "no row for \(from) \(action) fallback \(fallback)")
                }
            }
        }
    }

    @Test("never two machines at once: after any sequence, a download is retired before a stream is selected and vice versa")
    func neverTwoAtOnce() {
        var generator = SplitMix64(seed: 2024)
        let actions: [AudioSelection.Action] = [Self.play(Self.a), Self.play(Self.b), .play(.stream(Self.radio)),
                                                .play(.stream(Self.other)), .prepare(Self.a), .releaseAudio]
        for fallback in [nil, Self.fallback] {
            var selection = AudioSelection(fallback: fallback)
            var downloadLive = false
            var streamLive = false
            for _ in 0..<2000 {
                let action = actions[Int(generator.next() % UInt64(actions.count))]
                for command in selection.send(action) {
                    switch command {
                    case .retireDownload: #expect(downloadLive); downloadLive = false
                    case .startDownload: #expect(!downloadLive && !streamLive); downloadLive = true
                    case .releaseStream: #expect(streamLive); streamLive = false
                    case .selectStream: #expect(!downloadLive); streamLive = true
                    }
                }
                switch selection.active {
                case .nothing: #expect(!downloadLive && !streamLive)
                case .download: #expect(downloadLive && !streamLive)
                case .stream: #expect(streamLive && !downloadLive)
                }
            }
        }
    }
}
