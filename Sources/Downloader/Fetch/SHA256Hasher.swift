import CAVUtil

/// SHA-256 (FIPS 180-4) fed in pieces, on libavutil's `av_sha`: the digest of a downloaded file, reported in
/// ``DownloadResult`` and fingerprinting a playlist for resume (``PlaylistFingerprint``).
///
/// ```swift
/// var hasher = SHA256Hasher()
/// hasher.update(data: Array("abc".utf8))
/// hasher.hexDigest()   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
///
/// A value type over one libavutil context: a copy shares it, so use each hasher along one line (as a local `var`
/// passed `inout`), never two copies side by side.
struct SHA256Hasher: @unchecked Sendable {
    /// libavutil's context (`struct AVSHA`), freed with the last reference.
    private final class Context {
        let pointer: OpaquePointer?
        init() {
            pointer = av_sha_alloc()
            // 256 is one of av_sha_init's sizes (160, 224, 256): it cannot fail for it.
            if let pointer { _ = av_sha_init(pointer, 256) }
        }
        deinit { av_free(UnsafeMutableRawPointer(pointer)) }
    }

    private let context = Context()
    private var finished = false

    /// A hasher with nothing fed yet.
    init() {}

    /// Feeds `data`.
    mutating func update(data: [UInt8]) {
        precondition(!finished, "SHA256Hasher used after finalize()")
        guard let pointer = context.pointer, !data.isEmpty else { return }
        data.withUnsafeBufferPointer { av_sha_update(pointer, $0.baseAddress, $0.count) }
    }

    /// The 32-byte digest of everything fed (the hasher is spent).
    mutating func finalize() -> [UInt8] {
        finished = true
        var digest = [UInt8](repeating: 0, count: 32)
        guard let pointer = context.pointer else { return digest }
        digest.withUnsafeMutableBufferPointer { av_sha_final(pointer, $0.baseAddress) }
        return digest
    }

    /// The digest in lower-case hexadecimal (the hasher is spent).
    mutating func hexDigest() -> String {
        finalize().map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }
}
