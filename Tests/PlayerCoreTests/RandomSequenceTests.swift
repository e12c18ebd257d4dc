import Testing
import PlayerCore
import TestSupport

/// Thousands of seeded random event sequences, checking the machine's invariants after every step.
@Suite("Random event sequences")
struct RandomSequenceTests {
    static let sequences = 5_000
    static let length = 60
    static let files = ["a.mp3", "b.mp3", "c.mp3"]

    /// The icon each state must show, written out independently of the library.
    static func expectedIcon(_ state: PlayerState) -> PlayerIcon {
        switch state {
        case .uninitialized: .play
        case .fetching: .spinner
        case .playing: .pause
        case .paused: .play
        case .completed: .spinner
        case .failed: .retry
        }
    }

    /// A random event that is plausible for `player`, including stale IDs, odd fractions and unknown files.
    static func randomEvent(for player: Player, lastIssued: UInt64, using rng: inout SplitMix64) -> PlayerEvent {
        func id() -> FetchID {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<6: player.currentFetch ?? FetchID(lastIssued)
            case 6..<8: FetchID(UInt64.random(in: 0...lastIssued, using: &rng))
            default: FetchID(lastIssued + 1)
            }
        }
        func fraction() -> Double {
            switch Int.random(in: 0..<20, using: &rng) {
            case 0: .nan
            case 1: .infinity
            case 2: -.infinity
            case 3: 0
            case 4: 1
            default: Double.random(in: -0.2...1.2, using: &rng)
            }
        }
        func file() -> String {
            if let cached = player.cachedFile, Bool.random(using: &rng) { return cached }
            return files[Int.random(in: 0..<files.count, using: &rng)]
        }
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<20: return .tapped
        case 20..<50: return .fetchProgressed(id(), fraction: fraction())
        case 50..<58: return .fetchFinished(id(), file: file())
        case 58..<63: return .fetchFailed(id(), message: "network down")
        case 63..<75: return .playbackFinished
        case 75..<79: return .playbackFailed(message: "bad frame")
        case 79..<94: return .fileDeleted(file())
        default: return .fileDeletionFailed(file(), message: "busy")
        }
    }

    /// Bookkeeping across one sequence, built from the commands the machine returned.
    struct Observed {
        var lastIssued: UInt64 = 0
        var played: [String] = []
        var deleteRequested: Set<String> = []
    }

    /// Applies `event` and checks every invariant; returns false after recording an issue.
    @discardableResult
    static func step(_ player: inout Player, _ event: PlayerEvent, _ observed: inout Observed, seed: UInt64) -> Bool {
        let before = player
        let commands = player.send(event)
        var ok = true
        // `what` is only built on failure: string building would dominate the run time.
        func check(_ condition: Bool, _ what: @autoclosure () -> String) {
            if !condition {
                ok = false
                Issue.record("""
                    \(what()); seed \(seed), event \(event), before \(before.state) \
                    fetch \(String(describing: before.currentFetch)); after \(player.state), commands \(commands)
                    """)
            }
        }

        // Progress within 0...1 and monotonic within one fetch.
        check(player.fill >= 0 && player.fill <= 1, "fill \(player.fill) outside 0...1")
        if case .fetching(let now) = player.state {
            check(now >= 0 && now <= 1, "progress \(now) outside 0...1")
            if case .fetching(let was) = before.state, before.currentFetch == player.currentFetch {
                check(now >= was, "progress went back from \(was) to \(now)")
            }
        }
        // A finished current fetch: a full circle, playing the file.
        if case .fetchFinished(let id, let file) = event, id == before.currentFetch {
            check(player.state == .playing && player.fill == 1, "finished fetch must play with fill 1")
            check(commands == [.play(file: file)], "finished fetch must play its file")
        }
        // Icon matches state.
        check(player.icon == expectedIcon(player.state), "icon \(player.icon) for \(player.state)")
        // Stale fetch events never change anything.
        switch event {
        case .fetchProgressed(let id, _), .fetchFinished(let id, _), .fetchFailed(let id, _):
            if id != before.currentFetch { check(player == before, "stale event changed the player") }
        default: break
        }
        // A fetch runs exactly while fetching; a file is owned while playing, paused or completed.
        let fetching = if case .fetching = player.state { true } else { false }
        check((player.currentFetch != nil) == fetching, "currentFetch \(String(describing: player.currentFetch))")
        if player.state == .playing || player.state == .paused || player.state == .completed {
            check(player.cachedFile != nil, "no cached file")
        }
        for command in commands {
            switch command {
            case .startFetch(let id):
                // At most one fetch: only started when none was running; IDs increase; never stale.
                check(before.currentFetch == nil, "started \(id) while \(String(describing: before.currentFetch)) ran")
                check(id.rawValue == observed.lastIssued + 1, "fetch IDs must count up: \(id) after \(observed.lastIssued)")
                check(id == player.currentFetch, "startFetch with stale \(id)")
                observed.lastIssued = id.rawValue
            case .cancelFetch(let id):
                check(id != player.currentFetch, "cancelled the current fetch \(id)")
            case .play(let file):
                observed.played.append(file)
            case .deleteFile(let path):
                observed.deleteRequested.insert(path)
                // Only files this player caused: the cached one, or one reported by a fetch it started.
                if case .fetchFinished(let id, let file) = event {
                    check(path == file && id.rawValue >= 1 && id.rawValue <= observed.lastIssued,
                          "deleted \(path) reported by \(id), never issued (last issued #\(observed.lastIssued))")
                } else {
                    check(path == before.cachedFile, "deleted \(path), not the cached file")
                }
            case .pausePlayback, .resumePlayback, .stopPlayback, .reportProblem:
                break
            }
        }
        return ok
    }

    /// The event that moves `player` towards the end of a cycle, or nil when it is at rest.
    static func completionEvent(for player: Player) -> PlayerEvent? {
        switch player.state {
        case .fetching: player.currentFetch.map { .fetchFinished($0, file: "final.mp3") }
        case .playing, .paused: .playbackFinished
        case .completed, .failed: player.cachedFile.map { .fileDeleted($0) }
        case .uninitialized: nil
        }
    }

    @Test("invariants hold over random sequences; played files are deleted once playback completes")
    func randomSequences() {
        for seed in 0..<UInt64(Self.sequences) {
            var rng = SplitMix64(seed: seed)
            var player = Player()
            var observed = Observed()
            var ok = true
            for _ in 0..<Self.length where ok {
                let event = Self.randomEvent(for: player, lastIssued: observed.lastIssued, using: &rng)
                ok = Self.step(&player, event, &observed, seed: seed)
            }
            // Play the sequence to completion: finish any fetch, end playback, confirm deletions.
            var steps = 0
            while ok, steps < 10, let event = Self.completionEvent(for: player) {
                steps += 1
                ok = Self.step(&player, event, &observed, seed: seed)
            }
            guard ok else { return }
            #expect(player.cachedFile == nil, "seed \(seed): still owns \(player.cachedFile ?? "")")
            #expect(player.state == .uninitialized || player.message != nil, "seed \(seed): ended in \(player.state)")
            let undeleted = Set(observed.played).subtracting(observed.deleteRequested)
            #expect(undeleted.isEmpty, "seed \(seed): played but never deleted: \(undeleted)")
        }
    }

    @Test("the generator reaches every state and makes real progress")
    func generatorCoverage() {
        // Guards against a generator that silently stopped exercising the machine.
        var statesSeen: Set<String> = []
        var finishedFetches = 0
        for seed in 0..<UInt64(500) {
            var rng = SplitMix64(seed: seed)
            var player = Player()
            var observed = Observed()
            for _ in 0..<Self.length {
                let event = Self.randomEvent(for: player, lastIssued: observed.lastIssued, using: &rng)
                if case .fetchFinished(let id, _) = event, id == player.currentFetch { finishedFetches += 1 }
                Self.step(&player, event, &observed, seed: seed)
                statesSeen.insert("\(player.state)".prefix { $0 != "(" }.description)
            }
        }
        #expect(statesSeen == ["uninitialized", "fetching", "playing", "paused", "completed", "failed"])
        #expect(finishedFetches > 100)
    }
}
