/// What the user (or a script) did, in window points, independent of SDL.
///
/// Mouse and touch both become pointer events, so the rest of the demo handles one kind of pointer.
enum InputEvent: Equatable, Sendable {
    /// The pointer went down (left mouse button or the first finger) at (x, y).
    case pointerDown(x: Double, y: Double)
    /// The pressed pointer moved to (x, y).
    case pointerMoved(x: Double, y: Double)
    /// The pointer was released at (x, y).
    case pointerUp(x: Double, y: Double)
    /// A key the demo knows was pressed.
    case key(Key)
    /// The window now measures width × height points.
    case resized(width: Double, height: Double)
    /// The window was closed (or the app asked to quit).
    case quit
}
