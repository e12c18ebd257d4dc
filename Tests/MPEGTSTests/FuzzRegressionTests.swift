import Testing
@testable import MPEGTS

/// Inputs the `mpegts` fuzz target (Fuzz/MPEGTS, `scripts/fuzz.sh mpegts`) found, reduced to what matters.
@Suite("Fuzz regressions: MPEG-TS demuxer")
struct MPEGTSFuzzRegressionTests {
    /// A valid stream (PAT, PMT, one PES packet on the audio PID) after `garbageCount` bytes without a sync byte.
    static func streamAfterGarbage(_ garbageCount: Int) -> [UInt8] {
        let garbage = [UInt8](repeating: 0x00, count: garbageCount)
        let packets = [
            PacketBuilder.psiPacket(pid: 0, cc: 0, section: PacketBuilder.ffmpegPATSection),
            PacketBuilder.psiPacket(pid: 0x1000, cc: 0, section: PacketBuilder.ffmpegPMTSection),
        ] + PacketBuilder.packets(pid: 0x101, firstCC: 0, carrying: PacketBuilder.pes([UInt8](repeating: 0xA1, count: 100)))
        return garbage + packets.flatMap { $0 }
    }

    /// Feeds `bytes` in pieces of `pieceSize`; returns the error of the first feed that throws, if any.
    static func firstError(_ bytes: [UInt8], pieceSize: Int) -> DemuxError? {
        var demuxer = TransportStreamDemuxer()
        var start = 0
        do {
            while start < bytes.count {
                let end = min(start + pieceSize, bytes.count)
                _ = try demuxer.feed(bytes[start ..< end])
                start = end
            }
            _ = demuxer.finish()
            return nil
        } catch {
            return error
        }
    }

    /// Found by the fuzzer (invariant "feeding in pieces differs from feeding at once"): the initial sync
    /// search limit was only checked at the end of each `feed`, so a stream whose first sync lies past the
    /// limit was accepted when fed at once and refused when fed in pieces, and the `searched` count of the
    /// error depended on the piece sizes.
    @Test("The initial sync search stops at its limit however the input is split")
    func initialSyncLimitIndependentOfPieces() {
        let limit = TransportStreamDemuxer.maximumInitialSyncSearch
        let expected = DemuxError.noSync(offset: 0, searched: limit + 1)
        let bytes = Self.streamAfterGarbage(limit + 500)
        for pieceSize in [bytes.count, 1000, 188, 7, 1] {
            #expect(Self.firstError(bytes, pieceSize: pieceSize) == expected, "pieces of \(pieceSize) bytes")
        }
        #expect(throws: expected) { try TransportStreamDemuxer.extractAudio(from: bytes) }
    }

    @Test("A stream whose sync lies within the search limit is found however the input is split")
    func syncWithinLimitFound() throws {
        let bytes = Self.streamAfterGarbage(TransportStreamDemuxer.maximumInitialSyncSearch)
        for pieceSize in [bytes.count, 1000, 188, 7, 1] {
            #expect(Self.firstError(bytes, pieceSize: pieceSize) == nil, "pieces of \(pieceSize) bytes")
        }
        #expect(try TransportStreamDemuxer.extractAudio(from: bytes).data == [UInt8](repeating: 0xA1, count: 100))
    }

    @Test("After giving up on the sync, later feeds throw again and return nothing")
    func feedsAfterGivingUpKeepThrowing() {
        var demuxer = TransportStreamDemuxer()
        let bytes = Self.streamAfterGarbage(TransportStreamDemuxer.maximumInitialSyncSearch + 500)
        #expect(throws: DemuxError.self) { try demuxer.feed(bytes) }
        #expect(throws: DemuxError.self) { try demuxer.feed(bytes) }
        #expect(demuxer.finish().isEmpty)
    }

    /// A PMT (program 1, version `version`) with one stream of `type` on `pid`, CRC included.
    static func pmtSection(version: UInt8, type: StreamType, pid: UInt16) -> [UInt8] {
        var section: [UInt8] = [0x02, 0xB0, 0x12, 0x00, 0x01, 0xC1 | (version & 0x1F) << 1, 0x00, 0x00,
                                0xE0 | UInt8(pid >> 8), UInt8(pid & 0xFF), 0xF0, 0x00,
                                type.rawValue, 0xE0 | UInt8(pid >> 8), UInt8(pid & 0xFF), 0xF0, 0x00]
        let crc = CRC32MPEG2.checksum(section)
        section += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        return section
    }

    /// MP3 on PID 0x101, then a new PMT moves the audio to PID 0x102 with `secondType`.
    static func streamWithMovedAudio(secondType: StreamType) -> [UInt8] {
        let packets = [
            PacketBuilder.psiPacket(pid: 0, cc: 0, section: PacketBuilder.ffmpegPATSection),
            PacketBuilder.psiPacket(pid: 0x1000, cc: 0, section: pmtSection(version: 0, type: .mpeg1Audio, pid: 0x101)),
        ] + PacketBuilder.packets(pid: 0x101, firstCC: 0, carrying: PacketBuilder.pes([UInt8](repeating: 0xA1, count: 100)))
            + [PacketBuilder.psiPacket(pid: 0x1000, cc: 1, section: pmtSection(version: 1, type: secondType, pid: 0x102))]
            + PacketBuilder.packets(pid: 0x102, firstCC: 0, carrying: PacketBuilder.pes([UInt8](repeating: 0xB2, count: 100)))
        return packets.flatMap { $0 }
    }

    // Found by the fuzz target in CI: after a PMT moved the first audio stream to a PID of another stream
    // type, extractAudioStream returned the new stream (AAC) with the old stream's MP3 bytes in front.
    @Test("Audio moved to a PID of another type: only the returned stream's format is extracted")
    func movedAudioOfAnotherTypeIsNotMixed() throws {
        let (stream, codec, data) = try TransportStreamDemuxer.extractAudioStream(
            from: Self.streamWithMovedAudio(secondType: .aacADTS))
        #expect(stream.pid == 0x102)
        #expect(codec == .aacADTS)
        #expect(data == [UInt8](repeating: 0xB2, count: 100))
    }

    @Test("Audio moved to a PID of the same type: both parts are extracted, in order")
    func movedAudioOfTheSameTypeIsKept() throws {
        let (stream, codec, data) = try TransportStreamDemuxer.extractAudioStream(
            from: Self.streamWithMovedAudio(secondType: .mpeg1Audio))
        #expect(stream.pid == 0x102)
        #expect(codec == .mpeg1Audio)
        #expect(data == [UInt8](repeating: 0xA1, count: 100) + [UInt8](repeating: 0xB2, count: 100))
    }
}
