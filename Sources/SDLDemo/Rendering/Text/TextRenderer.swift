import CSDL2
import CSDL2TTF
import SafeText
import Foundation
import ScreenKit

/// Draws text with SDL2_ttf: single lines cut with an ellipsis to their box, and wrapped paragraphs.
///
/// - **Sharp on high-DPI displays**: fonts are opened at `pointSize × scale` pixels (the canvas's scale), and
///   text is drawn 1:1 in output pixels.
/// - **Cached**: every rendered string is kept as a texture (rendered white with
///   `TTF_RenderUTF8_Blended`, tinted at draw time with `SDL_SetTextureColorMod`, so one texture serves
///   every colour), and fitted lines and wrapped paragraphs are kept by (text, style, width). The texture
///   cache is a least-recently-drawn cache (ScreenKit's ``ScreenKit/LRUBook``) bounded by bytes
///   (`textureBudget`) and by count (`textureLimit`): a stream's every new ICY title is a new texture, and the
///   oldest ones are freed one by one as new ones come.
/// - Main thread only (SDL_ttf shares one FreeType library and is not thread-safe; SDL renderers belong
///   to their thread).
final class TextRenderer {
    /// Horizontal placement in a box.
    enum Alignment: Sendable {
        case leading, center, trailing
    }

    private struct FontKey: Hashable {
        var bold: Bool
        var pixelSize: Int
    }

    private struct TextureKey: Hashable {
        var text: String
        var font: FontKey
    }

    private struct CachedTexture {
        var texture: OpaquePointer
        var width: Int
        var height: Int
        var bytes: Int { width * height * 4 }
    }

    private struct FitKey: Hashable {
        var text: String
        var style: TextStyle
        var width: Int  // pixels
        var maxLines: Int
        var pixelSize: Int
    }

    private let canvas: Canvas
    private let files: FontFiles
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var textures: [TextureKey: CachedTexture] = [:]
    private var book: LRUBook<TextureKey>
    private var fitted: [FitKey: [String]] = [:]
    /// The most bytes cached text textures may hold (8 MiB: a few thousand short strings).
    var textureBudget: Int { book.maxCost }
    /// The most text textures cached.
    var textureLimit: Int { book.maxCount }

    /// Starts SDL_ttf and checks that the faces open; throws ``FontError`` otherwise.
    init(canvas: Canvas, fonts files: FontFiles, textureBudget: Int = 8 << 20, textureLimit: Int = 1024) throws {
        if TTF_WasInit() == 0, TTF_Init() != 0 {
            throw FontError(message: "TTF_Init failed: \(String(cString: SDL_GetError()))")
        }
        self.canvas = canvas
        self.files = files
        self.book = LRUBook(maxCost: textureBudget, maxCount: textureLimit)
        // Open both faces now so a broken font file fails at start, not at the first text.
        _ = try font(bold: false, pixelSize: 14)
        _ = try font(bold: true, pixelSize: 14)
    }

    deinit {
        for entry in textures.values { SDL_DestroyTexture(entry.texture) }
        for font in fonts.values { TTF_CloseFont(font) }
    }

    /// Number of cached text textures and their bytes (tests, statistics).
    var cacheStatistics: (count: Int, bytes: Int) { (textures.count, book.totalCost) }

    /// Whether `text` in `style` is cached as a texture (tests).
    func isCached(_ text: String, style: TextStyle) -> Bool {
        book.contains(TextureKey(text: text, font: FontKey(bold: style.isBold, pixelSize: pixelSize(style, scale: canvas.scale))))
    }

    private func font(bold: Bool, pixelSize: Int) throws -> OpaquePointer {
        let key = FontKey(bold: bold, pixelSize: max(1, pixelSize))
        if let font = fonts[key] { return font }
        let path = bold ? files.bold : files.regular
        guard let font = TTF_OpenFont(path, Int32(key.pixelSize)) else {
            throw FontError(message: "cannot open font \(path): \(String(cString: SDL_GetError()))")
        }
        fonts[key] = font
        return font
    }

    private func pixelSize(_ style: TextStyle, scale: Double) -> Int { Int((style.pointSize * scale).rounded()) }

    /// The width of `text` in `style`, in window points.
    func width(of text: String, style: TextStyle) -> Double {
        let scale = canvas.scale
        return pixelWidth(text, font: FontKey(bold: style.isBold, pixelSize: pixelSize(style, scale: scale))) / scale
    }

    private func pixelWidth(_ text: String, font key: FontKey) -> Double {
        guard !text.isEmpty, let font = try? font(bold: key.bold, pixelSize: key.pixelSize) else { return 0 }
        var w: Int32 = 0
        var h: Int32 = 0
        guard TTF_SizeUTF8(font, text, &w, &h) == 0 else { return 0 }
        return Double(w)
    }

