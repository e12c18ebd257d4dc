/// The header fields of one 188-byte transport packet (ISO/IEC 13818-1 §2.4.3.2) and where its payload lies.
struct TransportPacket {
    /// Size of every transport packet.
    static let size = 188
    /// The sync byte that starts every packet.
    static let syncByte: UInt8 = 0x47

    let transportError: Bool
    let payloadUnitStart: Bool
    let pid: UInt16
    let scrambling: UInt8
    let hasPayload: Bool
    let continuityCounter: UInt8
    /// `discontinuity_indicator` of the adaptation field (§2.4.3.5): the counter may jump.
    let discontinuity: Bool
    /// Payload byte range within the packet (empty if none).
    let payloadRange: Range<Int>

    /// Reasons a packet cannot be used.
    enum Problem: Error {
        case reservedAdaptationFieldControl
        case adaptationFieldTooLong(Int)
    }

    /// Parses the packet starting at `start` in `buffer`; the caller guarantees 188 bytes are there
    /// and that the first is the sync byte.
    init(_ buffer: [UInt8], start: Int) throws(Problem) {
        let b1 = buffer[start + 1], b2 = buffer[start + 2], b3 = buffer[start + 3]
        transportError = b1 & 0x80 != 0
        payloadUnitStart = b1 & 0x40 != 0
        pid = UInt16(b1 & 0x1F) << 8 | UInt16(b2)
        scrambling = b3 >> 6
        continuityCounter = b3 & 0x0F
        let adaptationFieldControl = (b3 >> 4) & 0x03
        var payloadStart = start + 4
        var discontinuity = false
        switch adaptationFieldControl {
        case 0b01:
            hasPayload = true
        case 0b10, 0b11:
            hasPayload = adaptationFieldControl == 0b11
            let length = Int(buffer[start + 4])
            // With payload the field leaves at least one payload byte (0...182); without, it fills the packet (183).
            let maximum = hasPayload ? 182 : 183
            guard length <= maximum else { throw .adaptationFieldTooLong(length) }
            if length > 0 { discontinuity = buffer[start + 5] & 0x80 != 0 }
            payloadStart = start + 5 + length
        default:
            throw .reservedAdaptationFieldControl
        }
        self.discontinuity = discontinuity
        payloadRange = hasPayload ? payloadStart..<(start + TransportPacket.size) : payloadStart..<payloadStart
    }
}
