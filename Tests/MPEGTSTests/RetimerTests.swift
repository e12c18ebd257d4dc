import Testing
@testable import MPEGTS

/// ``TransportStreamRetimer`` on hand-built packets: every clock field moves by the shift (modulo 2³³), the
/// bits around it stay, continuity counters advance per PID, and anything else is left alone.
@Suite struct RetimerTests {
    /// A packet with an adaptation field carrying a PCR (base, extension) and a PES header with PTS and DTS.
    static func packet(pid: UInt16 = 0x101, cc: UInt8 = 3, pcr: UInt64, extension pcrExtension: UInt16 = 0x1AB,
                       pts: UInt64, dts: UInt64) -> [UInt8] {
        var bytes: [UInt8] = [0x47, 0x40 | UInt8(pid >> 8), UInt8(pid & 0xFF), 0x30 | cc]
        // Adaptation field: length 7, flags (PCR_flag), 6 PCR bytes.
        bytes += [7, 0x10]
        bytes += [UInt8(truncatingIfNeeded: pcr >> 25), UInt8(truncatingIfNeeded: pcr >> 17), UInt8(truncatingIfNeeded: pcr >> 9),
                  UInt8(truncatingIfNeeded: pcr >> 1),
                  UInt8(truncatingIfNeeded: (pcr & 1) << 7) | 0x7E | UInt8(pcrExtension >> 8), UInt8(pcrExtension & 0xFF)]
        // PES: stream 0xC0, PTS and DTS ('0011' and '0001' prefixes).
        var pes: [UInt8] = [0x00, 0x00, 0x01, 0xC0, 0x00, 0x00, 0x80, 0xC0, 0x0A]
        pes += [0x31, 0, 0, 0, 0, 0x11, 0, 0, 0, 0]
        TransportStreamRetimer.writeTimestamp(&pes, at: 9, value: pts)
        TransportStreamRetimer.writeTimestamp(&pes, at: 14, value: dts)
        bytes += pes
        bytes += [UInt8](repeating: 0xAA, count: 188 - bytes.count)
        return bytes
    }

    static func pcr(_ bytes: [UInt8]) -> UInt64 {
        UInt64(bytes[6]) << 25 | UInt64(bytes[7]) << 17 | UInt64(bytes[8]) << 9 | UInt64(bytes[9]) << 1 | UInt64(bytes[10] >> 7)
    }

    static func pesHeader(_ bytes: [UInt8]) throws -> PESHeader {
        try PESHeader(Array(bytes[12...]))
    }

    @Test func everyClockMovesByTheShiftAndTheRestStays() throws {
        var bytes = Self.packet(pcr: 63_000, pts: 126_000, dts: 125_000)
        let before = bytes
        TransportStreamRetimer.apply(.init(ticks: 900_441), to: &bytes)
        #expect(Self.pcr(bytes) == 63_000 + 900_441)
        #expect(bytes[10] & 0x7F == before[10] & 0x7F)   // reserved bits and the extension's high bit
        #expect(bytes[11] == before[11])                 // the rest of the 27 MHz extension
        let header = try Self.pesHeader(bytes)
        #expect(header.pts ?? .max == 126_000 + 900_441)   // `?? .max`: no optional UInt64 inside #expect (ASan, docs/sanitizers.md)
        #expect(header.dts ?? .max == 125_000 + 900_441)
        #expect(bytes[21] >> 4 == 0x3 && bytes[26] >> 4 == 0x1)   // '0011' and '0001' prefixes kept
        #expect(bytes[3] == before[3])                            // no continuity shift asked
        #expect(bytes[31...] == before[31...])                    // payload untouched
    }

    @Test func timeStampsWrapAroundAt33Bits() throws {
        let top: UInt64 = (1 << 33) - 10
        var bytes = Self.packet(pcr: top, pts: top, dts: top - 5)
        TransportStreamRetimer.apply(.init(ticks: 20), to: &bytes)
        #expect(Self.pcr(bytes) == 10)
        #expect(try Self.pesHeader(bytes).pts ?? .max == 10)
        #expect(try Self.pesHeader(bytes).dts ?? .max == 5)
        #expect(TransportStreamRetimer.Shift(ticks: 1 << 32, continuity: [:]).repeated(3).ticks == (3 << 32) & ((1 << 33) - 1))
    }

    @Test func continuityCountersAdvancePerPID() {
        var bytes = Self.packet(pid: 0x101, cc: 14, pcr: 0, pts: 0, dts: 0) + Self.packet(pid: 0x100, cc: 2, pcr: 0, pts: 0, dts: 0)
        TransportStreamRetimer.apply(.init(ticks: 0, continuity: [0x101: 5, 0x100: 16]), to: &bytes)
        #expect(bytes[3] & 0x0F == 3)          // 14 + 5 = 19 ≡ 3
        #expect(bytes[188 + 3] & 0x0F == 2)    // 16 ≡ 0
        #expect(bytes[3] >> 4 == 0x3)          // adaptation_field_control kept
        // Counts: payload-carrying packets per PID; adaptation-only and null packets do not advance counters.
        var adaptationOnly = Self.packet(pid: 0x101, cc: 0, pcr: 0, pts: 0, dts: 0)
        adaptationOnly[3] = 0x20
        let null: [UInt8] = [0x47, 0x1F, 0xFF, 0x10] + [UInt8](repeating: 0xFF, count: 184)
        #expect(TransportStreamRetimer.payloadPacketCounts(bytes + adaptationOnly + null) == [0x101: 1, 0x100: 1])
    }

    @Test func bytesThatAreNotPacketsAreLeftAlone() throws {
        var garbage = [UInt8](repeating: 0x12, count: 400)
        TransportStreamRetimer.apply(.init(ticks: 5, continuity: [0x212: 3]), to: &garbage)
        #expect(garbage == [UInt8](repeating: 0x12, count: 400))
        // No optional UInt64 inside #expect: comparing one trips AddressSanitizer in swift-testing (docs/sanitizers.md).
        if let found = TransportStreamRetimer.firstPresentationTime(in: garbage) { Issue.record("a time in garbage: \(found)") }
        let first = try #require(TransportStreamRetimer.firstPresentationTime(in: Self.packet(pcr: 1, pts: 77, dts: 70)))
        #expect(first == 77)
    }
}
