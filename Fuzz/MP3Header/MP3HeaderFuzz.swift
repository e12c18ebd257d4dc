import Foundation

// Fuzz target `mp3header`: the MPEG audio frame header parser (ISO/IEC 11172-3 §2.4.2.3, 13818-3), the ID3v2
// tag size, and the frame scan that finds a stream's length. The whole input is the bytes.
// Invariants: every accepted header has a frame longer than its 4 header bytes and at most 2881 bytes
// (MPEG 2.5 layer III, 160 kbit/s at 8 kHz, padded), a sample rate of the standard's, 1 or 2 channels; the
// ID3v2 size is 0 or at least the 10-byte header; the scan's duration is finite and not negative.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let rates: Set<Int> = [44_100, 48_000, 32_000, 22_050, 24_000, 16_000, 11_025, 12_000, 8000]
    for index in bytes.indices.prefix(4096) {
        guard let header = MPEGAudioFrameHeader(bytes, at: index) else { continue }
        fuzzRequire(header.frameLength > 4 && header.frameLength <= 2881, "frame length \(header.frameLength) at \(index)")
        fuzzRequire(rates.contains(header.sampleRate), "sample rate \(header.sampleRate)")
        fuzzRequire(header.channels == 1 || header.channels == 2, "\(header.channels) channels")
        fuzzRequire(header.bitRate > 0, "bit rate \(header.bitRate)")
    }
    let tag = MPEGAudioFrameHeader.id3v2TagSize(bytes)
    fuzzRequire(tag == 0 || tag >= 10, "ID3v2 tag of \(tag) bytes")
    let scan = MPEGAudioFrameHeader.scan(bytes)
    fuzzRequire(scan == MPEGAudioFrameHeader.scan(bytes), "scan is not deterministic")
    fuzzRequire(scan.duration.isFinite && scan.duration >= 0, "duration \(scan.duration)")
    fuzzRequire(scan.frames >= 0 && scan.samples >= 0, "negative counts")
    _ = MPEGAudioFrameHeader.looksLikeMPEGAudio(bytes)
    return 0
}
