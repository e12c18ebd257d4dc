/// An image's pixel size read from its header before anything is decoded, and the rule that refuses images too
/// large to decode: a thumbnail whose header declares tens of thousands of pixels a side (a decompression
/// bomb: a few kilobytes that decode to gigabytes) is refused before the decoder allocates anything
/// (issue 20; docs/security.md, "Resource bounds"). Pure.
///
/// Formats (only these two are decoded for feeds):
/// - **PNG** (ISO/IEC 15948, §5.2–5.3, §11.2.2): the 8-byte signature `89 50 4E 47 0D 0A 1A 0A`, then the first
///   chunk, which must be `IHDR`: 4-byte length, `IHDR`, width and height as big-endian 32-bit integers.
/// - **JPEG** (ITU-T T.81, Annex B): `FF D8` (SOI), then marker segments, each `FF xx` and a big-endian
///   16-bit length counting itself, until a start-of-frame (SOF0–SOF15 except DHT `C4`, JPG `C8`, DAC `CC`),
///   whose body is precision (1 byte), height (2), width (2). Fill bytes `FF` before a marker are skipped; a
///   height of 0 (defined later by a DNL segment, B.2.5) is refused.
///
/// ```swift
/// switch ImageHeader.check(bytes) {
/// case .decode(let size): decode(bytes)          // size.width × size.height within the bounds
/// case .refuse(let reason): showPlaceholder(reason)
/// }
/// ```
public enum ImageHeader {
    /// An image's size in pixels.
    public struct Size: Equatable, Sendable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int

        /// A size of `width` × `height` pixels.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The verdict on an image's bytes.
    public enum Verdict: Equatable, Sendable {
        /// A PNG or JPEG of this size, within the bounds: decode it.
        case decode(Size)
        /// Not decoded; the reason is one line for a log.
        case refuse(String)
    }

    /// The widest or tallest image decoded: 8192 pixels (no thumbnail comes near it).
    public static let maximumSide = 8192
    /// The most pixels decoded: 16 Mpx, 64 MB as RGBA (the window's texture budget is 48 MB).
    public static let maximumPixels = 16 << 20

    /// Whether `bytes` may be decoded: a PNG or JPEG whose header gives a size within `maximumSide` and
    /// `maximumPixels`.
    public static func check(_ bytes: [UInt8], maximumSide: Int = maximumSide, maximumPixels: Int = maximumPixels) -> Verdict {
        let size: Size
        switch format(of: bytes) {
        case .png:
            guard let found = pngSize(bytes) else { return .refuse("PNG without a valid IHDR header") }
            size = found
        case .jpeg:
            guard let found = jpegSize(bytes) else { return .refuse("JPEG without a frame header (SOF) giving its size") }
            size = found
        case nil:
            return .refuse("not a PNG or JPEG image")
        }
        guard size.width > 0, size.height > 0 else { return .refuse("image of \(size.width)×\(size.height) pixels") }
        guard size.width <= maximumSide, size.height <= maximumSide, size.width * size.height <= maximumPixels else {
            return .refuse("image of \(size.width)×\(size.height) pixels is larger than the \(maximumSide)-pixel, \(maximumPixels)-pixel limit")
        }
        return .decode(size)
    }

    /// The two formats decoded.
    public enum Format: Equatable, Sendable {
        /// PNG.
        case png
        /// JPEG (JFIF, Exif).
        case jpeg
    }

    /// The format of `bytes` by its signature, or `nil`.
    public static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8]) { return .jpeg }
        return nil
    }

    /// A PNG's size from its IHDR chunk (it must be the first).
    public static func pngSize(_ bytes: [UInt8]) -> Size? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8), uint32(bytes, at: 8) == 13 else { return nil }
        let width = uint32(bytes, at: 16)
        let height = uint32(bytes, at: 20)
        // §11.2.2: both at most 2^31 - 1.
        guard width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else { return nil }
        return Size(width: Int(width), height: Int(height))
    }

    /// A JPEG's size from its first start-of-frame segment.
    public static func jpegSize(_ bytes: [UInt8]) -> Size? {
        var index = 2
        while index < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            // Fill bytes (B.1.1.2).
            while index < bytes.count, bytes[index] == 0xFF { index += 1 }
            guard index < bytes.count else { return nil }
            let marker = bytes[index]
            index += 1
            switch marker {
            case 0xD0...0xD7, 0x01:
                continue  // RSTn, TEM: no length
            case 0xD8, 0xD9, 0xDA:
                return nil  // another SOI, EOI or start of scan before any frame header
            default:
                break
            }
            guard index + 2 <= bytes.count else { return nil }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard length >= 7, index + 7 <= bytes.count else { return nil }
                let height = Int(bytes[index + 3]) << 8 | Int(bytes[index + 4])
                let width = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                return Size(width: width, height: height)
            }
            index += length
        }
        return nil
    }

    private static func uint32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
    }
}
