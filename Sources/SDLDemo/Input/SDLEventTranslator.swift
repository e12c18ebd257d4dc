import CSDL2

/// Turns SDL events into ``InputEvent``s.
///
/// - Mouse: left button only. Mouse events SDL synthesises from touches (`which == SDL_TOUCH_MOUSEID`)
///   are dropped, so a touch is not handled twice.
/// - Touch: SDL reports finger positions normalised to 0...1; multiplied by the window size they become
///   window points. Only the first finger down is followed until it lifts.
/// - Motion is only reported while the pointer is pressed.
/// - Wheel: SDL's notches (fractional on smooth-scrolling devices), with the pointer's position.
/// - Text input (`SDL_TEXTINPUT`, on by default on desktops) becomes ``InputEvent/text(_:)``.
struct SDLEventTranslator {
    private var mousePressed = false
    private var activeFinger: SDL_FingerID?

    /// The input event for `event`, or nil if the demo ignores it. `windowSize` is in points.
    mutating func translate(_ event: SDL_Event, windowSize: (width: Int, height: Int)) -> InputEvent? {
        let touchMouse = UInt32(bitPattern: -1)  // SDL_TOUCH_MOUSEID, ((Uint32)-1)
        let width = Double(windowSize.width)
        let height = Double(windowSize.height)
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_WINDOWEVENT.rawValue:
            let kind = UInt32(event.window.event)
            if kind == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue || kind == SDL_WINDOWEVENT_RESIZED.rawValue {
                return .resized(width: width, height: height)
            }
            return nil
        case SDL_MOUSEBUTTONDOWN.rawValue:
            guard event.button.which != touchMouse, event.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            mousePressed = true
            return .pointerDown(x: Double(event.button.x), y: Double(event.button.y))
        case SDL_MOUSEMOTION.rawValue:
            guard event.motion.which != touchMouse, mousePressed else { return nil }
            return .pointerMoved(x: Double(event.motion.x), y: Double(event.motion.y))
        case SDL_MOUSEBUTTONUP.rawValue:
            guard event.button.which != touchMouse, event.button.button == UInt8(SDL_BUTTON_LEFT), mousePressed else {
                return nil
            }
            mousePressed = false
            return .pointerUp(x: Double(event.button.x), y: Double(event.button.y))
        case SDL_FINGERDOWN.rawValue:
            guard activeFinger == nil else { return nil }
            activeFinger = event.tfinger.fingerId
            return .pointerDown(x: Double(event.tfinger.x) * width, y: Double(event.tfinger.y) * height)
        case SDL_FINGERMOTION.rawValue:
            guard activeFinger == event.tfinger.fingerId else { return nil }
            return .pointerMoved(x: Double(event.tfinger.x) * width, y: Double(event.tfinger.y) * height)
        case SDL_FINGERUP.rawValue:
            guard activeFinger == event.tfinger.fingerId else { return nil }
            activeFinger = nil
            return .pointerUp(x: Double(event.tfinger.x) * width, y: Double(event.tfinger.y) * height)
        case SDL_MOUSEWHEEL.rawValue:
            guard event.wheel.which != touchMouse else { return nil }
            // SDL_MOUSEWHEEL_FLIPPED: the platform reports "natural" scrolling inverted; undo it.
            let flip = event.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1.0 : 1.0
            // preciseX/Y (SDL 2.0.18+) carry fractional notches from smooth-scrolling devices; mouseX/Y
            // (SDL 2.26+) the pointer's position, so the wheel goes to what is under it.
            return .wheel(dx: Double(event.wheel.preciseX) * flip, dy: Double(event.wheel.preciseY) * flip,
                          x: Double(event.wheel.mouseX), y: Double(event.wheel.mouseY))
        case SDL_KEYDOWN.rawValue:
            // Key repeats are dropped: a held Escape or Backspace goes back one screen, not through the stack.
            guard event.key.repeat == 0 else { return nil }
            return Key(keycode: event.key.keysym.sym).map { .key($0) }
        case SDL_TEXTINPUT.rawValue:
            let text = withUnsafeBytes(of: event.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return text.isEmpty ? nil : .text(text)
        default:
            return nil
        }
    }
}
