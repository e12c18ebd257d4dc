import CSDL2

/// The desktop's clipboard through SDL (`SDL_SetClipboardText`, `SDL_GetClipboardText`): call on the main
/// thread once video is initialised. Under X11 it is the CLIPBOARD selection; under SDL's offscreen and dummy
/// drivers SDL keeps the text itself, so it reads back within the process only.
enum Clipboard {
    /// Puts `text` on the clipboard and reads it back: `nil` when the clipboard now holds `text`, else what went
    /// wrong (SDL's error, or a different text read back).
    static func copy(_ text: String) -> String? {
        guard SDL_SetClipboardText(text) == 0 else { return "SDL_SetClipboardText: \(String(cString: SDL_GetError()))" }
        guard let copied = SDL_GetClipboardText() else { return "SDL_GetClipboardText: \(String(cString: SDL_GetError()))" }
        defer { SDL_free(copied) }
        return String(cString: copied) == text ? nil : "the clipboard reads back something else"
    }
}
