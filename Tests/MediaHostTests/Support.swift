import AudioPlayback
import Foundation
import MediaCore
import MediaHost
import Samples
import StreamServer
import TestSupport

/// An audio output that keeps count of what it was given (no device).
final class CountingOutput: AudioOutput, @unchecked Sendable {
    let format = PCMFormat.cdStereo
    let name = "counting"
    private let lock = NSLock()
    private var frames = 0
    private var closed = 0

    var queuedFrames: Int { 0 }
    func enqueue(_ samples: [Int16]) throws(AudioPlaybackError) { lock.withLock { frames += samples.count / 2 } }
    func setPaused(_ paused: Bool) {}
    func clear() {}
    func close() { lock.withLock { closed += 1 } }

    /// Frames enqueued so far.
    var enqueuedFrames: Int { lock.withLock { frames } }
    /// How often the device was closed (the host closes it once, at shutdown; the stream engine never).
    var closeCount: Int { lock.withLock { closed } }
}

/// A media host on a fresh cache directory, with its changes as a stream to wait on.
struct HostRig {
    let host: MediaHost
    let output: CountingOutput
    let cache: URL
    let changes: AsyncStream<Void>

    init(fallback: DownloadRequest?, clock: MediaHostClock = .realTime) throws {
        let output = CountingOutput()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("MediaHostTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        var configuration = MediaHostConfiguration(device: output)
        configuration.fallback = fallback
        configuration.fallbackMP3 = try SampleName.defaultStream.directory().appendingPathComponent("fallback.mp3").path
        configuration.cacheDirectory = cache
        configuration.clock = clock
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        configuration.onChange = { continuation.yield() }
        self.host = MediaHost(configuration)
        self.output = output
        self.cache = cache
        self.changes = changes
    }

    /// Waits (on the host's change notifications, at most `seconds` as an anti-hang bound) until `condition`
    /// holds for the host's display; returns whether it did.
    func wait(seconds: Double = TestBounds.hangSeconds, until condition: @escaping @Sendable (MediaDisplay) -> Bool) async -> Bool {
        let host = self.host
        let changes = self.changes
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                if condition(host.display()) { return true }
                for await _ in changes where condition(host.display()) { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Polls `condition` (something outside the host, e.g. a server's count) every 20 ms until it holds, at most
    /// `seconds` (an anti-hang bound); returns whether it did.
    static func poll(seconds: Double = 10, until condition: @Sendable () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// The files anywhere under the cache directory now (the host keeps them in a private folder of its own).
    var cachedFiles: [String] {
        let walker = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: [.isRegularFileKey])
        return (walker?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }.map(\.lastPathComponent)
    }

    /// Everything directly in the cache directory now (after shutdown: nothing, the private folder included).
    var cacheEntries: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
    }

    /// Removes the cache directory.
    func remove() {
        try? FileManager.default.removeItem(at: cache)
    }
}

/// The embedded sample stream on a local server, and an ICY radio of its MP3.
struct StreamRig {
    let server: StreamServer
    let station: RadioStation

    static func start() async throws -> StreamRig {
        let directory = try SampleName.defaultStream.directory()
        let mp3 = try [UInt8](Data(contentsOf: directory.appendingPathComponent("fallback.mp3")))
        let station = try RadioStation(mp3: mp3, name: "Test FM", title: "First song", pacing: .realTime)
        let server = try await StreamServer.start(content: .directory(directory.path))
        server.mount(station, at: "/radio.mp3")
        return StreamRig(server: server, station: station)
    }

    var master: URL { server.url(for: "/hls_index.m3u8") }
    var radio: URL { server.url(for: "/radio.mp3") }

    func stop() async throws {
        station.stop()
        try await server.shutdown()
    }
}
