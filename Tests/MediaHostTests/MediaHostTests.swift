import Foundation
import MediaCore
import MediaControls
import MediaHost
import PlayerCore
import StreamServer
import Testing
import TestSupport

/// The media host against a real local server: the download flow from a tap to audio on the device, switching
/// to a stream and back, and a shutdown that leaves nothing behind.
@Suite("Media host end to end")
struct MediaHostTests {
    @Test("tap: the download is fetched into the cache, plays on the device; a stream replaces it and its file is deleted")
    func downloadThenStream() async throws {
        let streams = try await StreamRig.start()
        let rig = try HostRig(fallback: DownloadRequest(playlist: streams.master))
        defer { rig.remove() }
        #expect(rig.host.display().phase == .uninitialized)
        #expect(rig.host.display().isVisible)

        rig.host.send(.circleTapped)
        #expect(await rig.wait { $0.phase == .fetching }, "the tap starts the fetch")
        #expect(await rig.wait { $0.phase == .playing }, "the download finished and plays: \(rig.host.display())")
        #expect(rig.cachedFiles.count == 1, "one cached file while it plays: \(rig.cachedFiles)")
        let framesBefore = rig.output.enqueuedFrames
        #expect(await rig.wait { _ in rig.output.enqueuedFrames > framesBefore + 44_100 / 10 }, "audio reaches the device")

        rig.host.send(.playRequested(.stream(StreamRequest(url: streams.radio, title: "Test FM", isLive: true))))
        #expect(await rig.wait { $0.isStream && $0.phase == .playing }, "the stream plays: \(rig.host.display())")
        #expect(await rig.wait { $0.nowPlaying == "First song" }, "the ICY title shows")
        #expect(rig.cachedFiles.isEmpty, "the download's file was deleted when the stream replaced it: \(rig.cachedFiles)")

        rig.host.send(.audioReleased)
        #expect(await rig.wait { !$0.isStream && $0.phase == .uninitialized }, "back to the fallback, ready")
        #expect(await HostRig.poll { streams.station.statistics.listeners == 0 }, "the stream's connection closed")

        await rig.host.shutdown()
        #expect(rig.cacheEntries.isEmpty, "the private cache folder is gone: \(rig.cacheEntries)")
        #expect(rig.output.closeCount == 1, "the host closes the shared device once, at shutdown")
        try await streams.stop()
    }

    @Test("the cache folder is made with mkdtemp: one planted under the old name CirclePlayer-<pid>, with a link where the download goes, is left alone")
    func cacheFolderIsPrivate() async throws {
        let streams = try await StreamRig.start()
        let rig = try HostRig(fallback: DownloadRequest(playlist: streams.master))
        defer { rig.remove() }
        // What another local user could prepare (issue 28): the folder the player used to make, a link inside.
        let victim = rig.cache.appendingPathComponent("victim.txt")
        try Data("sixteen bytes!!\n".utf8).write(to: victim)
        let planted = rig.cache.appendingPathComponent("CirclePlayer-\(getpid())")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: false)
        #expect(symlink(victim.path, planted.appendingPathComponent("download-1.ts.part").path) == 0)

        rig.host.send(.circleTapped)
        #expect(await rig.wait { $0.phase == .playing }, "the download finished and plays: \(rig.host.display())")
        #expect(try Data(contentsOf: victim) == Data("sixteen bytes!!\n".utf8), "the planted link's target was written")
        let own = rig.cacheEntries.filter { $0.hasPrefix("CirclePlayer-") && $0 != planted.lastPathComponent }
        #expect(own.count == 1, "\(rig.cacheEntries)")
        if let own = own.first {
            let attributes = try FileManager.default.attributesOfItem(atPath: rig.cache.appendingPathComponent(own).path)
            #expect((attributes[.posixPermissions] as? Int) == 0o700)
            #expect(own.count == "CirclePlayer-".count + 6, "mkdtemp's six random characters: \(own)")
        }
        await rig.host.shutdown()
        #expect(rig.cacheEntries.sorted() == [planted.lastPathComponent, "victim.txt"], "only what was planted is left: \(rig.cacheEntries)")
        try await streams.stop()
    }

    @Test("quitting while a download is fetched cancels it and leaves no file in the cache")
    func shutdownDuringFetch() async throws {
        let streams = try await StreamRig.start()
        streams.server.setFaults([FaultRule(path: "*.ts", fault: .throttle(bytesPerSecond: 20_000))])
        let rig = try HostRig(fallback: nil)
        defer { rig.remove() }
        #expect(!rig.host.display().isVisible, "nothing to show without a fallback")
        rig.host.send(.playRequested(.download(DownloadRequest(playlist: streams.master, title: "Slow"))))
        #expect(await rig.wait { $0.phase == .fetching && $0.fill > 0 }, "the throttled download progresses")
        await rig.host.shutdown()
        #expect(rig.cacheEntries.isEmpty, "no partial file, no folder left: \(rig.cacheEntries)")
        try await streams.stop()
    }

    @Test("on an external clock the file plays to its end in virtual time: completed, held on screen, then ready")
    func externalClock() async throws {
        let streams = try await StreamRig.start()
        let rig = try HostRig(fallback: DownloadRequest(playlist: streams.master), clock: .external)
        defer { rig.remove() }
        rig.host.send(.circleTapped)
        // The clock stands still while the download arrives (real I/O); pumped until it plays.
        #expect(await rig.pump(at: 0) { $0.phase == .playing }, "\(rig.host.display())")
        var t = 0.0
        // The sample's track is about 10 s: 12 s of virtual time play it out.
        var sawCompleted = false
        for _ in 0..<(12 * 60) {
            t += 1.0 / 60
            rig.host.pump(now: t)
            if rig.host.display().phase == .completed { sawCompleted = true }
        }
        #expect(sawCompleted, "the completed state shows (the completion hold)")
        #expect(rig.host.display().phase == .uninitialized)
        #expect(rig.cachedFiles.isEmpty, "the played file was deleted")
        #expect(rig.output.enqueuedFrames > 44_100 * 9, "about ten seconds of audio were queued: \(rig.output.enqueuedFrames)")
        await rig.host.shutdown()
        try await streams.stop()
    }

    @Test("media-control commands are the player's media keys; the window's own have none")
    func mediaKeys() {
        #expect(MediaControlCommand.play.mediaKey == .play)
        #expect(MediaControlCommand.pause.mediaKey == .pause)
        #expect(MediaControlCommand.playPause.mediaKey == .playPause)
        #expect(MediaControlCommand.stop.mediaKey == .stop)
        for command in [MediaControlCommand.next, .previous, .raise, .quit] { #expect(command.mediaKey == nil) }
    }
}
