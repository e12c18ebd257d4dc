import CSDL2

/// The keys the demo reacts to. Raw values are the names scripts use (`key space`).
enum Key: String, CaseIterable, Equatable, Sendable {
    case space, left, right, up, down, escape

    /// The key for an SDL key code, or nil for keys the demo ignores.
    init?(keycode: SDL_Keycode) {
        switch keycode {
        case SDL_Keycode(SDLK_SPACE.rawValue): self = .space
        case SDL_Keycode(SDLK_LEFT.rawValue): self = .left
        case SDL_Keycode(SDLK_RIGHT.rawValue): self = .right
        case SDL_Keycode(SDLK_UP.rawValue): self = .up
        case SDL_Keycode(SDLK_DOWN.rawValue): self = .down
        case SDL_Keycode(SDLK_ESCAPE.rawValue): self = .escape
        default: return nil
        }
    }
}
