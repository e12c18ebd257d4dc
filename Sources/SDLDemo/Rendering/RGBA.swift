/// An sRGB colour with straight (non-premultiplied) alpha, 8 bits per channel, as SDL vertices take it.
struct RGBA: Equatable, Sendable {
    var r: UInt8
    var g: UInt8
    var b: UInt8
    var a: UInt8

    init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The same colour with its alpha scaled by `factor` (clamped to 0...1): used for the faded outer ring.
    func fading(_ factor: Double) -> RGBA {
        let clamped = min(max(factor, 0), 1)
        return RGBA(r, g, b, UInt8((Double(a) * clamped).rounded()))
    }
}
