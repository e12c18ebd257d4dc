import CFFmpeg

/// One compressed packet (an owned `AVPacket`) moving from the demuxer to a decoder thread, with its timestamps
/// already on the playlist's time line in microseconds (``MediaDemuxer/timeBase``).
final class Packet: @unchecked Sendable {
    /// The packet; freed with this object. Only the thread that currently owns the packet touches it.
    let packet: UnsafeMutablePointer<AVPacket>
    /// Audio or video.
    let kind: StreamKind
    /// The codec parameters of the stream it came from, shared by the packets of one demuxer.
    let parameters: CodecParameters
    /// Generation of the pipeline (a seek starts a new one); older packets are dropped.
    let generation: Int
    /// Presentation time on the playlist's time line, seconds (nil when unknown). Set once, by the demuxing
    /// step, before the packet is shared.
    var time: Double?
    /// Duration, seconds (0 when unknown).
    let duration: Double
    /// The variant it came from (its id in the catalog; nil for a file or a media playlist).
    let variantID: Int?

    init(packet: UnsafeMutablePointer<AVPacket>, kind: StreamKind, parameters: CodecParameters, generation: Int,
         time: Double?, duration: Double, variantID: Int?) {
        self.packet = packet
        self.kind = kind
        self.parameters = parameters
        self.generation = generation
        self.time = time
        self.duration = duration
        self.variantID = variantID
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&pointer)
    }

    /// Bytes of compressed data.
    var size: Int { Int(packet.pointee.size) }
    /// Whether it holds a key frame.
    var isKey: Bool { packet.pointee.flags & cff_pkt_flag_key() != 0 }
}

/// Audio or video.
enum StreamKind: Sendable, Equatable {
    /// A video stream.
    case video
    /// An audio stream.
    case audio
}

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
