/// How far a download has got. Values reported by one ``DownloadTask`` never decrease, and `fraction`
/// is exactly `1.0` only in the last value, sent after the output file is complete and in place.
///
/// `fraction` is `bytesWritten / totalBytes` when the total is known up front (every segment has an
/// `EXT-X-BYTERANGE` and nothing is decrypted), otherwise `segmentsWritten / totalSegments`; it stays
/// below 1 until the file is complete.
public struct DownloadProgress: Sendable, Equatable, CustomStringConvertible {
    /// Bytes appended to the output file so far (including init sections).
    public var bytesWritten: Int64
    /// Size of the finished file when known before downloading; `nil` otherwise.
    public var totalBytes: Int64?
    /// Media segments appended to the output file so far.
    public var segmentsWritten: Int
    /// Media segments in the chosen media playlist.
    public var totalSegments: Int
    /// Completed fraction in `0 ... 1`.
    public var fraction: Double

    /// Creates a progress value.
    public init(bytesWritten: Int64, totalBytes: Int64?, segmentsWritten: Int, totalSegments: Int,
                fraction: Double) {
        self.bytesWritten = bytesWritten
        self.totalBytes = totalBytes
        self.segmentsWritten = segmentsWritten
        self.totalSegments = totalSegments
        self.fraction = fraction
    }

    /// Progress while the file is still incomplete: the fraction is capped just below 1.
    static func partial(bytesWritten: Int64, totalBytes: Int64?, segmentsWritten: Int,
                        totalSegments: Int) -> DownloadProgress {
        let raw: Double
        if let totalBytes, totalBytes > 0 {
            raw = Double(bytesWritten) / Double(totalBytes)
        } else if totalSegments > 0 {
            raw = Double(segmentsWritten) / Double(totalSegments)
        } else {
            raw = 0
        }
        let fraction = min(max(raw, 0), Double(1).nextDown)
        return DownloadProgress(bytesWritten: bytesWritten, totalBytes: totalBytes,
                                segmentsWritten: segmentsWritten, totalSegments: totalSegments,
                                fraction: fraction)
    }

    /// `"42.0% 1.2 MB/2.9 MB, 12/27 segments"`.
    public var description: String {
        let percent = (fraction * 1000).rounded(.down) / 10
        let total = totalBytes.map { "/\(ByteCountText.format($0))" } ?? ""
        return "\(percent)% \(ByteCountText.format(bytesWritten))\(total), "
            + "\(segmentsWritten)/\(totalSegments) segments"
    }
}

/// Human-readable byte counts in powers of 1000 (SI), e.g. `"1.2 MB"`.
public enum ByteCountText {
    /// Formats `bytes` as `"999 B"`, `"12.3 kB"`, `"1.2 MB"`, `"3.4 GB"`.
    public static func format(_ bytes: Int64) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let rounded = (value * 10).rounded() / 10
        return "\(rounded) \(units[unit])"
    }
}
