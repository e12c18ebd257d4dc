import CSDL2
import CSDL2Image
import Foundation

/// The window's icon (SDL_SetWindowIcon; X11's `_NET_WM_ICON`, which task bars and Alt-Tab show): the app's own
/// SVG (``AppName/desktopID``, the same file the install puts in the hicolor theme), rendered by SDL_image.
enum WindowIcon {
    /// The side of the picture handed to the window manager, in pixels (it scales it for its own uses).
    static let side: Int32 = 128

    /// Sets `app`'s icon on `canvas`; a missing or unreadable icon is one line on stderr, never an error.
    static func set(_ app: AppName, on canvas: Canvas) {
        guard let url = Bundle.module.url(forResource: app.desktopID, withExtension: "svg", subdirectory: "Icons") else {
            DemoLog.line("no window icon: \(app.desktopID).svg is not among the resources")
            return
        }
        guard let source = SDL_RWFromFile(url.path, "rb") else {
            DemoLog.line("no window icon: \(url.path): \(SDLError.last("SDL_RWFromFile"))")
            return
        }
        let surface = IMG_LoadSizedSVG_RW(source, side, side)
        SDL_RWclose(source)
        guard let surface else {
            DemoLog.line("no window icon: \(url.path): \(SDLError.last("IMG_LoadSizedSVG_RW"))")
            return
        }
        defer { SDL_FreeSurface(surface) }
        canvas.setIcon(surface)
    }
}
