import DragPhysics
import Testing

/// Expected values worked out by hand from CSS Easing Level 1 §2.3.1.
@Suite("CSS steps()")
struct StepsEasingTests {
    @Test("jump-end (default): ⌊4x⌋/4")
    func jumpEnd() throws {
        let s = try StepsEasing(steps: 4)
        #expect(s.position == .jumpEnd)
        for (x, y) in [(0.0, 0.0), (0.24, 0.0), (0.25, 0.25), (0.3, 0.25), (0.74, 0.5), (0.99, 0.75), (1.0, 1.0)] {
            #expect(s.value(at: x) == y, "steps(4, jump-end) at \(x)")
        }
    }

    @Test("jump-start: (⌊4x⌋ + 1)/4, 0 at 0 with the before flag")
    func jumpStart() throws {
        let s = try StepsEasing(steps: 4, position: .jumpStart)
        for (x, y) in [(0.0, 0.0), (0.01, 0.25), (0.25, 0.5), (0.74, 0.75), (0.75, 1.0), (1.0, 1.0)] {
            #expect(s.value(at: x) == y, "steps(4, jump-start) at \(x)")
        }
        // Without the before flag, CSS gives the first step at x = 0.
        #expect(s.value(at: 0, beforeFlag: false) == 0.25)
    }

    @Test("jump-none: 5 steps over 4 jumps")
    func jumpNone() throws {
        let s = try StepsEasing(steps: 5, position: .jumpNone)
        for (x, y) in [(0.0, 0.0), (0.1, 0.0), (0.2, 0.25), (0.5, 0.5), (0.8, 1.0), (0.99, 1.0), (1.0, 1.0)] {
            #expect(s.value(at: x) == y, "steps(5, jump-none) at \(x)")
        }
    }

    @Test("jump-both: 3 steps over 4 jumps")
    func jumpBoth() throws {
        let s = try StepsEasing(steps: 3, position: .jumpBoth)
        for (x, y) in [(0.0, 0.0), (0.01, 0.25), (0.34, 0.5), (0.67, 0.75), (0.99, 0.75), (1.0, 1.0)] {
            #expect(s.value(at: x) == y, "steps(3, jump-both) at \(x)")
        }
        #expect(s.value(at: 0, beforeFlag: false) == 0.25)
    }

    @Test("step counts: n ≥ 1, and n ≥ 2 for jump-none")
    func validation() throws {
        #expect(throws: StepsEasingError.invalidStepCount(1, position: .jumpNone)) {
            try StepsEasing(steps: 1, position: .jumpNone)
        }
        #expect(throws: StepsEasingError.invalidStepCount(0, position: .jumpEnd)) { try StepsEasing(steps: 0) }
        #expect(throws: StepsEasingError.self) { try StepsEasing(steps: -3, position: .jumpStart) }
        let single = try StepsEasing(steps: 1, position: .jumpEnd)
        #expect(single.value(at: 0.99) == 0 && single.value(at: 1) == 1)
    }

    @Test("exact ends and clamping for every position", arguments: StepsEasing.Position.allCases)
    func exactEnds(position: StepsEasing.Position) throws {
        let s = try StepsEasing(steps: 3, position: position)
        #expect(s.value(at: 0) == 0)
        #expect(s.value(at: 1) == 1)
        #expect(s.value(at: -0.5) == 0)
        #expect(s.value(at: 1.5) == 1)
    }
}
