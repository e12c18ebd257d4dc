import Foundation
import Testing
@testable import Downloader

@Suite struct PlaylistModelTests {
    @Test func byteRangeBoundsAndHTTPHeader() {
        let range = ByteRange(length: 1000, offset: 500)
        #expect(range.upperBound == 1500)
        #expect(range.range == 500 ..< 1500)
        #expect(range.httpRangeHeaderValue == "bytes=500-1499")
        #expect(range.description == "1000@500")
    }

    @Test func checkedByteRangeRejectsOverflowAndEmpty() {
        #expect(ByteRange(checkedLength: 10, offset: Int.max - 5) == nil)
        #expect(ByteRange(checkedLength: 0, offset: 0) == nil)
        #expect(ByteRange(checkedLength: 5, offset: -1) == nil)
        #expect(ByteRange(checkedLength: 5, offset: 7) == ByteRange(length: 5, offset: 7))
    }

    @Test func implicitIVIsBigEndianSequenceNumber() throws {
        let url = try #require(URL(string: "https://example.com/key"))
        let key = SegmentKey(method: .aes128, uri: url)
        // 258 = 0x0102 -> last two bytes 0x01 0x02, all others zero (RFC 8216 §5.2).
        var expected = [UInt8](repeating: 0, count: 16)
        expected[14] = 0x01
        expected[15] = 0x02
        #expect(key.initializationVector(forSequenceNumber: 258) == expected)
        #expect(key.initializationVector(forSequenceNumber: 0) == [UInt8](repeating: 0, count: 16))
        let explicit: [UInt8] = Array(1 ... 16)
        let keyWithIV = SegmentKey(method: .aes128, uri: url, iv: explicit)
        #expect(keyWithIV.initializationVector(forSequenceNumber: 258) == explicit)
    }

    @Test func encryptionMethodNames() {
        #expect(EncryptionMethod(name: "NONE") == nil)
        #expect(EncryptionMethod(name: "AES-128") == .aes128)
        #expect(EncryptionMethod(name: "SAMPLE-AES") == .sampleAES)
        #expect(EncryptionMethod(name: "SAMPLE-AES-CTR") == .other("SAMPLE-AES-CTR"))
    }

    @Test func errorDescriptionNamesLineAndURL() throws {
        let url = try #require(URL(string: "http://host/a.m3u8"))
        let error = PlaylistError(line: 7, url: url, message: "boom")
        #expect(error.description == "line 7: boom [http://host/a.m3u8]")
        // Credentials in the playlist URL or in a URI line never reach the message.
        let secret = try #require(URL(string: "http://me:s3cret@host/a.m3u8"))
        #expect(PlaylistError(line: 1, url: secret, message: "boom").description == "line 1: boom [http://***@host/a.m3u8]")
        let parsed = PlaylistFixtures.parseError(PlaylistFixtures.media("#EXTINF:4,", "ftp://u:pw2@h/a.ts"), url: secret)
        #expect(parsed?.line == 4)
        #expect(parsed?.description.contains("s3cret") == false)
        #expect(parsed?.description.contains("pw2") == false)
    }
}
