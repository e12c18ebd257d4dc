// System-library shim: what the window needs from X11 beside SDL (Debian: libx11-dev, pkg-config: x11; libsdl2-dev
// depends on it). Kept out of CSDL2 so that Xlib's names (Screen, Window, Display…) reach only the file using it.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

/// The window's size as the X server has it. SDL reports the display's size for a window made fullscreen whether
/// or not a window manager acted on `_NET_WM_STATE_FULLSCREEN` (there is none on a bare X server such as Xvfb);
/// the X server's own answer says whether the window really grew. Returns 0 (and leaves the outputs alone) when the
/// window is not an X11 window or the server does not answer.
static inline int circle_x11_window_size(SDL_Window *window, int *width, int *height) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(info.info.x11.display, info.info.x11.window, &attributes)) return 0;
    *width = attributes.width;
    *height = attributes.height;
    return 1;
#else
    (void)window; (void)width; (void)height;
    return 0;
#endif
}
