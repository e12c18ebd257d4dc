/// Shifts the clocks of an MPEG transport stream in place: every PCR and OPCR (ISO/IEC 13818-1 §2.4.3.5),
/// every PTS and DTS of a PES header that starts in a packet (§2.4.3.7), and the continuity counters
/// (§2.4.3.3) of each PID, so that a stream played again after itself continues where it ended instead of
/// jumping back in time.
///
/// Time stamps are 33-bit counts of a 90 kHz clock and wrap around modulo 2³³, as in a real broadcast.
/// Continuity counters are 4 bits; shifting a PID's counters by the number of payload-carrying packets that
/// PID has in one pass over the stream (modulo 16, ``payloadPacketCounts(_:)``) makes the second pass
/// continue the first one's count. Packets are taken at every multiple of 188 bytes that starts with the
/// sync byte 0x47; anything else (and a PES header split across packets) is left untouched.
///
/// ```swift
/// var loop = segmentBytes                                   // a transport stream played a second time
/// let shift = TransportStreamRetimer.Shift(ticks: loopTicks,
///                                          continuity: TransportStreamRetimer.payloadPacketCounts(wholeLoop))
/// TransportStreamRetimer.apply(shift, to: &loop)
/// ```
public enum TransportStreamRetimer {
    /// A time and continuity-counter shift.
    public struct Shift: Sendable, Hashable {
        /// 90 kHz ticks added to every PTS, DTS and PCR/OPCR base (modulo 2³³).
        public var ticks: UInt64
        /// Packets with payload per PID in one pass; the PID's counters advance by this (modulo 16).
        public var continuity: [UInt16: Int]

        /// A shift by `ticks` (90 kHz) and by `continuity` packets per PID.
        public init(ticks: UInt64, continuity: [UInt16: Int] = [:]) {
            self.ticks = ticks
            self.continuity = continuity
        }

        /// The shift applied `times` times (a stream looped `times` times).
        public func repeated(_ times: Int) -> Shift {
            let count = UInt64(max(0, times))
            return Shift(ticks: ticks.multipliedFullWidth(by: count).low & TransportStreamRetimer.timestampMask,
                         continuity: continuity.mapValues { ($0 % 16) * (times % 16) })
        }
    }

    /// 2³³ − 1: time stamps are 33 bits.
    static let timestampMask: UInt64 = (1 << 33) - 1
    /// The PID of null packets, whose counters are undefined (§2.4.3.3).
    static let nullPID: UInt16 = 0x1FFF

    /// Applies `shift` to every packet of `bytes`.
    public static func apply(_ shift: Shift, to bytes: inout [UInt8]) {
        let ticks = shift.ticks & timestampMask
        var start = 0
        while start + TransportPacket.size <= bytes.count {
            defer { start += TransportPacket.size }
            guard bytes[start] == TransportPacket.syncByte else { continue }
            let pid = UInt16(bytes[start + 1] & 0x1F) << 8 | UInt16(bytes[start + 2])
            if pid != nullPID, let packets = shift.continuity[pid] {
                let counter = bytes[start + 3] & 0x0F
                let shifted = UInt8((Int(counter) + packets % 16) % 16)
                bytes[start + 3] = bytes[start + 3] & 0xF0 | shifted
            }
            guard ticks != 0 else { continue }
            let control = (bytes[start + 3] >> 4) & 0x03
            var payloadStart = start + 4
            if control & 0b10 != 0 {
                let length = Int(bytes[start + 4])
                guard length <= 183 else { continue }
                if length >= 7 {
                    let flags = bytes[start + 5]
                    var field = start + 6
                    if flags & 0x10 != 0 {   // PCR_flag
                        shiftClockReference(&bytes, at: field, by: ticks)
                        field += 6
                    }
                    if flags & 0x08 != 0, field + 6 <= start + 5 + length {   // OPCR_flag
                        shiftClockReference(&bytes, at: field, by: ticks)
                    }
                }
                payloadStart = start + 5 + length
            }
            let unitStart = bytes[start + 1] & 0x40 != 0
            guard control & 0b01 != 0, unitStart else { continue }
            shiftPESTimestamps(&bytes, at: payloadStart, end: start + TransportPacket.size, by: ticks)
        }
    }

