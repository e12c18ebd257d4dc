import CFFmpeg
import Foundation
import VideoCore

/// libavformat on one input — a segment in memory (``MemoryInput``) or a local file — reading its packets with
/// their timestamps moved onto the playlist's time line, behind fences (docs/security.md, "What FFmpeg may do"):
///
/// | fence | segment in memory | local file |
/// |---|---|---|
/// | input format | the one the HLS engine names (``SegmentContainer``), never probed | probed, then only one of ``fileFormats`` |
/// | `format_whitelist` | ``SegmentContainer/formatWhitelist`` | ``fileFormats`` |
/// | I/O | our ``MemoryInput`` | `avio_open2` of `file:PATH`, `protocol_whitelist=file` |
/// | nested opens (`io_open`) | refused (``cff_refuse_io_open``) | refused |
/// | `protocol_whitelist` | empty: no protocol | `file` |
/// | `codec_whitelist` (stream probing) | ``CodecSupport/decoderWhitelist`` | the same |
/// | timestamps | beyond ±2^53 µs (285 years) the packet has no time (``maxTimestamp``) | the same |
///
/// A segment's demuxer does not run `avformat_find_stream_info`: it would decode frames to probe them, and the
/// decoders need only the codec and its extradata (MPEG-TS carries H.264 parameter sets and ADTS headers in-band;
/// fMP4 has `avcC`/`esds` in the init section, read when the input opens). Streams that appear while reading
/// (an MPEG-TS PMT) are picked up as their packets arrive. The first video and the first audio stream are used.
final class MediaDemuxer {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private let input: MemoryInput?
    /// The file's own I/O context (a file input), closed with the demuxer.
    private var fileIO: UnsafeMutablePointer<AVIOContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var parameters: [Int32: CodecParameters] = [:]
    private var videoStream: Int32?
    private var audioStream: Int32?
    /// What is being demuxed, for error messages (`segment 3 of http://…`).
    let label: String

    /// The time base of the packets handed out: microseconds.
    static let timeBase = cff_rational(1, 1_000_000)

    /// Largest timestamp magnitude kept, microseconds: 2^53, where a Double still holds every microsecond. Real
    /// streams stay far below (MPEG-TS wraps at 2^33 / 90 kHz, 26.5 h; an fMP4 `tfdt` counted from 1970 in
    /// microseconds is 1.8 × 10^15); a larger one (a hostile `tfdt` near 2^62) leaves its packet without a time
    /// instead of overflowing the arithmetic that maps it onto the playlist.
    static let maxTimestamp: Int64 = 1 << 53

    /// The container formats played from a local file (libavformat demuxer names, `format_whitelist`): none of
    /// them opens another file or a socket. A playlist (`hls`), concat script (`concat`), DASH manifest (`dash`),
    /// session description (`sdp`, `rtsp`), image sequence (`image2`) or any other format is refused by name.
    static let fileFormats = "mov,mp4,m4a,3gp,3g2,mj2,mpegts,matroska,webm,avi,flv,mpeg,mp3,aac,ac3,eac3,flac,ogg,wav"

    /// A demuxer over `bytes` in memory, read as `container` (the HLS engine's word for it; nothing is probed).
    init(bytes: [UInt8], label: String, container: SegmentContainer) throws(FFmpegError) {
        FFmpegLog.installIfNeeded()
        self.label = label
        let input = try MemoryInput(bytes: bytes)
        self.input = input
        guard let inputFormat = av_find_input_format(container.formatName) else {
            throw FFmpegError("demuxing \(label)", message: "libavformat has no \(container) demuxer")
        }
        guard let context = avformat_alloc_context() else { throw FFmpegError("demuxing \(label)", code: cff_averror(ENOMEM)) }
        context.pointee.pb = input.context
        context.pointee.flags |= cff_fmt_flag_custom_io()
        cff_refuse_nested_opens(context)
        var options = Self.fences(formats: SegmentContainer.formatWhitelist, protocols: "")
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        let status = avformat_open_input(&opened, nil, inputFormat, &options)
        av_dict_free(&options)
        guard status >= 0, let opened else {
            // avformat_open_input frees the context on failure.
            throw FFmpegError("opening \(label) as \(container)", code: status)
        }
        format = opened
        packet = av_packet_alloc()
    }

