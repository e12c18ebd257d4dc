import _CryptoExtras
import Crypto
import Foundation
import Testing
@testable import Downloader

@Suite struct FetchDecryptorTests {
    // NIST SP 800-38A, F.2.1/F.2.2 (CBC-AES128): key, IV, four plaintext blocks and their ciphertext.
    static let key = hex("2b7e151628aed2a6abf7158809cf4f3c")
    static let iv = hex("000102030405060708090a0b0c0d0e0f")
    static let plaintext = hex("6bc1bee22e409f96e93d7e117393172a" + "ae2d8a571e03ac9c9eb76fac45af8e51"
        + "30c81c46a35ce411e5fbc1191a0a52ef" + "f69f2445df4f9b17ad2b417be66c3710")
    static let ciphertext = hex("7649abac8119b246cee98e9b12e9197d" + "5086cb9b507219ee95db113a917678b2"
        + "73bed6b8e3c1743b7116e69e22229516" + "3ff1caa1681fac09120eca307586e1a7")

    @Test func decryptsTheNISTVectorWithPKCS7Padding() throws {
        // The vector has no padding; append the PKCS#7 block (16 × 0x10) encrypted under the last
        // ciphertext block, as an encoder would have produced it.
        let padding = [UInt8](repeating: 16, count: 16)
        let paddingBlock = try AES._CBC.encrypt(padding, using: SymmetricKey(data: Self.key),
                                                iv: AES._CBC.IV(ivBytes: Self.ciphertext.suffix(16)), noPadding: true)
        let plain = try SegmentDecryptor.decrypt(Self.ciphertext + [UInt8](paddingBlock), key: Self.key, iv: Self.iv,
                                                 subject: .download)
        #expect(plain == Self.plaintext)
    }

    @Test func rejectsBadKeyLengthBlockLengthAndPadding() throws {
        #expect(throws: DownloadError.self) {
            try SegmentDecryptor.decrypt(Self.ciphertext, key: Array(Self.key.prefix(15)), iv: Self.iv, subject: .download)
        }
        let lengthError = #expect(throws: DownloadError.self) {
            try SegmentDecryptor.decrypt(Array(Self.ciphertext.prefix(20)), key: Self.key, iv: Self.iv, subject: .download)
        }
        #expect(lengthError?.kind == .decryption)
        // The raw vector ends in plaintext byte 0x10 preceded by other values: not valid PKCS#7.
        let paddingError = #expect(throws: DownloadError.self) {
            try SegmentDecryptor.decrypt(Self.ciphertext, key: Self.key, iv: Self.iv, subject: .download)
        }
        #expect(paddingError?.kind == .decryption)
    }

    @Test("segments of every length decrypt as swift-crypto encrypted them (an independent implementation)",
          arguments: [0, 1, 15, 16, 17, 100, 4096, 65_537])
    func matchesSwiftCrypto(_ length: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let plain = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let key = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let iv = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let cipher = try AES._CBC.encrypt(plain, using: SymmetricKey(data: key), iv: AES._CBC.IV(ivBytes: iv))
        #expect(try SegmentDecryptor.decrypt([UInt8](cipher), key: key, iv: iv, subject: .download) == plain)
        // The wrong key: the padding check refuses it (or, 1 time in 256, it yields garbage of another length).
        let wrongKey = key.map { $0 ^ 0x5A }
        let garbled = try? SegmentDecryptor.decrypt([UInt8](cipher), key: wrongKey, iv: iv, subject: .download)
        #expect(garbled != plain)
    }

    @Test("SHA-256 fed in pieces is swift-crypto's SHA-256 of the whole; the FIPS 180-2 \"abc\" vector")
    func sha256() {
        var hasher = SHA256Hasher()
        hasher.update(data: Array("abc".utf8))
        #expect(hasher.hexDigest() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<100_003).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var pieces = SHA256Hasher()
        var offset = 0
        for size in [0, 1, 63, 64, 65, 4096, 100_003] where offset < bytes.count {
            let end = min(bytes.count, offset + size)
            pieces.update(data: Array(bytes[offset..<end]))
            offset = end
        }
        pieces.update(data: Array(bytes[offset...]))
        #expect(pieces.finalize() == Array(SHA256.hash(data: bytes)))
    }
}

/// Bytes from a hex string (test constants only).
func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index ..< next], radix: 16) ?? 0)
        index = next
    }
    return bytes
}
