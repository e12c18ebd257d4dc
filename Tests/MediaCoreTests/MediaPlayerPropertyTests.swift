import Foundation
import MediaCore
import PlayerCore
import Testing
import TestSupport
import VideoCore

/// Properties over long random sequences of every event, with the I/O simulated faithfully: whatever the
/// order, the player never plays two things at once and never leaves a cached file behind.
@Suite("MediaPlayer: properties over random sequences")
struct MediaPlayerPropertyTests {
    /// The I/O as a host runs it: fetches that finish into files, one file playing, files on disk, one stream
    /// session holding the device.
    struct World {
        var filesOnDisk: Set<String> = []
        var runningFetches: [DownloadFlowID: Set<FetchID>] = [:]
        var playingFile: (DownloadFlowID, String)?
        var openSessions: Set<StreamSessionID> = []
        var streamOutput = false
        var videoOpen = false
        var nextFile = 0

        mutating func run(_ commands: [MediaCommand]) {
            for command in commands {
                switch command {
                case .fetch(let flow, let id, _):
                    runningFetches[flow, default: []].insert(id)
                case .setAudioVolume(let volume):
                    #expect((0...1).contains(volume.level), "a volume outside 0…1")
                case .seekStream(let id, _):
                    #expect(openSessions.contains(id), "a seek on a session that is not open")
                case .download(let flow, let command):
                    switch command {
                    case .startFetch: Issue.record("startFetch must arrive as .fetch")
                    case .cancelFetch(let id): runningFetches[flow]?.remove(id)
                    case .play(let file):
                        #expect(playingFile == nil, "a second file plays before the first stopped")
                        #expect(!videoOpen, "a file plays under a video")
                        #expect(openSessions.isEmpty || !streamOutput, "a file plays while a stream holds the output")
                        playingFile = (flow, file)
                    case .pausePlayback, .resumePlayback: break
                    case .stopPlayback: playingFile = nil
                    case .deleteFile(let file): filesOnDisk.remove(file)
                    case .reportProblem: break
                    }
                case .stream(let command):
                    switch command {
                    case .open(let id, _):
                        #expect(playingFile == nil, "a stream opens while a file plays")
                        #expect(!videoOpen, "a stream opens under a video")
                        openSessions.insert(id)
                        streamOutput = true
                    case .close(let id): openSessions.remove(id)
                    case .releaseAudio: streamOutput = false
                    default: break
                    }
                case .video(.open):
                    #expect(playingFile == nil && (openSessions.isEmpty || !streamOutput), "a video opens while audio plays")
                    videoOpen = true
                case .video(.control):
                    #expect(videoOpen, "a control for a video that is not open")
                case .video(.close):
                    videoOpen = false
                }
            }
        }
    }

    @Test("never two at once (nor audio under a video), nothing left on disk, for 20 000 random events", arguments: [nil, 7] as [Int?])
    func randomSequences(fallbackSeed: Int?) {
        let a = DownloadRequest(playlist: URL(string: "http://127.0.0.1:1/a.m3u8")!)
        let b = DownloadRequest(playlist: URL(string: "http://127.0.0.1:1/b.m3u8")!)
        let radio = StreamRequest(url: URL(string: "http://127.0.0.1:1/radio.mp3")!, isLive: true)
        let film = VideoRequest(source: .hls(URL(string: "http://127.0.0.1:1/film/master.m3u8")!))
        var rng = SplitMix64(seed: UInt64(fallbackSeed ?? 1))
        var player = MediaPlayer(fallback: fallbackSeed == nil ? nil : a)
        var world = World()
        var t = 0.0
        for _ in 0..<20_000 {
            t += 0.01
            let event: MediaEvent
            switch Int.random(in: 0..<14, using: &rng) {
            case 0: event = .playRequested(.download(Bool.random(using: &rng) ? a : b))
            case 1: event = .playRequested(.stream(radio))
            case 2: event = .prepared(b)
            case 3: event = .audioReleased
            case 4: event = .circleTapped
            case 5: event = .mediaKeyPressed(MediaKey.allCases.randomElement(using: &rng) ?? .play)
            case 6, 7:
                // A running fetch (of any flow) reports progress or finishes into a new file.
                guard let (flow, ids) = world.runningFetches.filter({ !$0.value.isEmpty }).randomElement(using: &rng),
                      let id = ids.randomElement(using: &rng) else { continue }
                if Bool.random(using: &rng) {
                    event = .download(flow, .fetchProgressed(id, fraction: Double.random(in: 0...1, using: &rng)))
                } else {
                    world.nextFile += 1
                    let file = "/tmp/\(world.nextFile).ts"
                    world.filesOnDisk.insert(file)
                    world.runningFetches[flow]?.remove(id)
                    event = .download(flow, .fetchFinished(id, file: file))
                }
            case 8:
                guard let (flow, _) = world.playingFile else { continue }
                world.playingFile = nil
                event = .download(flow, .playbackFinished)
            case 9:
                guard let session = world.openSessions.randomElement(using: &rng) else { continue }
                event = .stream(.buffered(session, seconds: Double.random(in: 0...5, using: &rng)))
            case 10:
                guard let session = world.openSessions.randomElement(using: &rng) else { continue }
                event = .stream(.opened(session, StreamDetails(isLive: true)))
            case 12: event = .playRequested(.video(film))
            case 13: event = .controlRequested([.togglePause, .skip(by: 5), .setVolume(Double.random(in: -1...2, using: &rng)), .setMuted(true)].randomElement(using: &rng)!)
            default:
                event = .circleTapped
            }
            world.run(player.send(event, at: t))
            // Deletions report back at once.
            for file in Set(world.filesOnDisk).subtracting(world.filesOnDisk) { _ = file }
        }
        // Leave: release everything, as a host's shutdown does.
        world.run(player.retireCommands)
        if case .stream = player.active { world.run(player.send(.audioReleased, at: t)) }
        if case .video = player.active { world.run(player.send(.audioReleased, at: t)) }
        #expect(!world.videoOpen)
        let owned = player.download.cachedFile.map { [$0] } ?? []
        #expect(world.filesOnDisk.subtracting(owned).isEmpty || player.retireCommands.isEmpty,
                "files left behind: \(world.filesOnDisk)")
        #expect(world.playingFile == nil)
    }
}
