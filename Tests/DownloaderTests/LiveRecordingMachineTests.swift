import Foundation
import Testing
@testable import Downloader

/// ``LiveRecordingMachine`` as a table: representative machines (built by sending real events) × every kind of
/// event, each with its hand-written commands and every change of state it makes (``Observed``: anything a row
/// does not change must stay equal). The coverage test fails when a pair has no row or two. Scenario tests after
/// the table follow whole recordings: the end of the playlist, the duration limit, RFC 8216 §6.3.4's reload
/// timing and init sections.
@Suite struct LiveRecordingMachineTests {
    static let playlistURL = URL(string: "http://127.0.0.1/live/index.m3u8")!
    static let partialPath = "/recordings/live.ts.part"
    static let settings = LiveRecordingMachine.Settings(
        start: .oldest, duration: nil, concurrency: 2, maxConsecutiveSegmentFailures: 2, maxReloadFailures: 3,
        partialPath: partialPath, deliversBytes: false)
    static let unavailable = DownloadError(.httpStatus(503), .segment(index: 0, url: "http://127.0.0.1/live/seg0.ts", byteRange: nil),
                                           "HTTP 503 Service Unavailable")
    static let notFound = DownloadError(.httpStatus(404), .playlist(url: playlistURL.absoluteString, line: nil), "HTTP 404 Not Found")

