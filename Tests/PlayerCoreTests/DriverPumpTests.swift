import Foundation
import Testing
import PlayerCore

/// ``DriverPump`` on its own, with a machine that records what it applied: one total order, commands of an
/// event before the next event, re-entrant sends only queued, many threads at once, observers in order.
@Suite("Driver pump")
struct DriverPumpTests {
    /// An event of the test machine: who sent it and its number in that sender's sequence.
    struct Event: Sendable, Equatable {
        var sender: Int
        var index: Int
    }

    /// A command of the test machine.
    enum Command: Sendable, Equatable {
        /// Logged by the runner.
        case note(String)
        /// The runner sends this event re-entrantly, from inside the command.
        case send(Event)
    }

    /// Records every event it applies; each event's commands come from `script` (none by default).
    struct Machine: Sendable {
        var applied: [Event] = []
        /// Per sender, the last index applied (to check each sender's order).
        var lastIndex: [Int: Int] = [:]
        var outOfOrder = 0

        mutating func apply(_ event: Event, script: @Sendable (Event) -> [Command]) -> [Command] {
            if let last = lastIndex[event.sender], event.index != last + 1 { outOfOrder += 1 }
            lastIndex[event.sender] = event.index
            applied.append(event)
            return script(event)
        }
    }

    typealias Pump = DriverPump<Machine, Event, Command, Int>

    static func makePump(log: CallLog? = nil, script: @escaping @Sendable (Event) -> [Command] = { _ in [] }) -> Pump {
        Pump(Machine(), apply: { machine, event in
            log?.append("apply \(event.sender).\(event.index)")
            return machine.apply(event, script: script)
        }, update: { $0.applied.count / 10 }, shows: { $0.applied.count / 10 != $1.applied.count / 10 })
    }

    @Test("a re-entrant send is only queued: the current event's commands finish first, then it is applied")
    func reentrantSendIsQueued() {
        let log = CallLog()
        let pump = Self.makePump(log: log) { event in
            switch (event.sender, event.index) {
            case (0, 0): [.note("0.0 first"), .send(Event(sender: 1, index: 0)), .note("0.0 second")]
            case (1, 0): [.note("1.0"), .send(Event(sender: 1, index: 1))]
            case (1, 1): [.note("1.1")]
            default: []
            }
        }
        func run(_ command: Command) {
            switch command {
            case .note(let text):
                log.append("run \(text)")
            case .send(let event):
                pump.send(event, run: run)
                log.append("returned from sending \(event.sender).\(event.index)")
            }
        }
        pump.send(Event(sender: 0, index: 0), run: run)
        log.append("returned")
        pump.send(Event(sender: 0, index: 1), run: run)

        #expect(log.all == [
            "apply 0.0", "run 0.0 first", "returned from sending 1.0", "run 0.0 second",
            "apply 1.0", "run 1.0", "returned from sending 1.1",
            "apply 1.1", "run 1.1",
            "returned",
            "apply 0.1",
        ])
        #expect(pump.isSettled)
        #expect(pump.machine.applied.count == 4)
    }

    @Test("many events queued re-entrantly at once are applied in order (the queue compacts while it drains)")
    func longReentrantDrainKeepsOrder() {
        let count = 300
        let pump = Self.makePump { event in
            event.sender == 0 ? (0 ..< count).map { .send(Event(sender: 1, index: $0)) } : []
        }
        let ran = Shared<[Event]>([])
        func run(_ command: Command) {
            guard case .send(let event) = command else { return }
            ran.withLock { $0.append(event) }
            pump.send(event, run: run)
        }
        pump.send(Event(sender: 0, index: 0), run: run)
        let machine = pump.machine
        #expect(machine.applied == [Event(sender: 0, index: 0)] + (0 ..< count).map { Event(sender: 1, index: $0) })
        #expect(machine.outOfOrder == 0)
        #expect(ran.current.count == count)
        #expect(pump.isSettled)
    }

    @Test("senders on many threads: every event applied once, each sender's in order, commands never overlap and follow the order applied")
    func concurrentSenders() async {
        let senders = 8
        let perSender = 400
        let pump = Self.makePump { event in [.note("\(event.sender).\(event.index)")] }
        let running = Shared(0)
        let overlaps = Shared(0)
        let ran = Shared<[String]>([])
        let run: @Sendable (Command) -> Void = { command in
            guard case .note(let name) = command else { return }
            if running.withLock({ value -> Int in value += 1; return value }) != 1 { overlaps.withLock { $0 += 1 } }
            ran.withLock { $0.append(name) }
            if name.hasSuffix("0") { sched_yield() }   // widen the window in which another drainer could start
            running.withLock { $0 -= 1 }
        }
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for index in 0 ..< perSender { pump.send(Event(sender: sender, index: index), run: run) }
        }
        // Every sender has returned: whoever drained last emptied the queue before returning.
        #expect(pump.isSettled)
        let machine = pump.machine
        #expect(machine.applied.count == senders * perSender)
        #expect(Set(machine.applied.map { "\($0.sender).\($0.index)" }).count == senders * perSender)
        #expect(machine.outOfOrder == 0)
        #expect(overlaps.current == 0)
        #expect(ran.current == machine.applied.map { "\($0.sender).\($0.index)" })
    }

    @Test("observers get the current update, then one per change that shows, in order; the stream ends with the pump")
    func observersSeeChangesInOrder() async {
        var pump: Pump? = Self.makePump()
        let updates = pump?.updates
        for index in 0 ..< 35 { pump?.send(Event(sender: 0, index: index)) { _ in } }
        pump = nil
        var received: [Int] = []
        if let updates {
            for await value in updates { received.append(value) }
        }
        // 0 at first, then 1, 2, 3 as the count passes 10, 20 and 30 (35 events, 35 changes, 3 that show).
        #expect(received == [0, 1, 2, 3])
    }
}
