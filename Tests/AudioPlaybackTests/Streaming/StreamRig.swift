import Foundation
import TestSupport
import PlayerCore
import StreamServer
@testable import AudioPlayback

/// An output that keeps every sample it is given, so tests can compare what was played with a reference decode.
final class RecordingOutput: AudioOutput, @unchecked Sendable {
    let format: PCMFormat
    let name = "recording"
    var queuedFrames: Int { 0 }
    private let lock = NSLock()
    private var recorded: [Int16] = []
    private var paused = true
    private var closes = 0

    init(format: PCMFormat = .cdStereo) {
        self.format = format
    }

    func enqueue(_ samples: [Int16]) throws(AudioPlaybackError) {
        lock.withLock { recorded += samples }
    }

    func setPaused(_ paused: Bool) { lock.withLock { self.paused = paused } }
    func clear() {}
    func close() { lock.withLock { closes += 1 } }

    var samples: [Int16] { lock.withLock { recorded } }
    var frames: Int { lock.withLock { recorded.count / format.channels } }
    var isPaused: Bool { lock.withLock { paused } }
    var closeCount: Int { lock.withLock { closes } }
}

/// A stream player wired as MediaHost wires it (PlayerCore's stream machine, its commands run on the engine, the
/// engine's reports queued and handed back in order), with a virtual clock the test advances by hand: the network
/// runs in real time, the output only when the test says so. The loop is the test's own task: every wait and
/// every ``send(_:)`` applies what the engine reported so far (``settle()``).
final class StreamRig: @unchecked Sendable {
    let engine: StreamAudioEngine
    let output = RecordingOutput()
    let problems = Recorder<String>()
    private(set) var clock = 0.0
    private let lock = NSLock()
    private var machine: StreamPlayer
    private var inbox: [StreamEvent] = []

    /// The engine's deadlines (connect; idle, the network's read timeout inside AsyncHTTPClient) outlast the test:
    /// the rig's virtual clock can stand still for as long as a loaded machine takes between two steps of a test,
    /// so a short timeout would drop a healthy connection that is merely waiting for the test to release more
    /// audio, and the stream would rejoin at the live edge (a CI failure: the PCM no longer matched the
    /// broadcast). Tests of what a stall does hold the server, or set a short timeout of their own.
    static let testTimeout = Double(TestBounds.outlastingDeadline.components.seconds)

    /// How long a wait gives up after: only a bound against hanging, never what a test measures (TestSupport's
    /// default, scaled).
    static let waitBound = TestBounds.hang

    init(
        policy: StreamPolicy = StreamPolicy(startSeconds: 2, retryDelays: [0.05, 0.05, 0.05]),
        configuration: StreamEngineConfiguration = StreamEngineConfiguration(connectTimeout: StreamRig.testTimeout,
                                                                             idleTimeout: StreamRig.testTimeout),
        source: StreamAudioEngine.SourceFactory? = nil
    ) {
        let output = self.output
        engine = StreamAudioEngine(output: .opened { output }, configuration: configuration, source: source)
        machine = StreamPlayer(policy: policy)
    }

    /// The machine as of the last event applied.
    var player: StreamPlayer { lock.withLock { machine } }

    /// Hands `event` to the machine, runs its commands on the engine and applies what they report, as MediaHost's
    /// loop does.
    func send(_ event: StreamEvent) {
        post(event)
        settle()
    }

    /// Applies every event queued so far in order (the engine reports from its threads, or at once from inside a
    /// command), running each one's commands before the next: afterwards every command has reached the engine.
    /// Retries are timers in real time (their delays are the policy's, tens of milliseconds here).
    func settle() {
        let post: @Sendable (StreamEvent) -> Void = { [weak self] in self?.post($0) }
        while let event = lock.withLock({ inbox.isEmpty ? nil : inbox.removeFirst() }) {
            let commands = lock.withLock { machine.send(event) }
            for command in commands {
                engine.run(command, events: post, scheduleRetry: { delay, event in
                    DispatchQueue.global().asyncAfter(deadline: .now() + max(0, delay)) { post(event) }
                }, log: { [problems] in problems.append($0) })
            }
        }
    }

    private func post(_ event: StreamEvent) {
        lock.withLock { inbox.append(event) }
    }

    /// Pumps with the clock standing still until `condition` holds, with every event so far applied and its
    /// commands run (network events arrive meanwhile), at most ``waitBound``.
    @discardableResult
    func wait(_ condition: (StreamPlayer) -> Bool) async -> Bool {
        await waitFor { condition(player) }
    }

    /// Pumps until `condition` holds (about anything else than the player), with every event so far applied, at
    /// most ``waitBound``. Applied matters: the player's commands (e.g. `resumePlayback`) must reach the engine
    /// before the clock moves, or a clock advanced in between would move a paused engine.
    @discardableResult
    func waitFor(_ condition: () -> Bool) async -> Bool {
        await waitUntil(timeout: Self.waitBound, interval: .milliseconds(2)) {
            engine.pump(now: clock)
            settle()
            return condition()
        }
    }

    /// Pumps until `frames` frames have been decoded in all (played or buffered).
    @discardableResult
    func waitDecoded(_ frames: Int) async -> Bool {
        await waitFor { output.frames + engine.bufferedFrames >= frames }
    }

    /// Advances the virtual clock by `seconds` in 20 ms steps, pumping and applying what was reported at each.
    func advance(_ seconds: Double) {
        let steps = Int((seconds / 0.02).rounded())
        for _ in 0..<steps {
            clock += 0.02
            engine.pump(now: clock)
            settle()
        }
    }

    func shutdown() async {
        send(.stopRequested)
        try? await engine.shutdown()
    }
}

/// The PCM libmpg123 makes of `mp3` decoded in one go (the reference for what a stream should play).
func referenceDecode(_ mp3: [UInt8]) throws -> [Int16] {
    let decoder = try MP3Decoder(format: .cdStereo)
    try decoder.feed(mp3)
    var pcm: [Int16] = []
    while let block = try decoder.decode(maxFrames: 16_384) { pcm += block }
    return pcm
}

/// The frames of an MP3 file (ID3 skipped), as the radio station splits them.
func mp3Frames(_ mp3: [UInt8]) -> [[UInt8]] {
    var frames: [[UInt8]] = []
    var index = MPEGAudioFrameHeader.id3v2TagSize(mp3)
    while let header = MPEGAudioFrameHeader(mp3, at: index), index + header.frameLength <= mp3.count {
        frames.append(Array(mp3[index..<(index + header.frameLength)]))
        index += header.frameLength
    }
    return frames
}

/// Where two sample arrays first differ, for short failure messages.
func firstDifference(_ a: [Int16], _ b: ArraySlice<Int16>) -> String {
    let index = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    return index.map { "first difference at sample \($0) of \(a.count)" } ?? "\(a.count) vs \(b.count) samples"
}
