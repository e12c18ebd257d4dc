import Foundation
import PlayerCore
import Testing
@testable import MediaControls

/// What is published, as a pure table.
@Suite("MPRIS properties")
struct MPRISPropertiesTests {
    static let station = NowPlaying(request: StreamRequest(
        source: .http(url: URL(string: "http://r.test/live.mp3")!), title: "Classical IPR", artworkURL: URL(string: "http://r.test/logo.png"),
        isLive: true))

    static func story(duration: Double) -> NowPlaying {
        var now = NowPlaying(request: StreamRequest(source: .http(url: URL(string: "http://n.test/s.mp3")!), title: "A story", artist: "NPR"))
        now.update(with: StreamDetails(isLive: false, duration: duration))
        return now
    }

    @Test("PlaybackStatus from the phase: buffering counts as Playing; no track is Stopped")
    func playbackStatus() {
        let expected: [PlayerPhase: String] = [
            .uninitialized: "Stopped", .fetching: "Playing", .playing: "Playing", .paused: "Paused",
            .completed: "Stopped", .failed: "Stopped",
        ]
        for phase in PlayerPhase.allCases {
            let properties = MPRISProperties(identity: "T", state: MediaControlsState(phase: phase, nowPlaying: Self.station))
            #expect(properties.playbackStatus == expected[phase], "\(phase)")
        }
        let none = MPRISProperties(identity: "T", state: MediaControlsState(phase: .playing, nowPlaying: Self.station, hasTrack: false))
        #expect(none.playbackStatus == "Stopped")
    }

