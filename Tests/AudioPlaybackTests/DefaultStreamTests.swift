import Foundation
import Testing
import MPEGTS
@testable import AudioPlayback

/// Checks the generated demo stream in Sources/Samples/DefaultStream with our demuxer and decoder.
@Suite("Embedded default stream")
struct DefaultStreamTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Samples/DefaultStream")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    @Test("Both audio renditions are MP3 in MPEG-TS and decode to about 10 s of audible sound")
    func renditions() throws {
        for (name, channels) in [("hls_a64K.ts", 1), ("hls_a192K.ts", 2)] {
            let (stream, codec, mp3) = try TransportStreamDemuxer.extractAudioStream(from: try Self.bytes(name))
            #expect(codec == .mpeg1Audio, "\(name)")
            #expect(stream.streamType == .mpeg1Audio)
            let header = try #require(MPEGAudioFrameHeader(mp3, at: 0))
            #expect(header.channels == channels, "\(name)")
            let pcm = try MP3Decoder.decodeAll(mp3)
            let seconds = Double(pcm.count / 2) / 44_100
            #expect(seconds > 9.5 && seconds < 11, "\(name): \(seconds) s")
            // Every whole second up to the last has sound (RMS above -40 dBFS ≈ 328).
            for second in 0..<9 {
                let slice = pcm[(second * 88_200)..<((second + 1) * 88_200)]
                let rms = (slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(slice.count)).squareRoot()
                #expect(rms > 328, "\(name) second \(second): RMS \(rms)")
            }
        }
    }

    @Test("Byte ranges of the 192K playlist tile the .ts file on packet boundaries (implicit offsets resolved)")
    func byteRanges() throws {
        let playlist = String(decoding: try Self.bytes("hls_a192K_v4.m3u8"), as: UTF8.self)
        var next = 0
        var implicit = 0
        var explicit = 0
        for line in playlist.split(separator: "\n") where line.hasPrefix("#EXT-X-BYTERANGE:") {
            let parts = line.dropFirst("#EXT-X-BYTERANGE:".count).split(separator: "@")
            let length = try #require(Int(parts[0]))
            if parts.count == 2 {
                #expect(Int(parts[1]) == next)
                explicit += 1
            } else {
                implicit += 1
            }
            #expect(next % 188 == 0)
            next += length
        }
        #expect(next == (try Self.bytes("hls_a192K.ts")).count)
        #expect(implicit >= 3 && explicit >= 3)
    }

    @Test("The fallback is a 4 s MP3")
    func fallback() throws {
        let mp3 = try Self.bytes("fallback.mp3")
        #expect(AudioSourceResolver.classify(mp3) == .mp3)
        let seconds = Double(try MP3Decoder.decodeAll(mp3).count / 2) / 44_100
        #expect(abs(seconds - 4.0) < 0.1)
    }
}
