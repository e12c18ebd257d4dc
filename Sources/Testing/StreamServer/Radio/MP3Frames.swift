/// The frames of an MP3 file, found by walking MPEG audio frame headers (ISO/IEC 11172-3 §2.4.2.3; MPEG-2 and
/// 2.5 for low sample rates), so a ``RadioStation`` can send whole frames in a loop.
struct MP3Frames: Sendable {
    /// Each frame's bytes, in order (an ID3v2 tag and bytes between frames are left out).
    let frames: [[UInt8]]
    /// Seconds of audio per frame (samples per frame / sample rate of the first frame).
    let frameDuration: Double
    /// The first frame's bit rate in kbit/s.
    let bitRateKbps: Int

    /// Splits `mp3`; returns `nil` if it holds no MPEG audio layer III frame.
    init?(_ mp3: [UInt8]) {
        var index = Self.id3v2TagSize(mp3)
        var frames: [[UInt8]] = []
        var first: Header?
        while index + 4 <= mp3.count {
            guard let header = Header(mp3, at: index), index + header.length <= mp3.count else {
                index += 1
                continue
            }
            if first == nil { first = header }
            frames.append(Array(mp3[index..<(index + header.length)]))
            index += header.length
        }
        guard let first, !frames.isEmpty else { return nil }
        self.frames = frames
        frameDuration = Double(first.samples) / Double(first.sampleRate)
        bitRateKbps = first.bitRate / 1000
    }

    /// Size of an ID3v2 tag at the start (header, synchsafe size, optional footer), or 0.
    static func id3v2TagSize(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 else { return 0 }
        let size = bytes[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        let footer = bytes[5] & 0x10 != 0 ? 10 : 0
        return 10 + size + footer
    }

    /// A layer III frame header.
    struct Header {
        var bitRate: Int
        var sampleRate: Int
        var samples: Int
        var length: Int

        private static let bitRatesV1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
        private static let bitRatesV2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
        private static let sampleRates = [44_100, 48_000, 32_000]

        init?(_ bytes: [UInt8], at i: Int) {
            guard i + 4 <= bytes.count, bytes[i] == 0xFF, bytes[i + 1] & 0xE0 == 0xE0 else { return nil }
            let versionBits = (bytes[i + 1] >> 3) & 0x03  // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
            let layerBits = (bytes[i + 1] >> 1) & 0x03    // 1: layer III
            let bitRateIndex = Int(bytes[i + 2] >> 4)
            let rateIndex = Int((bytes[i + 2] >> 2) & 0x03)
            let padding = Int((bytes[i + 2] >> 1) & 0x01)
            guard versionBits != 1, layerBits == 1, bitRateIndex != 0, bitRateIndex != 15, rateIndex != 3 else {
                return nil
            }
            let mpeg1 = versionBits == 3
            bitRate = (mpeg1 ? Self.bitRatesV1 : Self.bitRatesV2)[bitRateIndex] * 1000
            sampleRate = Self.sampleRates[rateIndex] / (mpeg1 ? 1 : versionBits == 2 ? 2 : 4)
            samples = mpeg1 ? 1152 : 576
            length = (samples / 8) * bitRate / sampleRate + padding
            guard length > 4 else { return nil }
        }
    }
}
