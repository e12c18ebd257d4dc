// System-library shim: what the window needs from X11 beside SDL (Debian: libx11-dev, pkg-config: x11; libsdl2-dev
// depends on it). Kept out of CSDL2 so that Xlib's names (Screen, Window, Display…) reach only the file using it.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#if defined(SDL_VIDEO_DRIVER_X11)
#include <X11/Xatom.h>
#endif

#if defined(SDL_VIDEO_DRIVER_X11)
/// An Xlib error handler that ignores the error (a property read of a window that is gone: BadWindow).
static inline int circle_x11_ignore_errors(Display *display, XErrorEvent *event) {
    (void)display; (void)event;
    return 0;
}

/// The X display and window behind `window`: 1, or 0 when it is not an X11 window.
static inline int circle_x11_handles(SDL_Window *window, Display **display, Window *xwindow) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    *display = info.info.x11.display;
    *xwindow = info.info.x11.window;
    return 1;
}

/// Whether the atom list `property` of `xwindow` holds `atom`: 1 or 0, -1 when the property cannot be read.
static inline int circle_x11_list_has(Display *display, Window xwindow, Atom property, Atom atom) {
    Atom type = None;
    int format = 0;
    unsigned long count = 0, after = 0;
    unsigned char *data = NULL;
    if (XGetWindowProperty(display, xwindow, property, 0, 4096, False, XA_ATOM, &type, &format, &count, &after,
                           &data) != Success) return -1;
    int found = 0;
    if (data != NULL && type == XA_ATOM && format == 32) {
        Atom *atoms = (Atom *)data;
        for (unsigned long i = 0; i < count; i++) {
            if (atoms[i] == atom) { found = 1; break; }
        }
    }
    if (data != NULL) XFree(data);
    return found;
}
#endif

/// The window's size as the X server has it. SDL reports the display's size for a window made fullscreen whether
/// or not a window manager acted on `_NET_WM_STATE_FULLSCREEN` (there is none on a bare X server such as Xvfb);
/// the X server's own answer says whether the window really grew. Returns 0 (and leaves the outputs alone) when the
/// window is not an X11 window or the server does not answer.
static inline int circle_x11_window_size(SDL_Window *window, int *width, int *height) {
#if defined(SDL_VIDEO_DRIVER_X11)
    Display *display;
    Window xwindow;
    if (!circle_x11_handles(window, &display, &xwindow)) return 0;
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(display, xwindow, &attributes)) return 0;
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
    Display *display;
    Window xwindow;
    if (!circle_x11_handles(window, &display, &xwindow)) return -1;
    Atom state = XInternAtom(display, "_NET_WM_STATE", True);
    Atom fullscreen = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", True);
    if (state == None || fullscreen == None) return -1;
    return circle_x11_list_has(display, xwindow, state, fullscreen);
#else
    (void)window;
    return -1;
#endif
}

/// Whether a window manager that supports fullscreen runs on the window's screen: 1 when the root window's
/// `_NET_SUPPORTING_WM_CHECK` names a window whose own `_NET_SUPPORTING_WM_CHECK` names itself (the manager is
/// alive, EWMH 1.5 "_NET_SUPPORTING_WM_CHECK") and the root's `_NET_SUPPORTED` lists `_NET_WM_STATE_FULLSCREEN`;
/// 0 when not (a bare X server such as Xvfb answers no such property); -1 when that cannot be told (not an X11
/// window). Without such a manager nobody acts on `SDL_WINDOW_FULLSCREEN_DESKTOP`, and the window must fill the
/// screen itself.
static inline int circle_x11_wm_supports_fullscreen(SDL_Window *window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    Display *display;
    Window xwindow;
    if (!circle_x11_handles(window, &display, &xwindow)) return -1;
    Window root = DefaultRootWindow(display);
    Atom check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", True);
    Atom supported = XInternAtom(display, "_NET_SUPPORTED", True);
    Atom fullscreen = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", True);
    if (check == None || supported == None || fullscreen == None) return 0;
    Atom type = None;
    int format = 0;
    unsigned long count = 0, after = 0;
    unsigned char *data = NULL;
    Window manager = None;
    if (XGetWindowProperty(display, root, check, 0, 1, False, XA_WINDOW, &type, &format, &count, &after, &data) == Success
        && data != NULL && type == XA_WINDOW && format == 32 && count == 1) {
        manager = *(Window *)data;
    }
    if (data != NULL) XFree(data);
    if (manager == None) return 0;
    // The manager's own window must say so too: a property left behind by a manager that exited names a window
    // that is gone (or not its).
    data = NULL;
    int alive = 0;
    XErrorHandler previous = XSetErrorHandler(circle_x11_ignore_errors);
    if (XGetWindowProperty(display, manager, check, 0, 1, False, XA_WINDOW, &type, &format, &count, &after, &data) == Success
        && data != NULL && type == XA_WINDOW && format == 32 && count == 1 && *(Window *)data == manager) {
        alive = 1;
    }
    XSync(display, False);
    XSetErrorHandler(previous);
    if (data != NULL) XFree(data);
    if (!alive) return 0;
    return circle_x11_list_has(display, root, supported, fullscreen) == 1;
#else
    (void)window;
    return -1;
#endif
}

/// Sets the window's `_NET_WM_NAME` and `_NET_WM_ICON_NAME` (EWMH 1.5: UTF8_STRING) to `title` (UTF-8), what
/// window managers, task bars and switchers show. SDL 2.26 converts the title to the locale first and, in a C or
/// POSIX locale, stops at a character it cannot convert (an em dash) without updating `_NET_WM_NAME`, so the window
/// kept its first title. Returns 1 when set, 0 when the window is not an X11 one.
static inline int circle_x11_set_utf8_title(SDL_Window *window, const char *title) {
#if defined(SDL_VIDEO_DRIVER_X11)
    Display *display;
    Window xwindow;
    if (!circle_x11_handles(window, &display, &xwindow)) return 0;
    Atom utf8 = XInternAtom(display, "UTF8_STRING", False);
    Atom name = XInternAtom(display, "_NET_WM_NAME", False);
    Atom iconName = XInternAtom(display, "_NET_WM_ICON_NAME", False);
    int length = (int)SDL_strlen(title);
    XChangeProperty(display, xwindow, name, utf8, 8, PropModeReplace, (const unsigned char *)title, length);
    XChangeProperty(display, xwindow, iconName, utf8, 8, PropModeReplace, (const unsigned char *)title, length);
    XFlush(display);
    return 1;
#else
    (void)window; (void)title;
    return 0;
#endif
}

