/// One action of a script, to be applied at a point of virtual time.
enum ScriptCommand: Equatable, Sendable {
    /// Resize the window to width × height points.
    case size(width: Int, height: Int)
    /// Press the mouse at (x, y) window points.
    case down(x: Double, y: Double)
    /// Move the pressed mouse to (x, y).
    case move(x: Double, y: Double)
    /// Release the mouse at (x, y).
    case up(x: Double, y: Double)
    /// Press a key.
    case key(Key)
    /// Save the frame rendered at this time to an image (absolute path; PNG for `.png`, else BMP).
    case screenshot(path: String)
    /// Let time run until the player's state is `state`; fail after `timeoutMilliseconds` of virtual time.
    case waitState(state: String, timeoutMilliseconds: Int)
    /// Let `milliseconds` of time pass in step with real time (so real work such as a download can
    /// progress); like `wait-state`, the timeline pauses meanwhile.
    case waitReal(milliseconds: Int)
    /// End the run successfully.
    case quit
}

/// A parsed script line: when, what, and where it came from (for error messages).
struct ScriptStep: Equatable, Sendable {
    /// Virtual time of the step in milliseconds from the start.
    var time: Int
    var command: ScriptCommand
    /// 1-based line number in the script file.
    var line: Int
}
