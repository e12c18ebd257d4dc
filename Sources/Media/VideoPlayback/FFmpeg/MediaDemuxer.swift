import CFFmpeg

/// libavformat on one input — a segment in memory (``MemoryInput``) or a file — reading its packets with their
/// timestamps moved onto the playlist's time line.
///
/// A segment's demuxer does not run `avformat_find_stream_info`: it would decode frames to probe them, and the
/// decoders need only the codec and its extradata (MPEG-TS carries H.264 parameter sets and ADTS headers in-band;
/// fMP4 has `avcC`/`esds` in the init section, read when the input opens). Streams that appear while reading
/// (an MPEG-TS PMT) are picked up as their packets arrive. The first video and the first audio stream are used.
final class MediaDemuxer {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private let input: MemoryInput?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var parameters: [Int32: CodecParameters] = [:]
    private var videoStream: Int32?
    private var audioStream: Int32?
    /// What is being demuxed, for error messages (`segment 3 of http://…`).
    let label: String

    /// The time base of the packets handed out: microseconds.
    static let timeBase = cff_rational(1, 1_000_000)

    /// A demuxer over `bytes` in memory. The container is recognised from the bytes (MPEG-TS sync bytes, an MP4
    /// box), else probed.
    init(bytes: [UInt8], label: String) throws(FFmpegError) {
        self.label = label
        let input = try MemoryInput(bytes: bytes)
        self.input = input
        guard let context = avformat_alloc_context() else { throw FFmpegError("demuxing \(label)", code: cff_averror(ENOMEM)) }
        context.pointee.pb = input.context
        context.pointee.flags |= cff_fmt_flag_custom_io()
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        let hint = Self.formatName(for: bytes).flatMap { av_find_input_format($0) }
        let status = avformat_open_input(&opened, nil, hint, nil)
        guard status >= 0, let opened else {
            // avformat_open_input frees the context on failure.
            throw FFmpegError("opening \(label)", code: status)
        }
        format = opened
        packet = av_packet_alloc()
    }

    /// A demuxer reading the file at `path` (libavformat's own file I/O), with stream information probed.
    init(path: String) throws(FFmpegError) {
        label = path
        input = nil
        var opened: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_open_input(&opened, path, nil, nil)
        guard status >= 0, let opened else { throw FFmpegError("opening \(path)", code: status) }
        format = opened
        let info = avformat_find_stream_info(opened, nil)
        guard info >= 0 else {
            avformat_close_input(&format)
            throw FFmpegError("reading stream information of \(path)", code: info)
        }
        packet = av_packet_alloc()
        for index in 0 ..< Int32(opened.pointee.nb_streams) { register(index) }
    }

    deinit {
        av_packet_free(&packet)
        avformat_close_input(&format)
    }

    /// `mpegts` when the bytes start with MPEG-TS sync bytes every 188 bytes, `mp4` when they start with an ISO
    /// BMFF box (`ftyp`, `styp`, `moof`, `moov`, `sidx`), else nil (probe).
    static func formatName(for bytes: [UInt8]) -> String? {
        if bytes.count >= 377, bytes[0] == 0x47, bytes[188] == 0x47, bytes[376] == 0x47 { return "mpegts" }
        if bytes.count >= 8 {
            let type = String(decoding: bytes[4 ..< 8], as: UTF8.self)
            if ["ftyp", "styp", "moof", "moov", "sidx", "free"].contains(type) { return "mp4" }
        }
        return nil
    }

    /// Duration of the input in seconds, when the container knows it (files).
    var duration: Double? {
        guard let format, format.pointee.duration > 0 else { return nil }
        return Double(format.pointee.duration) / Double(cff_time_base())
    }

    /// Start time of the input in seconds: the video stream's first timestamp when there is video (position 0 is
    /// the first frame, as for HLS), else the container's; nil when unknown.
    var startTime: Double? {
        guard let format else { return nil }
        if let index = videoStream, let stream = format.pointee.streams[Int(index)], stream.pointee.start_time != cff_nopts() {
            return Double(stream.pointee.start_time) * cff_q2d(stream.pointee.time_base)
        }
        guard format.pointee.start_time != cff_nopts() else { return nil }
        return Double(format.pointee.start_time) / Double(cff_time_base())
    }

