import CSDL2
import DragPhysics
import ScreenKit

/// Turns SDL events into ScreenKit's ``ScreenKit/ShellEvent``s, timed by the caller (SDL's timestamps on its clock).
///
/// - Mouse: left button only. Mouse events SDL synthesises from touches (`which == SDL_TOUCH_MOUSEID`)
///   are dropped, so a touch is not handled twice.
/// - Touch: SDL reports finger positions normalised to 0...1; multiplied by the window size they become
///   window points. Only the first finger down is followed until it lifts.
/// - Motion is only reported while the pointer is pressed.
/// - Wheel: SDL's notches (fractional on smooth-scrolling devices), with the pointer's position.
/// - Text input (`SDL_TEXTINPUT`, on by default on desktops) becomes ``ScreenKit/ShellEvent/text(_:time:)``; closing the window ``ScreenKit/ShellEvent/windowClosed(time:)``; the window's own note that the window manager changed
///   fullscreen (``Canvas/fullscreenChangedEvent``) ``ScreenKit/ShellEvent/fullscreenChanged(_:time:)``.
struct SDLEventTranslator {
    private var mousePressed = false
    private var activeFinger: SDL_FingerID?

    /// The shell event for `event` at time `t`, or nil if the demo ignores it. `windowSize` is in points.
    mutating func translate(_ event: SDL_Event, windowSize: (width: Int, height: Int), at t: Double) -> ShellEvent? {
        let touchMouse = UInt32(bitPattern: -1)  // SDL_TOUCH_MOUSEID, ((Uint32)-1)
        let width = Double(windowSize.width)
        let height = Double(windowSize.height)
        if event.type == Canvas.fullscreenChangedEvent {
            return .fullscreenChanged(event.user.code == 1, time: t)
        }
        switch event.type {
        case SDL_QUIT.rawValue:
            return .windowClosed(time: t)
        case SDL_WINDOWEVENT.rawValue:
            let kind = UInt32(event.window.event)
            if kind == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue || kind == SDL_WINDOWEVENT_RESIZED.rawValue {
                return .resized(Size(width: width, height: height), time: t)
            }
            return nil
        case SDL_MOUSEBUTTONDOWN.rawValue:
            guard event.button.which != touchMouse, event.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            mousePressed = true
            return .pointerDown(Point(x: Double(event.button.x), y: Double(event.button.y)), time: t)
        case SDL_MOUSEMOTION.rawValue:
            // Motion without a button too: the video player shows its controls on hover (the shell and the
            // panels ignore a move that no press began).
            guard event.motion.which != touchMouse else { return nil }
            return .pointerMoved(Point(x: Double(event.motion.x), y: Double(event.motion.y)), time: t)
        case SDL_MOUSEBUTTONUP.rawValue:
            guard event.button.which != touchMouse, event.button.button == UInt8(SDL_BUTTON_LEFT), mousePressed else {
                return nil
            }
            mousePressed = false
            return .pointerUp(Point(x: Double(event.button.x), y: Double(event.button.y)), time: t)
        case SDL_FINGERDOWN.rawValue:
            guard activeFinger == nil else { return nil }
            activeFinger = event.tfinger.fingerId
            return .pointerDown(Point(x: Double(event.tfinger.x) * width, y: Double(event.tfinger.y) * height), time: t)
        case SDL_FINGERMOTION.rawValue:
            guard activeFinger == event.tfinger.fingerId else { return nil }
            return .pointerMoved(Point(x: Double(event.tfinger.x) * width, y: Double(event.tfinger.y) * height), time: t)
        case SDL_FINGERUP.rawValue:
            guard activeFinger == event.tfinger.fingerId else { return nil }
            activeFinger = nil
            return .pointerUp(Point(x: Double(event.tfinger.x) * width, y: Double(event.tfinger.y) * height), time: t)
        case SDL_MOUSEWHEEL.rawValue:
            guard event.wheel.which != touchMouse else { return nil }
            // SDL_MOUSEWHEEL_FLIPPED: the platform reports "natural" scrolling inverted; undo it.
            let flip = event.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1.0 : 1.0
            // preciseX/Y (SDL 2.0.18+) carry fractional notches from smooth-scrolling devices; mouseX/Y
            // (SDL 2.26+) the pointer's position, so the wheel goes to what is under it.
            return .wheel(dx: Double(event.wheel.preciseX) * flip, dy: Double(event.wheel.preciseY) * flip,
                          at: Point(x: Double(event.wheel.mouseX), y: Double(event.wheel.mouseY)), time: t)
        case SDL_KEYDOWN.rawValue:
            // Key repeats are dropped: a held Escape or Backspace goes back one screen, not through the stack.
            guard event.key.repeat == 0 else { return nil }
            return ShellKey(keycode: event.key.keysym.sym).map { .key($0, time: t) }
        case SDL_TEXTINPUT.rawValue:
            let text = withUnsafeBytes(of: event.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return text.isEmpty ? nil : .text(text, time: t)
        default:
            return nil
        }
    }
}

extension ShellKey {
    /// The key for an SDL key code, or nil for keys the demo ignores.
    init?(keycode: SDL_Keycode) {
        switch keycode {
        case SDL_Keycode(SDLK_SPACE.rawValue): self = .space
        case SDL_Keycode(SDLK_LEFT.rawValue): self = .left
        case SDL_Keycode(SDLK_RIGHT.rawValue): self = .right
        case SDL_Keycode(SDLK_UP.rawValue): self = .up
        case SDL_Keycode(SDLK_DOWN.rawValue): self = .down
        case SDL_Keycode(SDLK_ESCAPE.rawValue): self = .escape
        case SDL_Keycode(SDLK_BACKSPACE.rawValue): self = .backspace
        case SDL_Keycode(SDLK_RETURN.rawValue), SDL_Keycode(SDLK_KP_ENTER.rawValue): self = .enter
        case SDL_Keycode(SDLK_f.rawValue): self = .f
        case SDL_Keycode(SDLK_k.rawValue): self = .k
        case SDL_Keycode(SDLK_m.rawValue): self = .m
        default: return nil
        }
    }
}
