import Testing
@testable import MPEGTS

/// Streams assembled packet by packet, so every expected value is known by construction.
@Suite("Demuxing hand-built packets")
struct HandBuiltStreamTests {
    static let audioPID: UInt16 = 0x101
    static let payloadA = [UInt8](repeating: 0xA1, count: 300)
    static let payloadB = [UInt8](repeating: 0xB2, count: 250)
    static let payloadC = [UInt8](repeating: 0xC3, count: 100)

    /// PAT, PMT, then PES packets A (2 packets), B (2 packets), C (1 packet) on the audio PID.
    static func stream() -> [[UInt8]] {
        var packets = [
            PacketBuilder.psiPacket(pid: 0, cc: 0, section: PacketBuilder.ffmpegPATSection),
            PacketBuilder.psiPacket(pid: 0x1000, cc: 0, section: PacketBuilder.ffmpegPMTSection),
        ]
        var cc: UInt8 = 0
        for payload in [payloadA, payloadB, payloadC] {
            let pesPackets = PacketBuilder.packets(pid: audioPID, firstCC: cc, carrying: PacketBuilder.pes(payload))
            packets += pesPackets
            cc = (cc + UInt8(pesPackets.count)) & 0x0F
        }
        return packets
    }

    static func demux(_ bytes: [UInt8]) throws -> (TransportStreamDemuxer, [ElementaryStreamChunk]) {
        var demuxer = TransportStreamDemuxer()
        var chunks = try demuxer.feed(bytes)
        chunks += demuxer.finish()
        return (demuxer, chunks)
    }

    @Test("PAT and PMT give the program and its two streams; the audio stream is selected")
    func tables() throws {
        let (demuxer, chunks) = try Self.demux(Self.stream().flatMap { $0 })
        #expect(demuxer.programs.count == 1)
        #expect(demuxer.programs.first?.pmtPID == 0x1000)
        #expect(demuxer.programs.first?.pcrPID == 0x100)
        #expect(demuxer.streams.map(\.pid) == [0x100, 0x101])
        #expect(demuxer.streams.map(\.kind) == [.video(.h264), .audio(.mpeg1Audio)])
        #expect(demuxer.selectedAudioStream?.pid == 0x101)
        #expect(chunks.map(\.data) == [Self.payloadA, Self.payloadB, Self.payloadC])
        #expect(chunks.map(\.pts) == [0, 0, 0])
        #expect(chunks.map(\.byteOffset) == [2 * 188, 4 * 188, 6 * 188])
        #expect(demuxer.statistics.packets == 7)
        #expect(demuxer.diagnostics.isEmpty)
    }

    @Test("A lost packet breaks the continuity counter: the damaged PES is dropped and counted")
    func continuityError() throws {
        var packets = Self.stream()
        packets.remove(at: 5)  // second packet of PES B
        let (demuxer, chunks) = try Self.demux(packets.flatMap { $0 })
        #expect(chunks.map(\.data) == [Self.payloadA, Self.payloadC])
        #expect(demuxer.statistics.continuityErrors == 1)
        #expect(demuxer.statistics.droppedPES == 1)
    }

    @Test("A duplicated packet (same continuity counter) is ignored")
    func duplicatePacket() throws {
        var packets = Self.stream()
        packets.insert(packets[2], at: 3)
        let (demuxer, chunks) = try Self.demux(packets.flatMap { $0 })
        #expect(chunks.map(\.data) == [Self.payloadA, Self.payloadB, Self.payloadC])
        #expect(demuxer.statistics.continuityErrors == 0)
    }

    @Test("Garbage between packets is skipped by resynchronising; no data is lost")
    func resync() throws {
        var packets = Self.stream()
        // 0x47 bytes inside the garbage must not be taken for a sync byte.
        packets.insert([0x00, 0x47, 0x12, 0x47, 0x47, 0x99, 0x00], at: 4)
        let (demuxer, chunks) = try Self.demux(packets.flatMap { $0 })
        #expect(chunks.map(\.data) == [Self.payloadA, Self.payloadB, Self.payloadC])
        #expect(demuxer.statistics.resyncs == 1)
        #expect(demuxer.statistics.bytesSkipped == 7)
        #expect(demuxer.diagnostics.first?.offset == 4 * 188)
    }

