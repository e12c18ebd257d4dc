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
    /// The mouse wheel turned by (dx, dy) notches as SDL reports them (dy > 0: away from the user, which
    /// scrolls a list towards its start), with the pointer at (x, y).
    case wheel(dx: Double, dy: Double, x: Double, y: Double)
    /// A key the demo knows was pressed.
    case key(Key)
    /// Text was typed (SDL text input; a search field takes it).
    case text(String)
    /// The window now measures width × height points.
    case resized(width: Double, height: Double)
    /// The window was closed (or the app asked to quit).
    case quit
}
