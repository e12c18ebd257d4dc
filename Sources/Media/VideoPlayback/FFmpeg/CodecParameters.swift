import CFFmpeg

/// A stream's codec parameters (an owned `AVCodecParameters` copy), shared between its packets; a decoder
/// compares them with the ones it was opened with to notice a variant switch.
final class CodecParameters: @unchecked Sendable {
    /// The copy; never modified after creation.
    let parameters: UnsafeMutablePointer<AVCodecParameters>

    init?(copying source: UnsafePointer<AVCodecParameters>) {
        guard let copy = avcodec_parameters_alloc() else { return nil }
        guard avcodec_parameters_copy(copy, source) >= 0 else {
            var pointer: UnsafeMutablePointer<AVCodecParameters>? = copy
            avcodec_parameters_free(&pointer)
            return nil
        }
        parameters = copy
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVCodecParameters>? = parameters
        avcodec_parameters_free(&pointer)
    }

    /// The codec.
    var codecID: AVCodecID { parameters.pointee.codec_id }

    /// The codec's short name (`h264`, `aac`).
    var codecName: String { avcodec_get_name(codecID).map { String(cString: $0) } ?? "unknown" }

    /// Whether a decoder opened with `other` can go on decoding packets with these parameters: same codec and
    /// the same out-of-band configuration (extradata: avcC, esds …). In-band changes (MPEG-TS H.264 SPS) need no
    /// new decoder.
    func isCompatible(with other: CodecParameters) -> Bool {
        if other === self { return true }
        let a = parameters.pointee
        let b = other.parameters.pointee
        guard a.codec_id == b.codec_id, a.extradata_size == b.extradata_size else { return false }
        guard a.extradata_size > 0, let x = a.extradata, let y = b.extradata else { return true }
        return memcmp(x, y, Int(a.extradata_size)) == 0
    }
}
