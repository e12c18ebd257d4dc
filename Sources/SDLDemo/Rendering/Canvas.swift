import CSDL2
import CSDL2X11
import Foundation
import ScreenKit

/// The window and its SDL_Renderer: a thin wrapper that keeps SDL calls out of the rest of the demo.
///
/// Sizes come in two units: window *points* (what mouse and touch report, what the physics works in) and
/// output *pixels* (what the renderer draws). On a high-DPI display the ratio ``scale`` is > 1.
final class Canvas {
    private let window: OpaquePointer
    /// The SDL renderer (for the text and image renderers, which draw textures).
    let renderer: OpaquePointer
    /// The renderer's name (e.g. "opengl", "software"), for diagnostics.
    let rendererName: String
    /// Whether the renderer was created with vsync (presents wait for the display).
    let vsync: Bool

    /// Opens a resizable, high-DPI-aware window of `width`×`height` points at `position` (its contents' top-left
    /// corner, in points; nil: centred on the display).
    init(title: String, width: Int, height: Int, position: (x: Int, y: Int)? = nil) throws {
        let headless = Self.headlessDrivers.contains(SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "")
        if headless {
            // No display to present to: keep OpenGL out entirely. Otherwise SDL backs the window's surface with an
            // OpenGL texture (SDL_HINT_FRAMEBUFFER_ACCELERATION) and picks the OpenGL renderer, which on a machine
            // without a GPU is Mesa's llvmpipe: libLLVM (≈ 55 MB resident), a JIT and a rasteriser thread per core
            // for a window nobody sees (bench/stream-play.py, BENCHMARKS.md).
            Self.presentWithoutOpenGL()
        }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        let centered = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED (a macro Swift cannot import)
        let (x, y) = position.map { (Int32(clamping: $0.x), Int32(clamping: $0.y)) } ?? (centered, centered)
        guard let window = SDL_CreateWindow(title, x, y, Int32(width), Int32(height), flags) else {
            throw SDLError.last("SDL_CreateWindow")
        }
        // Prefer an accelerated renderer with vsync; fall back to the software one (and use it at once headless).
        // An "accelerated" renderer that is OpenGL on a software rasteriser (Mesa's llvmpipe: Xvfb, a VM, a
        // desktop without a GPU driver) is given up too, unless the user named a driver (SDL_RENDER_DRIVER).
        var vsync = true
        // SDL_RENDER_DRIVER=software names the software renderer outright (SDL then ignores the flags below): its
        // surface must be X11's framebuffer too, and the hint is read when the renderer makes the surface.
        if SDL_GetHint(SDL_HINT_RENDER_DRIVER).map({ String(cString: $0) == "software" }) == true {
            Self.presentWithoutOpenGL()
        }
        var renderer = headless
            ? nil : SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        var softwareGL: String?
        if let accelerated = renderer, SDL_GetHint(SDL_HINT_RENDER_DRIVER) == nil,
           let name = Self.softwareRasterizer(of: accelerated) {
            softwareGL = name
            SDL_DestroyRenderer(accelerated)
            renderer = nil
        }
        if renderer == nil {
            vsync = false
            // SDL's software renderer draws into the window's surface. By default SDL backs that surface with an
            // OpenGL texture (SDL_HINT_FRAMEBUFFER_ACCELERATION) and presents it through OpenGL, which without a
            // GPU is llvmpipe again: uploading and drawing the whole window every frame cost 2.4 × the CPU of the
            // X11 framebuffer (XShm, else XPutImage, as mpv's x11 output) for a 720p video under Xvfb
            // (BENCHMARKS.md, "Video in the window"). The hint is read when the surface is made, i.e. here.
            Self.presentWithoutOpenGL()
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        guard let renderer else {
            SDL_DestroyWindow(window)
            throw SDLError.last("SDL_CreateRenderer")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        self.rendererName = (info.name.map { String(cString: $0) } ?? "unknown") + (softwareGL.map { " (OpenGL was \($0))" } ?? "")
        self.vsync = vsync && (info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue) != 0
        self.window = window
        self.renderer = renderer
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// SDL video drivers without a display (headless runs, tests, benchmarks): drawn with the software renderer.
    static let headlessDrivers: Set<String> = ["offscreen", "dummy"]

    /// Makes the software renderer's window surface the video driver's own framebuffer (X11: XShm, else
    /// `XPutImage`), not an OpenGL texture (`SDL_HINT_FRAMEBUFFER_ACCELERATION` off), unless the user set that hint.
    /// Read when the surface is made, so call it before creating the software renderer.
    private static func presentWithoutOpenGL() {
        if SDL_GetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION) == nil {
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
    }

    /// `GL_RENDERER` of an OpenGL renderer when it names a software rasteriser (Mesa's "llvmpipe (LLVM 15…)",
    /// "softpipe", "Software Rasterizer", swrast), else nil (a GPU, or a renderer that is not OpenGL). SDL
    /// makes the renderer's context current when it creates it, so `glGetString` answers for this window.
    private static func softwareRasterizer(of renderer: OpaquePointer) -> String? {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name.map({ String(cString: $0) }),
              name.hasPrefix("opengl"), let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glGetString = unsafeBitCast(address, to: GetString.self)
        let glRenderer: UInt32 = 0x1F01   // GL_RENDERER (OpenGL 2.1 and ES 2.0 specifications, glGetString)
        guard let text = glGetString(glRenderer) else { return nil }
        let description = String(cString: text)
        let lowered = description.lowercased()
        let software = ["llvmpipe", "softpipe", "software rasterizer", "swrast"].contains { lowered.contains($0) }
        return software ? description : nil
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// The window's size in points: on X11 the size the X server shows (``CSDL2X11``'s `circle_x11_window_size`),
    /// which is what the picture must fit; SDL's own answer elsewhere. (SDL reports the display's size as soon as
    /// fullscreen is asked for, whether or not a window manager made the window that large: on a bare X server
    /// the app then drew 1280 × 800 into an 800 × 600 window, its controls off-screen.)
    var windowSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        if isX11, circle_x11_window_size(window, &w, &h) == 1, w > 0, h > 0 { return (Int(w), Int(h)) }
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// SDL's idea of the window's size in points (what its drawable is measured against).
    private var sdlWindowSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The drawable size in pixels.
    var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    /// Output pixels per window point (1 on ordinary displays, 2 on most high-DPI ones).
    var scale: Double {
        let points = sdlWindowSize
        let pixels = outputSize
        guard points.width > 0 else { return 1 }
        return Double(pixels.width) / Double(points.width)
    }

    /// The display's refresh rate in Hz, or nil when SDL does not know it.
    var refreshRate: Int? {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Int(mode.refresh_rate)
    }

    /// How the window fills its display, if it does.
    private enum Fullscreen {
        /// A normal window.
        case windowed
        /// `SDL_WINDOW_FULLSCREEN_DESKTOP` asked for at `since` (SDL ticks, ms); the window manager has not yet
        /// been seen to act on it. `restore` is the window's place and size before.
        case requested(since: UInt64, restore: SDL_Rect)
        /// Fullscreen through SDL and the window manager (no mode change, as mpv does).
        case desktop
        /// No window manager acted on the request (a bare X server such as Xvfb, or one without
        /// `_NET_WM_STATE_FULLSCREEN`): the window was made borderless and as large as its display instead.
        case filled(restore: SDL_Rect)
    }

    private var fullscreen = Fullscreen.windowed
    /// The window manager's fullscreen state as last read from the X server (nil: not read yet, or not X11).
    private var managerFullscreen: Bool?
    /// When ``followWindowManager()`` last read it (SDL ticks, ms).
    private var managerCheckedAt: UInt64 = 0
    /// The window's size at that reading.
    private var managerCheckedSize: [Int32] = []
    /// How often ``followWindowManager()`` reads the X server while a video shows: a quarter second is quick to
    /// the eye and one small round trip.
    private static let managerCheckInterval: UInt64 = 250

    /// The SDL event type the window posts when the window manager changed fullscreen by itself (`user.code` 1:
    /// into fullscreen, 0: out of it); ``SDLEventTranslator`` turns it into ``ScreenKit/ShellEvent/fullscreenChanged(_:time:)``.
    static let fullscreenChangedEvent: UInt32 = SDL_RegisterEvents(1)

    /// How long a window manager is given to make the window fill its display before ``settleFullscreen()`` does
    /// it itself: window managers answer `_NET_WM_STATE` within a few frames; half a second is well past that.
    private static let fullscreenGrace: UInt64 = 500

    /// Whether the window fills its display (or was asked to and is being given the time to).
    var isFullscreen: Bool {
        if case .windowed = fullscreen { return false }
        return true
    }

    /// Makes the window fill its display, or go back to its place and size. (The offscreen driver has no display:
    /// the flag is kept and the size stays.)
    func setFullscreen(_ on: Bool) {
        if on {
            guard case .windowed = fullscreen else { return }
            let restore = windowRect
            // A bare X server (kiosks, minimal X setups, Xvfb) has no manager to act on SDL's request, and SDL would
            // report the display's size for a window that stays small: fill the display at once instead.
            if isX11, circle_x11_wm_supports_fullscreen(window) == 0 {
                fill(restore: restore)
                return
            }
            SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
            fullscreen = .requested(since: SDL_GetTicks64(), restore: restore)
        } else {
            if case .filled(let restore) = fullscreen {
                SDL_SetWindowBordered(window, SDL_TRUE)
                SDL_SetWindowSize(window, restore.w, restore.h)
                SDL_SetWindowPosition(window, restore.x, restore.y)
                announceResize()
            } else {
                SDL_SetWindowFullscreen(window, 0)
            }
            fullscreen = .windowed
        }
    }

    /// Called every frame: when fullscreen was asked for on X11 and, after ``fullscreenGrace``, the X server still
    /// has the window smaller than its display, no window manager is acting on SDL's request (a bare X server such
    /// as Xvfb, or a manager without `_NET_WM_STATE_FULLSCREEN`); the window then fills the display itself
    /// (borderless, at the display's origin and size), which such a server applies at once — as mpv's x11 output
    /// does when the manager does not support fullscreen. (SDL's own `SDL_GetWindowSize` is no witness: it reports
    /// the display's size as soon as the flag is set, whether or not the X window changed.)
    func settleFullscreen() {
        guard case .requested(let since, let restore) = fullscreen, SDL_GetTicks64() - since >= Self.fullscreenGrace
        else { return }
        var bounds = SDL_Rect()
        let display = SDL_GetWindowDisplayIndex(window)
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) }
        guard driver == "x11", display >= 0, SDL_GetDisplayBounds(display, &bounds) == 0 else {
            fullscreen = .desktop
            return
        }
        var width: Int32 = 0, height: Int32 = 0
        guard circle_x11_window_size(window, &width, &height) == 1, width < bounds.w || height < bounds.h else {
            fullscreen = .desktop
            return
        }
        SDL_SetWindowFullscreen(window, 0)
        fill(restore: restore)
    }

    /// Whether the window is an X11 one (the driver is `x11`).
    private var isX11: Bool { SDL_GetCurrentVideoDriver().map { String(cString: $0) } == "x11" }

    /// Makes the window borderless, at its display's origin and as large as it, itself (what a manager does for
    /// `_NET_WM_STATE_FULLSCREEN`; mpv's x11 output does the same without one); `restore` is put back on leaving.
    private func fill(restore: SDL_Rect) {
        var bounds = SDL_Rect()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetDisplayBounds(display, &bounds) == 0 else {
            fullscreen = .desktop   // no display to fill: keep the flag, the size stays
            return
        }
        SDL_SetWindowBordered(window, SDL_FALSE)
        SDL_SetWindowPosition(window, bounds.x, bounds.y)
        SDL_SetWindowSize(window, bounds.w, bounds.h)
        fullscreen = .filled(restore: restore)
        announceResize()
    }

    /// Called every video frame: follows the window manager when it puts the window into fullscreen or takes it out
    /// on its own (its shortcut or menu), which SDL 2 does not notice. Reads `_NET_WM_STATE` from the X server every
    /// ``managerCheckInterval`` and whenever the window's size changed; on a change the window's own state follows (leaving: SDL's flag is cleared, which
    /// puts back SDL's windowed size; entering: SDL's flag is set, so that F or Escape can leave again) and a
    /// ``fullscreenChangedEvent`` tells the video screen. Changes the app asked for itself are not reported.
    func followWindowManager() {
        let now = SDL_GetTicks64()
        // A manager's fullscreen change resizes the window, and the resize may bring the only frame for a while
        // (an ended or paused video): a new size is read at once, whatever the interval.
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        let size = [width, height]
        guard now - managerCheckedAt >= Self.managerCheckInterval || size != managerCheckedSize else { return }
        managerCheckedAt = now
        managerCheckedSize = size
        let state = circle_x11_wm_fullscreen(window)
        guard state >= 0 else { return }
        let on = state == 1
        defer { managerFullscreen = on }
        guard let before = managerFullscreen, before != on else { return }
        switch (fullscreen, on) {
        case (.desktop, false):
            SDL_SetWindowFullscreen(window, 0)
            fullscreen = .windowed
        case (.windowed, true):
            SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
            fullscreen = .desktop
        default:
            return   // the app's own request on its way (or a window with no manager, filled by us)
        }
        var event = SDL_Event()
        event.type = Self.fullscreenChangedEvent
        event.user.windowID = SDL_GetWindowID(window)
        event.user.code = on ? 1 : 0
        SDL_PushEvent(&event)
    }

    /// Queues a size-changed event for the window, so the loop lays out for the size just set: SDL updates its
    /// own idea of the size at once, and drops the X server's confirming event as no change. The loop reads the
    /// size from ``windowSize`` when it translates the event.
    func announceResize() {
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.windowID = SDL_GetWindowID(window)
        event.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
        let size = windowSize
        event.window.data1 = Int32(size.width)
        event.window.data2 = Int32(size.height)
        SDL_PushEvent(&event)
    }

    /// The window's place and size (points).
    private var windowRect: SDL_Rect {
        var rect = SDL_Rect()
        SDL_GetWindowPosition(window, &rect.x, &rect.y)
        SDL_GetWindowSize(window, &rect.w, &rect.h)
        return rect
    }

    /// The window's place and size in points as a person left it, for the settings: nil while it fills its
    /// display (fullscreen, or asked to), whose size is the display's, not the window's. The place is the outer
    /// corner, the window manager's frame included (SDL_GetWindowBordersSize, X11's `_NET_FRAME_EXTENTS`): a new
    /// window's position names that corner on X11 (ICCCM's default north-west gravity), so the contents' corner
    /// would move down by the title bar on every run.
    var windowedPlacement: (x: Int, y: Int, width: Int, height: Int)? {
        guard case .windowed = fullscreen else { return nil }
        let rect = windowRect
        var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
        if SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right) != 0 { (top, left) = (0, 0) }
        return (Int(rect.x - left), Int(rect.y - top), Int(rect.w), Int(rect.h))
    }

    /// Sets the picture the window manager and the task bar show for the window (SDL_SetWindowIcon).
    func setIcon(_ surface: UnsafeMutablePointer<SDL_Surface>) {
        SDL_SetWindowIcon(window, surface)
    }

    /// Lets SDL take in the window system's events and drops the window and input events among them (a scripted run,
    /// whose input is its script's): SDL then knows the window's real size (a fullscreen the app made, or a window
    /// manager's), and the software renderer's surface follows it. Wake-ups (user events) stay queued.
    func processWindowEvents() {
        SDL_PumpEvents()
        SDL_FlushEvents(SDL_WINDOWEVENT.rawValue, SDL_SYSWMEVENT.rawValue)
        SDL_FlushEvents(SDL_KEYDOWN.rawValue, SDL_MULTIGESTURE.rawValue)
    }

    /// Shows or hides the mouse cursor over the window (the video player hides it with its controls).
    func setCursorVisible(_ visible: Bool) {
        let wanted = visible ? SDL_ENABLE : SDL_DISABLE
        if SDL_ShowCursor(SDL_QUERY) != wanted { SDL_ShowCursor(wanted) }
    }

    /// Resizes the window (points).
    func setSize(width: Int, height: Int) {
        SDL_SetWindowSize(window, Int32(width), Int32(height))
    }

    /// Sets the window title (ScreenKit's `WindowTitle`: the app and its screen, a video's title, or the player's state).
    func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
        // SDL 2.26 leaves `_NET_WM_NAME` (what managers show) unchanged in a C locale when the title has a character
        // the locale cannot hold, such as the titles' em dash: set it in UTF-8 ourselves.
        if isX11 { _ = circle_x11_set_utf8_title(window, title) }
    }

