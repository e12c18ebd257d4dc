/// Why a ``CSSLinearEasing`` could not be created.
public enum CSSLinearEasingError: Error, Equatable, CustomStringConvertible {
    /// `linear()` needs at least two stops; `count` were given.
    case tooFewStops(count: Int)
    /// The stop at `index` (0-based) has a non-finite output or input.
    case nonFiniteStop(index: Int)

    /// What went wrong, naming the stop.
    public var description: String {
        switch self {
        case let .tooFewStops(count):
            return "linear(): needs at least 2 stops, got \(count) (CSS Easing Level 2, §2.1)"
        case let .nonFiniteStop(index):
            return "linear(): stop #\(index + 1) has a non-finite output or input"
        }
    }
}

/// CSS `linear(<linear-stop-list>)` (CSS Easing Functions Level 2, "The linear easing function"):
/// a piecewise-linear curve through control points.
///
/// Each stop has an output and an optional input (a fraction: `0.2` for `20%`). A CSS stop with two
/// input percentages (`0.5 20% 40%`) is written as two stops with the same output.
/// Canonicalisation, at creation:
/// 1. a first stop without input gets input 0, a last stop without input gets input 1;
/// 2. an input smaller than the largest input before it is raised to that largest input (monotonic fix-up);
/// 3. each run of stops without input gets inputs evenly spaced between the neighbouring inputs.
///
/// Evaluation at input x (clamped to [0, 1]): if x equals the input of one or more points, the output of
/// the last such point; below the first input, the line through the first two points
/// (or the first output if they share an input); above the last input, the line through the last
/// two points (or the last output); otherwise interpolate between the last point with input < x and the
/// first point with input > x.
///
/// Unlike the other curves, the ends are the curve's own: `linear(0, 1)` gives exactly 0 at 0 and 1 at
/// 1, but `linear(0.2, 0.8)` starts at 0.2. Only the before flag variant of CSS is not modelled.
///
/// ```swift
/// let bounce = try CSSLinearEasing([.init(0), .init(0.25, at: 0.75), .init(1)])
/// bounce.value(at: 0.375)   // 0.125
/// ```
public struct CSSLinearEasing: EasingCurve, Hashable {
    /// One `<linear-stop>`: an output progress and an optional input progress.
    public struct Stop: Sendable, Hashable {
        /// Output progress of the stop (any finite value, may overshoot [0, 1]).
        public var output: Double
        /// Input progress as a fraction (20% = 0.2), or `nil` to have it interpolated.
        public var input: Double?

        /// Creates a stop with output `output` at optional input `input`.
        public init(_ output: Double, at input: Double? = nil) {
            self.output = output
            self.input = input
        }
    }

    /// A canonical control point (input, output).
    public struct ControlPoint: Sendable, Hashable {
        /// Input progress.
        public var input: Double
        /// Output progress.
        public var output: Double
    }

    /// The canonical control points, inputs non-decreasing.
    public let points: [ControlPoint]

    /// Builds the curve from its stops, canonicalising them as CSS does.
    /// - Throws: ``CSSLinearEasingError`` for fewer than two stops or non-finite numbers.
    public init(_ stops: [Stop]) throws(CSSLinearEasingError) {
        guard stops.count >= 2 else { throw .tooFewStops(count: stops.count) }
        for (index, stop) in stops.enumerated() {
            guard stop.output.isFinite, stop.input.map(\.isFinite) ?? true else {
                throw .nonFiniteStop(index: index)
            }
        }
        var inputs = stops.map(\.input)
        if inputs[0] == nil { inputs[0] = 0 }
        if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = 1 }
        // Monotonic fix-up.
        var largest = -Double.infinity
        for index in inputs.indices {
            guard let value = inputs[index] else { continue }
            largest = max(largest, value)
            inputs[index] = largest
        }
        // Evenly space runs of missing inputs between their known neighbours.
        var resolved = [Double](repeating: 0, count: inputs.count)
        var lastKnown = 0
        resolved[0] = inputs[0] ?? 0
        for index in 1..<inputs.count {
            guard let value = inputs[index] else { continue }
            let gap = index - lastKnown
            let start = resolved[lastKnown]
            for k in 1..<gap {
                resolved[lastKnown + k] = start + (value - start) * Double(k) / Double(gap)
            }
            resolved[index] = value
            lastKnown = index
        }
        points = zip(resolved, stops).map { ControlPoint(input: $0.0, output: $0.1.output) }
    }

    /// The piecewise-linear output for `progress` clamped to [0, 1].
    public func value(at progress: Double) -> Double {
        let x = clampedProgress(progress)
        // Exact match: output of the last point with that input.
        if let match = points.lastIndex(where: { $0.input == x }) { return points[match].output }
        let first = points[0], second = points[1]
        if x < first.input {
            return first.input == second.input ? first.output : Self.line(first, second, x)
        }
        let last = points[points.count - 1], beforeLast = points[points.count - 2]
        if x > last.input {
            return last.input == beforeLast.input ? last.output : Self.line(beforeLast, last, x)
        }
        guard let upper = points.firstIndex(where: { $0.input > x }) else { return last.output }
        return Self.line(points[upper - 1], points[upper], x)
    }

    private static func line(_ a: ControlPoint, _ b: ControlPoint, _ x: Double) -> Double {
        a.output + (b.output - a.output) * (x - a.input) / (b.input - a.input)
    }
}
