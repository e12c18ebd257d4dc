import AudioPlayback
import Foundation
import Testing

/// Seeking in an MP3 by bytes: the offset of a time (CBR, a Xing table of contents) and the resync to the next
/// frame of bytes that start anywhere.
@Suite("MP3SeekMap: byte offsets and frame resync")
struct MP3SeekMapTests {
    /// An MPEG-1 Layer III frame header, 128 kbit/s, 44.1 kHz, stereo, no padding: 417 bytes a frame
    /// (144 × 128 000 / 44 100, ISO/IEC 11172-3 §2.4.3.1).
    static let header: [UInt8] = [0xFF, 0xFB, 0x90, 0x00]
    static let frameLength = 417

    static func frame(payload: UInt8 = 0) -> [UInt8] {
        header + [UInt8](repeating: payload, count: frameLength - 4)
    }

    @Test("CBR: the offset of a time is the audio's start after the ID3 tag + time × bit rate / 8, clamped to the file")
    func constantBitRate() throws {
        let tag: [UInt8] = [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 10] + [UInt8](repeating: 0, count: 10)
        let bytes = tag + (0..<100).flatMap { _ in Self.frame() }
        let map = try #require(MP3SeekMap(head: Array(bytes.prefix(2_000)), totalBytes: bytes.count))
        #expect(map.audioStart == 20 && map.toc == nil && map.header.bitRate == 128_000)
        #expect(abs(map.duration - Double(100 * Self.frameLength) * 8 / 128_000) < 1e-9)
        #expect(map.byteOffset(at: 0) == 20)
        #expect(map.byteOffset(at: 1) == 20 + 16_000)
        #expect(map.byteOffset(at: -3) == 20 && map.byteOffset(at: .nan) == 20)
        #expect(map.byteOffset(at: 10_000) == bytes.count, "past the end: the end")
    }

    @Test("resync: the first header followed by another where its length says; a false sync word in the audio is skipped; none in too few bytes")
    func resync() {
        var second = Self.frame()
        second.replaceSubrange(100..<104, with: Self.header)   // looks like a header, but no frame follows it
        let bytes = Self.frame() + second + Self.frame() + Self.frame()
        #expect(MP3SeekMap.frameStart(in: bytes, from: 0) == 0)
        #expect(MP3SeekMap.frameStart(in: bytes, from: 1) == Self.frameLength)
        #expect(MP3SeekMap.frameStart(in: bytes, from: Self.frameLength + 50) == 2 * Self.frameLength)
        #expect(MP3SeekMap.frameStart(in: Array(bytes.prefix(Self.frameLength + 3)), from: 0) == nil, "the next header is not in yet")
        #expect(MP3SeekMap.frameStart(in: [UInt8](repeating: 0xFF, count: 2_000), from: 0) == nil)
        #expect(MP3SeekMap(head: [1, 2, 3], totalBytes: 3) == nil)
    }

    @Test("VBR: a Xing header's frame count gives the duration and its table of contents the offsets, interpolated")
    func xingTable() throws {
        var first = Self.frame()
        // After the header and MPEG-1 stereo side information (32 bytes): "Xing", flags 7, frames, bytes, TOC.
        let toc = (0..<100).map { UInt8(min(255, $0 * $0 / 39)) }   // a curve: most bytes late
        let audioBytes = 50 * Self.frameLength
        let fields: [UInt8] = Array("Xing".utf8) + [0, 0, 0, 7] + [0, 0, 0, 50] + withUnsafeBytes(of: UInt32(audioBytes).bigEndian, Array.init) + toc
        first.replaceSubrange(36..<(36 + fields.count), with: fields)
        let bytes = first + (1..<50).flatMap { _ in Self.frame() }
        let map = try #require(MP3SeekMap(head: bytes, totalBytes: bytes.count))
        #expect(map.xingFrames == 50 && map.xingBytes == audioBytes && map.toc == toc)
        let duration = 50.0 * 1152 / 44_100
        #expect(abs(map.duration - duration) < 1e-9)
        // Half way: entry 50 (50² / 39 = 64) of 256 of the bytes.
        #expect(map.byteOffset(at: duration / 2) == Int(64.0 / 256 * Double(audioBytes)))
        // A quarter of the way between entries 10 (2) and 11 (3): 2.25 / 256.
        #expect(map.byteOffset(at: duration * 0.1025) == Int(2.25 / 256 * Double(audioBytes)))
    }

    @Test("the fixture (ID3 tag, LAME Info header, 128 kbit/s): the offset of 0.5 s, resynced, decodes to the second half")
    func fixture() throws {
        let bytes = try fixtureBytes("tone.mp3")
        let map = try #require(MP3SeekMap(head: bytes, totalBytes: bytes.count))
        #expect(map.audioStart == MPEGAudioFrameHeader.id3v2TagSize(bytes))
        #expect(abs(map.duration - 1.045) < 0.05, "\(map.duration)")
        let offset = map.byteOffset(at: 0.5)
        #expect(abs(offset - (map.audioStart + 8_000)) <= 2 * 418, "\(offset)")
        let start = try #require(MP3SeekMap.frameStart(in: bytes, from: offset))
        #expect(start >= offset && start - offset < 418)
        let tail = try MP3Decoder.decodeAll(Array(bytes[start...]), format: .cdStereo)
        let seconds = Double(tail.count / 2) / 44_100
        #expect(abs(seconds - (map.duration - 0.5)) < 0.08, "\(seconds) s decoded after the seek point")
    }

    @Test("joined files (the first one's Info header counts its own bytes, the file is over 1/16 longer): the bit rate decides, as FFmpeg's demuxer does; within 1/16 the header stands")
    func joinedFiles() throws {
        let tone = try fixtureBytes("tone.mp3")
        let one = try #require(MP3SeekMap(head: tone, totalBytes: tone.count))
        let xingBytes = try #require(one.xingBytes)
        #expect(one.xingFrames != nil)
        let joined = tone + tone + tone
        let three = try #require(MP3SeekMap(head: joined, totalBytes: joined.count))
        #expect(three.xingFrames == nil && three.toc == nil)
        let estimate = Double(joined.count - three.audioStart) * 8 / 128_000
        #expect(abs(three.duration - estimate) < 1e-9 && three.duration > 3 * one.duration - 0.2, "\(three.duration)")
        // A few bytes more than the header says (a trailing tag, a growing file): still the header's length.
        let slack = MP3SeekMap(head: tone, totalBytes: one.audioStart + xingBytes + xingBytes / 20)
        #expect(slack?.xingFrames == one.xingFrames && slack?.duration == one.duration)
    }
}