    /// The line of `text` that fits `width` points (cut with "…" if needed).
    func fittedLine(_ text: String, style: TextStyle, width: Double) -> String {
        lines(text, style: style, width: width, maxLines: 0).first ?? ""
    }

    /// `text` wrapped to `width` points, at most `maxLines` lines (the last cut with "…").
    func wrapped(_ text: String, style: TextStyle, width: Double, maxLines: Int) -> [String] {
        lines(text, style: style, width: width, maxLines: max(1, maxLines))
    }

    /// maxLines 0: one line, fitted. Control characters (ESC, BEL, C1, …) and bidirectional overrides from
    /// outside are drawn escaped (`\e`), never as tofu boxes or reordered text (`SafeText`, docs/security.md);
    /// paragraphs keep their line breaks.
    private func lines(_ text: String, style: TextStyle, width: Double, maxLines: Int) -> [String] {
        let text = SafeText.isPrintable(text) ? text
            : SafeText.printable(text, limit: 4 * SafeText.defaultLimit, keepingLineBreaks: maxLines != 0)
        let scale = canvas.scale
        let size = pixelSize(style, scale: scale)
        let pixels = Int((width * scale).rounded(.down))
        let key = FitKey(text: text, style: style, width: pixels, maxLines: maxLines, pixelSize: size)
        if let cached = fitted[key] { return cached }
        let font = FontKey(bold: style.isBold, pixelSize: size)
        let measure = { (s: String) in self.pixelWidth(s, font: font) }
        let result = maxLines == 0
            ? [TextFitting.fitLine(text, width: Double(pixels), measure: measure)]
            : TextFitting.wrap(text, width: Double(pixels), maxLines: maxLines, measure: measure)
        if fitted.count > 4096 { fitted.removeAll(keepingCapacity: true) }
        fitted[key] = result
        return result
    }

    /// Draws `text` on one line in `box` (window points), cut with "…" to the box's width, centred
    /// vertically in it. Returns the drawn width in points.
    @discardableResult
    func draw(_ text: String, style: TextStyle, color: RGBA, in box: Rect, alignment: Alignment = .leading) -> Double {
        guard !text.isEmpty, box.width > 0 else { return 0 }
        let line = fittedLine(text, style: style, width: box.width)
        return drawFitted(line, style: style, color: color, in: box, alignment: alignment)
    }

    /// Draws `text` wrapped inside `box`, one line per `style.lineHeight`, as many lines as fit (the last cut
    /// with "…"). Returns the height used in points.
    @discardableResult
    func drawParagraph(_ text: String, style: TextStyle, color: RGBA, in box: Rect, alignment: Alignment = .leading,
                       maxLines: Int = .max) -> Double {
        let fitting = min(maxLines, Int((box.height / style.lineHeight).rounded(.down)))
        guard !text.isEmpty, box.width > 0, fitting > 0 else { return 0 }
        let lines = wrapped(text, style: style, width: box.width, maxLines: fitting)
        for (index, line) in lines.enumerated() {
            let lineBox = Rect(x: box.x, y: box.y + Double(index) * style.lineHeight, width: box.width, height: style.lineHeight)
            drawFitted(line, style: style, color: color, in: lineBox, alignment: alignment)
        }
        return Double(lines.count) * style.lineHeight
    }

    @discardableResult
    private func drawFitted(_ line: String, style: TextStyle, color: RGBA, in box: Rect, alignment: Alignment) -> Double {
        let scale = canvas.scale
        let font = FontKey(bold: style.isBold, pixelSize: pixelSize(style, scale: scale))
        guard let entry = texture(for: line, font: font) else { return 0 }
        let width = Double(entry.width), height = Double(entry.height)
        let x: Double = switch alignment {
        case .leading: box.x * scale
        case .center: (box.x + box.width / 2) * scale - width / 2
        case .trailing: box.maxX * scale - width
        }
        // The font's line box (ascent + descent) centred on the layout's line box; whole pixels keep glyphs crisp.
        let y = (box.y + box.height / 2) * scale - height / 2
        SDL_SetTextureColorMod(entry.texture, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(entry.texture, color.a)
        var destination = SDL_Rect(x: Int32(x.rounded()), y: Int32(y.rounded()), w: Int32(entry.width), h: Int32(entry.height))
        SDL_RenderCopy(canvas.renderer, entry.texture, nil, &destination)
        return width / scale
    }

    private func texture(for text: String, font key: FontKey) -> CachedTexture? {
        let cacheKey = TextureKey(text: text, font: key)
        if let entry = textures[cacheKey] {
            book.use(cacheKey)
            return entry
        }
        guard let font = try? font(bold: key.bold, pixelSize: key.pixelSize),
              let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255))
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(canvas.renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        let entry = CachedTexture(texture: texture, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        textures[cacheKey] = entry
        for evicted in book.insert(cacheKey, cost: entry.bytes) {
            if let old = textures.removeValue(forKey: evicted) { SDL_DestroyTexture(old.texture) }
        }
        return entry
    }
}