    @Test("Feeding one byte at a time gives the same result")
    func byteByByte() throws {
        var demuxer = TransportStreamDemuxer()
        var chunks: [ElementaryStreamChunk] = []
        for byte in Self.stream().flatMap({ $0 }) { chunks += try demuxer.feed(CollectionOfOne(byte)) }
        chunks += demuxer.finish()
        #expect(chunks.map(\.data) == [Self.payloadA, Self.payloadB, Self.payloadC])
    }

    @Test("A PAT with a wrong CRC is rejected and counted; without a PAT no audio can be extracted")
    func badCRC() throws {
        var pat = PacketBuilder.ffmpegPATSection
        pat[15] ^= 0x01
        var packets = Self.stream()
        packets[0] = PacketBuilder.psiPacket(pid: 0, cc: 0, section: pat)
        let (demuxer, chunks) = try Self.demux(packets.flatMap { $0 })
        #expect(demuxer.statistics.crcErrors == 1)
        #expect(demuxer.programs.isEmpty)
        #expect(chunks.isEmpty)
        #expect(throws: DemuxError.noProgramAssociationTable(bytesRead: 7 * 188)) {
            try TransportStreamDemuxer.extractAudio(from: packets.flatMap { $0 })
        }
    }

    @Test("An adaptation field longer than the packet is reported, not trusted")
    func oversizedAdaptationField() throws {
        var packets = Self.stream()
        packets[2][3] |= 0x30  // first audio packet: adaptation field and payload...
        packets[2][4] = 190  // ...with an adaptation_field_length beyond the packet
        let (demuxer, chunks) = try Self.demux(packets.flatMap { $0 })
        #expect(demuxer.statistics.damagedPackets == 1)
        #expect(chunks.map(\.data) == [Self.payloadB, Self.payloadC])
    }

    @Test("Input without sync bytes throws noSync naming the offset")
    func noSync() {
        let garbage = [UInt8](repeating: 0x00, count: 10_000)
        var demuxer = TransportStreamDemuxer()
        do {
            _ = try demuxer.feed(garbage)
            Issue.record("no error thrown")
        } catch {
            guard case .noSync(let offset, let searched) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(offset == 0)
            #expect(searched > TransportStreamDemuxer.maximumInitialSyncSearch)
        }
    }

    @Test("A PMT without audio makes extractAudio list the streams it found")
    func noAudio() throws {
        // PMT with only the H.264 stream: section_length 0x12, CRC computed over the edited section.
        var pmt: [UInt8] = [0x02, 0xB0, 0x12, 0x00, 0x01, 0xC1, 0x00, 0x00, 0xE1, 0x00, 0xF0, 0x00,
                            0x1B, 0xE1, 0x00, 0xF0, 0x00]
        let crc = CRC32MPEG2.checksum(pmt)
        pmt += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        let bytes = PacketBuilder.psiPacket(pid: 0, cc: 0, section: PacketBuilder.ffmpegPATSection)
            + PacketBuilder.psiPacket(pid: 0x1000, cc: 0, section: pmt)
        let expected = [StreamInfo(programNumber: 1, pid: 0x100, streamType: .h264, kind: .video(.h264))]
        #expect(throws: DemuxError.noAudioStream(streams: expected)) {
            try TransportStreamDemuxer.extractAudio(from: bytes)
        }
    }

    @Test("isTransportStream looks for 0x47 at 0, 188 and 376")
    func detection() {
        let stream = Self.stream().flatMap { $0 }
        #expect(TransportStreamDemuxer.isTransportStream(stream))
        #expect(!TransportStreamDemuxer.isTransportStream(stream.dropFirst()))
        #expect(!TransportStreamDemuxer.isTransportStream(Array("ID3 not a transport stream".utf8)))
    }
}
