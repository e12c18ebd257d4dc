import CSDL2
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
        #expect(translator.translate(finger(SDL_FINGERDOWN, id: 7, x: 0.5, y: 0.25), windowSize: window)
                == .pointerDown(x: 400, y: 150))
        #expect(translator.translate(finger(SDL_FINGERDOWN, id: 8, x: 0.1, y: 0.1), windowSize: window) == nil)
        #expect(translator.translate(finger(SDL_FINGERMOTION, id: 8, x: 0.2, y: 0.2), windowSize: window) == nil)
        #expect(translator.translate(finger(SDL_FINGERMOTION, id: 7, x: 0.75, y: 0.5), windowSize: window)
                == .pointerMoved(x: 600, y: 300))
        #expect(translator.translate(finger(SDL_FINGERUP, id: 7, x: 1, y: 1), windowSize: window)
                == .pointerUp(x: 800, y: 600))
    }

    @Test("mouse events SDL synthesises from touch (which == SDL_TOUCH_MOUSEID) are dropped")
    func syntheticMouse() {
        var translator = SDLEventTranslator()
        let touchMouse = UInt32.max
        #expect(translator.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, which: touchMouse), windowSize: window) == nil)
        #expect(translator.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20), windowSize: window)
                == .pointerDown(x: 10, y: 20))
        #expect(translator.translate(mouseButton(SDL_MOUSEBUTTONUP, x: 30, y: 40, which: touchMouse), windowSize: window) == nil)
        #expect(translator.translate(mouseButton(SDL_MOUSEBUTTONUP, x: 30, y: 40), windowSize: window)
                == .pointerUp(x: 30, y: 40))
    }

    @Test("mouse motion counts only while the button is held")
    func motion() {
        var translator = SDLEventTranslator()
        var move = SDL_Event()
        move.type = SDL_MOUSEMOTION.rawValue
        move.motion.x = 5
        move.motion.y = 6
        #expect(translator.translate(move, windowSize: window) == nil)
        _ = translator.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 1, y: 1), windowSize: window)
        #expect(translator.translate(move, windowSize: window) == .pointerMoved(x: 5, y: 6))
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
        #expect(translator.translate(event, windowSize: window) == .wheel(dx: 0, dy: -1.5, x: 120, y: 340))
        event.wheel.direction = UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue)
        #expect(translator.translate(event, windowSize: window) == .wheel(dx: 0, dy: 1.5, x: 120, y: 340))
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
        #expect(translator.translate(event, windowSize: window) == .text("né"))
        var key = SDL_Event()
        key.type = SDL_KEYDOWN.rawValue
        key.key.keysym.sym = Int32(SDLK_BACKSPACE.rawValue)
        #expect(translator.translate(key, windowSize: window) == .key(.backspace))
        key.key.keysym.sym = Int32(SDLK_RETURN.rawValue)
        #expect(translator.translate(key, windowSize: window) == .key(.enter))
        key.key.repeat = 1
        #expect(translator.translate(key, windowSize: window) == nil)
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
        #expect(translator.translate(key(Int32(SDLK_SPACE.rawValue)), windowSize: window) == .key(.space))
        #expect(translator.translate(key(Int32(SDLK_LEFT.rawValue)), windowSize: window) == .key(.left))
        #expect(translator.translate(key(Int32(SDLK_ESCAPE.rawValue)), windowSize: window) == .key(.escape))
        #expect(translator.translate(key(Int32(SDLK_a.rawValue)), windowSize: window) == nil)
    }
}
