import Foundation

// Fuzz target `icy`: the ICY stream reader (audio and metadata blocks interleaved every `icy-metaint`
// bytes), the metadata block parser (`StreamTitle='…';`) and the response headers (`icy-metaint`, names).
//
// Input: byte 0 + 1 is the metaint (0: no metadata), byte 1 the piece size for a second, split feeding;
// the rest is the stream. Invariants: the reader gives the same pieces fed at once and in pieces (audio
// joined); audio bytes + metadata bytes + one length byte per block never exceed the input; every metadata
// block came from a length byte (at most 255 × 16 bytes); parsing a block is deterministic and its title
// has no NUL; `icy-metaint` is accepted only within 1...maximumMetaInterval.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = FuzzReader(fuzzBytes(data, size))
    let interval = Int(reader.byte())
    let piece = Int(reader.byte()) + 1
    let stream = reader.rest
    checkReader(stream, metaInterval: interval == 0 ? nil : interval, piece: piece)
    checkBlock(stream)
    checkHeaders(stream)
    return 0
}

private struct Collected: Equatable {
    var audio: [UInt8] = []
    var metadata: [ICYMetadata] = []
}

private func collect(_ pieces: [ICYStreamReader.Piece], into collected: inout Collected) {
    for piece in pieces {
        switch piece {
        case .audio(let bytes): collected.audio += bytes
        case .metadata(let metadata): collected.metadata.append(metadata)
        }
    }
}

private func checkReader(_ stream: [UInt8], metaInterval: Int?, piece: Int) {
    var atOnce = ICYStreamReader(metaInterval: metaInterval)
    var whole = Collected()
    collect(atOnce.read(stream), into: &whole)
    var inPieces = ICYStreamReader(metaInterval: metaInterval)
    var split = Collected()
    var index = 0
    while index < stream.count {
        let end = min(stream.count, index + piece)
        collect(inPieces.read(stream[index..<end]), into: &split)
        index = end
    }
    fuzzRequire(whole == split, "feeding in \(piece)-byte pieces differs from feeding at once")
    fuzzRequire(atOnce.audioBytes == whole.audio.count, "audioBytes \(atOnce.audioBytes) ≠ \(whole.audio.count) delivered")
    fuzzRequire(whole.audio.count <= stream.count, "more audio out than bytes in")
    if metaInterval == nil {
        fuzzRequire(whole.audio == stream && whole.metadata.isEmpty, "a stream without metadata was changed")
    }
    fuzzRequire(whole.metadata.count <= atOnce.blocks, "more metadata than blocks")
}

private func checkBlock(_ block: [UInt8]) {
    let bounded = Array(block.prefix(255 * 16))
    let first = ICYMetadata(bounded)
    fuzzRequire(first == ICYMetadata(bounded), "metadata parsing is not deterministic")
    if let title = first.title {
        fuzzRequire(!title.unicodeScalars.contains("\u{0}"), "a title with NUL")
    }
}

private func checkHeaders(_ bytes: [UInt8]) {
    let text = String(decoding: bytes.prefix(512), as: UTF8.self)
    let headers = ICYHeaders(headers: [("icy-metaint", text), ("icy-name", text), ("icy-br", text)])
    if let interval = headers.metaInterval {
        fuzzRequire((1...ICYHeaders.maximumMetaInterval).contains(interval), "icy-metaint \(interval) accepted")
    }
}