    /// A demuxer reading the local file at `path` through `file:` I/O of its own, with stream information probed.
    /// - Throws: when the file cannot be read, or is not one of ``fileFormats`` (naming what it is).
    init(path: String) throws(FFmpegError) {
        FFmpegLog.installIfNeeded()
        label = path
        input = nil
        // `file:` always: a path such as `concat:a|b` or `subfile,…` would otherwise name another protocol.
        let url = "file:" + (path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
        var ioOptions: OpaquePointer?
        av_dict_set(&ioOptions, "protocol_whitelist", "file", 0)
        var io: UnsafeMutablePointer<AVIOContext>?
        var status = avio_open2(&io, url, AVIO_FLAG_READ, nil, &ioOptions)
        av_dict_free(&ioOptions)
        guard status >= 0, let io else { throw FFmpegError("opening \(path)", code: status) }
        fileIO = io
        var probed: UnsafePointer<AVInputFormat>?
        status = av_probe_input_buffer2(io, &probed, url, nil, 0, 0)
        guard status >= 0, let probed else {
            avio_closep(&fileIO)
            throw FFmpegError("opening \(path)", code: status < 0 ? status : cff_invaliddata())
        }
        let name = String(cString: probed.pointee.name)
        guard Self.isFileFormat(name) else {
            avio_closep(&fileIO)
            let long = probed.pointee.long_name.map { String(cString: $0) } ?? name
            throw FFmpegError("opening \(path)", message: "it is \(long) (\(name)), not a media file the player opens (\(Self.fileFormats)): such a file can make FFmpeg open other files, URLs or sockets")
        }
        guard let context = avformat_alloc_context() else {
            avio_closep(&fileIO)
            throw FFmpegError("opening \(path)", code: cff_averror(ENOMEM))
        }
        context.pointee.pb = io
        context.pointee.flags |= cff_fmt_flag_custom_io()
        cff_refuse_nested_opens(context)
        var options = Self.fences(formats: Self.fileFormats, protocols: "file")
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        status = avformat_open_input(&opened, url, probed, &options)
        av_dict_free(&options)
        guard status >= 0, let opened else {
            avio_closep(&fileIO)
            throw FFmpegError("opening \(path)", code: status)
        }
        format = opened
        for index in 0 ..< Int(opened.pointee.nb_streams) {
            guard let codecpar = opened.pointee.streams[index]?.pointee.codecpar,
                  codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO,
                  let problem = PictureLimit.check(width: Int(codecpar.pointee.width), height: Int(codecpar.pointee.height))
            else { continue }
            avformat_close_input(&format)
            avio_closep(&fileIO)
            throw FFmpegError("opening \(path)", message: problem)
        }
        let info = cff_find_stream_info_limited(opened, Int64(PictureLimit.maxPixels))
        guard info >= 0 else {
            avformat_close_input(&format)
            avio_closep(&fileIO)
            throw FFmpegError("reading stream information of \(path)", code: info)
        }
        packet = av_packet_alloc()
        for index in 0 ..< Int32(opened.pointee.nb_streams) { register(index) }
    }

    /// The options every input is opened with: the formats and protocols allowed, and the decoders stream probing
    /// may open.
    private static func fences(formats: String, protocols: String) -> OpaquePointer? {
        var options: OpaquePointer?
        av_dict_set(&options, "format_whitelist", formats, 0)
        av_dict_set(&options, "protocol_whitelist", protocols, 0)
        av_dict_set(&options, "codec_whitelist", CodecSupport.decoderWhitelist, 0)
        return options
    }

    /// Whether libavformat's demuxer `name` (`mov,mp4,m4a,…`: any of its names) is one of ``fileFormats``.
    static func isFileFormat(_ name: String) -> Bool {
        let allowed = Set(fileFormats.split(separator: ","))
        return name.split(separator: ",").contains { allowed.contains($0) }
    }

    deinit {
        av_packet_free(&packet)
        avformat_close_input(&format)
        avio_closep(&fileIO)
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
            // Out of range, av_rescale_q_rnd gives AV_NOPTS_VALUE (libavutil/mathematics.c); ``shifted`` keeps the
            // rest within ±maxTimestamp.
            av_packet_rescale_ts(owned, stream.pointee.time_base, Self.timeBase)
            let shift = Int64(saturating: (anchorSeconds * 1_000_000).rounded())
            owned.pointee.pts = Self.shifted(owned.pointee.pts, by: shift)
            owned.pointee.dts = Self.shifted(owned.pointee.dts, by: shift)
            let pts = owned.pointee.pts != cff_nopts() ? owned.pointee.pts : owned.pointee.dts
            let time = pts != cff_nopts() ? Double(pts) / 1_000_000 : nil
            return Packet(packet: owned, kind: kind, parameters: codec, generation: generation, time: time,
                          duration: Double(max(0, owned.pointee.duration)) / 1_000_000, variantID: variantID)
        }
    }

    /// Seeks a file to the key frame at or before `seconds` (container time); the next packets follow from there.
    func seek(toContainerSeconds seconds: Double) throws(FFmpegError) {
        guard let format else { return }
        let target = Int64(saturating: seconds * Double(cff_time_base()))
        let status = avformat_seek_file(format, -1, Int64.min, target, target, cff_seek_backward())
        guard status >= 0 else { throw FFmpegError("seeking \(label) to \(seconds) s", code: status) }
    }

    /// `stamp − shift` (microseconds), or no timestamp when either is out of ±``maxTimestamp`` (no overflow).
    static func shifted(_ stamp: Int64, by shift: Int64) -> Int64 {
        guard stamp != cff_nopts(), stamp.magnitude <= maxTimestamp.magnitude, shift.magnitude <= maxTimestamp.magnitude else {
            return cff_nopts()
        }
        return stamp - shift
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