    /// Codec parameters of the video stream, once seen.
    var videoParameters: CodecParameters? { videoStream.flatMap { parameters[$0] } }
    /// Codec parameters of the audio stream, once seen.
    var audioParameters: CodecParameters? { audioStream.flatMap { parameters[$0] } }

    /// The next packet of the chosen streams, in file order, with timestamps in microseconds minus
    /// `anchorSeconds` (mapping container time to the playlist's time line); nil at the end.
    /// - Throws: on a read error other than the end (a corrupt segment).
    func next(anchorSeconds: Double, generation: Int, variantID: Int?, kinds: Set<StreamKind>) throws(FFmpegError) -> Packet? {
        guard let format, let packet else { return nil }
        while true {
            let status = av_read_frame(format, packet)
            if status == cff_eof() { return nil }
            guard status >= 0 else { throw FFmpegError("reading \(label)", code: status) }
            let index = packet.pointee.stream_index
            if parameters[index] == nil { register(index) }
            let kind: StreamKind
            if index == videoStream { kind = .video } else if index == audioStream { kind = .audio } else {
                av_packet_unref(packet)
                continue
            }
            guard kinds.contains(kind), let stream = format.pointee.streams[Int(index)], let codec = parameters[index] else {
                av_packet_unref(packet)
                continue
            }
            guard let owned = av_packet_alloc() else { throw FFmpegError("reading \(label)", code: cff_averror(ENOMEM)) }
            av_packet_move_ref(owned, packet)
            av_packet_rescale_ts(owned, stream.pointee.time_base, Self.timeBase)
            let shift = Int64((anchorSeconds * 1_000_000).rounded())
            if owned.pointee.pts != cff_nopts() { owned.pointee.pts -= shift }
            if owned.pointee.dts != cff_nopts() { owned.pointee.dts -= shift }
            let pts = owned.pointee.pts != cff_nopts() ? owned.pointee.pts : owned.pointee.dts
            let time = pts != cff_nopts() ? Double(pts) / 1_000_000 : nil
            return Packet(packet: owned, kind: kind, parameters: codec, generation: generation, time: time,
                          duration: Double(max(0, owned.pointee.duration)) / 1_000_000, variantID: variantID)
        }
    }

    /// The container timestamp (seconds) of the first packet of the first video stream, else of the first audio
    /// stream, reading ahead without consuming (the demuxer is reopened by the caller afterwards): used to anchor.
    static func firstTimestamp(of bytes: [UInt8], label: String) throws(FFmpegError) -> Double? {
        let demuxer = try MediaDemuxer(bytes: bytes, label: label)
        var audio: Double?
        var read = 0
        while read < 400, let packet = try demuxer.next(anchorSeconds: 0, generation: 0, variantID: nil, kinds: [.video, .audio]) {
            read += 1
            guard let time = packet.time else { continue }
            if packet.kind == .video {
                if packet.isKey { return time }
            } else if audio == nil {
                audio = time
            }
            if demuxer.videoStream == nil, let audio { return audio }
        }
        return audio
    }

    /// Seeks a file to the key frame at or before `seconds` (container time); the next packets follow from there.
    func seek(toContainerSeconds seconds: Double) throws(FFmpegError) {
        guard let format else { return }
        let target = Int64(seconds * Double(cff_time_base()))
        let status = avformat_seek_file(format, -1, Int64.min, target, target, cff_seek_backward())
        guard status >= 0 else { throw FFmpegError("seeking \(label) to \(seconds) s", code: status) }
    }

    private func register(_ index: Int32) {
        guard let format, index >= 0, index < Int32(format.pointee.nb_streams),
              let stream = format.pointee.streams[Int(index)], let codecpar = stream.pointee.codecpar else { return }
        switch codecpar.pointee.codec_type {
        case AVMEDIA_TYPE_VIDEO where videoStream == nil:
            // Cover art in an audio file is a "video" stream of one picture: not a video.
            guard stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0 else { return }
            videoStream = index
        case AVMEDIA_TYPE_AUDIO where audioStream == nil:
            audioStream = index
        default:
            return
        }
        parameters[index] = CodecParameters(copying: codecpar)
    }
}
