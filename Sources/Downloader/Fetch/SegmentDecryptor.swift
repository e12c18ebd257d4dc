import Crypto
import _CryptoExtras
import Foundation

/// Decrypts AES-128 segments (RFC 8216 §4.3.2.4, §5.2): AES-128 in CBC mode with PKCS#7 padding
/// (RFC 5652 §6.3), using swift-crypto's `AES._CBC`.
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
        do {
            let plaintext = try AES._CBC.decrypt(ciphertext, using: SymmetricKey(data: key),
                                                 iv: AES._CBC.IV(ivBytes: iv))
            return [UInt8](plaintext)
        } catch {
            throw DownloadError(.decryption, subject, "AES-128-CBC decryption failed (wrong key or bad padding)")
        }
    }
}
