/// A streaming MPEG-2 transport stream demultiplexer (ISO/IEC 13818-1).
///
/// Feed it bytes in pieces of any size; it finds the 188-byte packets (resynchronising on the sync byte 0x47
/// when the sync is lost), reads the PAT and PMTs (CRC-checked), reassembles the PES packets of the selected
/// streams and returns their payloads. Damage (lost sync, continuity-counter gaps, bad CRCs, malformed headers)
/// never traps: the damaged part is skipped, counted in ``statistics`` and described in ``diagnostics``.
///
/// ```swift
/// var demuxer = TransportStreamDemuxer()            // first audio stream
/// var mp3 = [UInt8]()
/// for piece in pieces { for chunk in try demuxer.feed(piece) { mp3 += chunk.data } }
/// for chunk in demuxer.finish() { mp3 += chunk.data }
/// ```
public struct TransportStreamDemuxer: Sendable {
    /// How many bytes may be searched for the first sync before ``feed(_:)`` gives up with ``DemuxError/noSync(offset:searched:)``.
    public static let maximumInitialSyncSearch = 16 * 188
    /// At most this many diagnostics are kept (later ones are only counted in ``statistics``).
    public static let maximumDiagnostics = 200

    /// The streams that are reassembled.
    public let selection: StreamSelection
    /// Programs from the PAT, with the streams of their PMTs once seen.
    public private(set) var programs: [ProgramInfo] = []
    /// Counters of processed and skipped data.
    public private(set) var statistics = DemuxStatistics()
    /// Recoverable problems found so far (at most ``maximumDiagnostics``).
    public private(set) var diagnostics: [DemuxDiagnostic] = []

    /// All elementary streams of all programs, in PAT and PMT order.
    public var streams: [StreamInfo] { programs.flatMap(\.streams) }
    /// The first audio stream among the selected streams, if any.
    public var selectedAudioStream: StreamInfo? {
        streams.first { selectedPIDs.contains($0.pid) && $0.kind.audioCodec != nil }
    }

    /// Bytes not yet consumed as packets.
    private var buffer: [UInt8] = []
    /// Input offset of `buffer[0]`.
    private var bufferOffset = 0
    private var locked = false
    private var everLocked = false
    private var skippedSinceLock = 0
    private var lastContinuity: [UInt16: UInt8] = [:]
    private var sections: [UInt16: SectionAssembler] = [:]
    private var pes: [UInt16: PESAssembler] = [:]
    private var selectedPIDs: Set<UInt16> = []
    private var streamTypes: [UInt16: StreamType] = [:]

    /// Partial PSI section of one PID.
    private struct SectionAssembler: Sendable {
        var bytes: [UInt8] = []
        var active = false
    }

    /// Partial PES packet of one PID.
    private struct PESAssembler: Sendable {
        var bytes: [UInt8] = []
        var startOffset = 0
        var active = false
    }

    /// Creates a demuxer returning the streams chosen by `selection`.
    public init(selection: StreamSelection = .firstAudio) {
        self.selection = selection
        if case .pid(let pid) = selection { selectedPIDs = [pid] }
    }

    /// True if `prefix` looks like a transport stream: at least one packet, and the sync byte 0x47
    /// at offsets 0, 188 and 376 as far as `prefix` reaches.
    public static func isTransportStream(_ prefix: some Collection<UInt8>) -> Bool {
        let bytes = Array(prefix.prefix(3 * TransportPacket.size + 1))
        guard bytes.count >= TransportPacket.size else { return false }
        return stride(from: 0, to: bytes.count, by: TransportPacket.size).allSatisfy { bytes[$0] == TransportPacket.syncByte }
    }

