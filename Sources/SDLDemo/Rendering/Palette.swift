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
}
