import BuffCore
import FeedCore
import FeedKit
import Foundation
import StreamServer
import Testing
@testable import BuffClient

@Suite("BuffClient", .timeLimit(.minutes(1)))
struct BuffClientTests {
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
                let api = BuffClient(baseURL: server.baseURL, transport: transport,
                                     limits: RequestLimits(timeout: .milliseconds(500)))
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
                guard case .failure(.request(let stall)) = await api.fetch(id: 8), case .timeout = stall.kind else {
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
        try await withBuffServer { server in
            try await AsyncHTTPTransport.withTransport { transport in
                let limits = RequestLimits(timeout: .milliseconds(300))
                let api = BuffClient(baseURL: server.baseURL, transport: transport, limits: limits)
                let runner = BuffRunner(schedule: BuffSchedule(ids: [8, 5], interval: .seconds(30), fetchDeadline: limits.timeout),
                                        clock: .virtual, until: nil) { await api.fetch(id: $0) }
                let log = Log()
                await runner.run(actions: []) { log.append($0) }
                let entries = log.entries
                #expect(entries.map(\.t) == [0, 0.3, 30, 30, 31, 32, 33, 34, 35, 36].map { BuffClock.duration(seconds: $0) })
                #expect(entries[1].command == .reportError(id: 8, .timedOut(after: .milliseconds(300))))
                #expect(entries.last?.command == .hide(buff: 5, reason: .expired))
                // The server records a request on its own threads once answered: wait for the record.
                #expect(await waitUntil { server.statistics.requests.count >= 2 })
                #expect(server.statistics.requests.map(\.path) == ["/buffs/8", "/buffs/5"])
            }
        }
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

@Suite("BuffRunner on the real clock", .timeLimit(.minutes(1)))
struct RealClockRunnerTests {
    /// Judged by the order of events, not by wall-clock bounds (the margins are ≥ 0.5 s, so a slow machine
    /// does not reorder them): two buffs, the second queued behind the first, a vote on the second, then the
    /// run ends by itself.
    @Test func eventsComeInTheEnginesOrderAndTheRunEnds() async {
        @Sendable func buff(_ id: Int) -> Buff {
            Buff(id: id, timeToShow: .milliseconds(1500), author: BuffAuthor(firstName: "A", lastName: ""),
                 question: BuffQuestion(title: "Q\(id)"),
                 answers: [BuffAnswer(id: id * 10, title: "x"), BuffAnswer(id: id * 10 + 1, title: "y")])
        }
        let runner = BuffRunner(schedule: BuffSchedule(ids: [1, 2], interval: .seconds(1)), clock: .real,
                                until: nil) { id in .success(buff(id)) }
        let log = Log()
        await runner.run(actions: [BuffAction(at: .milliseconds(2200), kind: .vote(position: 2))]) { log.append($0) }
        let commands = log.entries.map(\.command).filter { if case .countdown = $0 { false } else { true } }
        #expect(commands == [
            .fetch(id: 1), .show(buff(1), secondsLeft: 2), .fetch(id: 2), .queued(buff: 2),
            .hide(buff: 1, reason: .expired), .show(buff(2), secondsLeft: 2),
            .highlight(buff: 2, answer: 21), .hide(buff: 2, reason: .voted),
        ])
        let times = log.entries.map(\.t)
        #expect(times == times.sorted())
    }
}