    /// Consumes `bytes` and returns the PES payloads of selected streams completed by them.
    ///
    /// - Throws: ``DemuxError/noSync(offset:searched:)`` if no packet sync is found within the first
    ///   ``maximumInitialSyncSearch`` bytes of the input, however it is split into pieces; later calls throw again.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(DemuxError) -> [ElementaryStreamChunk] {
        buffer.append(contentsOf: bytes)
        var output: [ElementaryStreamChunk] = []
        let consumed = processPackets(final: false, into: &output)
        buffer.removeFirst(consumed)
        bufferOffset += consumed
        if gaveUpInitialSync {
            // Nothing more is searched, so keep nothing: later feeds throw again without growing the buffer.
            bufferOffset += buffer.count
            buffer = []
            throw .noSync(offset: 0, searched: skippedSinceLock)
        }
        return output
    }

    /// Signals the end of input: processes what is left and returns the last (unbounded) PES payloads.
    public mutating func finish() -> [ElementaryStreamChunk] {
        var output: [ElementaryStreamChunk] = []
        let consumed = processPackets(final: true, into: &output)
        if consumed < buffer.count {
            note(bufferOffset + consumed, "\(buffer.count - consumed) trailing bytes do not form a complete packet")
        }
        bufferOffset += buffer.count
        buffer = []
        for pid in pes.keys.sorted() {
            if let chunk = completePES(pid: pid) { output.append(chunk) }
        }
        return output
    }

    /// Demultiplexes a whole transport stream in memory and returns the elementary stream of its first audio stream.
    ///
    /// ```swift
    /// let (codec, mp3) = try TransportStreamDemuxer.extractAudio(from: tsBytes)
    /// if codec.isMPEGAudio { play(mp3) }
    /// ```
    /// - Throws: ``DemuxError`` if there is no sync, no PAT, no PMT, no audio stream or no audio data.
    public static func extractAudio(from bytes: [UInt8]) throws(DemuxError) -> (codec: AudioCodec, data: [UInt8]) {
        let (_, codec, data) = try extractAudioStream(from: bytes)
        return (codec, data)
    }

    /// Like ``extractAudio(from:)``, and also says which stream (PID, type, language) was extracted.
    ///
    /// When a changed PMT moves the first audio stream to another PID (as at a discontinuity between
    /// encoders), the data follows it, keeping the earlier PIDs' audio only where it has the same stream type
    /// as the stream returned, so that `data` is all in the format `codec` says.
    ///
    /// - Throws: ``DemuxError`` if there is no sync, no PAT, no PMT, no audio stream or no audio data.
    public static func extractAudioStream(
        from bytes: [UInt8]
    ) throws(DemuxError) -> (stream: StreamInfo, codec: AudioCodec, data: [UInt8]) {
        var demuxer = TransportStreamDemuxer(selection: .firstAudio)
        var chunks = try demuxer.feed(bytes)
        chunks += demuxer.finish()
        guard !demuxer.programs.isEmpty else { throw .noProgramAssociationTable(bytesRead: bytes.count) }
        guard let audio = demuxer.selectedAudioStream, let codec = audio.kind.audioCodec else {
            let streams = demuxer.streams
            if streams.isEmpty { throw .noProgramMapTable(bytesRead: bytes.count) }
            throw .noAudioStream(streams: streams)
        }
        var data: [UInt8] = []
        for chunk in chunks where isSameFormat(chunk, as: audio) { data += chunk.data }
        guard !data.isEmpty else { throw .noAudioData(pid: audio.pid) }
        return (audio, codec, data)
    }

    /// Whether `chunk` is of `stream`'s PID or of another PID with the same stream type; private PES data
    /// (0x06) counts only on the same PID, since its format comes from descriptors.
    static func isSameFormat(_ chunk: ElementaryStreamChunk, as stream: StreamInfo) -> Bool {
        chunk.pid == stream.pid || (chunk.streamType == stream.streamType && stream.streamType != .privatePES)
    }

    // MARK: - Packets

    /// Processes every complete packet in `buffer`; returns how many bytes were consumed.
    private mutating func processPackets(final: Bool, into output: inout [ElementaryStreamChunk]) -> Int {
        let size = TransportPacket.size
        var position = 0
        // Stop exactly at the search limit, whatever the piece sizes, so the outcome does not depend on them.
        while position + size <= buffer.count, !gaveUpInitialSync {
            if buffer[position] == TransportPacket.syncByte, locked {
                processPacket(at: position, into: &output)
                position += size
                continue
            }
            if locked {
                locked = false
                statistics.resyncs += 1
                note(bufferOffset + position, "sync byte missing; resynchronising")
            }
            // Unlocked: accept a sync byte only when the next packets start with one too.
            guard buffer[position] == TransportPacket.syncByte else {
                position += 1
                skip()
                continue
            }
            switch confirmsSync(at: position, final: final) {
            case true?:
                locked = true
                everLocked = true
                if skippedSinceLock > 0 {
                    note(bufferOffset + position, "skipped \(skippedSinceLock) bytes to find the packet sync")
                }
                skippedSinceLock = 0
            case false?:
                position += 1
                skip()
            case nil:
                return position  // wait for more input
            }
        }
        return position
    }

    /// Whether the search for the first sync went past ``maximumInitialSyncSearch`` bytes without finding one.
    private var gaveUpInitialSync: Bool {
        !everLocked && skippedSinceLock > TransportStreamDemuxer.maximumInitialSyncSearch
    }

    private mutating func skip() {
        statistics.bytesSkipped += 1
        skippedSinceLock += 1
    }

    /// Whether the packets after `position` also start with the sync byte; `nil` if more input is needed to tell.
    private func confirmsSync(at position: Int, final: Bool) -> Bool? {
        let size = TransportPacket.size
        for next in [position + size, position + 2 * size] {
            if next < buffer.count {
                if buffer[next] != TransportPacket.syncByte { return false }
            } else {
                // At the end of input a shorter run is accepted; otherwise wait.
                return final ? true : nil
            }
        }
        return true
    }

    private mutating func processPacket(at position: Int, into output: inout [ElementaryStreamChunk]) {
        let offset = bufferOffset + position
        statistics.packets += 1
        let packet: TransportPacket
        do {
            packet = try TransportPacket(buffer, start: position)
        } catch {
            statistics.damagedPackets += 1
            note(offset, "malformed packet header (\(error)); packet skipped")
            return
        }
        let pid = packet.pid
        let isPSI = pid == 0 || programs.contains { $0.pmtPID == pid }
        let isSelected = selectedPIDs.contains(pid)
        guard isPSI || isSelected else { return }

        if packet.transportError {
            statistics.damagedPackets += 1
            note(offset, "transport_error_indicator set on PID \(pid); packet skipped")
            breakStream(pid: pid)
            return
        }
        // Continuity counter (§2.4.3.3): +1 mod 16 per packet with payload; one duplicate allowed.
        if packet.hasPayload {
            if let last = lastContinuity[pid], !packet.discontinuity {
                if packet.continuityCounter == last { return }  // duplicate packet
                let expected = (last + 1) & 0x0F
                if packet.continuityCounter != expected {
                    statistics.continuityErrors += 1
                    note(offset, "continuity counter on PID \(pid) jumped from \(last) to \(packet.continuityCounter)")
                    breakStream(pid: pid)
                }
            }
            lastContinuity[pid] = packet.continuityCounter
        } else {
            return
        }
        let payload = buffer[packet.payloadRange]
        if isPSI {
            handleSection(pid: pid, payload: payload, unitStart: packet.payloadUnitStart, offset: offset)
        } else {
            if packet.scrambling != 0 {
                note(offset, "PID \(pid) is scrambled; packet skipped")
                breakStream(pid: pid)
                return
            }
            handlePES(pid: pid, payload: payload, unitStart: packet.payloadUnitStart, offset: offset, into: &output)
        }
    }

    /// Drops the partial section or PES of `pid` after damage; the next unit start begins afresh.
    private mutating func breakStream(pid: UInt16) {
        if sections[pid] != nil { sections[pid] = SectionAssembler() }
        if let assembler = pes[pid], assembler.active {
            statistics.droppedPES += 1
            note(assembler.startOffset, "PES packet on PID \(pid) dropped (damaged)")
            pes[pid] = PESAssembler()
        }
    }

    // MARK: - PSI

    private mutating func handleSection(pid: UInt16, payload: ArraySlice<UInt8>, unitStart: Bool, offset: Int) {
        var assembler = sections[pid] ?? SectionAssembler()
        if unitStart {
            // pointer_field (§2.4.4.2): bytes before the new section finish the previous one.
            guard let pointer = payload.first else { return }
            let newStart = payload.startIndex + 1 + Int(pointer)
            guard newStart <= payload.endIndex else {
                note(offset, "pointer_field \(pointer) on PID \(pid) points past the packet")
                sections[pid] = SectionAssembler()
                return
            }
            if assembler.active {
                assembler.bytes += payload[(payload.startIndex + 1)..<newStart]
                drainSections(&assembler, pid: pid, offset: offset)
            }
            assembler.bytes = Array(payload[newStart...])
            assembler.active = true
        } else if assembler.active {
            assembler.bytes += payload
        }
        drainSections(&assembler, pid: pid, offset: offset)
        sections[pid] = assembler
    }

    /// Parses every complete section at the start of the assembler's bytes.
    private mutating func drainSections(_ assembler: inout SectionAssembler, pid: UInt16, offset: Int) {
        while assembler.active, let first = assembler.bytes.first {
            if first == 0xFF {  // stuffing: no more sections in this unit
                assembler = SectionAssembler()
                return
            }
            guard let length = ProgramTables.sectionLength(assembler.bytes[...]) else { return }
            // section_length is at most 1021 for PAT and PMT (§2.4.4.3, §2.4.4.8).
            guard length <= 3 + 1021 else {
                note(offset, "section_length \(length - 3) on PID \(pid) exceeds 1021; section skipped")
                assembler = SectionAssembler()
                return
            }
            guard assembler.bytes.count >= length else { return }
            handleCompleteSection(assembler.bytes[0..<length], pid: pid, offset: offset)
            assembler.bytes.removeFirst(length)
        }
    }

    private mutating func handleCompleteSection(_ section: ArraySlice<UInt8>, pid: UInt16, offset: Int) {
        do {
            if pid == 0, section.first == 0x00 {
                applyPAT(try ProgramTables.parsePAT(section))
            } else if section.first == 0x02 {
                applyPMT(try ProgramTables.parsePMT(section), pid: pid)
            }
        } catch {
            if case .crcMismatch = error { statistics.crcErrors += 1 }
            note(offset, "\(pid == 0 ? "PAT" : "PMT") on PID \(pid) rejected: \(error)")
        }
    }

    private mutating func applyPAT(_ entries: [ProgramTables.PATEntry]) {
        programs = entries.map { entry in
            programs.first { $0.programNumber == entry.programNumber && $0.pmtPID == entry.pmtPID }
                ?? ProgramInfo(programNumber: entry.programNumber, pmtPID: entry.pmtPID, pcrPID: nil, streams: [])
        }
        updateSelection()
    }

    private mutating func applyPMT(_ pmt: ProgramTables.PMT, pid: UInt16) {
        guard let index = programs.firstIndex(where: { $0.pmtPID == pid && $0.programNumber == pmt.programNumber }) else {
            return
        }
        programs[index].pcrPID = pmt.pcrPID
        programs[index].streams = pmt.streams
        updateSelection()
    }

    private mutating func updateSelection() {
        for stream in streams { streamTypes[stream.pid] = stream.streamType }
        switch selection {
        case .pid:
            return
        case .all:
            selectedPIDs = Set(streams.map(\.pid))
        case .firstAudio:
            // Keep the chosen stream while it still exists, so a repeated PMT does not switch streams.
            if let current = selectedPIDs.first, streams.contains(where: { $0.pid == current }) { return }
            selectedPIDs = streams.first { $0.kind.audioCodec != nil }.map { [$0.pid] } ?? []
        }
    }

    // MARK: - PES

    private mutating func handlePES(
        pid: UInt16, payload: ArraySlice<UInt8>, unitStart: Bool, offset: Int, into output: inout [ElementaryStreamChunk]
    ) {
        if unitStart {
            if pes[pid]?.active == true, let chunk = completePES(pid: pid) { output.append(chunk) }
            pes[pid] = PESAssembler(bytes: Array(payload), startOffset: offset, active: true)
        } else if pes[pid]?.active == true {
            pes[pid, default: PESAssembler()].bytes += payload  // in place: no copy of the growing buffer
        } else {
            return  // waiting for the start of the next PES packet
        }
        // A bounded PES packet is complete as soon as PES_packet_length bytes arrived (§2.4.3.7).
        if let bytes = pes[pid]?.bytes, bytes.count >= 6 {
            let length = Int(bytes[4]) << 8 | Int(bytes[5])
            if length > 0, bytes.count >= 6 + length, let chunk = completePES(pid: pid) {
                output.append(chunk)
            }
        }
    }

    /// Turns the assembled PES packet of `pid` into a chunk (or drops it with a diagnostic) and resets the assembler.
    private mutating func completePES(pid: UInt16) -> ElementaryStreamChunk? {
        guard let assembler = pes[pid], assembler.active else { return nil }
        pes[pid] = PESAssembler()
        let bytes = assembler.bytes
        let header: PESHeader
        do {
            header = try PESHeader(bytes)
        } catch {
            statistics.droppedPES += 1
            note(assembler.startOffset, "PES packet on PID \(pid) dropped: \(error)")
            return nil
        }
        var end = bytes.count
        if header.packetLength > 0 {
            let declared = 6 + header.packetLength
            if declared > bytes.count {
                statistics.droppedPES += 1
                note(assembler.startOffset, "PES packet on PID \(pid) dropped: \(bytes.count) of \(declared) bytes arrived")
                return nil
            }
            end = declared
        }
        guard header.payloadOffset <= end else {
            statistics.droppedPES += 1
            note(assembler.startOffset, "PES packet on PID \(pid) dropped: header longer than packet")
            return nil
        }
        return ElementaryStreamChunk(
            pid: pid, streamType: streamTypes[pid] ?? StreamType(rawValue: 0), pts: header.pts, dts: header.dts,
            byteOffset: assembler.startOffset, data: Array(bytes[header.payloadOffset..<end]))
    }

    private mutating func note(_ offset: Int, _ message: String) {
        guard diagnostics.count < TransportStreamDemuxer.maximumDiagnostics else { return }
        diagnostics.append(DemuxDiagnostic(offset: offset, message: message))
    }
}