    /// Playlist text: segments `first ..< first + count` of 2 s, target 2; `keyBefore` puts a SAMPLE-AES key
    /// (which cannot be decrypted) before that sequence number.
    static func text(first: Int, count: Int, endList: Bool = false, keyBefore: Int? = nil, map: String? = nil) -> String {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:\(first)"]
        if let map { lines.append("#EXT-X-MAP:URI=\"\(map)\"") }
        for sequence in first ..< first + count {
            if sequence == keyBefore { lines.append("#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"key.bin\"") }
            lines += ["#EXTINF:2,", "seg\(sequence).ts"]
        }
        if endList { lines.append("#EXT-X-ENDLIST") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func loaded(_ text: String) -> LoadedPlaylist {
        // A parse failure is a bug of this file; an empty master playlist makes every row fail loudly.
        let playlist = (try? PlaylistParser.parse(text, url: playlistURL))
            ?? .master(MasterPlaylist(url: playlistURL, variants: [], renditions: []))
        return LoadedPlaylist(playlist: playlist, bytes: Array(text.utf8), finalURL: playlistURL)
    }

    static func media(_ text: String) -> MediaPlaylist {
        if case .media(let media) = loaded(text).playlist { return media }
        return MediaPlaylist(url: playlistURL, targetDuration: 0, segments: [])
    }

    static let first = text(first: 0, count: 3)
    static let firstEnded = text(first: 0, count: 3, endList: true)

    static func segment(_ sequence: Int, in text: String = first) -> MediaSegment {
        media(text).segments.first { $0.sequenceNumber == sequence }
            ?? MediaSegment(uri: URL(string: "http://127.0.0.1/missing")!, duration: 0, sequenceNumber: sequence)
    }

    static func bytes(_ sequence: Int) -> [UInt8] { Array("seg\(sequence)".utf8) }

    /// The write of segment `sequence` (4 bytes each) at `offset`, with `recorded` seconds up to it.
    static func write(_ sequence: Int, offset: Int64, discontinuity: Bool = false, recorded: Double,
                      in text: String = first) -> LiveRecordingMachine.Command {
        let segment = segment(sequence, in: text)
        return .write(bytes(sequence), LiveSegment(
            sequenceNumber: sequence, discontinuitySequence: 0, duration: 2, discontinuity: discontinuity,
            uri: segment.uri.absoluteString, file: LiveFileRegion(path: partialPath, offset: offset, length: 4),
            bytes: nil, recordedDuration: recorded))
    }

    static func fetch(_ position: Int, _ sequence: Int, in text: String = first) -> LiveRecordingMachine.Command {
        .fetch(position: position, segment: segment(sequence, in: text), withInitSection: false)
    }

    static func failedGap(_ sequence: Int) -> LiveGap {
        LiveGap(sequences: sequence ... sequence, reason: .fetchFailed(unavailable), estimatedDuration: 2)
    }

    /// What a row may change, read from the machine.
    struct Observed: Equatable {
        var queued: Int
        var written: Int
        var inFlight: Set<Int>
        var waiting: Set<Int>
        var lastQueued: Int?
        var plannedDuration: Double
        var ended: Bool
        var reloadPending: Bool
        var reloadBegan: Duration?
        var lastLoadBegan: Duration
        var lastOutcome: LiveReloadPolicy.Outcome
        var reloadFailures: Int
        var targetDuration: Duration
        var fatal: DownloadError?
        var stopReason: LiveStopReason?
        var progress: LiveRecordingMachine.Progress

        init(_ machine: LiveRecordingMachine) {
            queued = machine.scheduler.segmentCount
            written = machine.scheduler.cursor
            inFlight = machine.scheduler.inFlight
            waiting = machine.scheduler.waiting
            lastQueued = machine.tracker.lastQueued
            plannedDuration = machine.tracker.plannedDuration
            ended = machine.tracker.ended
            reloadPending = machine.reloadPending
            reloadBegan = machine.reloadBegan
            lastLoadBegan = machine.lastLoadBegan
            lastOutcome = machine.lastOutcome
            reloadFailures = machine.reloadFailures
            targetDuration = machine.policy.targetDuration
            fatal = machine.fatal
            stopReason = machine.stopReason
            progress = machine.progress
        }
    }

    /// A representative machine, built by sending real events.
    enum Fixture: CaseIterable, Hashable {
        /// Segments 0 and 1 in flight, 2 queued, the first reload armed for 2 s.
        case started
        /// All three written, the reload armed.
        case allWritten
        /// All three written, the reload in flight since 2 s.
        case reloading
        /// Segment 0 failed (a gap), 1 and 2 in flight: one failure in a row.
        case oneFailed
        /// A playlist with EXT-X-ENDLIST: 0 and 1 in flight, no reload.
        case ending
        /// Stopped.
        case finished

        var machine: LiveRecordingMachine {
            let ended = self == .ending
            var machine = LiveRecordingMachine(playlist: media(ended ? firstEnded : first), bytes: Array((ended ? firstEnded : first).utf8),
                                               settings: settings, now: .zero)
            _ = machine.start()
            func send(_ events: LiveRecordingMachine.Event..., at now: Duration = .milliseconds(500)) {
                for event in events { _ = machine.handle(event, now: now) }
            }
            switch self {
            case .started, .ending: break
            case .allWritten:
                send(.segmentFetched(position: 0, bytes: bytes(0)), .segmentFetched(position: 1, bytes: bytes(1)),
                     .segmentFetched(position: 2, bytes: bytes(2)))
            case .reloading:
                send(.segmentFetched(position: 0, bytes: bytes(0)), .segmentFetched(position: 1, bytes: bytes(1)),
                     .segmentFetched(position: 2, bytes: bytes(2)))
                send(.reloadDue, at: .seconds(2))
            case .oneFailed:
                send(.segmentFailed(position: 0, unavailable))
            case .finished:
                send(.stopRequested)
            }
            return machine
        }
    }

    /// Every kind of event.
    enum EventKind: CaseIterable, Hashable {
        case stop
        case fetchedFirst, fetchedLater, fetchedStranger, failedFirst
        case reloadDue
        case reloadedSame, reloadedSlid, reloadedJumped, reloadedEnded, reloadedMaster, reloadedEncrypted
        case reloadFailedRetryable, reloadFailedFatal

        /// The event for `fixture` ("first" and "later" are the lowest and a higher position in flight).
        func event(for fixture: Fixture) -> LiveRecordingMachine.Event {
            let lowest = fixture == .oneFailed ? 1 : 0
            switch self {
            case .stop: return .stopRequested
            case .fetchedFirst: return .segmentFetched(position: lowest, bytes: bytes(lowest))
            case .fetchedLater: return .segmentFetched(position: lowest + 1, bytes: bytes(lowest + 1))
            case .fetchedStranger: return .segmentFetched(position: 99, bytes: bytes(99))
            case .failedFirst: return .segmentFailed(position: lowest, unavailable)
            case .reloadDue: return .reloadDue
            case .reloadedSame: return .reloaded(loaded(first))
            case .reloadedSlid: return .reloaded(loaded(text(first: 1, count: 3)))
            case .reloadedJumped: return .reloaded(loaded(text(first: 10, count: 3)))
            case .reloadedEnded: return .reloaded(loaded(firstEnded))
            case .reloadedMaster: return .reloaded(loaded("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=64000\nlow.m3u8\n"))
            case .reloadedEncrypted: return .reloaded(loaded(text(first: 1, count: 3, keyBefore: 3)))
            case .reloadFailedRetryable: return .reloadFailed(unavailable)
            case .reloadFailedFatal: return .reloadFailed(notFound)
            }
        }
    }

    /// A row's expectation: the commands, and how the observed state changes (nothing else may).
    struct Row: Sendable {
        var commands: [LiveRecordingMachine.Command]
        var change: @Sendable (inout Observed) -> Void
    }

    static let now = Duration.seconds(2)

    /// The pairs whose event changes nothing and commands nothing: not in flight, not reloading, finished.
    static let ignored: [Fixture: Set<EventKind>] = [
        .started: reloadResults.union([.fetchedStranger]),
        .allWritten: reloadResults.union([.fetchedFirst, .fetchedLater, .fetchedStranger, .failedFirst]),
        .reloading: [.fetchedFirst, .fetchedLater, .fetchedStranger, .failedFirst, .reloadDue],
        .oneFailed: reloadResults.union([.fetchedStranger]),
        .ending: reloadResults.union([.fetchedStranger, .reloadDue]),
        .finished: Set(EventKind.allCases),
    ]
    static let reloadResults: Set<EventKind> = [
        .reloadedSame, .reloadedSlid, .reloadedJumped, .reloadedEnded, .reloadedMaster, .reloadedEncrypted,
        .reloadFailedRetryable, .reloadFailedFatal,
    ]

    /// Every other pair, by hand.
    static let rows: [Fixture: [EventKind: Row]] = {
        let masterError = DownloadError(.invalidPlaylist, .playlist(url: playlistURL.absoluteString, line: nil),
                                        "a reload returned a master playlist instead of the media playlist")
        let encrypted = text(first: 1, count: 3, keyBefore: 3)
        let encryptionError = SegmentPlan(segments: [segment(3, in: encrypted)]).unsupportedEncryption(playlistURL: playlistURL)
            ?? masterError
        let jumpGap = LiveGap(sequences: 3 ... 9, reason: .windowSlid, estimatedDuration: 14)
        let jumped = text(first: 10, count: 3)
        let slid = text(first: 1, count: 3)
        let stop = Row(commands: [.finish(.stopped)]) { $0.stopReason = .stopped }
        let reloadDue = Row(commands: [.reload]) { $0.reloadBegan = now }
        /// Segment 0 written (4 bytes, 2 s), 2 started in its place.
        let wroteFirst: @Sendable (inout Observed) -> Void = {
            $0.written = 1
            $0.inFlight = [1, 2]
            $0.progress.bytes = 4
            $0.progress.segments = 1
            $0.progress.duration = 2
            $0.progress.firstSequence = 0
            $0.progress.lastSequence = 0
        }
        /// A reload that came back at `now`, begun at 2 s.
        func reloaded(_ change: @escaping @Sendable (inout Observed) -> Void) -> @Sendable (inout Observed) -> Void {
            { observed in
                observed.progress.playlistLoads += 1
                observed.reloadPending = false
                observed.reloadBegan = nil
                observed.lastLoadBegan = .seconds(2)
                change(&observed)
            }
        }
        return [
            .started: [
                .stop: stop,
                .fetchedFirst: Row(commands: [write(0, offset: 0, recorded: 2), fetch(2, 2)], change: wroteFirst),
                .fetchedLater: Row(commands: [fetch(2, 2)]) {
                    $0.inFlight = [0, 2]
                    $0.waiting = [1]
                },
                .failedFirst: Row(commands: [.warn("segment failed; recorded as a gap", error: unavailable),
                                             .reportGap(failedGap(0)), fetch(2, 2)]) {
                    $0.written = 1
                    $0.inFlight = [1, 2]
                    $0.plannedDuration = 4
                    $0.progress.consecutiveFailures = 1
                    $0.progress.record(failedGap(0))
                },
                .reloadDue: reloadDue,
            ],
            .allWritten: [
                .stop: stop,
                .reloadDue: reloadDue,
            ],
            .reloading: [
                .stop: stop,
                .reloadedSame: Row(commands: [.scheduleReload(at: .seconds(3))], change: reloaded {
                    // Unchanged: half the target duration from when the load began (§6.3.4).
                    $0.lastOutcome = .unchanged
                    $0.reloadPending = true
                }),
                .reloadedSlid: Row(commands: [fetch(3, 3, in: slid), .scheduleReload(at: .seconds(4))], change: reloaded {
                    $0.queued = 4
                    $0.inFlight = [3]
                    $0.lastQueued = 3
                    $0.plannedDuration = 8
                    $0.reloadPending = true
                }),
                .reloadedJumped: Row(commands: [.reportGap(jumpGap), fetch(4, 10, in: jumped), fetch(5, 11, in: jumped),
                                                .scheduleReload(at: .seconds(4))], change: reloaded {
                    $0.queued = 7
                    $0.written = 4
                    $0.inFlight = [4, 5]
                    $0.lastQueued = 12
                    $0.plannedDuration = 12
                    $0.reloadPending = true
                    $0.progress.record(jumpGap)
                }),
                .reloadedEnded: Row(commands: [.finish(.endList)], change: reloaded {
                    $0.ended = true
                    $0.stopReason = .endList
                }),
                .reloadedMaster: Row(commands: [.finish(.failed(masterError))], change: reloaded {
                    $0.fatal = masterError
                    $0.stopReason = .failed(masterError)
                }),
                .reloadedEncrypted: Row(commands: [.abort(encryptionError)], change: reloaded {
                    // The tracker saw the snapshot; nothing of it was queued.
                    $0.lastQueued = 3
                    $0.plannedDuration = 8
                }),
                .reloadFailedRetryable: Row(commands: [
                    .retryReload(RetryNotice(error: unavailable, attempt: 1, maxAttempts: 3, delay: .seconds(1))),
                    .scheduleReload(at: .seconds(3)),
                ], change: reloaded {
                    // The first failure: half the target duration (our back-off), from when the load began.
                    $0.reloadFailures = 1
                    $0.lastOutcome = .failed(1)
                    $0.reloadPending = true
                }),
                .reloadFailedFatal: Row(commands: [
                    .logError("playlist reload failed; stopping", error: notFound),
                    .finish(.failed(notFound.with(attempts: 1))),
                ], change: reloaded {
                    $0.reloadFailures = 1
                    $0.fatal = notFound.with(attempts: 1)
                    $0.stopReason = .failed(notFound.with(attempts: 1))
                }),
            ],
            .oneFailed: [
                .stop: stop,
                .fetchedFirst: Row(commands: [write(1, offset: 0, discontinuity: true, recorded: 2)]) {
                    // After a gap: marked as a discontinuity; the failure streak ends.
                    $0.written = 2
                    $0.inFlight = [2]
                    $0.progress.consecutiveFailures = 0
                    $0.progress.bytes = 4
                    $0.progress.segments = 1
                    $0.progress.duration = 2
                    $0.progress.firstSequence = 1
                    $0.progress.lastSequence = 1
                    $0.progress.afterGap = false
                },
                .fetchedLater: Row(commands: []) {
                    $0.inFlight = [1]
                    $0.waiting = [2]
                    $0.progress.consecutiveFailures = 0
                },
                .failedFirst: Row(commands: [.warn("segment failed; recorded as a gap", error: unavailable),
                                             .reportGap(failedGap(1)), .finish(.failed(unavailable))]) {
                    // The second failure in a row (the limit): written what is ready, then stop.
                    $0.written = 2
                    $0.inFlight = [2]
                    $0.plannedDuration = 2
                    $0.progress.consecutiveFailures = 2
                    $0.progress.record(failedGap(1))
                    $0.fatal = unavailable
                    $0.stopReason = .failed(unavailable)
                },
                .reloadDue: reloadDue,
            ],
            .ending: [
                .stop: stop,
                .fetchedFirst: Row(commands: [write(0, offset: 0, recorded: 2, in: firstEnded), fetch(2, 2, in: firstEnded)],
                                   change: wroteFirst),
                .fetchedLater: Row(commands: [fetch(2, 2, in: firstEnded)]) {
                    $0.inFlight = [0, 2]
                    $0.waiting = [1]
                },
                .failedFirst: Row(commands: [.warn("segment failed; recorded as a gap", error: unavailable),
                                             .reportGap(failedGap(0)), fetch(2, 2, in: firstEnded)]) {
                    // No reload is armed for a playlist that ended.
                    $0.written = 1
                    $0.inFlight = [1, 2]
                    $0.plannedDuration = 4
                    $0.progress.consecutiveFailures = 1
                    $0.progress.record(failedGap(0))
                },
            ],
        ]
    }()

    @Test("every fixture × event pair has exactly one expectation")
    func coverage() {
        for fixture in Fixture.allCases {
            for kind in EventKind.allCases {
                let inRows = Self.rows[fixture]?[kind] != nil
                let isIgnored = Self.ignored[fixture]?.contains(kind) == true
                #expect(inRows != isIgnored, "\(fixture) × \(kind): \(inRows ? "in both" : "in neither")")
            }
        }
    }

    @Test("the table", arguments: Fixture.allCases)
    func table(fixture: Fixture) {
        for kind in EventKind.allCases {
            var machine = fixture.machine
            var expected = Observed(machine)
            let commands = machine.handle(kind.event(for: fixture), now: Self.now)
            if let row = Self.rows[fixture]?[kind] {
                row.change(&expected)
                #expect(commands == row.commands, "\(fixture) × \(kind)")
            } else {
                #expect(commands.isEmpty, "\(fixture) × \(kind) should change nothing")
            }
            #expect(Observed(machine) == expected, "\(fixture) × \(kind)")
            if Self.ignored[fixture]?.contains(kind) == true {
                #expect(machine == fixture.machine, "\(fixture) × \(kind) changed the machine")
            }
        }
    }

    @Test("the fixtures start as described")
    func fixtures() {
        var machine = LiveRecordingMachine(playlist: Self.media(Self.first), bytes: Array(Self.first.utf8),
                                           settings: Self.settings, now: .zero)
        // The first load at 0: the next after the target duration (§6.3.4).
        #expect(machine.start() == [Self.fetch(0, 0), Self.fetch(1, 1), .scheduleReload(at: .seconds(2))])
        #expect(machine.start() == [], "started once")
        var ended = LiveRecordingMachine(playlist: Self.media(Self.firstEnded), bytes: Array(Self.firstEnded.utf8),
                                         settings: Self.settings, now: .zero)
        #expect(ended.start() == [Self.fetch(0, 0, in: Self.firstEnded), Self.fetch(1, 1, in: Self.firstEnded)])
        var early = LiveRecordingMachine(playlist: Self.media(Self.first), bytes: [], settings: Self.settings, now: .zero)
        #expect(early.handle(.stopRequested, now: .zero) == [], "events before start change nothing")
        #expect(early.stopReason == nil)
    }

    @Test("a playlist that ended finishes once its last segment is written, not before")
    func endListFinishesAfterTheLastWrite() {
        var machine = Fixture.ending.machine
        let text = Self.firstEnded
        #expect(machine.handle(.segmentFetched(position: 1, bytes: Self.bytes(1)), now: .seconds(1)) == [Self.fetch(2, 2, in: text)])
        #expect(machine.handle(.segmentFetched(position: 2, bytes: Self.bytes(2)), now: .seconds(1)) == [])
        #expect(machine.handle(.segmentFetched(position: 0, bytes: Self.bytes(0)), now: .seconds(1)) == [
            Self.write(0, offset: 0, recorded: 2, in: text), Self.write(1, offset: 4, recorded: 4, in: text),
            Self.write(2, offset: 8, recorded: 6, in: text), .finish(.endList),
        ])
        #expect(machine.progress.segments == 3 && machine.progress.bytes == 12)
        #expect(machine.handle(.stopRequested, now: .seconds(2)) == [], "finished: nothing more")
    }

