import CSDL2

/// An SDL call failed; `message` names the call and carries `SDL_GetError()`.
struct SDLError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    /// Captures the current SDL error for the call named `call`.
    static func last(_ call: String) -> SDLError {
        SDLError(message: "\(call) failed: \(String(cString: SDL_GetError()))")
    }
}
