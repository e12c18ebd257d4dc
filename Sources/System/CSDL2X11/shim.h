// System-library shim: what the window needs from X11 beside SDL (Debian: libx11-dev, pkg-config: x11; libsdl2-dev
// depends on it). Kept out of CSDL2 so that Xlib's names (Screen, Window, Display…) reach only the file using it.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#if defined(SDL_VIDEO_DRIVER_X11)
#include <X11/Xatom.h>
#endif

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

/// Whether the window manager has the window fullscreen: 1 when its `_NET_WM_STATE` holds
/// `_NET_WM_STATE_FULLSCREEN`, 0 when it does not, -1 when that cannot be told (not an X11 window, no such atom, no
/// answer). SDL 2 does not update its own fullscreen flag when the manager changes the state by itself (its
/// shortcut or menu), so the window asks the server. (EWMH 1.5, "_NET_WM_STATE".)
static inline int circle_x11_wm_fullscreen(SDL_Window *window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    Display *display = info.info.x11.display;
    Atom state = XInternAtom(display, "_NET_WM_STATE", True);
    Atom fullscreen = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", True);
    if (state == None || fullscreen == None) return -1;
    Atom type = None;
    int format = 0;
    unsigned long count = 0, after = 0;
    unsigned char *data = NULL;
    if (XGetWindowProperty(display, info.info.x11.window, state, 0, 64, False, XA_ATOM, &type, &format, &count,
                           &after, &data) != Success) return -1;
    int found = 0;
    if (data != NULL && type == XA_ATOM && format == 32) {
        Atom *atoms = (Atom *)data;
        for (unsigned long i = 0; i < count; i++) {
            if (atoms[i] == fullscreen) { found = 1; break; }
        }
    }
    if (data != NULL) XFree(data);
    return found;
#else
    (void)window;
    return -1;
#endif
}
