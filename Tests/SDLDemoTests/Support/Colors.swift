/// The demo's documented colours (see Sources/SDLDemo/Rendering/Palette.swift), written out independently.
enum Colors {
    static let background = (r: 0xEC, g: 0xEF, b: 0xF4)
    static let body = (r: 0x2E, g: 0x3A, b: 0x59)
    static let fill = (r: 0x2A, g: 0x9D, b: 0x8F)
    static let icon = (r: 0xFF, g: 0xFF, b: 0xFF)
    static let failureRing = (r: 0xD6, g: 0x28, b: 0x28)
}
