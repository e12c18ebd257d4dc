/// The demo's colours. Tests sample screenshot pixels against these values, so change them together.
enum Palette {
    /// Window background (light grey-blue).
    static let background = RGBA(0xEC, 0xEF, 0xF4)
    /// The circle's body.
    static let circle = RGBA(0x2E, 0x3A, 0x59)
    /// The download "water level" that rises inside the circle while fetching.
    static let fill = RGBA(0x2A, 0x9D, 0x8F)
    /// Icons (play triangle, pause bars, spinner, retry arrow).
    static let icon = RGBA(0xFF, 0xFF, 0xFF)
    /// The ring drawn around the circle in the failed state.
    static let failureRing = RGBA(0xD6, 0x28, 0x28)
    /// The circle's body in the failed state (darker, reddish) so failure is obvious at a glance.
    static let failedCircle = RGBA(0x5A, 0x1E, 0x24)

    // Screens.

    /// The title bar (the circle's colour) and its text.
    static let titleBar = RGBA(0x2E, 0x3A, 0x59)
    /// A modal's title bar (the search): grey, as the spec's "The navigation bar should be gray".
    static let modalBar = RGBA(0x6B, 0x72, 0x80)
    /// Interlochen red: the headphones mark at the title bar's left (the spec: "The headphones icon in Interlochen
    /// red"). The spec names no value; this is a crimson close to Interlochen's printed red, kept apart from the
    /// LIVE badge's red so the two are told apart by pixels.
    static let interlochenRed = RGBA(0xC8, 0x10, 0x2E)
    /// A pressed back button.
    static let titleBarPressed = RGBA(0x45, 0x55, 0x7E)
    /// Text on the title bar and on filled buttons.
    static let onDark = RGBA(0xFF, 0xFF, 0xFF)
    /// A list row.
    static let row = RGBA(0xFF, 0xFF, 0xFF)
    /// A pressed row.
    static let rowPressed = RGBA(0xD4, 0xDD, 0xEB)
    /// The line between rows.
    static let separator = RGBA(0xD9, 0xDE, 0xE6)
    /// Main text.
    static let textPrimary = RGBA(0x1B, 0x22, 0x33)
    /// Secondary text (subtitles, facts, placeholders).
    static let textSecondary = RGBA(0x5B, 0x66, 0x7A)
    /// Overlines, buttons, the selected tab (the water level's teal).
    static let accent = RGBA(0x2A, 0x9D, 0x8F)
    /// A pressed button.
    static let accentPressed = RGBA(0x1F, 0x76, 0x6B)
    /// An image that is loading (or absent).
    static let placeholder = RGBA(0xC9, 0xD1, 0xDD)
    /// The mark inside a placeholder.
    static let placeholderMark = RGBA(0xA9, 0xB4, 0xC4)
    /// An image that failed.
    static let placeholderFailed = RGBA(0xE6, 0xCC, 0xCF)
    /// The cross on a failed image.
    static let placeholderFailedMark = RGBA(0xB0, 0x4A, 0x55)
    /// The LIVE badge.
    static let badge = RGBA(0xD6, 0x28, 0x28)
    /// Error text (the player's failure message, a failed page).
    static let error = RGBA(0xA3, 0x1D, 0x26)
    /// The dimming behind a notice.
    static let scrim = RGBA(0x14, 0x18, 0x24, 0x73)
    /// A notice's card and the search field.
    static let card = RGBA(0xFF, 0xFF, 0xFF)
    /// A card's and the search field's border.
    static let cardBorder = RGBA(0xB8, 0xC1, 0xCF)
    /// A secondary button (a notice's other buttons).
    static let secondaryButton = RGBA(0xE1, 0xE6, 0xEE)
    /// The backing behind the player's message under the circle.
    static let messageBacking = RGBA(0xFF, 0xFF, 0xFF, 0xE6)
}
