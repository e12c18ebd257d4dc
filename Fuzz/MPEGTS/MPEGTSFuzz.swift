import Foundation

// Fuzz target `mpegts`: TransportStreamDemuxer, a streaming demuxer, fed the same bytes three ways (at once,
// in pieces whose lengths the input chooses, and in small fixed-size pieces); the results must be identical.
//
// Input layout (4-byte header, then piece lengths, then the transport stream):
//   byte 0: bits 0-1 select the streams (0, 3: first audio; 1: all; 2: the PID of bytes 1-2),
//           bits 2-7 + 1 are the fixed piece size of the third run (1...64 bytes)
//   bytes 1-2: PID (big-endian, 13 bits used) for selection 2
//   byte 3: number of explicit piece lengths (0...15, low 4 bits)
//   then that many little-endian 16-bit piece lengths; the last piece is whatever remains.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = FuzzReader(fuzzBytes(data, size))
    let control = reader.byte()
    let pid = (UInt16(reader.byte()) << 8 | UInt16(reader.byte())) & 0x1FFF
    let pieceCount = Int(reader.byte() & 0x0F)
    var pieceLengths: [Int] = []
    for _ in 0 ..< pieceCount { pieceLengths.append(Int(reader.uint16())) }
    let stream = reader.rest

    let selection: StreamSelection
    switch control & 0x03 {
    case 1: selection = .all
    case 2: selection = .pid(pid)
    default: selection = .firstAudio
    }

    let whole = demux(stream, selection: selection, pieces: [stream.count])
    check(whole, stream: stream, selection: selection)

    var pieces: [Int] = []
    var remaining = stream.count
    for length in pieceLengths where remaining > 0 {
        let piece = min(length, remaining)
        pieces.append(piece)
        remaining -= piece
    }
    pieces.append(remaining)
    let split = demux(stream, selection: selection, pieces: pieces)
    fuzzRequire(split == whole, "feeding in pieces \(pieces) differs from feeding at once:\n\(split)\nvs\n\(whole)")

    // Small pieces cost a feed call each; bound the work so a run stays fast.
    if stream.count <= 16 * 1024 {
        let step = Int(control >> 2) + 1
        let fixed = Array(repeating: step, count: stream.count / step) + [stream.count % step]
        let small = demux(stream, selection: selection, pieces: fixed)
        fuzzRequire(small == whole, "feeding \(step)-byte pieces differs from feeding at once:\n\(small)\nvs\n\(whole)")
    }

    if selection == .firstAudio { checkExtractAudio(stream, whole: whole) }
    _ = TransportStreamDemuxer.isTransportStream(stream)
    return 0
}

/// Everything a demuxer run produces, so runs can be compared.
private struct RunResult: Equatable, CustomStringConvertible {
    var chunks: [ElementaryStreamChunk] = []
    var error: DemuxError?
    var programs: [ProgramInfo] = []
    var statistics = DemuxStatistics()
    var diagnostics: [DemuxDiagnostic] = []

    var description: String {
        "chunks \(chunks.count) (\(chunks.map(\.data.count).reduce(0, +)) bytes), error \(String(describing: error)), "
            + "programs \(programs.count), statistics \(statistics), diagnostics \(diagnostics.prefix(5))"
    }
}

private func demux(_ stream: [UInt8], selection: StreamSelection, pieces: [Int]) -> RunResult {
    var demuxer = TransportStreamDemuxer(selection: selection)
    var result = RunResult()
    var start = 0
    do {
        for length in pieces {
            result.chunks += try demuxer.feed(stream[start ..< start + length])
            start += length
        }
        result.chunks += demuxer.finish()
    } catch {
        result.error = error
    }
    result.programs = demuxer.programs
    result.statistics = demuxer.statistics
    result.diagnostics = demuxer.diagnostics
    return result
}

private func check(_ run: RunResult, stream: [UInt8], selection: StreamSelection) {
    let outputBytes = run.chunks.reduce(0) { $0 + $1.data.count }
    fuzzRequire(outputBytes <= stream.count, "\(outputBytes) output bytes from \(stream.count) input bytes")
    let statistics = run.statistics
    fuzzRequire(statistics.packets * 188 + statistics.bytesSkipped <= stream.count,
                "\(statistics.packets) packets and \(statistics.bytesSkipped) skipped bytes from \(stream.count) bytes")
    fuzzRequire(run.diagnostics.count <= TransportStreamDemuxer.maximumDiagnostics, "too many diagnostics")
    for diagnostic in run.diagnostics {
        fuzzRequire((0 ... stream.count).contains(diagnostic.offset), "diagnostic offset \(diagnostic) outside the input")
    }
    var previousOffset: [UInt16: Int] = [:]
    for chunk in run.chunks {
        fuzzRequire((0 ..< stream.count).contains(chunk.byteOffset), "chunk offset \(chunk.byteOffset) outside the input")
        fuzzRequire(stream[chunk.byteOffset] == 0x47, "chunk does not start at a packet")
        fuzzRequire((chunk.pts ?? 0) < 1 << 33 && (chunk.dts ?? 0) < 1 << 33, "time stamp wider than 33 bits")
        switch selection {
        case .pid(let pid): fuzzRequire(chunk.pid == pid, "chunk of PID \(chunk.pid) with selection \(pid)")
        case .firstAudio, .all: break  // a changed PMT may switch the first audio stream
        }
        fuzzRequire(chunk.byteOffset > previousOffset[chunk.pid, default: -1], "chunks of PID \(chunk.pid) out of order")
        previousOffset[chunk.pid] = chunk.byteOffset
    }
    if case .noSync = run.error {
        fuzzRequire(statistics.packets == 0, "noSync after \(statistics.packets) packets")
    }
}

/// `extractAudioStream` is the at-once run with `.firstAudio` plus checks; it must agree with the run.
private func checkExtractAudio(_ stream: [UInt8], whole: RunResult) {
    do {
        let (info, codec, data) = try TransportStreamDemuxer.extractAudioStream(from: stream)
        fuzzRequire(whole.error == nil, "extractAudioStream succeeded where feeding threw \(String(describing: whole.error))")
        // After a PMT change the first audio stream may have moved: only chunks in the returned format count.
        let kept = whole.chunks.filter { TransportStreamDemuxer.isSameFormat($0, as: info) }
        fuzzRequire(data == kept.flatMap(\.data), "extracted audio differs from the demuxed chunks of its format")
        fuzzRequire(info.kind.audioCodec == codec && !data.isEmpty, "extracted stream \(info) is not audio with data")
        fuzzRequire(kept.allSatisfy { $0.pid == info.pid || $0.streamType == info.streamType },
                    "extracted data mixes stream types with \(info)")
    } catch {
        switch error {
        case .noSync: fuzzRequire(whole.error != nil, "extractAudioStream found no sync where feeding did")
        case .noAudioData(let pid):
            // Chunks of other PIDs may carry data in another format (a changed PMT); the stream's own may not.
            fuzzRequire(whole.chunks.filter { $0.pid == pid }.allSatisfy(\.data.isEmpty),
                        "noAudioData although chunks of PID \(pid) carry data")
        default: break  // no PAT, PMT or audio stream at the end; a changed PMT may have dropped earlier audio
        }
        fuzzRequire(!error.description.isEmpty, "empty error description")
    }
}
