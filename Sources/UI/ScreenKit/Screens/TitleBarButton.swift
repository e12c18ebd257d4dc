/// A button in the title bar besides Back: the now-playing mark at the left (the shell's, while audio is
/// loaded), Search or Done at the right (a screen's own, ``Screen/trailingButton``).
///
/// ```swift
/// var featured = Screen(id: "featured", title: "Featured", body: .list(list))
/// featured.trailingButton = .search            // a tap reports .titleButtonTapped("featured", .search)
/// shell.showsNowPlayingMark = true             // the headphones at the top left; a tap reports .nowPlaying
/// ```
public enum TitleBarButton: String, Hashable, Sendable, CaseIterable {
    /// The headphones mark at the top left: what plays (Interlochen's "global play / pause button").
    case nowPlaying
    /// A magnifier at the right: opens a search.
    case search
    /// "Done" at the right of a modal: closes it, as Back does (the shell pops it and reports ``ShellOutput/back(from:)``).
    case done
}
