import Testing
import TestSupport
import PlayerCore

/// Every representative state × every kind of event, each with a hand-written expected outcome.
/// The coverage test fails if any pair of the cross product has no row.
@Suite("Transition table")
struct TransitionTableTests {
    static let f0 = FetchID(0), f1 = FetchID(1), f2 = FetchID(2), f3 = FetchID(3)
    static let song = "song.mp3"
    static let songProblem = PlayerCommand.reportProblem("Could not delete cached file song.mp3: permission denied")
    static let orphanProblem = PlayerCommand.reportProblem("Could not delete cached file orphan.mp3: permission denied")

    /// A representative player, built by sending real events.
    enum Fixture: CaseIterable, Hashable {
        case fresh, fetching, playing, paused, completed, failedFetch, failedPlayback, uninitializedAgain

        var player: Player {
            var player = Player()
            func send(_ events: PlayerEvent...) { for event in events { _ = player.send(event) } }
            // Every fixture but `fresh` has had one failed fetch (#1) and a second one (#2).
            if self != .fresh {
                send(.tapped, .fetchFailed(f1, message: "offline"), .tapped)
            }
            switch self {
            case .fresh: break
            case .fetching: send(.fetchProgressed(f2, fraction: 0.5))
            case .failedFetch: send(.fetchFailed(f2, message: "offline"))
            case .playing: send(.fetchFinished(f2, file: song))
            case .paused: send(.fetchFinished(f2, file: song), .tapped)
            case .completed: send(.fetchFinished(f2, file: song), .playbackFinished)
            case .failedPlayback: send(.fetchFinished(f2, file: song), .playbackFailed(message: "bad header"))
            case .uninitializedAgain: send(.fetchFinished(f2, file: song), .playbackFinished, .fileDeleted(song))
            }
            return player
        }

        /// The most recent fetch ID (for `fresh`, the one the first fetch will get).
        var latest: FetchID { self == .fresh ? f1 : f2 }
        /// An ID older than `latest`.
        var older: FetchID { self == .fresh ? f0 : f1 }
    }

    /// Every kind of event, made concrete for a fixture.
    enum EventKind: CaseIterable, Hashable {
        case tapped, playRequested, pauseRequested
        case progressUp, progressDown, progressAbove, progressBelow, progressNaN, progressStale
        case finishedLatest, finishedStale, finishedStaleCached, finishedNeverIssued
        case failedLatest, failedStale
        case playbackFinished, playbackFailed
        case deletedCached, deletedOther, deletionFailedCached, deletionFailedOther

        func event(for fixture: Fixture) -> PlayerEvent {
            let latest = fixture.latest, older = fixture.older
            switch self {
            case .tapped: return .tapped
            case .playRequested: return .playRequested
            case .pauseRequested: return .pauseRequested
            case .progressUp: return .fetchProgressed(latest, fraction: 0.75)
            case .progressDown: return .fetchProgressed(latest, fraction: 0.25)
            case .progressAbove: return .fetchProgressed(latest, fraction: 1.5)
            case .progressBelow: return .fetchProgressed(latest, fraction: -0.5)
            case .progressNaN: return .fetchProgressed(latest, fraction: .nan)
            case .progressStale: return .fetchProgressed(older, fraction: 0.9)
            case .finishedLatest: return .fetchFinished(latest, file: "new.mp3")
            case .finishedStale: return .fetchFinished(older, file: "orphan.mp3")
            case .finishedStaleCached: return .fetchFinished(older, file: song)
            case .finishedNeverIssued: return .fetchFinished(FetchID(99), file: "stranger.mp3")
            case .failedLatest: return .fetchFailed(latest, message: "timeout")
            case .failedStale: return .fetchFailed(older, message: "timeout")
            case .playbackFinished: return .playbackFinished
            case .playbackFailed: return .playbackFailed(message: "bad header")
            case .deletedCached: return .fileDeleted(song)
            case .deletedOther: return .fileDeleted("orphan.mp3")
            case .deletionFailedCached: return .fileDeletionFailed(song, message: "permission denied")
            case .deletionFailedOther: return .fileDeletionFailed("orphan.mp3", message: "permission denied")
            }
        }
    }