    @Test("Metadata: trackid, title, artist as a list, art URL; length in microseconds only when known and not live")
    func metadata() {
        var now = Self.station
        now.update(with: StreamMetadata(title: "Bach - Suite"))
        let live = MPRISProperties(identity: "T", state: MediaControlsState(phase: .playing, nowPlaying: now), trackNumber: 3)
        #expect(live.metadata == .dictionary([
            DBusEntry("mpris:trackid", .objectPath("/org/circleplayer/track/3")),
            DBusEntry("xesam:title", .string("Bach - Suite")),
            DBusEntry("xesam:artist", .stringArray(["Classical IPR"])),
            DBusEntry("mpris:artUrl", .string("http://r.test/logo.png")),
        ]))
        let story = MPRISProperties(identity: "T", state: MediaControlsState(phase: .paused, nowPlaying: Self.story(duration: 95.25)))
        #expect(story.metadata["mpris:length"] == .int64(95_250_000))
        #expect(story.metadata["xesam:artist"] == .stringArray(["NPR"]))
        #expect(story.metadata["mpris:artUrl"] == nil)
        let empty = MPRISProperties(identity: "T", state: .empty)
        #expect(empty.metadata == .dictionary([DBusEntry("mpris:trackid", .objectPath(MPRISProperties.noTrack))]))
    }

    @Test("the root and player interfaces have every property the specification requires, with their types")
    func interfaces() {
        let properties = MPRISProperties(identity: "CirclePlayer", desktopEntry: "circleplayer", canQuit: true,
                                         state: MediaControlsState(phase: .playing, nowPlaying: Self.station))
        let root = Dictionary(uniqueKeysWithValues: properties.all(of: MPRISProperties.rootInterface).map { ($0.key, $0.value) })
        #expect(root["Identity"] == .string("CirclePlayer"))
        #expect(root["DesktopEntry"] == .string("circleplayer"))
        #expect(root["CanQuit"] == .boolean(true))
        #expect(root["CanRaise"] == .boolean(false))
        #expect(root["HasTrackList"] == .boolean(false))
        #expect(root["SupportedUriSchemes"]?.signature == "as")
        #expect(root["SupportedMimeTypes"]?.signature == "as")
        let player = Dictionary(uniqueKeysWithValues: properties.all(of: MPRISProperties.playerInterface).map { ($0.key, $0.value) })
        let types: [String: String] = [
            "PlaybackStatus": "s", "Rate": "d", "Metadata": "a{sv}", "Volume": "d", "Position": "x",
            "MinimumRate": "d", "MaximumRate": "d", "CanGoNext": "b", "CanGoPrevious": "b", "CanPlay": "b",
            "CanPause": "b", "CanSeek": "b", "CanControl": "b",
        ]
        #expect(Set(player.keys) == Set(types.keys))
        for (name, type) in types { #expect(player[name]?.signature == type, "\(name)") }
        #expect(player["CanGoNext"] == .boolean(false))
        #expect(player["CanPlay"] == .boolean(true))
        #expect(player["CanControl"] == .boolean(true))
        #expect(properties.all(of: "org.example.Nothing").isEmpty)
        #expect(properties.value(of: "Nope", in: MPRISProperties.playerInterface) == nil)
    }

    @Test("changes: only announced properties that differ; Position never")
    func changes() {
        let playing = MPRISProperties(identity: "T", state: MediaControlsState(phase: .playing, nowPlaying: Self.station))
        var paused = playing
        paused.state.phase = .paused
        #expect(paused.changes(since: playing, in: MPRISProperties.playerInterface) == [DBusEntry("PlaybackStatus", .string("Paused"))])
        #expect(playing.changes(since: playing, in: MPRISProperties.playerInterface).isEmpty)
        var gone = playing
        gone.state = .empty
        #expect(gone.changes(since: playing, in: MPRISProperties.playerInterface).map(\.key) == ["PlaybackStatus", "Metadata", "CanPlay", "CanPause"])
        var seekable = playing
        seekable.state.canSeek = true
        #expect(seekable.changes(since: playing, in: MPRISProperties.playerInterface).map(\.key) == ["CanSeek"])
        #expect(gone.changes(since: playing, in: MPRISProperties.rootInterface).isEmpty)
    }

    @Test("Position extrapolates its anchor at its rate (µs); Volume clamped; CanSeek only with a track; announced: Volume, CanSeek")
    func positionVolumeSeek() {
        let start = ContinuousClock.now
        var state = MediaControlsState(phase: .playing, nowPlaying: Self.station,
                                       position: PlaybackPosition(seconds: 12.5, at: start, rate: 1), volume: 0.4, canSeek: true)
        var properties = MPRISProperties(identity: "T", state: state)
        #expect(properties.position(at: start) == 12_500_000)
        #expect(properties.position(at: start + .milliseconds(1500)) == 14_000_000)
        #expect(properties.position(at: start - .seconds(5)) == 12_500_000, "never back before the anchor")
        #expect(properties.value(of: "Position", in: MPRISProperties.playerInterface, at: start + .seconds(2)) == .int64(14_500_000))
        #expect(properties.value(of: "Volume", in: MPRISProperties.playerInterface) == .double(0.4))
        #expect(properties.value(of: "CanSeek", in: MPRISProperties.playerInterface) == .boolean(true))
        #expect(properties.trackID == "/org/circleplayer/track/0")
        let before = properties
        state.position = PlaybackPosition(seconds: 12.5, at: start, rate: 0)
        state.volume = 7
        properties.state = state
        #expect(properties.position(at: start + .seconds(60)) == 12_500_000, "paused: the position holds")
        #expect(properties.value(of: "Volume", in: MPRISProperties.playerInterface) == .double(1))
        #expect(properties.changes(since: before, in: MPRISProperties.playerInterface).map(\.key) == ["Volume"])
        properties.state = .empty
        #expect(properties.position(at: start) == 0 && properties.trackID == MPRISProperties.noTrack)
        #expect(properties.value(of: "CanSeek", in: MPRISProperties.playerInterface) == .boolean(false))
    }

    @Test("commands map onto the stream player's events")
    func commands() {
        #expect(MediaControlCommand.play.streamEvent == .playRequested)
        #expect(MediaControlCommand.pause.streamEvent == .pauseRequested)
        #expect(MediaControlCommand.playPause.streamEvent == .tapped)
        #expect(MediaControlCommand.stop.streamEvent == .stopRequested)
        #expect(MediaControlCommand.raise.streamEvent == nil)
        #expect(MediaControlCommand.next.streamEvent == nil)
        #expect(MediaControlCommand.seek(by: 5).streamEvent == nil)
        #expect(MediaControlCommand.setVolume(0.5).streamEvent == nil)
    }
}
