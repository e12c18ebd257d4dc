/// The CRC-32 used by MPEG-2 PSI sections (ISO/IEC 13818-1, Annex A): polynomial 0x04C11DB7,
/// initial value 0xFFFFFFFF, no bit reflection, no final XOR.
///
/// A section whose trailing `CRC_32` field is correct has a checksum of zero over its full length
/// including that field, which is what ``TransportStreamDemuxer`` checks.
///
/// ```swift
/// CRC32MPEG2.checksum(Array("123456789".utf8)) == 0x0376E6E7
/// ```
public enum CRC32MPEG2 {
    /// Byte-at-a-time lookup table for the MSB-first polynomial 0x04C11DB7.
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index) << 24
        for _ in 0..<8 {
            crc = (crc & 0x8000_0000) != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1
        }
        return crc
    }

    /// Returns the MPEG-2 CRC-32 of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = (crc << 8) ^ table[Int(((crc >> 24) ^ UInt32(byte)) & 0xFF)]
        }
        return crc
    }
}
