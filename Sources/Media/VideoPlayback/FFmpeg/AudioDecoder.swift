import AudioPlayback
import CFFmpeg

/// libavcodec's audio decoder (AAC, MP3 …) followed by libswresample converting to the output's ``PCMFormat``
/// (interleaved s16 at its rate and channel count), with the AVChannelLayout API (`ch_layout`,
/// `swr_alloc_set_opts2`) that FFmpeg 7 keeps.
final class AudioDecoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var resampler: OpaquePointer?
    private var resamplerKey: (Int32, Int32, Int32)?
    private let output: PCMFormat
    /// Where the next block starts when its packet has no timestamp (MPEG-TS: only the first ADTS frame of a PES
    /// packet carries one; the parser gives the others none).
    private var nextTime: Double?
    /// The parameters it was opened with.
    let parameters: CodecParameters

    /// Opens a decoder for `parameters` converting to `output`.
    init(parameters: CodecParameters, output: PCMFormat) throws(FFmpegError) {
        self.parameters = parameters
        self.output = output
        let name = parameters.codecName
        guard let codec = avcodec_find_decoder(parameters.codecID) else {
            throw FFmpegError("audio codec \(name)", message: "libavcodec has no decoder for it")
        }
        guard let context = avcodec_alloc_context3(codec) else { throw FFmpegError("audio codec \(name)", code: cff_averror(ENOMEM)) }
        self.context = context
        let status = avcodec_parameters_to_context(context, parameters.parameters)
        guard status >= 0 else { throw FFmpegError("configuring the \(name) decoder", code: status) }
        context.pointee.pkt_timebase = MediaDemuxer.timeBase
        try CodecSupport.open(context, codec: codec, what: "the \(name) decoder")
        frame = av_frame_alloc()
    }

    deinit {
        swr_free(&resampler)
        av_frame_free(&frame)
        avcodec_free_context(&context)
    }

    /// Sends `packet` (nil: drain) and returns the converted audio it completes. Invalid data is skipped.
    func decode(_ packet: Packet?) throws(FFmpegError) -> [PCMChunk] {
        guard let context, let frame else { return [] }
        let sent = avcodec_send_packet(context, packet?.packet)
        if sent < 0 && sent != cff_eagain() && sent != cff_eof() && sent != cff_invaliddata() {
            throw FFmpegError("decoding \(parameters.codecName) audio", code: sent)
        }
        var chunks: [PCMChunk] = []
        while true {
            let status = avcodec_receive_frame(context, frame)
            if status == cff_eagain() || status == cff_eof() { break }
            if status == cff_invaliddata() { continue }
            guard status >= 0 else { throw FFmpegError("decoding \(parameters.codecName) audio", code: status) }
            defer { av_frame_unref(frame) }
            if let chunk = try convert(frame, fallbackTime: packet?.time) { chunks.append(chunk) }
        }
        return chunks
    }

    /// Forgets buffered audio (a seek).
    func flush() {
        if let context { avcodec_flush_buffers(context) }
        if let resampler { swr_init(resampler) }
        nextTime = nil
    }

    private func convert(_ frame: UnsafeMutablePointer<AVFrame>, fallbackTime: Double?) throws(FFmpegError) -> PCMChunk? {
        let inRate = frame.pointee.sample_rate
        let inFormat = frame.pointee.format
        let inChannels = frame.pointee.ch_layout.nb_channels
        let count = frame.pointee.nb_samples
        guard inRate > 0, inChannels > 0, count > 0 else { return nil }
        if resamplerKey.map({ $0 != (inRate, inFormat, inChannels) }) ?? true {
            swr_free(&resampler)
            var inLayout = AVChannelLayout()
            if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
                cff_default_layout(&inLayout, inChannels)
            } else {
                av_channel_layout_copy(&inLayout, &frame.pointee.ch_layout)
            }
            var outLayout = AVChannelLayout()
            cff_default_layout(&outLayout, Int32(output.channels))
            let status = swr_alloc_set_opts2(&resampler, &outLayout, AV_SAMPLE_FMT_S16, Int32(output.sampleRate),
                                             &inLayout, AVSampleFormat(rawValue: inFormat), inRate, 0, nil)
            av_channel_layout_uninit(&inLayout)
            av_channel_layout_uninit(&outLayout)
            guard status >= 0, let resampler, swr_init(resampler) >= 0 else {
                throw FFmpegError("converting \(parameters.codecName) audio to \(output)", code: status < 0 ? status : cff_averror(EINVAL))
            }
            resamplerKey = (inRate, inFormat, inChannels)
        }
        guard let resampler else { return nil }
        let stamp = frame.pointee.best_effort_timestamp != cff_nopts() ? frame.pointee.best_effort_timestamp : frame.pointee.pts
        let delay = Double(swr_get_delay(resampler, Int64(output.sampleRate))) / Double(output.sampleRate)
        guard let time = stamp != cff_nopts() ? Double(stamp) / 1_000_000 - delay : (nextTime ?? fallbackTime.map { $0 - delay })
        else { return nil }
        let capacity = Int(swr_get_out_samples(resampler, count)) + 32
        guard capacity > 0 else { return nil }
        var samples = [Int16](repeating: 0, count: capacity * output.channels)
        let converted = samples.withUnsafeMutableBytes { outBytes in
            cff_swr_convert_frame(resampler, outBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(capacity), frame)
        }
        guard converted > 0 else { return nil }
        samples.removeLast(samples.count - Int(converted) * output.channels)
        let chunk = PCMChunk(samples: samples, time: time, sampleRate: output.sampleRate, channels: output.channels)
        nextTime = chunk.end
        return chunk
    }
}
