import Foundation
import MediaCore
import PlayerCore
import VideoCore
import Testing

/// The audio's volume: clamping, mute keeping the level, the status reporting it, switches keeping it.
@Suite("MediaPlayer: the audio's volume")
struct AudioVolumeTests {
    static let radio = StreamRequest(url: URL(string: "http://127.0.0.1:1/radio.mp3")!, title: "Radio", isLive: true)
    static let story = StreamRequest(url: URL(string: "http://127.0.0.1:1/story.mp3")!, title: "Story", isLive: false)

    @Test("levels are clamped to 0…1; not a number is 1", arguments: [
        (0.4, 0.4), (-0.5, 0.0), (1.7, 1.0), (Double.nan, 1.0), (Double.infinity, 1.0),
    ])
    func clamped(_ pair: (Double, Double)) {
        var player = MediaPlayer()
        _ = player.send(.playRequested(.stream(Self.radio)), at: 0)
        let commands = player.send(.controlRequested(.setVolume(pair.0)), at: 1)
        #expect(player.audioVolume.level == pair.1)
        #expect(commands == [.setAudioVolume(AudioVolume(level: pair.1))])
    }

    @Test("mute keeps the level (gain 0), unmute restores it; the status reports both")
    func mute() {
        var player = MediaPlayer()
        _ = player.send(.playRequested(.stream(Self.radio)), at: 0)
        _ = player.send(.controlRequested(.setVolume(0.3)), at: 1)
        #expect(player.send(.controlRequested(.setMuted(true)), at: 2) == [.setAudioVolume(AudioVolume(level: 0.3, muted: true))])
        #expect(player.audioVolume.gain == 0)
        #expect(player.status(at: 2).volume == AudioVolume(level: 0.3, muted: true))
        _ = player.send(.controlRequested(.setMuted(false)), at: 3)
        #expect(player.audioVolume.gain == 0.3)
    }

    @Test("a player made with a volume (the remembered one) starts at it, clamped, and plays its audio at it")
    func startVolume() {
        var player = MediaPlayer(volume: AudioVolume(level: 0.35, muted: true))
        #expect(player.audioVolume == AudioVolume(level: 0.35, muted: true))
        _ = player.send(.playRequested(.stream(Self.radio)), at: 0)
        #expect(player.status(at: 0).volume == AudioVolume(level: 0.35, muted: true))
        #expect(player.send(.controlRequested(.setMuted(false)), at: 1) == [.setAudioVolume(AudioVolume(level: 0.35))])
        #expect(MediaPlayer(volume: AudioVolume(level: 3)).audioVolume.level == 1)
    }

    @Test("the volume survives switching to another stream, a video and back; a video's volume is the video's")
    func keptAcrossSwitches() {
        var player = MediaPlayer()
        _ = player.send(.playRequested(.stream(Self.radio)), at: 0)
        _ = player.send(.controlRequested(.setVolume(0.25)), at: 1)
        _ = player.send(.playRequested(.stream(Self.story)), at: 2)
        #expect(player.audioVolume.level == 0.25)
        _ = player.send(.playRequested(.video(VideoRequest(source: .file("/tmp/clip.mp4")))), at: 3)
        #expect(player.send(.controlRequested(.setVolume(0.9)), at: 4) == [.video(.control(.setVolume(0.9)))])
        #expect(player.audioVolume.level == 0.25)
    }
}
