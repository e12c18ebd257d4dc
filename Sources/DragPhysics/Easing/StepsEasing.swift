/// Why a ``StepsEasing`` could not be created.
public enum StepsEasingError: Error, Equatable, CustomStringConvertible {
    /// `steps(n, …)` needs n ≥ 1, and n ≥ 2 for `jump-none`.
    case invalidStepCount(Int, position: StepsEasing.Position)

    /// What went wrong.
    public var description: String {
        switch self {
        case let .invalidStepCount(n, position):
            let minimum = position == .jumpNone ? 2 : 1
            return "steps(\(n), \(position.rawValue)): the step count must be at least \(minimum)"
                + " (CSS Easing Level 1, §2.3)"
        }
    }
}

/// CSS `steps(n, <step-position>)` (CSS Easing Functions Level 1, §2.3): a staircase of `n` steps.
///
/// The output follows the spec's algorithm (§2.3.1) for input progress `x`:
/// 1. `step = ⌊x · n⌋`;
/// 2. if the position is `jump-start` or `jump-both`, `step += 1`;
/// 3. if the *before flag* is set and `x · n mod 1 = 0`, `step −= 1`;
/// 4. if `x ≥ 0` and `step < 0`, `step = 0`;
/// 5. `jumps` is `n` for `jump-start`/`jump-end`, `n − 1` for `jump-none`, `n + 1` for `jump-both`;
/// 6. if `x ≤ 1` and `step > jumps`, `step = jumps`;
/// 7. output `step / jumps`.
///
/// ``value(at:)`` clamps x to [0, 1] and evaluates with the before flag set at x = 0 (the value reached
/// from the before phase), so every position yields exactly 0 at 0 and 1 at 1, as for every
/// ``EasingCurve``. Use ``value(at:beforeFlag:)`` for the spec's exact behaviour at x = 0.
///
/// ```swift
/// let s = try StepsEasing(steps: 4, position: .jumpEnd)
/// s.value(at: 0.3)   // 0.25
/// ```
public struct StepsEasing: EasingCurve, Hashable {
    /// `<step-position>` of CSS Easing Level 1.
    public enum Position: String, Sendable, Hashable, CaseIterable {
        /// The first rise happens at x = 0 (`jump-start`, alias `start`).
        case jumpStart = "jump-start"
        /// The last rise happens at x = 1 (`jump-end`, alias `end`, the default).
        case jumpEnd = "jump-end"
        /// No rise at either end; needs at least two steps.
        case jumpNone = "jump-none"
        /// Rises at both x = 0 and x = 1.
        case jumpBoth = "jump-both"
    }

    /// Number of steps `n`.
    public let steps: Int
    /// Where the jumps happen.
    public let position: Position

    /// Creates `steps(steps, position)`.
    /// - Throws: ``StepsEasingError/invalidStepCount(_:position:)`` when `steps < 1`, or `steps < 2`
    ///   with `.jumpNone`.
    public init(steps: Int, position: Position = .jumpEnd) throws(StepsEasingError) {
        let minimum = position == .jumpNone ? 2 : 1
        guard steps >= minimum else { throw .invalidStepCount(steps, position: position) }
        self.steps = steps
        self.position = position
    }

    /// The spec's algorithm with an explicit before flag; x is not clamped here, so values outside
    /// [0, 1] follow the spec (clamped to the first/last step by steps 4 and 6).
    public func value(at progress: Double, beforeFlag: Bool) -> Double {
        let n = Double(steps)
        let scaled = progress * n
        var step = scaled.rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        if beforeFlag && scaled.truncatingRemainder(dividingBy: 1) == 0 { step -= 1 }
        if progress >= 0 && step < 0 { step = 0 }
        let jumps: Double
        switch position {
        case .jumpStart, .jumpEnd: jumps = n
        case .jumpNone: jumps = n - 1
        case .jumpBoth: jumps = n + 1
        }
        if progress <= 1 && step > jumps { step = jumps }
        return step / jumps
    }

    /// The step value for `progress` clamped to [0, 1]; exactly 0 at 0 and 1 at 1.
    public func value(at progress: Double) -> Double {
        let x = clampedProgress(progress)
        return value(at: x, beforeFlag: x == 0)
    }
}
