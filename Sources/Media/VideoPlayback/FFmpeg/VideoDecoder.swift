import CFFmpeg

/// libavcodec's video decoder for one stream configuration, giving 8-bit YUV 4:2:0 frames (converted with
/// libswscale when the codec outputs anything else, e.g. 10-bit HEVC or 4:4:4).
///
/// Packets go in with `avcodec_send_packet`, frames come out with `avcodec_receive_frame` (the API FFmpeg 7
/// keeps); timestamps stay in the packets' time base (microseconds on the playlist's time line) and a frame's
/// time is its `best_effort_timestamp`.
final class VideoDecoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var scaler: OpaquePointer?
    private var scalerKey: (Int32, Int32, Int32)?
    private let sizeProbe: PictureSizeProbe
    /// The parameters it was opened with.
    let parameters: CodecParameters

    /// Opens a decoder for `parameters`.
    /// - Throws: when libavcodec has no decoder for the codec or cannot open it.
    init(parameters: CodecParameters, threads: Int32 = 2) throws(FFmpegError) {
        self.parameters = parameters
        sizeProbe = PictureSizeProbe(parameters: parameters)
        let name = parameters.codecName
        guard let codec = avcodec_find_decoder(parameters.codecID) else {
            throw FFmpegError("video codec \(name)", message: "libavcodec has no decoder for it")
        }
        if let problem = PictureLimit.check(width: Int(parameters.parameters.pointee.width),
                                            height: Int(parameters.parameters.pointee.height)) {
            throw FFmpegError("video codec \(name)", message: problem)
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw FFmpegError("video codec \(name)", code: cff_averror(ENOMEM))
        }
        self.context = context
        let status = avcodec_parameters_to_context(context, parameters.parameters)
        guard status >= 0 else { throw FFmpegError("configuring the \(name) decoder", code: status) }
        context.pointee.pkt_timebase = MediaDemuxer.timeBase
        context.pointee.thread_count = threads
        try CodecSupport.open(context, codec: codec, what: "the \(name) decoder")
        frame = av_frame_alloc()
    }

    deinit {
        sws_freeContext(scaler)
        av_frame_free(&frame)
        avcodec_free_context(&context)
    }

    /// Sends `packet` (nil: drain, at the end or before a switch) and returns the frames it completes, with their
    /// times (seconds) and durations. Invalid data in one packet is skipped (returns what decoded).
    /// - Throws: also when the packet declares a picture over ``PictureLimit`` (``PictureSizeProbe``), before the
    ///   decoder sees it.
    func decode(_ packet: Packet?) throws(FFmpegError) -> [(frame: UnsafeMutablePointer<AVFrame>, time: Double, duration: Double)] {
        guard let context, let frame else { return [] }
        if let packet, let problem = sizeProbe.check(packet) {
            throw FFmpegError("decoding \(parameters.codecName) video", message: problem)
        }
        let sent = avcodec_send_packet(context, packet?.packet)
        if sent < 0 && sent != cff_eagain() && sent != cff_eof() && sent != cff_invaliddata() {
            throw FFmpegError("decoding \(parameters.codecName) video", code: sent)
        }
        var out: [(UnsafeMutablePointer<AVFrame>, Double, Double)] = []
        while true {
            let status = avcodec_receive_frame(context, frame)
            if status == cff_eagain() || status == cff_eof() { break }
            if status == cff_invaliddata() { continue }
            guard status >= 0 else { throw FFmpegError("decoding \(parameters.codecName) video", code: status) }
            defer { av_frame_unref(frame) }
            let stamp = frame.pointee.best_effort_timestamp != cff_nopts() ? frame.pointee.best_effort_timestamp : frame.pointee.pts
            if let problem = PictureLimit.check(width: Int(frame.pointee.width), height: Int(frame.pointee.height)) {
                throw FFmpegError("decoding \(parameters.codecName) video", message: problem)
            }
            guard stamp != cff_nopts(), let picture = try converted(frame) else { continue }
            out.append((picture, Double(stamp) / 1_000_000, frameDuration))
        }
        return out
    }

    /// One frame's duration, seconds, from the stream's frame rate (H.264/HEVC timing information) when the
    /// decoder knows it, else 0. (`AVFrame.duration` is FFmpeg 6+, `pkt_duration` gone in 7: neither is used.)
    var frameDuration: Double {
        guard let context else { return 0 }
        let rate = context.pointee.framerate
        guard rate.num > 0, rate.den > 0 else { return 0 }
        let duration = Double(rate.den) / Double(rate.num)
        return duration < 1 ? duration : 0
    }

    /// Forgets buffered frames (a seek); the decoder stays open.
    func flush() {
        if let context { avcodec_flush_buffers(context) }
    }

    /// A new reference to `source` when it is 8-bit 4:2:0 already, else a converted copy; nil for an empty frame.
    private func converted(_ source: UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> UnsafeMutablePointer<AVFrame>? {
        let width = source.pointee.width
        let height = source.pointee.height
        guard width > 0, height > 0, let output = av_frame_alloc() else { return nil }
        let format = AVPixelFormat(rawValue: source.pointee.format)
        if format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUVJ420P {
            let status = av_frame_ref(output, source)
            if status < 0 {
                var pointer: UnsafeMutablePointer<AVFrame>? = output
                av_frame_free(&pointer)
                throw FFmpegError("keeping a decoded frame", code: status)
            }
            return output
        }
        if scalerKey.map({ $0 != (width, height, source.pointee.format) }) ?? true {
            sws_freeContext(scaler)
            scaler = sws_getContext(width, height, format, width, height, AV_PIX_FMT_YUV420P, cff_sws_bilinear(), nil, nil, nil)
            scalerKey = (width, height, source.pointee.format)
        }
        output.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        output.pointee.width = width
        output.pointee.height = height
        guard let scaler, av_frame_get_buffer(output, 0) >= 0 else {
            var pointer: UnsafeMutablePointer<AVFrame>? = output
            av_frame_free(&pointer)
            let name = av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "?"
            throw FFmpegError("converting \(name) to yuv420p", message: "libswscale refused the format")
        }
        let status = cff_sws_scale_frame(scaler, source, output)
        guard status > 0 else {
            var pointer: UnsafeMutablePointer<AVFrame>? = output
            av_frame_free(&pointer)
            return nil
        }
        return output
    }
}
