import CFFmpeg

/// The picture size a video stream declares, read from each packet by libavcodec's parser (H.264 and HEVC sequence
/// parameter sets, AV1 sequence headers; in-band or in the extradata, `avcC`/`hvcC`) before the decoder sees the
/// packet: the size is checked against ``PictureLimit`` before any picture is allocated. An MPEG-TS stream's codec
/// parameters carry no size until a decoder ran (no `avformat_find_stream_info` on segments), so this is where a
/// bomb declaring 16000×16000 is caught, with its size in the error, rather than refused silently, frame after
/// frame, by `max_pixels`. Codecs without a parser that reports a size (VP9) rely on `max_pixels` alone.
final class PictureSizeProbe {
    private var parser: UnsafeMutablePointer<AVCodecParserContext>?
    private var context: UnsafeMutablePointer<AVCodecContext>?

    /// A probe for the codec of `parameters` (its extradata included); does nothing for codecs without a parser.
    init(parameters: CodecParameters) {
        guard let parser = av_parser_init(Int32(parameters.codecID.rawValue)) else { return }
        parser.pointee.flags |= PARSER_FLAG_COMPLETE_FRAMES  // the demuxer hands whole access units
        guard let context = avcodec_alloc_context3(nil), avcodec_parameters_to_context(context, parameters.parameters) >= 0 else {
            av_parser_close(parser)
            return
        }
        self.parser = parser
        self.context = context
    }

    deinit {
        av_parser_close(parser)
        avcodec_free_context(&context)
    }

    /// Nil when `packet` declares no picture over ``PictureLimit`` (or no size at all), else why it is refused.
    func check(_ packet: Packet) -> String? {
        guard let parser, let context, let data = packet.packet.pointee.data, packet.size > 0 else { return nil }
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: Int32 = 0
        _ = av_parser_parse2(parser, context, &output, &outputSize, data, Int32(packet.size), cff_nopts(), cff_nopts(), 0)
        let width = max(Int(parser.pointee.width), Int(parser.pointee.coded_width))
        let height = max(Int(parser.pointee.height), Int(parser.pointee.coded_height))
        return PictureLimit.check(width: width, height: height)
    }
}
