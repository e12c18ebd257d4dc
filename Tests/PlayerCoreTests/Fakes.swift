import Foundation
import PlayerCore

/// A value shared between threads in tests.
final class Shared<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }

    var current: Value { withLock { $0 } }
}

/// What the fakes were asked to do, in the order they were asked, across all fakes and threads.
final class CallLog: Sendable {
    private let entries = Shared<[String]>([])

    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.current }
}

/// How one fake fetch behaves.
struct FetchScript: Sendable {
    enum Outcome: Sendable {
        case finish(file: String)
        case fail(message: String)
        /// Reports nothing more, as if still running (until cancelled).
        case hang
    }

    var progress: [Double]
    var outcome: Outcome
    /// Report from a new thread (true) or synchronously inside `startFetch` (false).
    var onOtherThread: Bool
}

/// A fetcher that plays back scripts, one per fetch, in order; records calls as `startFetch fetch #N`.
final class FakeFetcher: AudioFetching {
    private let log: CallLog
    private let scripts: Shared<[FetchScript]>
    private let reported = Shared(0)

    /// How many scripts have reported everything (the last report's `send` has returned).
    var finishedReporting: Int { reported.current }

    init(log: CallLog, scripts: [FetchScript]) {
        self.log = log
        self.scripts = Shared(scripts)
    }

    func startFetch(_ id: FetchID, events: @escaping @Sendable (PlayerEvent) -> Void) {
        log.append("startFetch \(id)")
        let script = scripts.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        guard let script else {
            events(.fetchFailed(id, message: "no script for \(id)"))
            return
        }
        let report: @Sendable () -> Void = {
            for fraction in script.progress { events(.fetchProgressed(id, fraction: fraction)) }
            switch script.outcome {
            case .finish(let file): events(.fetchFinished(id, file: file))
            case .fail(let message): events(.fetchFailed(id, message: message))
            case .hang: break
            }
            self.reported.withLock { $0 += 1 }
        }
        if script.onOtherThread {
            Thread.detachNewThread(report)
        } else {
            report()
        }
    }

    func cancelFetch(_ id: FetchID) {
        log.append("cancelFetch \(id)")
    }
}

/// An audio output that records calls; playback ends when the test calls ``finish()`` (or at once, if configured).
final class FakeAudio: AudioPlaying {
    enum OnPlay: Sendable {
        case wait
        case finishImmediately
        case failImmediately(message: String)
    }

    private let log: CallLog
    private let onPlay: OnPlay
    private let events = Shared<(@Sendable (PlayerEvent) -> Void)?>(nil)

    init(log: CallLog, onPlay: OnPlay = .wait) {
        self.log = log
        self.onPlay = onPlay
    }

    func play(file: String, events: @escaping @Sendable (PlayerEvent) -> Void) {
        log.append("play \(file)")
        self.events.withLock { $0 = events }
        switch onPlay {
        case .wait: break
        case .finishImmediately: events(.playbackFinished)
        case .failImmediately(let message): events(.playbackFailed(message: message))
        }
    }

    func pause() { log.append("pause") }
    func resume() { log.append("resume") }
    func stop() { log.append("stop") }

    /// Reports the end of playback, as the audio thread would.
    func finish() {
        events.current?(.playbackFinished)
    }
}

/// An error with a fixed description.
struct FakeError: Error, CustomStringConvertible {
    let description: String
}

/// A file remover that records removals and optionally fails with `failure`.
final class FakeFiles: FileRemoving {
    private let log: CallLog
    private let failure: String?

    init(log: CallLog, failure: String? = nil) {
        self.log = log
        self.failure = failure
    }

    func removeFile(_ path: String) throws {
        log.append("remove \(path)")
        if let failure { throw FakeError(description: failure) }
    }
}

/// Records every state a driver reports on its `states` stream.
final class StateRecorder: Sendable {
    private let states = Shared<[PlayerState]>([])
    private let task: Task<Void, Never>

    init(_ driver: PlayerDriver) {
        let stream = driver.states
        let states = self.states
        task = Task {
            for await state in stream { states.withLock { $0.append(state) } }
        }
    }

    deinit { task.cancel() }

    var all: [PlayerState] { states.current }
}

