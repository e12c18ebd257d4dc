// Engine micro-benchmarks for DragPhysics and PlayerCore. Run: swift run -c release EngineBenchmarks
// `EngineBenchmarks alloc-probe N` runs only the per-frame work N times (for valgrind/heaptrack
// allocation counts: compare N = 1000 with N = 100000).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DragPhysics
import PlayerCore

/// Deterministic inputs in [0, 1) (64-bit LCG), so every run measures the same work.
func makeInputs(_ count: Int) -> [Double] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}

let inputs = makeInputs(4096)
let mask = inputs.count - 1

/// Runs `body` `iterations` times, `repeats` rounds; returns the best round's ns per iteration and keeps
/// every result in a checksum so the optimizer cannot drop the work.
@inline(__always)
func measure(_ iterations: Int, repeats: Int = 25, checksum: inout Double, _ body: (Int) -> Double) -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<repeats {
        var sink = 0.0
        let start = clock.now
        for i in 0..<iterations { sink += body(i) }
        let elapsed = clock.now - start
        checksum += sink
        let (seconds, attoseconds) = elapsed.components
        let ns = (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(iterations)
        best = min(best, ns)
    }
    return best
}

/// A circle pushed right with `curve`, released at t = 0.06; returns it and its arrival time.
func flickedCircle(_ curve: PushCurve) -> (DraggableCircle, Double) {
    var configuration = DragConfiguration.default
    configuration.pushCurve = curve
    var circle = DraggableCircle.centered(in: Size(width: 1280, height: 800), radius: 60,
                                          configuration: configuration)
    circle.pointerDown(at: Point(x: 640, y: 400), time: 0)
    for k in 1...5 { circle.pointerMoved(to: Point(x: 640 + 12 * Double(k), y: 400), time: 0.01 * Double(k)) }
    circle.pointerUp(at: Point(x: 712, y: 400), time: 0.06)
    return (circle, circle.pushArrivalTime ?? 1)
}

