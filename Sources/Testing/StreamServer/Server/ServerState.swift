import NIOConcurrencyHelpers
import NIOCore

/// State shared by the server object and all connection handlers, behind one lock.
final class ServerState: Sendable {
    private struct CounterKey: Hashable {
        var ruleIndex: Int
        var path: String
    }

    private struct Locked {
        var content: ContentStore
        var rules: [FaultRule] = []
        /// How often each counted rule has fired, per path.
        var counters: [CounterKey: Int] = [:]
        var statistics = ServerStatistics()
        var nextConnectionID = 1
        var channels: [Int: any Channel] = [:]
        var isShuttingDown = false
        /// Requests waiting for release, oldest first.
        var held: [HeldRequest] = []
        var nextHoldID = 1
    }

    /// A request held by ``Fault/holdUntilReleased``; `release` resumes it on its event loop.
    private struct HeldRequest {
        var id: Int
        var path: String
        var release: @Sendable () -> Void
    }

    private let locked: NIOLockedValueBox<Locked>
    /// Live streams (Live/), answered before the content.
    let liveRoutes = LiveRoutes()
    private let startedAt = ContinuousClock.now
    /// Fixture routes, answered before the content (Routes/).
    let routeBook = RouteBook()
    /// Radio stations mounted on paths (Radio/).
    let radio = RadioMounts()
    /// The bottleneck every body shares, when set (Faults/SharedLink.swift).
    let link = SharedLink()

    init(content: ServerContent) {
        locked = NIOLockedValueBox(Locked(content: ContentStore(content)))
    }

    /// Time since the server started, the time base of request records.
    var elapsed: Duration {
        ContinuousClock.now - startedAt
    }

    // MARK: Content and faults

    var content: ContentStore {
        locked.withLockedValue { $0.content }
    }

    func setContent(_ content: ServerContent) {
        let store = ContentStore(content)
        locked.withLockedValue { $0.content = store }
    }

    func setFaults(_ rules: [FaultRule]) {
        locked.withLockedValue {
            $0.rules = rules
            $0.counters = [:]
        }
    }

    /// The faults for a request to `path`; consumes one use of the first matching status rule
    /// that has uses left.
    func responseFaults(for path: String) -> ResponseFaults {
        locked.withLockedValue { state in
            var faults = ResponseFaults()
            // The first status rule with uses left for this path answers; each use is counted per path.
            func useStatus(_ status: StatusOverride, times: Int, ruleIndex: Int) {
                guard faults.statusOverride == nil else { return }
                let key = CounterKey(ruleIndex: ruleIndex, path: path)
                let used = state.counters[key, default: 0]
                if used < times {
                    state.counters[key] = used + 1
                    faults.statusOverride = status
                }
            }
            for (index, rule) in state.rules.enumerated() where rule.matches(path: path) {
                switch rule.fault {
                case .delay(let seconds):
                    faults.delaySeconds += seconds.isFinite ? max(0, seconds) : Fault.maximumDelaySeconds
                case .status(let code, let times, let retryAfter):
                    useStatus(StatusOverride(code: code, retryAfter: retryAfter.map { .text($0) }), times: times, ruleIndex: index)
                case .statusRetryAfterDate(let code, let times, let secondsAhead):
                    useStatus(StatusOverride(code: code, retryAfter: .dateAhead(seconds: secondsAhead)), times: times, ruleIndex: index)
                case .ignoreRange:
                    faults.ignoreRange = true
                case .holdUntilReleased:
                    faults.hold = true
                case .wrongContentRange:
                    faults.wrongContentRange = true
                case .throttle(let rate):
                    faults.throttleBytesPerSecond = min(faults.throttleBytesPerSecond ?? Int.max, max(1, rate))
                case .shortBody, .resetMidBody, .stallAfterHeaders:
                    continue
                }
            }
            faults.delaySeconds = min(faults.delaySeconds, Fault.maximumDelaySeconds)
            return faults
        }
    }

    /// The body fault for a response to `path`: the first matching counted rule with uses left,
    /// whose use is consumed.
    func takeBodyFault(for path: String) -> BodyFault? {
        locked.withLockedValue { state in
            for (index, rule) in state.rules.enumerated() where rule.matches(path: path) {
                let fault: BodyFault
                let times: Int
                switch rule.fault {
                case .shortBody(let n): (fault, times) = (.shortBody, n)
                case .resetMidBody(let n): (fault, times) = (.resetMidBody, n)
                case .stallAfterHeaders(let n): (fault, times) = (.stallAfterHeaders, n)
                default: continue
                }
                let key = CounterKey(ruleIndex: index, path: path)
                let used = state.counters[key, default: 0]
                if used < times {
                    state.counters[key] = used + 1
                    return fault
                }
            }
            return nil
        }
    }

