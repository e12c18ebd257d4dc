/// The 4-byte header of an MPEG-1/2/2.5 audio frame (ISO/IEC 11172-3 §2.4.2.3, ISO/IEC 13818-3 §2.4.2.3).
///
/// Used to recognise MP3 data and to estimate its duration before it is decoded.
public struct MPEGAudioFrameHeader: Hashable, Sendable {
    /// 1 for MPEG-1, 2 for MPEG-2 (LSF), 25 for the unofficial MPEG-2.5.
    public let version: Int
    /// Layer 1, 2 or 3.
    public let layer: Int
    /// Bit rate in bits per second.
    public let bitRate: Int
    /// Sample rate in Hz.
    public let sampleRate: Int
    /// Channels (1 for single channel mode, else 2).
    public let channels: Int
    /// Whole frame size in bytes, header included.
    public let frameLength: Int
    /// PCM samples per channel in this frame.
    public let samplesPerFrame: Int

    // kbit/s tables indexed by bitrate_index 1...14.
    private static let v1l1 = [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448]
    private static let v1l2 = [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384]
    private static let v1l3 = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
    private static let v2l1 = [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
    private static let v2l23 = [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]

    /// Parses the header at `index`; `nil` if there is no valid header (free-format frames are not accepted).
    public init?(_ bytes: [UInt8], at index: Int) {
        guard index >= 0, index + 4 <= bytes.count else { return nil }
        let b1 = bytes[index + 1], b2 = bytes[index + 2], b3 = bytes[index + 3]
        guard bytes[index] == 0xFF, b1 & 0xE0 == 0xE0 else { return nil }
        switch (b1 >> 3) & 0x03 {
        case 0b11: version = 1
        case 0b10: version = 2
        case 0b00: version = 25
        default: return nil
        }
        switch (b1 >> 1) & 0x03 {
        case 0b11: layer = 1
        case 0b10: layer = 2
        case 0b01: layer = 3
        default: return nil
        }
        let bitRateIndex = Int(b2 >> 4)
        let rateIndex = Int((b2 >> 2) & 0x03)
        guard (1...14).contains(bitRateIndex), rateIndex < 3 else { return nil }
        let table: [Int]
        switch (version, layer) {
        case (1, 1): table = Self.v1l1
        case (1, 2): table = Self.v1l2
        case (1, _): table = Self.v1l3
        case (_, 1): table = Self.v2l1
        default: table = Self.v2l23
        }
        bitRate = table[bitRateIndex - 1] * 1000
        let baseRates = [44_100, 48_000, 32_000]
        sampleRate = baseRates[rateIndex] / (version == 1 ? 1 : version == 2 ? 2 : 4)
        let padding = Int((b2 >> 1) & 0x01)
        channels = (b3 >> 6) == 0b11 ? 1 : 2
        switch layer {
        case 1:
            samplesPerFrame = 384
            frameLength = (12 * bitRate / sampleRate + padding) * 4
        case 2:
            samplesPerFrame = 1152
            frameLength = 144 * bitRate / sampleRate + padding
        default:
            samplesPerFrame = version == 1 ? 1152 : 576
            frameLength = (version == 1 ? 144 : 72) * bitRate / sampleRate + padding
        }
    }

    /// Size of an ID3v2 tag at the start of `bytes` (header, syncsafe size, optional footer; ID3v2.4 §3.1), or 0.
    public static func id3v2TagSize(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 else { return 0 }
        let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        let footer = bytes[5] & 0x10 != 0 ? 10 : 0
        return 10 + size + footer
    }

    /// Summary of a scan over MPEG audio data.
    public struct Scan: Hashable, Sendable {
        /// Number of valid frames found in sequence.
        public var frames = 0
        /// Samples per channel in those frames.
        public var samples = 0
        /// Sample rate of the first frame (0 if none).
        public var sampleRate = 0
        /// Duration in seconds (samples / sample rate).
        public var duration: Double { sampleRate > 0 ? Double(samples) / Double(sampleRate) : 0 }
    }

    /// Walks the frames of `bytes` (after an ID3v2 tag), resynchronising on damage, and counts them.
    public static func scan(_ bytes: [UInt8]) -> Scan {
        var result = Scan()
        var index = id3v2TagSize(bytes)
        while index + 4 <= bytes.count {
            // A header counts only if the next frame (or the end of data) follows where it says.
            if let header = MPEGAudioFrameHeader(bytes, at: index), header.frameLength > 4,
               index + header.frameLength >= bytes.count
                || MPEGAudioFrameHeader(bytes, at: index + header.frameLength) != nil {
                if result.sampleRate == 0 { result.sampleRate = header.sampleRate }
                // A leading Xing/Info frame (LAME tag) carries metadata, not audio.
                if !(result.frames == 0 && isXingFrame(bytes, at: index, length: header.frameLength)) {
                    result.frames += 1
                    result.samples += header.samplesPerFrame
                }
                index += header.frameLength
            } else {
                index += 1
            }
        }
        return result
    }

    /// Looks for the "Xing" or "Info" tag in the side-information area of the frame at `index`.
    private static func isXingFrame(_ bytes: [UInt8], at index: Int, length: Int) -> Bool {
        let end = min(index + min(length, 48), bytes.count)
        guard index + 8 <= end else { return false }
        let area = bytes[(index + 4)..<end]
        for tag in [Array("Xing".utf8), Array("Info".utf8)] {
            var start = area.startIndex
            while start + 4 <= area.endIndex {
                if Array(area[start..<(start + 4)]) == tag { return true }
                start += 1
            }
        }
        return false
    }

    /// True if `bytes` starts (after an optional ID3v2 tag) with an MPEG audio frame followed by another frame
    /// or the end of the data.
    public static func looksLikeMPEGAudio(_ bytes: [UInt8]) -> Bool {
        let start = id3v2TagSize(bytes)
        if start > 0, start >= bytes.count { return false }
        guard let header = MPEGAudioFrameHeader(bytes, at: start) else { return start > 0 }
        let next = start + header.frameLength
        return next >= bytes.count || MPEGAudioFrameHeader(bytes, at: next) != nil
    }
}
