import Testing
@testable import AudioPlayback

/// The streaming decoder on chunked input: how the bytes are cut must not change the PCM.
@Suite("MP3 decoding of chunked input")
struct ChunkedDecodingTests {
    /// Decodes `mp3` fed in the given pieces, draining after each feed (as a stream session does).
    static func decode(_ pieces: [ArraySlice<UInt8>]) throws -> [Int16] {
        let decoder = try MP3Decoder(format: .cdStereo)
        var pcm: [Int16] = []
        for piece in pieces {
            try decoder.feed(Array(piece))
            while let block = try decoder.decode(maxFrames: 4096) { pcm += block }
        }
        return pcm
    }

    /// Byte offsets where MPEG audio frames start.
    static func frameBoundaries(_ mp3: [UInt8]) -> [Int] {
        var boundaries: [Int] = []
        var index = MPEGAudioFrameHeader.id3v2TagSize(mp3)
        while let header = MPEGAudioFrameHeader(mp3, at: index), index + header.frameLength <= mp3.count {
            boundaries.append(index)
            index += header.frameLength
        }
        return boundaries
    }

    @Test("split at every byte position around every frame boundary: the same PCM as unsplit")
    func everyFrameBoundary() throws {
        let mp3 = try fixtureBytes("tone.mp3")
        let whole = try Self.decode([mp3[...]])
        #expect(whole.count == 2 * 44_100)
        let boundaries = Self.frameBoundaries(mp3)
        #expect(boundaries.count > 30)
        var splits = 0
        for boundary in boundaries {
            // The 4 header bytes and the bytes either side: where a decoder most easily goes wrong.
            for position in (boundary - 2)...(boundary + 5) where position > 0 && position < mp3.count {
                let pcm = try Self.decode([mp3[..<position], mp3[position...]])
                let same = pcm == whole
                #expect(same, "split at \(position) (frame boundary \(boundary)): \(firstDifference(pcm, whole[...]))")
                splits += 1
            }
        }
        #expect(splits > 200)
    }

    @Test("split at every byte position of one whole frame, and fed byte by byte")
    func everyPositionOfAFrame() throws {
        let mp3 = try fixtureBytes("tone.mp3")
        let whole = try Self.decode([mp3[...]])
        let boundaries = Self.frameBoundaries(mp3)
        let start = boundaries[boundaries.count / 2], end = boundaries[boundaries.count / 2 + 1]
        for position in start...end {
            let same = try Self.decode([mp3[..<position], mp3[position...]]) == whole
            #expect(same, "split at \(position)")
        }
        let byteByByte = try Self.decode(mp3.indices.map { mp3[$0...$0] })
        let same = byteByByte == whole
        #expect(same, "\(firstDifference(byteByByte, whole[...]))")
    }
}
