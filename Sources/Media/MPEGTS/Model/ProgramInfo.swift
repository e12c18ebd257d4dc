/// One program from the PAT together with the streams of its PMT (once the PMT has been seen).
public struct ProgramInfo: Hashable, Sendable {
    /// The `program_number`.
    public let programNumber: UInt16
    /// The PID of the program's PMT.
    public let pmtPID: UInt16
    /// The `PCR_PID` from the PMT, or `nil` before the PMT arrived.
    public var pcrPID: UInt16?
    /// The elementary streams in PMT order (empty before the PMT arrived).
    public var streams: [StreamInfo]
}
