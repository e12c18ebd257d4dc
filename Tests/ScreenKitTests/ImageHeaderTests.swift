import Foundation
import ScreenKit
import Testing

/// Image sizes from headers, and decompression bombs refused before decoding (issue 20, "Resource bounds").
@Suite struct ImageHeaderTests {
    static var samples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Samples")
    }

    /// A PNG signature and IHDR chunk declaring `width` × `height` (the rest of a file need not follow).
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    /// A JPEG with an APP0 segment, fill bytes and a baseline SOF0 declaring `width` × `height`.
    static func jpeg(width: Int, height: Int, marker: UInt8 = 0xC0) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xFF, marker, 0x00, 0x0B, 0x08,
         UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 0x01, 0x01, 0x11, 0x00]
    }

    @Test func realSamplesAreRead() throws {
        let jpeg = try [UInt8](Data(contentsOf: Self.samples.appendingPathComponent("IPlayerSample/images/p06c1vbx.jpg")))
        #expect(ImageHeader.check(jpeg) == .decode(ImageHeader.Size(width: 320, height: 180)))
        let png = try [UInt8](Data(contentsOf: Self.samples.appendingPathComponent("BuffsSample/images/red@1x.png")))
        #expect(ImageHeader.check(png) == .decode(ImageHeader.Size(width: 24, height: 24)))
    }

    @Test func decompressionBombsAreRefused() {
        for bomb in [Self.png(width: 50_000, height: 50_000), Self.png(width: 65_535, height: 1),
                     Self.png(width: 5000, height: 5000), Self.jpeg(width: 60_000, height: 60_000),
                     Self.jpeg(width: 65_535, height: 300, marker: 0xC2)] {
            guard case .refuse(let reason) = ImageHeader.check(bomb) else {
                Issue.record("a bomb would be decoded")
                continue
            }
            #expect(reason.contains("larger than"), "\(reason)")
        }
        #expect(ImageHeader.check(Self.png(width: 4096, height: 4096)) == .decode(ImageHeader.Size(width: 4096, height: 4096)))
        #expect(ImageHeader.check(Self.jpeg(width: 8192, height: 2048, marker: 0xC2)) == .decode(ImageHeader.Size(width: 8192, height: 2048)))
    }

    @Test func brokenOrOtherHeadersAreRefused() {
        let cases: [[UInt8]] = [
            [], Array("GIF89a".utf8) + [1, 0, 1, 0], Array("BM".utf8) + [UInt8](repeating: 0, count: 40),
            Array(Self.png(width: 1, height: 1).prefix(20)),                     // cut inside IHDR
            Self.png(width: 0, height: 10), Self.png(width: 0x8000_0000, height: 1),
            Self.jpeg(width: 100, height: 0),                                   // height from a DNL segment
            Self.jpeg(width: 100, height: 100, marker: 0xC4).prefix(12) + [0xFF, 0xD9],  // no SOF before EOI
            [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02],                               // scan before any frame
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00],                               // length below 2
            [0xFF, 0xD8, 0x00],                                                 // not a marker
            [0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF],                               // a segment running past the end
        ]
        for bytes in cases {
            guard case .refuse = ImageHeader.check(bytes) else {
                Issue.record("accepted \(bytes.map { String($0, radix: 16) })")
                continue
            }
        }
    }
}