    enum Outcome {
        /// The player value is exactly as before; these commands are returned.
        case unchanged([PlayerCommand])
        /// The player moves to `state` with these `currentFetch` and `cachedFile`, returning the commands.
        case to(PlayerState, fetch: FetchID?, cached: String?, [PlayerCommand])

        static let ignored = Outcome.unchanged([])
    }

    static let rows: [(Fixture, EventKind, Outcome)] = {
        // Rows shared by states without a running fetch: fetch reports are stale.
        func notFetching(_ fixture: Fixture, cached: String?) -> [(Fixture, EventKind, Outcome)] {
            let latest = fixture.latest, older = fixture.older
            // `fresh` has issued no ID yet: finished reports name files it never caused, so it deletes nothing.
            let issued = fixture != .fresh
            return [
                (fixture, .progressUp, .unchanged([.cancelFetch(latest)])),
                (fixture, .progressDown, .unchanged([.cancelFetch(latest)])),
                (fixture, .progressAbove, .unchanged([.cancelFetch(latest)])),
                (fixture, .progressBelow, .unchanged([.cancelFetch(latest)])),
                (fixture, .progressNaN, .unchanged([.cancelFetch(latest)])),
                (fixture, .progressStale, .unchanged([.cancelFetch(older)])),
                (fixture, .finishedLatest, issued ? .unchanged([.deleteFile("new.mp3")]) : .ignored),
                (fixture, .finishedStale, issued ? .unchanged([.deleteFile("orphan.mp3")]) : .ignored),
                (fixture, .finishedStaleCached, cached == song || !issued ? .ignored : .unchanged([.deleteFile(song)])),
                (fixture, .finishedNeverIssued, .ignored),
                (fixture, .failedLatest, .ignored),
                (fixture, .failedStale, .ignored),
            ]
        }
        var rows: [(Fixture, EventKind, Outcome)] = []

        // uninitialized, never fetched
        rows += notFetching(.fresh, cached: nil) + [
            (.fresh, .tapped, .to(.fetching(progress: 0), fetch: f1, cached: nil, [.startFetch(f1)])),
            (.fresh, .playRequested, .to(.fetching(progress: 0), fetch: f1, cached: nil, [.startFetch(f1)])),
            (.fresh, .pauseRequested, .ignored),
            (.fresh, .playbackFinished, .ignored),
            (.fresh, .playbackFailed, .ignored),
            (.fresh, .deletedCached, .ignored),
            (.fresh, .deletedOther, .ignored),
            (.fresh, .deletionFailedCached, .unchanged([songProblem])),
            (.fresh, .deletionFailedOther, .unchanged([orphanProblem])),
        ]

        // fetching #2 at 0.5 (after #1 failed)
        rows += [
            (.fetching, .tapped, .ignored),
            (.fetching, .playRequested, .ignored),
            (.fetching, .pauseRequested, .ignored),
            (.fetching, .progressUp, .to(.fetching(progress: 0.75), fetch: f2, cached: nil, [])),
            (.fetching, .progressDown, .ignored),
            (.fetching, .progressAbove, .to(.fetching(progress: 1), fetch: f2, cached: nil, [])),
            (.fetching, .progressBelow, .ignored),
            (.fetching, .progressNaN, .ignored),
            (.fetching, .progressStale, .unchanged([.cancelFetch(f1)])),
            (.fetching, .finishedLatest, .to(.playing, fetch: nil, cached: "new.mp3", [.play(file: "new.mp3")])),
            (.fetching, .finishedStale, .unchanged([.deleteFile("orphan.mp3")])),
            (.fetching, .finishedStaleCached, .unchanged([.deleteFile(song)])),
            (.fetching, .finishedNeverIssued, .ignored),
            (.fetching, .failedLatest, .to(.failed(message: "Download failed: timeout"), fetch: nil, cached: nil, [])),
            (.fetching, .failedStale, .ignored),
            (.fetching, .playbackFinished, .ignored),
            (.fetching, .playbackFailed, .ignored),
            (.fetching, .deletedCached, .ignored),
            (.fetching, .deletedOther, .ignored),
            (.fetching, .deletionFailedCached, .unchanged([songProblem])),
            (.fetching, .deletionFailedOther, .unchanged([orphanProblem])),
        ]

        // playing song.mp3
        rows += notFetching(.playing, cached: song) + [
            (.playing, .tapped, .to(.paused, fetch: nil, cached: song, [.pausePlayback])),
            (.playing, .playRequested, .ignored),
            (.playing, .pauseRequested, .to(.paused, fetch: nil, cached: song, [.pausePlayback])),
            (.playing, .playbackFinished, .to(.completed, fetch: nil, cached: song, [.deleteFile(song)])),
            (.playing, .playbackFailed, .to(.failed(message: "Playback failed: bad header"), fetch: nil, cached: song,
                                            [.stopPlayback, .deleteFile(song)])),
            (.playing, .deletedCached, .ignored),
            (.playing, .deletedOther, .ignored),
            (.playing, .deletionFailedCached, .unchanged([songProblem])),
            (.playing, .deletionFailedOther, .unchanged([orphanProblem])),
        ]

        // paused song.mp3
        rows += notFetching(.paused, cached: song) + [
            (.paused, .tapped, .to(.playing, fetch: nil, cached: song, [.resumePlayback])),
            (.paused, .playRequested, .to(.playing, fetch: nil, cached: song, [.resumePlayback])),
            (.paused, .pauseRequested, .ignored),
            (.paused, .playbackFinished, .to(.completed, fetch: nil, cached: song, [.deleteFile(song)])),
            (.paused, .playbackFailed, .to(.failed(message: "Playback failed: bad header"), fetch: nil, cached: song,
                                           [.stopPlayback, .deleteFile(song)])),
            (.paused, .deletedCached, .ignored),
            (.paused, .deletedOther, .ignored),
            (.paused, .deletionFailedCached, .unchanged([songProblem])),
            (.paused, .deletionFailedOther, .unchanged([orphanProblem])),
        ]

        // completed, waiting for song.mp3 to be deleted
        rows += notFetching(.completed, cached: song) + [
            (.completed, .tapped, .ignored),
            (.completed, .playRequested, .ignored),
            (.completed, .pauseRequested, .ignored),
            (.completed, .playbackFinished, .ignored),
            (.completed, .playbackFailed, .ignored),
            (.completed, .deletedCached, .to(.uninitialized, fetch: nil, cached: nil, [])),
            (.completed, .deletedOther, .ignored),
            (.completed, .deletionFailedCached, .to(.uninitialized, fetch: nil, cached: nil, [songProblem])),
            (.completed, .deletionFailedOther, .unchanged([orphanProblem])),
        ]

        // failed download of #2
        rows += notFetching(.failedFetch, cached: nil) + [
            (.failedFetch, .tapped, .to(.fetching(progress: 0), fetch: f3, cached: nil, [.startFetch(f3)])),
            (.failedFetch, .playRequested, .to(.fetching(progress: 0), fetch: f3, cached: nil, [.startFetch(f3)])),
            (.failedFetch, .pauseRequested, .ignored),
            (.failedFetch, .playbackFinished, .ignored),
            (.failedFetch, .playbackFailed, .ignored),
            (.failedFetch, .deletedCached, .ignored),
            (.failedFetch, .deletedOther, .ignored),
            (.failedFetch, .deletionFailedCached, .unchanged([songProblem])),
            (.failedFetch, .deletionFailedOther, .unchanged([orphanProblem])),
        ]

        // failed playback of song.mp3, its deletion pending
        let playbackFailure = PlayerState.failed(message: "Playback failed: bad header")
        rows += notFetching(.failedPlayback, cached: song) + [
            (.failedPlayback, .tapped, .to(.fetching(progress: 0), fetch: f3, cached: song, [.startFetch(f3)])),
            (.failedPlayback, .playRequested, .to(.fetching(progress: 0), fetch: f3, cached: song, [.startFetch(f3)])),
            (.failedPlayback, .pauseRequested, .ignored),
            (.failedPlayback, .playbackFinished, .ignored),
            (.failedPlayback, .playbackFailed, .ignored),
            (.failedPlayback, .deletedCached, .to(playbackFailure, fetch: nil, cached: nil, [])),
            (.failedPlayback, .deletedOther, .ignored),
            (.failedPlayback, .deletionFailedCached, .to(playbackFailure, fetch: nil, cached: nil, [songProblem])),
            (.failedPlayback, .deletionFailedOther, .unchanged([orphanProblem])),
        ]

        // uninitialized again after a full cycle with #2
        rows += notFetching(.uninitializedAgain, cached: nil) + [
            (.uninitializedAgain, .tapped, .to(.fetching(progress: 0), fetch: f3, cached: nil, [.startFetch(f3)])),
            (.uninitializedAgain, .playRequested, .to(.fetching(progress: 0), fetch: f3, cached: nil, [.startFetch(f3)])),
            (.uninitializedAgain, .pauseRequested, .ignored),
            (.uninitializedAgain, .playbackFinished, .ignored),
            (.uninitializedAgain, .playbackFailed, .ignored),
            (.uninitializedAgain, .deletedCached, .ignored),
            (.uninitializedAgain, .deletedOther, .ignored),
            (.uninitializedAgain, .deletionFailedCached, .unchanged([songProblem])),
            (.uninitializedAgain, .deletionFailedOther, .unchanged([orphanProblem])),
        ]
        return rows
    }()

