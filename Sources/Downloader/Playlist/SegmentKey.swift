import Foundation

/// An `EXT-X-KEY` in effect for a segment (RFC 8216 §4.3.2.4), for any method other than `NONE`.
public struct SegmentKey: Sendable, Hashable {
    /// `METHOD`.
    public var method: EncryptionMethod
    /// `URI` of the key, resolved against the media playlist's URL.
    public var uri: URL
    /// `IV`: the explicit 16-byte initialization vector, if given.
    public var iv: [UInt8]?
    /// `KEYFORMAT`; `"identity"` when absent (§4.3.2.4).
    public var keyFormat: String
    /// `KEYFORMATVERSIONS` as written, if given.
    public var keyFormatVersions: String?

    /// Creates a key.
    public init(method: EncryptionMethod, uri: URL, iv: [UInt8]? = nil, keyFormat: String = "identity",
                keyFormatVersions: String? = nil) {
        self.method = method
        self.uri = uri
        self.iv = iv
        self.keyFormat = keyFormat
        self.keyFormatVersions = keyFormatVersions
    }

    /// The 16-byte IV for decrypting the segment with the given media sequence number (RFC 8216 §5.2):
    /// the explicit `IV` if present, otherwise the sequence number as a big-endian 128-bit integer.
    ///
    /// ```swift
    /// key.initializationVector(forSequenceNumber: 258)   // [0, ..., 0, 0x01, 0x02]
    /// ```
    public func initializationVector(forSequenceNumber sequenceNumber: Int) -> [UInt8] {
        if let iv { return iv }
        var bytes = [UInt8](repeating: 0, count: 16)
        let value = UInt64(truncatingIfNeeded: sequenceNumber)
        for index in 0 ..< 8 {
            bytes[15 - index] = UInt8(truncatingIfNeeded: value >> (UInt64(index) * 8))
        }
        return bytes
    }
}
