import CSDL2
import ScreenKit

/// The displays SDL knows, for placing a window where one can see it.
enum Displays {
    /// Each display's bounds in points (SDL_GetDisplayBounds); empty when SDL knows none.
    static func bounds() -> [Rect] {
        (0..<max(0, SDL_GetNumVideoDisplays())).compactMap { index in
            var rect = SDL_Rect()
            guard SDL_GetDisplayBounds(index, &rect) == 0 else { return nil }
            return Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.w), height: Double(rect.h))
        }
    }
}