    /// Clears the whole output to `color`.
    func clear(_ color: RGBA) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderClear(renderer)
    }

    /// Added to geometry positions: the software renderer truncates each vertex to whole pixels (SDL 2.26
    /// `SDL_render_sw.c`, `SW_QueueGeometry`: `(int)(xy[0] * scale_x)`), which moves every shape up to a pixel
    /// up and left; half a pixel makes that rounding, as OpenGL's pixel centres place it.
    private var geometryOffset: Float { rendererName == "software" ? 0.5 : 0 }

    /// Draws `mesh` (output-pixel coordinates) with alpha blending.
    func draw(_ mesh: Mesh) throws {
        guard mesh.triangleCount > 0 else { return }
        let offset = geometryOffset
        let vertices = mesh.vertices.map { v in
            SDL_Vertex(position: SDL_FPoint(x: v.x + offset, y: v.y + offset),
                       color: SDL_Color(r: v.color.r, g: v.color.g, b: v.color.b, a: v.color.a),
                       tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        let result = vertices.withUnsafeBufferPointer { vertexBuffer in
            mesh.indices.withUnsafeBufferPointer { indexBuffer in
                SDL_RenderGeometry(renderer, nil, vertexBuffer.baseAddress, Int32(vertexBuffer.count),
                                   indexBuffer.baseAddress, Int32(indexBuffer.count))
            }
        }
        if result != 0 { throw SDLError.last("SDL_RenderGeometry") }
    }

    /// Fills `rect` (window points) with `color`, alpha-blended.
    func fill(_ rect: Rect, color: RGBA) {
        guard rect.width > 0, rect.height > 0 else { return }
        let scale = self.scale
        var pixels = SDL_FRect(x: Float(rect.x * scale), y: Float(rect.y * scale),
                               w: Float(rect.width * scale), h: Float(rect.height * scale))
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        // Opaque fills need no blending (cheaper per pixel on software rasterizers such as llvmpipe).
        if color.a == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
        SDL_RenderFillRectF(renderer, &pixels)
        if color.a == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    }

    /// Restricts drawing to `rect` (window points), or lifts the restriction with nil.
    func clip(to rect: Rect?) {
        guard let rect else {
            SDL_RenderSetClipRect(renderer, nil)
            return
        }
        let scale = self.scale
        let x = (rect.x * scale).rounded(), y = (rect.y * scale).rounded()
        var pixels = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(max(0, (rect.maxX * scale).rounded() - x)),
                              h: Int32(max(0, (rect.maxY * scale).rounded() - y)))
        SDL_RenderSetClipRect(renderer, &pixels)
    }

    /// Draws `texture` (of `width` × `height` pixels) to fill `rect` (window points), cropping the middle of
    /// the image to the rectangle's aspect ratio (like CSS `object-fit: cover`), so nothing is distorted.
    func draw(texture: OpaquePointer, width: Int, height: Int, coverIn rect: Rect) {
        guard width > 0, height > 0, rect.width > 0, rect.height > 0 else { return }
        let target = rect.width / rect.height
        let image = Double(width) / Double(height)
        var source = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        if image > target {
            let w = Double(height) * target
            source.x = Int32(((Double(width) - w) / 2).rounded())
            source.w = Int32(w.rounded())
        } else if image < target {
            let h = Double(width) / target
            source.y = Int32(((Double(height) - h) / 2).rounded())
            source.h = Int32(h.rounded())
        }
        let scale = self.scale
        var destination = SDL_FRect(x: Float(rect.x * scale), y: Float(rect.y * scale),
                                    w: Float(rect.width * scale), h: Float(rect.height * scale))
        SDL_RenderCopyF(renderer, texture, &source, &destination)
    }

    /// Shows what was drawn since the last clear (the one present of a frame).
    func present() {
        SDL_RenderPresent(renderer)
    }

    /// The current output as RGBA bytes, rows top to bottom. Call after drawing and before ``present()``.
    func readPixels() throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let (width, height) = outputSize
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        // ABGR8888 is a packed 32-bit format whose bytes in memory are R, G, B, A on little-endian machines.
        let format = UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)
        let result = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, nil, format, buffer.baseAddress, Int32(width * 4))
        }
        if result != 0 { throw SDLError.last("SDL_RenderReadPixels") }
        #if _endian(big)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i..<(i + 4)].reverse() }
        #endif
        return (width, height, pixels)
    }
}