    /// Packets that carry a payload, per PID (null packets excluded): how far each PID's continuity counter
    /// advances over `bytes` (§2.4.3.3: the counter increments with every packet that has a payload).
    public static func payloadPacketCounts(_ bytes: [UInt8]) -> [UInt16: Int] {
        var counts: [UInt16: Int] = [:]
        var start = 0
        while start + TransportPacket.size <= bytes.count {
            defer { start += TransportPacket.size }
            guard bytes[start] == TransportPacket.syncByte else { continue }
            let pid = UInt16(bytes[start + 1] & 0x1F) << 8 | UInt16(bytes[start + 2])
            guard pid != nullPID else { continue }
            let control = (bytes[start + 3] >> 4) & 0x03
            counts[pid, default: 0] += control & 0b01 != 0 ? 1 : 0
        }
        return counts
    }

    /// The PTS of the first PES header that starts in a packet of `pid` (or of any PID when `nil`), in
    /// 90 kHz ticks.
    public static func firstPresentationTime(in bytes: [UInt8], pid: UInt16? = nil) -> UInt64? {
        var start = 0
        while start + TransportPacket.size <= bytes.count {
            defer { start += TransportPacket.size }
            guard bytes[start] == TransportPacket.syncByte, bytes[start + 1] & 0x40 != 0 else { continue }
            let packetPID = UInt16(bytes[start + 1] & 0x1F) << 8 | UInt16(bytes[start + 2])
            if let pid, packetPID != pid { continue }
            let control = (bytes[start + 3] >> 4) & 0x03
            guard control & 0b01 != 0 else { continue }
            var payloadStart = start + 4
            if control & 0b10 != 0 { payloadStart = start + 5 + Int(bytes[start + 4]) }
            let end = start + TransportPacket.size
            guard payloadStart + 14 <= end else { continue }
            let header = Array(bytes[payloadStart ..< end])
            guard let pes = try? PESHeader(header), let pts = pes.pts else { continue }
            return pts
        }
        return nil
    }

    /// Shifts the 33-bit base of the PCR or OPCR whose 6 bytes start at `index` (the 9-bit extension and the
    /// reserved bits are kept).
    private static func shiftClockReference(_ bytes: inout [UInt8], at index: Int, by ticks: UInt64) {
        var base = UInt64(bytes[index]) << 25 | UInt64(bytes[index + 1]) << 17 | UInt64(bytes[index + 2]) << 9
            | UInt64(bytes[index + 3]) << 1 | UInt64(bytes[index + 4] >> 7)
        base = (base &+ ticks) & timestampMask
        bytes[index] = UInt8(truncatingIfNeeded: base >> 25)
        bytes[index + 1] = UInt8(truncatingIfNeeded: base >> 17)
        bytes[index + 2] = UInt8(truncatingIfNeeded: base >> 9)
        bytes[index + 3] = UInt8(truncatingIfNeeded: base >> 1)
        bytes[index + 4] = bytes[index + 4] & 0x7F | UInt8(truncatingIfNeeded: (base & 1) << 7)
    }

    /// Shifts the PTS and DTS of the PES header at `index` if the whole optional header lies before `end`.
    private static func shiftPESTimestamps(_ bytes: inout [UInt8], at index: Int, end: Int, by ticks: UInt64) {
        guard index + 9 <= end, bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 else { return }
        guard let header = try? PESHeader(Array(bytes[index ..< end])) else { return }
        if let pts = header.pts {
            writeTimestamp(&bytes, at: index + 9, value: (pts &+ ticks) & timestampMask)
        }
        if let dts = header.dts {
            writeTimestamp(&bytes, at: index + 14, value: (dts &+ ticks) & timestampMask)
        }
    }

    /// Writes a 33-bit time stamp in the 5-byte PES layout (§2.4.3.7), keeping the 4-bit prefix and
    /// setting the marker bits.
    static func writeTimestamp(_ bytes: inout [UInt8], at index: Int, value: UInt64) {
        bytes[index] = bytes[index] & 0xF0 | UInt8(truncatingIfNeeded: (value >> 29) & 0x0E) | 0x01
        bytes[index + 1] = UInt8(truncatingIfNeeded: value >> 22)
        bytes[index + 2] = UInt8(truncatingIfNeeded: (value >> 14) & 0xFE) | 0x01
        bytes[index + 3] = UInt8(truncatingIfNeeded: value >> 7)
        bytes[index + 4] = UInt8(truncatingIfNeeded: (value << 1) & 0xFE) | 0x01
    }
}