/// One frame of a renderer: position, velocity and state of a moving circle at `time`.
@inline(__always)
func frame(_ circle: DraggableCircle, _ time: Double) -> Double {
    let c = circle.center(at: time)
    let v = circle.velocity(at: time)
    return c.x + c.y + v.x + (circle.isMoving(at: time) ? 1 : 0)
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "alloc-probe", let n = Int(arguments[2]) {
    // Per-frame work only: push frames, and pointer moves during a drag.
    let (pushed, arrival) = flickedCircle(.easeInOut)
    var dragging = DraggableCircle.centered(in: Size(width: 1280, height: 800), radius: 60)
    dragging.pointerDown(at: Point(x: 640, y: 400), time: 0)
    var sink = 0.0
    for i in 0..<n {
        let t = 0.06 + (arrival - 0.06) * inputs[i & mask]
        sink += frame(pushed, t)
        dragging.pointerMoved(to: Point(x: 400 + 400 * inputs[i & mask], y: 400), time: Double(i) * 0.001)
        sink += dragging.center(at: Double(i) * 0.001).x
    }
    print("alloc-probe \(n) iterations, checksum \(sink)")
    exit(0)
}

var checksum = 0.0
let n = 400_000
var rows: [(String, Double)] = []

let reference = measure(n, checksum: &checksum) { i in sin(inputs[i & mask] * 6.283185307179586) }
rows.append(("reference: sin(x) (libm)", reference))
rows.append(("easing cubicOut (Penner)", measure(n, checksum: &checksum) { i in
    PennerEasing.cubicOut.value(at: inputs[i & mask]) }))
rows.append(("easing elasticInOut (Penner)", measure(n, checksum: &checksum) { i in
    PennerEasing.elasticInOut.value(at: inputs[i & mask]) }))
rows.append(("easing bounceOut (Penner)", measure(n, checksum: &checksum) { i in
    PennerEasing.bounceOut.value(at: inputs[i & mask]) }))
let spring = try SpringEasing(response: 0.5, dampingRatio: 0.7)
rows.append(("easing spring (ζ = 0.7)", measure(n, checksum: &checksum) { i in spring.value(at: inputs[i & mask]) }))
rows.append(("cubic-bezier solve: ease, random x", measure(n, checksum: &checksum) { i in
    CubicBezierEasing.ease.value(at: inputs[i & mask]) }))
rows.append(("cubic-bezier solve: ease-in-out, random x", measure(n, checksum: &checksum) { i in
    CubicBezierEasing.easeInOut.value(at: inputs[i & mask]) }))
let flat = try CubicBezierEasing(x1: 1, y1: 0, x2: 0, y2: 1)
rows.append(("cubic-bezier solve: (1,0,0,1) (flat x'(½)), random x", measure(n, checksum: &checksum) { i in
    flat.value(at: inputs[i & mask]) }))
for curve in PushCurve.allCases {
    let (circle, arrival) = flickedCircle(curve)
    rows.append(("frame: center+velocity+isMoving, \(curve) push", measure(n, checksum: &checksum) { i in
        frame(circle, 0.06 + (arrival - 0.06) * inputs[i & mask]) }))
}
do {
    var dragging = DraggableCircle.centered(in: Size(width: 1280, height: 800), radius: 60)
    dragging.pointerDown(at: Point(x: 640, y: 400), time: 0)
    var time = 0.0
    rows.append(("frame: pointerMoved during drag (tracker update) + center", measure(n, checksum: &checksum) { i in
        time += 0.002
        dragging.pointerMoved(to: Point(x: 300 + 600 * inputs[i & mask], y: 400), time: time)
        return dragging.center(at: time).x
    }))
}
do {
    var tracker = VelocityTracker()
    for k in 0..<50 {
        tracker.addSample(Point(x: 3 * Double(k) + inputs[k], y: Double(k)), time: 0.002 * Double(k))
    }
    rows.append(("release velocity: quadratic fit over 50 samples", measure(n / 10, checksum: &checksum) { i in
        tracker.velocity(at: 0.098 + 1e-9 * Double(i & 7)).x }))
}

do {
    // PlayerCore: one `Player.send` over the events of realistic player cycles. Each cycle: a tap, 100 progress
    // reports, 3 late reports of the previous fetch (stale: cancel/delete commands), the finished fetch,
    // 4 pause/resume taps, 2 ignored events (a stranger's deletion, an unknown fetch's failure), the end of
    // playback and the deletion report.
    var events: [PlayerEvent] = []
    let cycles = 1_000
    for cycle in 1...cycles {
        let id = FetchID(UInt64(cycle))
        let file = "cycle-\(cycle).mp3"
        events.append(.tapped)
        for k in 1...100 {
            events.append(.fetchProgressed(id, fraction: Double(k) / 100))
            if cycle > 1 && k % 40 == 0 { events.append(.fetchProgressed(FetchID(UInt64(cycle - 1)), fraction: 0.5)) }
        }
        if cycle > 1 { events.append(.fetchFinished(FetchID(UInt64(cycle - 1)), file: "cycle-old.mp3")) }
        events.append(.fetchFinished(id, file: file))
        for _ in 0..<4 { events.append(.tapped) }
        events.append(.fileDeleted("elsewhere.mp3"))
        events.append(.fetchFailed(FetchID(UInt64(cycle + 5)), message: "unknown fetch"))
        events.append(.playbackFinished)
        events.append(.fileDeleted(file))
    }
    var player = Player()
    var expectedStates = 0
    rows.append(("PlayerCore: Player.send, realistic event mix (\(events.count / cycles) events/cycle)",
                 measure(events.count, checksum: &checksum) { i in
        if i == 0 { player = Player() }
        let commands = player.send(events[i])
        if i == events.count - 1 && player.state == .uninitialized { expectedStates += 1 }
        return Double(commands.count)
    }))
    // Every round must end where a full cycle ends, or the mix did not exercise the machine as intended.
    if expectedStates != 25 { print("warning: PlayerCore benchmark ended in an unexpected state") }
}

print("Engine benchmarks (best of 25 rounds of \(n) iterations, fewer for the last two rows; ns per operation)")
print("operation".padding(62) + "ns/op".leftPadded(9) + "  ×sin")
for (name, ns) in rows {
    print(name.padding(62) + String(format2(ns)).leftPadded(9) + "  " + format2(ns / reference))
}
print("checksum \(checksum)")

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

func format2(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    var text = "\(scaled)"
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < 2 { text += String(repeating: "0", count: 2 - decimals) }
    }
    return text
}
