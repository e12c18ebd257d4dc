import Testing
@testable import MPEGTS

/// PMTs built byte by byte (ISO/IEC 13818-1 §2.4.4.8); the CRC comes from CRC32MPEG2, which is checked
/// independently against the catalogued check value and a real ffmpeg PAT in CRC32MPEG2Tests.
@Suite("PMT parsing")
struct ProgramTableTests {
    static func section(tableID: UInt8, programNumber: UInt16, body: [UInt8]) -> [UInt8] {
        let length = 5 + body.count + 4  // bytes after section_length: 5 header bytes, body, CRC
        var bytes: [UInt8] = [tableID, 0xB0 | UInt8(length >> 8), UInt8(length & 0xFF),
                              UInt8(programNumber >> 8), UInt8(programNumber & 0xFF), 0xC1, 0x00, 0x00]
        bytes += body
        let crc = CRC32MPEG2.checksum(bytes)
        return bytes + [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
    }

    static func entry(type: UInt8, pid: UInt16, descriptors: [UInt8] = []) -> [UInt8] {
        [type, 0xE0 | UInt8(pid >> 8), UInt8(pid & 0xFF), 0xF0 | UInt8(descriptors.count >> 8), UInt8(descriptors.count & 0xFF)]
            + descriptors
    }

    static func demux(pmt: [UInt8]) throws -> TransportStreamDemuxer {
        var demuxer = TransportStreamDemuxer(selection: .all)
        _ = try demuxer.feed(PacketBuilder.psiPacket(pid: 0, cc: 0, section: PacketBuilder.ffmpegPATSection))
        var index = 0
        var cc: UInt8 = 0
        let payload = [0x00] + pmt  // pointer_field 0
        while index < payload.count {
            let end = min(index + 184, payload.count)
            var piece = Array(payload[index..<end])
            if end == payload.count { piece += [UInt8](repeating: 0xFF, count: 184 - piece.count) }
            _ = try demuxer.feed(PacketBuilder.packet(pid: 0x1000, unitStart: index == 0, cc: cc, payload: piece))
            cc = (cc + 1) & 0x0F
            index = end
        }
        _ = demuxer.finish()
        return demuxer
    }

    @Test("Descriptors: ISO 639 language, AC-3 and E-AC-3 in private PES; unknown types are .other")
    func descriptors() throws {
        let body: [UInt8] = [0xE1, 0x00, 0xF0, 0x00]  // PCR_PID 0x100, no program descriptors
            + Self.entry(type: 0x1B, pid: 0x100)
            + Self.entry(type: 0x0F, pid: 0x101, descriptors: [0x0A, 0x04, 0x64, 0x65, 0x75, 0x00])  // "deu"
            + Self.entry(type: 0x06, pid: 0x102, descriptors: [0x6A, 0x01, 0x00])
            + Self.entry(type: 0x06, pid: 0x103, descriptors: [0x7A, 0x01, 0x00])
            + Self.entry(type: 0x06, pid: 0x104)
            + Self.entry(type: 0x24, pid: 0x105)
        let demuxer = try Self.demux(pmt: Self.section(tableID: 2, programNumber: 1, body: body))
        #expect(demuxer.streams.map(\.kind) == [
            .video(.h264), .audio(.aacADTS), .audio(.ac3), .audio(.eac3), .other, .video(.hevc),
        ])
        #expect(demuxer.streams[1].language == "deu")
        #expect(demuxer.streams.map(\.pid) == [0x100, 0x101, 0x102, 0x103, 0x104, 0x105])
        #expect(demuxer.diagnostics.isEmpty)
    }

    @Test("A PMT spanning three packets is reassembled (60 streams)")
    func longSection() throws {
        var body: [UInt8] = [0xE1, 0x00, 0xF0, 0x00]
        for index in 0..<60 { body += Self.entry(type: 0x03, pid: 0x200 + UInt16(index), descriptors: [0x0A, 0x04, 0x65, 0x6E, 0x67, 0x00]) }
        let pmt = Self.section(tableID: 2, programNumber: 1, body: body)
        #expect(pmt.count > 2 * 184)
        let demuxer = try Self.demux(pmt: pmt)
        #expect(demuxer.streams.count == 60)
        #expect(demuxer.streams.last?.pid == UInt16(0x200 + 59))
        #expect(demuxer.streams.allSatisfy { $0.language == "eng" && $0.kind == .audio(.mpeg1Audio) })
    }

    @Test("The tail of a section before pointer_field's new section completes it")
    func pointerField() throws {
        let pmt = PacketBuilder.ffmpegPMTSection  // 26 bytes
        var demuxer = TransportStreamDemuxer()
        _ = try demuxer.feed(PacketBuilder.psiPacket(pid: 0, cc: 0, section: PacketBuilder.ffmpegPATSection))
        // Packet 1: unit start, pointer 0, the first 10 bytes of the PMT and nothing else (adaptation stuffing).
        _ = try demuxer.feed(PacketBuilder.packet(pid: 0x1000, unitStart: true, cc: 0, payload: [0x00] + pmt.prefix(10)))
        #expect(demuxer.streams.isEmpty)
        // Packet 2: unit start, pointer 16 → the 16 remaining bytes, then stuffing where a new section would begin.
        let payload = [16] + Array(pmt.dropFirst(10)) + [UInt8](repeating: 0xFF, count: 167)
        _ = try demuxer.feed(PacketBuilder.packet(pid: 0x1000, unitStart: true, cc: 1, payload: payload))
        _ = demuxer.finish()
        #expect(demuxer.streams.map(\.pid) == [0x100, 0x101])
        #expect(demuxer.diagnostics.isEmpty)
    }
}