    @Test("every (state, event) pair has exactly one row")
    func tableCoversCrossProduct() {
        #expect(rowCountProblems(Self.rows.map { ($0.0, $0.1) }) == [])
    }

    @Test("fixtures are in the states they are named after")
    func fixtureStates() {
        let expected: [Fixture: (PlayerState, FetchID?, String?)] = [
            .fresh: (.uninitialized, nil, nil),
            .fetching: (.fetching(progress: 0.5), Self.f2, nil),
            .playing: (.playing, nil, Self.song),
            .paused: (.paused, nil, Self.song),
            .completed: (.completed, nil, Self.song),
            .failedFetch: (.failed(message: "Download failed: offline"), nil, nil),
            .failedPlayback: (.failed(message: "Playback failed: bad header"), nil, Self.song),
            .uninitializedAgain: (.uninitialized, nil, nil),
        ]
        for fixture in Fixture.allCases {
            let player = fixture.player
            let want = expected[fixture]
            #expect(want != nil, "no expectation for \(fixture)")
            #expect(player.state == want?.0, "\(fixture)")
            #expect(player.currentFetch == want?.1, "\(fixture)")
            #expect(player.cachedFile == want?.2, "\(fixture)")
        }
    }

    @Test("each row's outcome", arguments: Fixture.allCases)
    func rowsHold(fixture: Fixture) {
        for (rowFixture, kind, outcome) in Self.rows where rowFixture == fixture {
            let before = fixture.player
            var player = before
            let commands = player.send(kind.event(for: fixture))
            switch outcome {
            case .unchanged(let expectedCommands):
                #expect(player == before, "(\(fixture), \(kind)) changed the player to \(player.state)")
                #expect(commands == expectedCommands, "(\(fixture), \(kind))")
            case .to(let state, let fetch, let cached, let expectedCommands):
                #expect(player.state == state, "(\(fixture), \(kind))")
                #expect(player.currentFetch == fetch, "(\(fixture), \(kind))")
                #expect(player.cachedFile == cached, "(\(fixture), \(kind))")
                #expect(commands == expectedCommands, "(\(fixture), \(kind))")
            }
        }
    }
}
