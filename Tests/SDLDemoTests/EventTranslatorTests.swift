import CSDL2
import DragPhysics
import ScreenKit
import Testing

@testable import SDLDemo

/// SDL events → input events: touch scaled to window points, synthetic mouse events from touch dropped.
@Suite("SDL event translation")
struct EventTranslatorTests {
    let window = (width: 800, height: 600)

    func mouseButton(_ type: SDL_EventType, x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.button.which = which
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.x = x
        event.button.y = y
        return event
    }

    func finger(_ type: SDL_EventType, id: SDL_FingerID, x: Float, y: Float) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.tfinger.fingerId = id
        event.tfinger.x = x
        event.tfinger.y = y
        return event
    }

    @Test("a finger's normalised position becomes window points; a second finger is ignored")
    func touch() {
        var translator = SDLEventTranslator()
        #expect(translator.translate(finger(SDL_FINGERDOWN, id: 7, x: 0.5, y: 0.25), windowSize: window, at: 2.5)
                == .pointerDown(Point(x: 400, y: 150), time: 2.5))
        #expect(translator.translate(finger(SDL_FINGERDOWN, id: 8, x: 0.1, y: 0.1), windowSize: window, at: 2.5) == nil)
        #expect(translator.translate(finger(SDL_FINGERMOTION, id: 8, x: 0.2, y: 0.2), windowSize: window, at: 2.5) == nil)
        #expect(translator.translate(finger(SDL_FINGERMOTION, id: 7, x: 0.75, y: 0.5), windowSize: window, at: 2.5)
                == .pointerMoved(Point(x: 600, y: 300), time: 2.5))
        #expect(translator.translate(finger(SDL_FINGERUP, id: 7, x: 1, y: 1), windowSize: window, at: 2.5)
                == .pointerUp(Point(x: 800, y: 600), time: 2.5))
    }

    @Test("mouse events SDL synthesises from touch (which == SDL_TOUCH_MOUSEID) are dropped")
    func syntheticMouse() {
        var translator = SDLEventTranslator()
        let touchMouse = UInt32.max
        #expect(translator.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, which: touchMouse), windowSize: window, at: 2.5) == nil)
        #expect(translator.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20), windowSize: window, at: 2.5)
                == .pointerDown(Point(x: 10, y: 20), time: 2.5))
        #expect(translator.translate(mouseButton(SDL_MOUSEBUTTONUP, x: 30, y: 40, which: touchMouse), windowSize: window, at: 2.5) == nil)
        #expect(translator.translate(mouseButton(SDL_MOUSEBUTTONUP, x: 30, y: 40), windowSize: window, at: 2.5)
                == .pointerUp(Point(x: 30, y: 40), time: 2.5))
    }

    @Test("mouse motion counts with the button up too (the video player shows its controls on hover); touch's copies do not")
    func motion() {
        var translator = SDLEventTranslator()
        var move = SDL_Event()
        move.type = SDL_MOUSEMOTION.rawValue
        move.motion.x = 5
        move.motion.y = 6
        #expect(translator.translate(move, windowSize: window, at: 2.5) == .pointerMoved(Point(x: 5, y: 6), time: 2.5))
        var touchCopy = move
        touchCopy.motion.which = UInt32(bitPattern: -1)   // SDL_TOUCH_MOUSEID: the mouse events SDL makes from touch
        #expect(translator.translate(touchCopy, windowSize: window, at: 2.5) == nil)
        _ = translator.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 1, y: 1), windowSize: window, at: 2.5)
        #expect(translator.translate(move, windowSize: window, at: 2.5) == .pointerMoved(Point(x: 5, y: 6), time: 2.5))
    }

    @Test("the wheel: SDL's precise notches and the pointer's position; a flipped device is turned back")
    func wheel() {
        var translator = SDLEventTranslator()
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.preciseY = -1.5
        event.wheel.preciseX = 0
        event.wheel.mouseX = 120
        event.wheel.mouseY = 340
        #expect(translator.translate(event, windowSize: window, at: 2.5) == .wheel(dx: 0, dy: -1.5, at: Point(x: 120, y: 340), time: 2.5))
        event.wheel.direction = UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue)
        #expect(translator.translate(event, windowSize: window, at: 2.5) == .wheel(dx: 0, dy: 1.5, at: Point(x: 120, y: 340), time: 2.5))
    }

    @Test("text input becomes .text; backspace and enter are keys; repeats are dropped")
    func textAndKeys() {
        var translator = SDLEventTranslator()
        var event = SDL_Event()
        event.type = SDL_TEXTINPUT.rawValue
        withUnsafeMutableBytes(of: &event.text.text) { raw in
            for (index, byte) in "né".utf8.enumerated() { raw[index] = byte }
            raw["né".utf8.count] = 0
        }
        #expect(translator.translate(event, windowSize: window, at: 2.5) == .text("né", time: 2.5))
        var key = SDL_Event()
        key.type = SDL_KEYDOWN.rawValue
        key.key.keysym.sym = Int32(SDLK_BACKSPACE.rawValue)
        #expect(translator.translate(key, windowSize: window, at: 2.5) == .key(.backspace, time: 2.5))
        key.key.keysym.sym = Int32(SDLK_RETURN.rawValue)
        #expect(translator.translate(key, windowSize: window, at: 2.5) == .key(.enter, time: 2.5))
        key.key.repeat = 1
        #expect(translator.translate(key, windowSize: window, at: 2.5) == nil)
    }

    @Test("keys: space, arrows and escape; others ignored")
    func keys() {
        var translator = SDLEventTranslator()
        func key(_ code: Int32) -> SDL_Event {
            var event = SDL_Event()
            event.type = SDL_KEYDOWN.rawValue
            event.key.keysym.sym = code
            return event
        }
        #expect(translator.translate(key(Int32(SDLK_SPACE.rawValue)), windowSize: window, at: 2.5) == .key(.space, time: 2.5))
        #expect(translator.translate(key(Int32(SDLK_LEFT.rawValue)), windowSize: window, at: 2.5) == .key(.left, time: 2.5))
        #expect(translator.translate(key(Int32(SDLK_ESCAPE.rawValue)), windowSize: window, at: 2.5) == .key(.escape, time: 2.5))
        #expect(translator.translate(key(Int32(SDLK_a.rawValue)), windowSize: window, at: 2.5) == nil)
    }
}
