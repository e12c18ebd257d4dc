import Foundation

/// The static facts about the segments of a media playlist that the pipeline needs: which segments are
/// preceded by an init section in the output, the expected total size, and encryption support.
struct SegmentPlan: Sendable {
    /// The segments in playlist order.
    let segments: [MediaSegment]

    init(segments: [MediaSegment]) {
        self.segments = segments
    }

    /// Whether segment `index` must be preceded by its `EXT-X-MAP` section in the output: it has one and it
    /// differs from the previous segment's (RFC 8216 §4.3.2.5: the section applies until the next `EXT-X-MAP`).
    func needsInitSection(before index: Int) -> Bool {
        guard let section = segments[index].initSection else { return false }
        return index == 0 || segments[index - 1].initSection != section
    }

    /// The size of the complete output when every written byte is known up front: every segment and every
    /// written init section has a byte range, and nothing is decrypted (padding makes the size unknown). Nil too
    /// when the ranges add up past `Int64.max` (a hostile playlist; each range alone fits): no sum can trap.
    var totalBytes: Int64? {
        var total: Int64 = 0
        for index in segments.indices {
            let segment = segments[index]
            guard segment.key == nil, let range = segment.byteRange else { return nil }
            var lengths = [range.length]
            if needsInitSection(before: index) {
                guard let section = segment.initSection, section.key == nil, let initRange = section.byteRange
                else { return nil }
                lengths.append(initRange.length)
            }
            for length in lengths {
                let (sum, overflow) = total.addingReportingOverflow(Int64(length))
                guard !overflow else { return nil }
                total = sum
            }
        }
        return total
    }

    /// The first segment whose encryption cannot be handled (anything but AES-128 with the identity key
    /// format), refused before any segment is fetched.
    func unsupportedEncryption(playlistURL: URL) -> DownloadError? {
        for (index, segment) in segments.enumerated() {
            if let key = segment.initSection?.key, key.keyFormat != "identity" {
                return DownloadError(.unsupportedEncryption, .playlist(url: playlistURL.redactedString, line: segment.line),
                                     "the EXT-X-MAP of segment \(index) uses KEYFORMAT=\"\(key.keyFormat)\", only identity keys are supported")
            }
            guard let key = segment.key else { continue }
            let subject = DownloadError.Subject.playlist(url: playlistURL.redactedString, line: segment.line)
            guard key.method == .aes128 else {
                return DownloadError(.unsupportedEncryption, subject,
                                     "segment \(index) uses METHOD=\(key.method), only AES-128 can be decrypted")
            }
            guard key.keyFormat == "identity" else {
                return DownloadError(.unsupportedEncryption, subject,
                                     "segment \(index) uses KEYFORMAT=\"\(key.keyFormat)\", only identity keys are supported")
            }
        }
        return nil
    }
}
