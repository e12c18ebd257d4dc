import BuffCore
import FeedCore
import FeedKit
import Foundation
import StreamServer
import Testing
import TestSupport
@testable import BuffKit

@Suite("BuffClient", .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct BuffKitTests {
    @Test func requestsTheSeedsURL() async throws {
        let stub = StubTransport { _ in .status(404) }
        let api = BuffClient(transport: stub)
        _ = await api.fetch(id: 3)
        #expect(await stub.requests.map(\.url.absoluteString) == ["https://demo2373134.mockable.io/buffs/3"])
        let local = BuffClient(baseURL: URL(string: "http://127.0.0.1:9/api/")!, transport: stub)
        #expect(try local.buffURL(id: 12).absoluteString == "http://127.0.0.1:9/api/buffs/12")
    }

    @Test func everySampleBuffDecodesAndTheBrokenOnesFailClearly() async throws {
        try await withBuffServer { server in
            try await AsyncHTTPTransport.withTransport { transport in
                // The answered requests get a deadline no loaded machine can make them miss; only the held
                // request needs a short one.
                let api = BuffClient(baseURL: server.baseURL, transport: transport,
                                     limits: RequestLimits(timeout: TestBounds.outlastingDeadline))
                let impatient = BuffClient(baseURL: server.baseURL, transport: transport,
                                           limits: RequestLimits(timeout: .milliseconds(300)))
                var counts: [Int] = []
                for id in 1...5 {
                    counts.append(try await api.fetch(id: id).get().answers.count)
                }
                #expect(counts == [2, 3, 4, 5, 2])
                let base = server.baseURL.absoluteString
                #expect(await api.fetch(id: 6) == .failure(.request(FeedError(
                    service: "SportBuff", url: "\(base)/buffs/6", kind: .httpStatus(code: 500, apiMessage: nil)))))
                guard case .failure(.json(.invalidJSON)) = await api.fetch(id: 7) else {
                    Issue.record("7 should be malformed")
                    return
                }
                guard case .failure(.request(let stall)) = await impatient.fetch(id: 8), case .timeout = stall.kind else {
                    Issue.record("8 should time out")
                    return
                }
                #expect(await api.fetch(id: 9) == .failure(.answerCount(6)))
                let images = try await api.fetch(id: 2).get()
                #expect(images.answers[0].images.first?.absoluteString == "\(base)/images/red@1x.png")
            }
        }
    }

    @Test func theVirtualClockReportsAStallAtExactlyItsDeadlineAndGoesOn() async throws {
        // One deadline for both requests: the held 8 must miss it, the answered 5 must not. On a loaded machine 5
        // once missed a 2 s deadline; such a run proves nothing, so it is repeated with a longer deadline (still
        // under the 30 s interval); each run's own events decide.
        for seconds in [2, 10, 25] {
            let proved = try await withBuffServer { server in
                try await AsyncHTTPTransport.withTransport { transport -> Bool in
                    let limits = RequestLimits(timeout: .seconds(seconds))
                    let api = BuffClient(baseURL: server.baseURL, transport: transport, limits: limits)
                    let runner = BuffRunner(schedule: BuffSchedule(ids: [8, 5], interval: .seconds(30), fetchDeadline: limits.timeout),
                                            clock: .virtual, until: nil) { await api.fetch(id: $0) }
                    let log = Log()
                    await runner.run(actions: []) { log.append($0) }
                    let entries = log.entries
                    if entries.contains(where: { $0.command == .reportError(id: 5, .timedOut(after: .seconds(seconds))) }) {
                        return false
                    }
                    #expect(entries.map(\.t) == [0, seconds, 30, 30, 31, 32, 33, 34, 35, 36].map { BuffClock.duration(seconds: Double($0)) })
                    #expect(entries.count > 1 && entries[1].command == .reportError(id: 8, .timedOut(after: .seconds(seconds))))
                    #expect(entries.last?.command == .hide(buff: 5, reason: .expired))
                    // The server records a request on its own threads once answered: wait for the record.
                    #expect(await waitUntil { server.statistics.requests.count >= 2 })
                    #expect(server.receivedPaths() == ["/buffs/8", "/buffs/5"])
                    return true
                }
            }
            if proved { return }
        }
        Issue.record("buff 5 missed the deadline even at 25 s")
    }

    @Test func actionsVoteByPosition() {
        var engine = BuffEngine(schedule: BuffSchedule(ids: [1]))
        engine.send(.start(now: .zero))
        let buff = Buff(id: 1, timeToShow: .seconds(5), author: BuffAuthor(firstName: "A", lastName: ""),
                        question: BuffQuestion(title: "Q"), answers: [BuffAnswer(id: 10, title: "x"), BuffAnswer(id: 20, title: "y")])
        #expect(BuffRunner.event(for: BuffAction(at: .seconds(1), kind: .vote(position: 2)), engine: engine) == nil)
        engine.send(.fetched(id: 1, result: .success(buff), now: .zero))
        #expect(BuffRunner.event(for: BuffAction(at: .seconds(1), kind: .vote(position: 2)), engine: engine)
            == .vote(answer: 20, now: .seconds(1)))
        #expect(BuffRunner.event(for: BuffAction(at: .seconds(1), kind: .vote(position: 3)), engine: engine) == nil)
    }
}

/// Collects the runner's output (the closure is `@Sendable`).
final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [BuffRunner.Timed] = []
    func append(_ entry: BuffRunner.Timed) { lock.withLock { stored.append(entry) } }
    var entries: [BuffRunner.Timed] { lock.withLock { stored } }
}

@Suite("BuffRunner on the real clock", .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct RealClockRunnerTests {
    /// Judged by events and their stamps, not by wall-clock bounds: however late the machine wakes the
    /// runner (a loaded machine can stall it for seconds), each due item is stamped with its own due time,
    /// so the countdown change comes exactly 500 ms and the hide exactly 1.5 s after the show, and the run
    /// ends by itself.
    @Test func dueItemsAreStampedAtTheirDueTimesAndTheRunEnds() async {
        let buff = Buff(id: 7, timeToShow: .milliseconds(1500), author: BuffAuthor(firstName: "A", lastName: ""),
                        question: BuffQuestion(title: "Q"), answers: [BuffAnswer(id: 1, title: "x"), BuffAnswer(id: 2, title: "y")])
        let runner = BuffRunner(schedule: BuffSchedule(ids: [7], fetchDeadline: .seconds(3600)), clock: .real,
                                until: nil) { _ in .success(buff) }
        let log = Log()
        await runner.run(actions: []) { log.append($0) }
        let entries = log.entries
        #expect(entries.map(\.command) == [
            .fetch(id: 7), .show(buff, secondsLeft: 2), .countdown(buff: 7, secondsLeft: 1), .hide(buff: 7, reason: .expired),
        ])
        guard entries.count == 4 else { return }
        #expect(entries[0].t == .zero)
        #expect(entries[2].t - entries[1].t == .milliseconds(500))
        #expect(entries[3].t - entries[1].t == .milliseconds(1500))
    }
}
