import CAVUtil
import Foundation

/// Decrypts AES-128 segments (RFC 8216 §4.3.2.4, §5.2): AES-128 in CBC mode with PKCS#7 padding
/// (RFC 5652 §6.3), on libavutil's `av_aes`.
enum SegmentDecryptor {
    /// Size of an AES-128 key and of an AES block, in bytes (FIPS-197).
    static let keySize = 16

    /// Decrypts `ciphertext` with a 16-byte `key` and 16-byte `iv`, removing the padding.
    ///
    /// - Throws: `DownloadError` of kind `.decryption` when the length is not a whole number of blocks
    ///   or the padding is invalid (`subject` says which segment).
    static func decrypt(_ ciphertext: [UInt8], key: [UInt8], iv: [UInt8],
                        subject: DownloadError.Subject) throws -> [UInt8] {
        guard key.count == keySize else {
            throw DownloadError(.invalidKey, subject, "AES-128 key is \(key.count) bytes, not 16")
        }
        guard !ciphertext.isEmpty, ciphertext.count % keySize == 0 else {
            throw DownloadError(.decryption, subject,
                                "encrypted length \(ciphertext.count) is not a positive multiple of 16")
        }
        guard iv.count == keySize, var plaintext = cbcDecrypt(ciphertext, key: key, iv: iv),
              let padding = plaintext.last.map(Int.init), (1...keySize).contains(padding),
              plaintext.suffix(padding).allSatisfy({ Int($0) == padding }) else {
            throw DownloadError(.decryption, subject, "AES-128-CBC decryption failed (wrong key or bad padding)")
        }
        plaintext.removeLast(padding)
        return plaintext
    }

    /// AES-128-CBC decryption of whole blocks, padding kept (nil if libavutil cannot make a context).
    private static func cbcDecrypt(_ ciphertext: [UInt8], key: [UInt8], iv: [UInt8]) -> [UInt8]? {
        guard let context = av_aes_alloc() else { return nil }
        defer { av_free(UnsafeMutableRawPointer(context)) }
        guard key.withUnsafeBufferPointer({ av_aes_init(context, $0.baseAddress, 128, 1) }) == 0 else { return nil }
        var chain = iv   // av_aes_crypt updates the IV in place, block by block
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
        plaintext.withUnsafeMutableBufferPointer { output in
            ciphertext.withUnsafeBufferPointer { input in
                chain.withUnsafeMutableBufferPointer { vector in
                    av_aes_crypt(context, output.baseAddress, input.baseAddress, Int32(ciphertext.count / keySize),
                                 vector.baseAddress, 1)
                }
            }
        }
        return plaintext
    }
}