    // MARK: Held requests

    /// Registers a held request; returns its ID for ``cancelHold(id:)``.
    func hold(path: String, release: @escaping @Sendable () -> Void) -> Int {
        locked.withLockedValue { state in
            let id = state.nextHoldID
            state.nextHoldID += 1
            state.held.append(HeldRequest(id: id, path: path, release: release))
            state.statistics.heldRequests = state.held.count
            return id
        }
    }

    /// Forgets a held request whose connection closed.
    func cancelHold(id: Int) {
        locked.withLockedValue { state in
            state.held.removeAll { $0.id == id }
            state.statistics.heldRequests = state.held.count
        }
    }

    /// Releases up to `count` held requests whose path matches `pattern`, oldest first.
    func releaseHeld(_ count: Int, matching pattern: String) -> Int {
        let released: [HeldRequest] = locked.withLockedValue { state in
            var chosen: [HeldRequest] = []
            state.held.removeAll { request in
                guard chosen.count < count, PathPattern(pattern).matches(request.path) else { return false }
                chosen.append(request)
                return true
            }
            state.statistics.heldRequests = state.held.count
            return chosen
        }
        // Outside the lock: releasing schedules work on event loops.
        for request in released {
            request.release()
        }
        return released.count
    }

    // MARK: Connections

    /// Registers a new connection and returns its ID, or `nil` if the server is shutting down.
    func connectionOpened(_ channel: any Channel) -> Int? {
        locked.withLockedValue { state in
            guard !state.isShuttingDown else { return nil }
            let id = state.nextConnectionID
            state.nextConnectionID += 1
            state.channels[id] = channel
            state.statistics.connectionsAccepted += 1
            state.statistics.openConnections += 1
            state.statistics.maxOpenConnections = max(
                state.statistics.maxOpenConnections, state.statistics.openConnections)
            return id
        }
    }

    func connectionClosed(id: Int) {
        locked.withLockedValue { state in
            if state.channels.removeValue(forKey: id) != nil {
                state.statistics.openConnections -= 1
            }
        }
    }

    /// Marks the server as shutting down and returns the connections to close.
    func beginShutdown() -> [any Channel] {
        locked.withLockedValue { state in
            state.isShuttingDown = true
            return Array(state.channels.values)
        }
    }

    // MARK: Requests

    /// Counts a received request head; returns when (since start) and how many requests are now in flight.
    func requestStarted() -> (at: Duration, concurrent: Int) {
        locked.withLockedValue { state in
            state.statistics.requestCount += 1
            state.statistics.currentRequests += 1
            state.statistics.maxConcurrentRequests = max(
                state.statistics.maxConcurrentRequests, state.statistics.currentRequests)
            return (elapsed, state.statistics.currentRequests)
        }
    }

    /// Ends a request's time in flight; `record.finishedAt` is set here.
    func requestFinished(_ record: RequestRecord) {
        var record = record
        locked.withLockedValue { state in
            record.finishedAt = elapsed
            state.statistics.currentRequests -= 1
            if state.statistics.requests.count >= ServerStatistics.maximumRecords {
                state.statistics.requests.removeFirst(state.statistics.requests.count / 10)
            }
            state.statistics.requests.append(record)
        }
    }

    /// A ``Fault/delay(seconds:)`` timer was armed (`true`) or ended, by firing or by cancellation (`false`).
    func delayTimer(armed: Bool) {
        locked.withLockedValue { $0.statistics.delayedRequests += armed ? 1 : -1 }
    }

    /// A response body stopped because its connection was not writable.
    func writabilityStopped() {
        locked.withLockedValue { $0.statistics.writabilityStops += 1 }
    }

    func bodyBytesWritten(_ count: Int) {
        locked.withLockedValue { $0.statistics.bodyBytesSent += count }
    }

    // MARK: Statistics

    var statistics: ServerStatistics {
        locked.withLockedValue { $0.statistics }
    }

    /// Clears history; live values (current requests, open connections) are kept and become the new maxima.
    func resetStatistics() {
        locked.withLockedValue { state in
            var fresh = ServerStatistics()
            fresh.currentRequests = state.statistics.currentRequests
            fresh.maxConcurrentRequests = state.statistics.currentRequests
            fresh.heldRequests = state.statistics.heldRequests
            fresh.delayedRequests = state.statistics.delayedRequests
            fresh.openConnections = state.statistics.openConnections
            fresh.maxOpenConnections = state.statistics.openConnections
            state.statistics = fresh
        }
    }
}
