import CSDL2
import ScreenKit

/// The keys the demo reacts to. Raw values are the names scripts use (`key space`); what each does is
/// the shell's (``ScreenKit/ShellKey``).
enum Key: String, CaseIterable, Equatable, Sendable {
    case space, left, right, up, down, escape, backspace, enter

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
        default: return nil
        }
    }

    /// The shell's key.
    var shellKey: ShellKey {
        switch self {
        case .space: .space
        case .left: .left
        case .right: .right
        case .up: .up
        case .down: .down
        case .escape: .escape
        case .backspace: .backspace
        case .enter: .enter
        }
    }
}
