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
