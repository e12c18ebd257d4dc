import Foundation

/// The wall-clock bounds of the tests: how long a wait may last before the test calls it a hang.
///
/// No test judges by the wall clock. A wait returns as soon as its condition holds, so its bound only turns a
/// hang into a failure; it is generous and scaled for slow runs. Generous means longer than a whole run of the
/// suite on a loaded 2-core machine: Swift Testing runs many tests at once (docs/testing.md, "How many at once"),
/// so a test's time (and its time limit) includes the time it waits for the others. `scripts/sanitize.sh` sets
/// `CIRCLEPLAYER_TEST_BOUND_SCALE` (ThreadSanitizer makes every process several times slower; see
/// docs/sanitizers.md), and anyone may set it by hand on a slow machine.
///
/// ```swift
/// #expect(await waitUntil { server.statistics.heldRequests == 2 })   // up to TestBounds.hang, scaled
/// let script = "0 wait-state playing \(TestBounds.milliseconds(30_000))\n"
/// ```
public enum TestBounds {
    /// The environment variable that scales every bound (a positive number; default 1).
    public static let scaleVariable = "CIRCLEPLAYER_TEST_BOUND_SCALE"

    /// The factor every bound is multiplied by: `CIRCLEPLAYER_TEST_BOUND_SCALE` when it is a number from 1 to
    /// 100, else 1.
    public static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment[scaleVariable], let value = Double(text),
              value.isFinite, value >= 1, value <= 100 else { return 1 }
        return value
    }()

    /// The default bound of a wait for a condition, and of a child process's run: five minutes (TestSupport's
    /// waits scale every bound they are given by ``scale``).
    public static let hang: Duration = .seconds(300)

    /// ``hang`` in seconds, unscaled (for APIs that take a `TimeInterval` and scale it themselves).
    public static var hangSeconds: Double { Double(hang.components.seconds) }

    /// A deadline of the code under test that a test does not mean to test (an HTTP client's connect, idle and
    /// request timeouts, a pool's idle timeout): longer than the suite's time limit, so it cannot fire before the
    /// test is over, however long a loaded machine makes the test's waits. A test may depend on a deadline only
    /// if it is its own and longer than its waits (docs/testing.md, "Deadlines"); this is that deadline.
    ///
    /// ```swift
    /// configuration.idleTimeout = TestBounds.outlastingDeadline   // a held request is never retried
    /// ```
    public static var outlastingDeadline: Duration { .seconds(timeLimitMinutes * 60 + 60) }

    /// ``outlastingDeadline`` in whole seconds, at most an hour (the command lines' `--timeout` and
    /// `--idle-timeout` limit): for a program under test. A test that holds a request until it has seen it held
    /// must not meet the client's own 15 s deadline first when a loaded machine delays the test's polling.
    public static var clientTimeoutArgument: String {
        String(min(3600, Int(outlastingDeadline.components.seconds)))
    }

    /// Every suite's time limit in minutes (`.timeLimit(.minutes(TestBounds.timeLimitMinutes))`): ten, scaled.
    public static var timeLimitMinutes: Int { minutes(10) }

    /// Whether processes run at full speed (no sanitizer: ``scale`` is 1). Tests that judge how well playback keeps
    /// real time (the A/V offset, no stall on a throttled link) check that only then: under ThreadSanitizer a
    /// video decoder runs several times slower, which such a check would blame on the player.
    public static var runsAtFullSpeed: Bool { scale == 1 }

    /// `duration` times ``scale``.
    public static func scaled(_ duration: Duration) -> Duration {
        duration * scale
    }

    /// `milliseconds` times ``scale``, rounded up: for the timeouts written into SDLDemo scripts.
    public static func milliseconds(_ milliseconds: Int) -> Int {
        Int((Double(milliseconds) * scale).rounded(.up))
    }

    /// `minutes` times ``scale``, rounded up: for Swift Testing's `.timeLimit(.minutes(…))`.
    public static func minutes(_ minutes: Int) -> Int {
        Int((Double(minutes) * scale).rounded(.up))
    }
}