    @Test("a duration limit queues what covers it, stops reloading, and finishes once that is written")
    func durationLimit() {
        var settings = Self.settings
        settings.duration = 4
        var machine = LiveRecordingMachine(playlist: Self.media(Self.first), bytes: Array(Self.first.utf8),
                                           settings: settings, now: .zero)
        // 4 s planned with two segments: no third, no reload.
        #expect(machine.start() == [Self.fetch(0, 0), Self.fetch(1, 1)])
        #expect(machine.handle(.segmentFetched(position: 0, bytes: Self.bytes(0)), now: .seconds(1)) == [
            Self.write(0, offset: 0, recorded: 2),
        ])
        #expect(machine.handle(.segmentFetched(position: 1, bytes: Self.bytes(1)), now: .seconds(1)) == [
            Self.write(1, offset: 4, recorded: 4), .finish(.duration),
        ])
    }

    @Test("reload timing follows RFC 8216 §6.3.4, measured from when each load began; failures back off ½, 1, 2 target durations")
    func reloadTiming() {
        var settings = Self.settings
        settings.maxReloadFailures = 5
        var machine = LiveRecordingMachine(playlist: Self.media(Self.first), bytes: Array(Self.first.utf8),
                                           settings: settings, now: .seconds(10))
        var commands = machine.start()
        #expect(commands.last == .scheduleReload(at: .seconds(12)))
        for position in 0 ..< 3 { _ = machine.handle(.segmentFetched(position: position, bytes: Self.bytes(position)), now: .seconds(11)) }

        // Due at 12, began at 12.5 (a late timer), back at 13: changed → the target duration after 12.5.
        #expect(machine.handle(.reloadDue, now: .milliseconds(12_500)) == [.reload])
        #expect(machine.handle(.reloadDue, now: .milliseconds(12_600)) == [], "one reload at a time")
        commands = machine.handle(.reloaded(Self.loaded(Self.text(first: 1, count: 3))), now: .seconds(13))
        #expect(commands.last == .scheduleReload(at: .milliseconds(14_500)))
        _ = machine.handle(.segmentFetched(position: 3, bytes: Self.bytes(3)), now: .seconds(14))

        // Unchanged: half the target duration after that load began.
        _ = machine.handle(.reloadDue, now: .milliseconds(14_500))
        #expect(machine.handle(.reloaded(Self.loaded(Self.text(first: 1, count: 3))), now: .seconds(15))
            == [.scheduleReload(at: .milliseconds(15_500))])

        // Failures: ½, 1, 2 target durations from when each failed load began; the notice says what is left.
        var began = Duration.milliseconds(15_500)
        for (attempt, wait) in [(1, Duration.seconds(1)), (2, .seconds(2)), (3, .seconds(4))] {
            _ = machine.handle(.reloadDue, now: began)
            let back = began + .milliseconds(200)
            #expect(machine.handle(.reloadFailed(Self.unavailable), now: back) == [
                .retryReload(RetryNotice(error: Self.unavailable, attempt: attempt, maxAttempts: 5,
                                         delay: wait - .milliseconds(200))),
                .scheduleReload(at: began + wait),
            ])
            began += wait
        }
        // A success resets the back-off.
        _ = machine.handle(.reloadDue, now: began)
        #expect(machine.handle(.reloaded(Self.loaded(Self.text(first: 1, count: 3))), now: began + .seconds(1))
            == [.scheduleReload(at: began + .seconds(1))])
        #expect(machine.reloadFailures == 0)
    }

    @Test("too many reload failures in a row stop reloading with the last error, after what is queued is written")
    func reloadFailuresStop() {
        var machine = Fixture.started.machine
        var time = Duration.seconds(2)
        for attempt in 1 ... 3 {
            #expect(machine.handle(.reloadDue, now: time) == [.reload])
            let commands = machine.handle(.reloadFailed(Self.unavailable), now: time)
            if attempt < 3 {
                #expect(commands.count == 2)
            } else {
                #expect(commands == [.logError("playlist reload failed; stopping", error: Self.unavailable)])
            }
            time += .seconds(4)
        }
        #expect(machine.fatal == Self.unavailable.with(attempts: 3))
        #expect(machine.stopReason == nil, "segments still in flight")
        _ = machine.handle(.segmentFetched(position: 0, bytes: Self.bytes(0)), now: time)
        _ = machine.handle(.segmentFetched(position: 1, bytes: Self.bytes(1)), now: time)
        #expect(machine.handle(.segmentFetched(position: 2, bytes: Self.bytes(2)), now: time) == [
            Self.write(2, offset: 8, recorded: 6), .finish(.failed(Self.unavailable.with(attempts: 3))),
        ])
    }

    @Test("an init section is fetched with the first segment and again only when it changes")
    func initSections() {
        let text = Self.text(first: 0, count: 3, map: "init.mp4")
        var machine = LiveRecordingMachine(playlist: Self.media(text), bytes: Array(text.utf8), settings: Self.settings, now: .zero)
        let fetches = machine.start().compactMap { command -> Bool? in
            if case .fetch(_, _, let withInit) = command { return withInit }
            return nil
        }
        #expect(fetches == [true, false])
        let next = machine.handle(.segmentFetched(position: 0, bytes: Self.bytes(0)), now: .seconds(1))
        #expect(next.contains { if case .fetch(2, _, false) = $0 { true } else { false } })
        _ = machine.handle(.segmentFetched(position: 1, bytes: Self.bytes(1)), now: .seconds(1))
        let changed = Self.text(first: 1, count: 3, map: "init2.mp4")
        _ = machine.handle(.reloadDue, now: .seconds(2))
        let afterReload = machine.handle(.reloaded(Self.loaded(changed)), now: .seconds(2))
        #expect(afterReload.contains { if case .fetch(3, _, true) = $0 { true } else { false } })
    }

    @Test("segment events carry their bytes without a file, or when asked to")
    func bytesInEvents() {
        for (partialPath, delivers, carries) in [(nil as String?, false, true), (Self.partialPath, true, true), (Self.partialPath, false, false)] {
            var settings = Self.settings
            settings.partialPath = partialPath
            settings.deliversBytes = delivers
            var machine = LiveRecordingMachine(playlist: Self.media(Self.first), bytes: [], settings: settings, now: .zero)
            _ = machine.start()
            let commands = machine.handle(.segmentFetched(position: 0, bytes: Self.bytes(0)), now: .zero)
            guard case .write(let bytes, let segment)? = commands.first else {
                Issue.record("no write: \(commands)")
                continue
            }
            #expect(bytes == Self.bytes(0))
            #expect((segment.bytes != nil) == carries)
            #expect((segment.file != nil) == (partialPath != nil))
        }
    }
}
