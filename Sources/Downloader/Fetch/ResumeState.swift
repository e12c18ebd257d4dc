import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a partial download has achieved, stored as JSON next to the partial file (`FILE.part.resume`)
/// at most every 250 ms and when the download stops (see ``SegmentPipeline``), so that an interrupted
/// download can continue where it stopped.
///
/// The segment data is appended before the state is replaced (atomically, by rename), so the partial
/// file is never shorter than `byteOffset`; on resume it is truncated back to exactly `byteOffset`.
struct ResumeState: Codable, Sendable, Equatable {
    /// Format version of this record.
    var version = 1
    /// ``PlaylistFingerprint`` of the media playlist being downloaded.
    var fingerprint: String
    /// Media segments fully appended.
    var segmentsWritten: Int
    /// Size of the partial file after those segments.
    var byteOffset: Int64

    /// Path of the state file for a partial file.
    static func path(forPartial partialPath: String) -> String { partialPath + ".resume" }

    /// Loads the state, or `nil` when there is none or it is unreadable.
    static func load(from path: String) -> ResumeState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(ResumeState.self, from: data)
    }

    /// Replaces the state file atomically: writes `path.tmp`, then `rename(2)`s it over `path`.
    ///
    /// No `fsync`: the state survives the process being killed at any point (the kernel keeps both files'
    /// data), which is what resuming is for; surviving a power loss would need the partial file synced too,
    /// costing milliseconds per segment.
    func save(to path: String) throws(DownloadError) {
        let data: Data
        do { data = try JSONEncoder().encode(self) } catch {
            throw DownloadError(.output, .output(path: path), "cannot encode resume state")
        }
        let temporary = path + ".tmp"
        unlink(temporary)  // made anew (O_EXCL), never through a link (POSIXOutputFile)
        let file = try POSIXOutputFile(path: temporary)
        try file.truncate(to: 0)
        try file.append([UInt8](data))
        try file.close()
        guard rename(temporary, path) == 0 else {
            throw POSIXOutputFile.error("cannot rename \(temporary) to \(path)", path: path)
        }
    }
}

/// Identifies the exact media playlist a partial file was made from: SHA-256 over the playlist's URL
/// (credentials removed), a newline and the playlist bytes, in hex.
enum PlaylistFingerprint {
    /// The fingerprint of `bytes` loaded from `url`.
    static func make(url: URL, bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(data: Array(url.redactedString.utf8))
        hasher.update(data: [0x0A])
        hasher.update(data: bytes)
        return hasher.finalize().map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
