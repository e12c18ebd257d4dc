import Foundation

/// Each app as the desktop knows it: its desktop entry's ID, which names its `.desktop` file
/// (`desktop/applications/ID.desktop`), its icon (`Resources/Icons/ID.svg`, installed in the hicolor theme) and
/// its AppStream launchable (`desktop/metainfo/io.github.circleplayer.CirclePlayer.metainfo.xml`). Reverse-DNS, as
/// the Desktop Entry Specification recommends ("Desktop File ID") and AppStream requires.
extension AppName {
    /// The desktop entry ID, e.g. `io.github.circleplayer.CirclePlayer.Interlochen`.
    var desktopID: String {
        switch self {
        case .player: Self.family
        case .interlochen: Self.family + ".Interlochen"
        case .vimeo: Self.family + ".Vimeo"
        case .iplayer: Self.family + ".IPlayer"
        case .buffs: Self.family + ".SportBuff"
        }
    }

    /// Names the window's class after ``desktopID`` (X11's `WM_CLASS`, Wayland's app ID), which ties the window to
    /// its desktop entry (`StartupWMClass`): the task bar shows the app's own name and icon, and the apps' windows
    /// are not grouped as one. SDL reads `SDL_VIDEO_X11_WMCLASS` and `SDL_VIDEO_WAYLAND_WMCLASS` when its video
    /// starts, so call this before `SDL_Init`; a value already set is kept.
    func nameWindowClass() {
        for variable in ["SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"] {
            setenv(variable, desktopID, 0)
        }
    }

    /// The circle player's ID, which the others extend (and the AppStream component's).
    static let family = "io.github.circleplayer.CirclePlayer"
}
