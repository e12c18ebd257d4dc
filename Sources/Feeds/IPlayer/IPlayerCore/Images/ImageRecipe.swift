/// An ImageChef size, the `{recipe}` of a programme image URL: `{width}x{height}` (seed 002).
///
/// ImageChef serves 16:9 images whose width is a multiple of 16 and height a multiple of 9. With
/// `w = 16a`, `h = 9b` and `w : h = 16 : 9`, `a = b`: the valid sizes are exactly `(16k, 9k)` for k ≥ 1.
/// The smallest one covering a requested width `W` is therefore
///
///     k = ⌈W / 16⌉,  w = 16k,  h = 9k
///
/// (320 → 320x180, 300 → 304x171, 1 → 16x9, 641 → 656x369). Covering a width *and* a height takes
/// `k = max(⌈W / 16⌉, ⌈H / 9⌉)`.
///
/// ```swift
/// ImageRecipe.covering(width: 320).text          // "320x180"
/// ImageRecipe.covering(width: 300, height: 200)  // 368x207 (k = 23: ⌈200 / 9⌉)
/// ```
public struct ImageRecipe: Sendable, Hashable, CustomStringConvertible {
    /// The multiple: width 16k, height 9k.
    public let k: Int

    /// The size `16k × 9k` (k at least 1).
    public init(k: Int) {
        self.k = max(1, k)
    }

    /// Width in pixels (a multiple of 16).
    public var width: Int { 16 * k }
    /// Height in pixels (a multiple of 9).
    public var height: Int { 9 * k }

    /// `"{width}x{height}"`, as the URL carries it.
    public var text: String { "\(width)x\(height)" }

    /// Same as ``text``.
    public var description: String { text }

    /// The smallest valid size at least `width` pixels wide (and at least `height` tall, when given).
    /// Widths and heights below 1 count as 1.
    public static func covering(width: Int, height: Int = 0) -> ImageRecipe {
        let byWidth = (max(1, width) + 15) / 16
        let byHeight = (max(0, height) + 8) / 9
        return ImageRecipe(k: max(byWidth, byHeight))
    }
}
