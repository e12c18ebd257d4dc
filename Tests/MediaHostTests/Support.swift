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
    private var peak = 0

    var queuedFrames: Int { 0 }
    func enqueue(_ samples: [Int16]) throws(AudioPlaybackError) {
        let loudest = samples.lazy.map { abs(Int($0)) }.max() ?? 0
        lock.withLock {
            frames += samples.count / 2
            peak = max(peak, loudest)
        }
    }
    func setPaused(_ paused: Bool) {}
    func clear() {}
    func close() { lock.withLock { closed += 1 } }

    /// Frames enqueued so far.
    var enqueuedFrames: Int { lock.withLock { frames } }
    /// How often the device was closed (the host closes it once, at shutdown; the stream engine never).
    var closeCount: Int { lock.withLock { closed } }
    /// The loudest sample enqueued since the last call (its absolute value), then forgets it.
    func takePeak() -> Int { lock.withLock { defer { peak = 0 }; return peak } }
}

/// A media host on a fresh cache directory.
struct HostRig {
    let host: MediaHost
    let output: CountingOutput
    let cache: URL

    /// What the host logged (its `log` lines), in order.
    let log: Lines

    init(fallback: DownloadRequest?, clock: MediaHostClock = .realTime,
         configure: (inout MediaHostConfiguration) -> Void = { _ in }) throws {
        let output = CountingOutput()
        let cache = try makeTemporaryDirectory("MediaHostTests")
        var configuration = MediaHostConfiguration(device: output)
        configuration.fallback = fallback
        configuration.fallbackMP3 = try SampleName.defaultStream.directory().appendingPathComponent("fallback.mp3").path
        configuration.cacheDirectory = cache
        configuration.clock = clock
        // The rig pumps a clock that stands still while a download arrives: no fill hold (issue 30's 0.25 s full
        // circle is MediaCore's, tested there; HostRig.pump would wait for a time that never comes).
        configuration.fillHold = 0
        // Every deadline of the I/O outlasts the test (a healthy request never meets one, however loaded the
        // machine); the tests about a lost connection cut it at the server.
        let deadline = TestBounds.outlastingDeadline
        configuration.download.idleTimeout = deadline
        configuration.download.connectTimeout = deadline
        configuration.download.requestTimeout = deadline
        configuration.download.connectionIdleTimeout = deadline
        let seconds = Double(deadline.components.seconds)
        configuration.streams.connectTimeout = seconds
        configuration.streams.idleTimeout = seconds
        let log = Lines()
        configuration.log = { log.append($0) }
        configure(&configuration)
        self.host = MediaHost(configuration)
        self.log = log
        self.output = output
        self.cache = cache
    }

    /// Waits until `condition` holds for the host's display (TestSupport's `waitUntil`: checked every few
    /// milliseconds, at most `TestBounds.hang` as an anti-hang bound); returns whether it did. (Waiting on the host's
    /// change notifications alone missed conditions on anything else, such as the device's frames, and a
    /// cancelled wait ended the notification stream for every later one.)
    func wait(until condition: @escaping @Sendable (MediaDisplay) -> Bool) async -> Bool {
        let host = self.host
        return await waitUntil { condition(host.display()) }
    }

    /// Pumps the host (on an external clock) at `t` until `condition` holds for its display, at most
    /// `TestBounds.hang`; returns whether it did. The clock stands still meanwhile: what is awaited is real I/O (a
    /// download, a stream's first seconds) or the host's reaction to it.
    func pump(at t: Double, until condition: @escaping @Sendable (MediaDisplay) -> Bool) async -> Bool {
        let host = self.host
        return await waitUntil {
            host.pump(now: t)
            return condition(host.display())
        }
    }

    /// Waits until `condition` (something outside the host, e.g. a server's count) holds, at most
    /// `TestBounds.hang`; returns whether it did.
    static func poll(until condition: @Sendable () -> Bool) async -> Bool {
        await waitUntil { condition() }
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

/// Lines collected from any thread.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
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
