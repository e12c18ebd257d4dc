// CFFmpeg: FFmpeg's libavformat, libavcodec, libswresample, libswscale and libavutil for Swift.
//
// Written against the FFmpeg 5.1 API (Debian 12) and only the parts FFmpeg 7 keeps: AVChannelLayout
// (`ch_layout`), avcodec_send_packet/avcodec_receive_frame, no av_register_all. Swift cannot import
// function-like macros (AVERROR, av_err2str) nor some constants defined with casts (AV_NOPTS_VALUE), so the
// static inline functions below expose them.
#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H

#include <errno.h>
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

/// AVERROR(e): a POSIX errno value as an FFmpeg error code (negative).
static inline int cff_averror(int posixError) { return AVERROR(posixError); }

/// AVERROR(EAGAIN): "output not available in this state, send more input" (avcodec_receive_frame).
static inline int cff_eagain(void) { return AVERROR(EAGAIN); }

/// AVERROR_EOF: end of file / the decoder is fully drained.
static inline int cff_eof(void) { return AVERROR_EOF; }

/// AVERROR_INVALIDDATA: invalid data found when processing input.
static inline int cff_invaliddata(void) { return AVERROR_INVALIDDATA; }

/// AVERROR_DECODER_NOT_FOUND.
static inline int cff_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }

/// AV_NOPTS_VALUE: "no timestamp".
static inline int64_t cff_nopts(void) { return AV_NOPTS_VALUE; }

/// AV_TIME_BASE: the internal time base of libavformat (microseconds).
static inline int cff_time_base(void) { return AV_TIME_BASE; }

/// av_err2str without the compound literal: writes the message for `code` into `buffer` and returns it.
static inline const char *cff_error_string(int code, char *buffer, size_t size) {
    if (av_strerror(code, buffer, size) < 0) {
        snprintf(buffer, size, "unknown FFmpeg error %d", code);
    }
    return buffer;
}

/// av_q2d: a rational as a double (0 when the denominator is 0, instead of inf/nan).
static inline double cff_q2d(AVRational r) { return r.den == 0 ? 0.0 : av_q2d(r); }

/// An AVRational from two ints (Swift can build the struct too; this keeps call sites short).
static inline AVRational cff_rational(int num, int den) { AVRational r = { num, den }; return r; }

/// The default channel layout for `channels` channels (AVChannelLayout API, FFmpeg >= 5.1).
static inline void cff_default_layout(AVChannelLayout *layout, int channels) {
    av_channel_layout_default(layout, channels);
}

/// AVSEEK_FLAG_BACKWARD: seek to the key frame at or before the target.
static inline int cff_seek_backward(void) { return AVSEEK_FLAG_BACKWARD; }

/// AV_PKT_FLAG_KEY: the packet holds a key frame.
static inline int cff_pkt_flag_key(void) { return AV_PKT_FLAG_KEY; }

/// AVFMT_FLAG_CUSTOM_IO: the caller supplied the AVIOContext (do not close it with the format context).
static inline int cff_fmt_flag_custom_io(void) { return AVFMT_FLAG_CUSTOM_IO; }

/// SWS_BILINEAR scaler flag.
static inline int cff_sws_bilinear(void) { return SWS_BILINEAR; }

/// Converts a decoded audio frame into one interleaved output buffer (`out` holds `out_count` frames): keeps the
/// pointer casts of swr_convert's signature (which changed constness between FFmpeg 5 and 7) on the C side.
static inline int cff_swr_convert_frame(struct SwrContext *s, uint8_t *out, int out_count, const AVFrame *frame) {
    uint8_t *outs[1] = { out };
    return swr_convert(s, outs, out_count, (const uint8_t **)frame->extended_data, frame->nb_samples);
}

/// Scales/converts all of `src` into `dst` (both allocated, same size).
static inline int cff_sws_scale_frame(struct SwsContext *c, const AVFrame *src, AVFrame *dst) {
    return sws_scale(c, (const uint8_t *const *)src->data, src->linesize, 0, src->height, dst->data, dst->linesize);
}

// MARK: - Fences (issue 28: what a hostile segment or file may make libavformat do)

/// An `AVFormatContext.io_open` that opens nothing: demuxers that open further inputs (a playlist, a concat
/// script, a DASH manifest, an MP4 `dref`, an image sequence) call it for each one, and get EPERM. The URL is
/// logged through `av_log` (and so through the terminal-safe log below).
static inline int cff_refuse_io_open(struct AVFormatContext *s, AVIOContext **pb, const char *url, int flags,
                              AVDictionary **options) {
    (void)pb; (void)flags; (void)options;
    av_log(s, AV_LOG_ERROR, "refused to open \"%s\": only the bytes the player fetched are demuxed\n", url ? url : "");
    return AVERROR(EPERM);
}

/// Makes every nested open of `context` fail (``cff_refuse_io_open``).
static inline void cff_refuse_nested_opens(AVFormatContext *context) {
    context->io_open = cff_refuse_io_open;
}

/// AVERROR(EPERM), what a refused open returns.
static inline int cff_eperm(void) { return AVERROR(EPERM); }

/// avformat_find_stream_info with every stream's probing decoder limited to `maxPixels` pixels a picture
/// (`max_pixels`: libavcodec refuses a larger one before allocating it).
static inline int cff_find_stream_info_limited(AVFormatContext *context, int64_t maxPixels) {
    unsigned count = context->nb_streams;
    AVDictionary **options = count ? av_calloc(count, sizeof *options) : NULL;
    if (count && !options) return AVERROR(ENOMEM);
    for (unsigned index = 0; index < count; index++) av_dict_set_int(&options[index], "max_pixels", maxPixels, 0);
    int status = avformat_find_stream_info(context, options);
    for (unsigned index = 0; index < count; index++) av_dict_free(&options[index]);
    av_free(options);
    return status;
}

// MARK: - The log (issue 28: FFmpeg's lines reach the terminal only through our own, terminal-safe writer)

/// Receives one whole log line (without its newline) of `length` bytes, formatted by av_log_format_line2
/// (`[h264 @ 0x…] message`). Called on whatever thread logged.
typedef void (*cff_log_sink)(int level, const char *line, long length);

/// Where the sink is kept (a function's static: a header-only module's global would not be emitted by Swift).
static inline cff_log_sink *cff_installed_sink(void) {
    static cff_log_sink sink;
    return &sink;
}

/// Largest line handed on; longer ones are split (each piece a line of its own).
#define CFF_LOG_LINE 1024

/// The av_log callback: formats the message (printf-style, va_list: why this is C) and hands whole lines to the
/// sink. FFmpeg logs a line in pieces (calls without a trailing newline); each thread gathers its own.
static inline void cff_log_callback(void *avcl, int level, const char *fmt, va_list vl) {
    static _Thread_local char pending[CFF_LOG_LINE];
    static _Thread_local long pendingLength;
    static _Thread_local int printPrefix = 1;
    if (level > av_log_get_level()) return;
    cff_log_sink sink = __atomic_load_n(cff_installed_sink(), __ATOMIC_ACQUIRE);
    if (!sink) return;
    char part[CFF_LOG_LINE];
    int needed = av_log_format_line2(avcl, level, fmt, vl, part, sizeof part, &printPrefix);
    if (needed < 0) return;
    long length = needed < (int)sizeof part ? needed : (long)sizeof part - 1;
    for (long index = 0; index < length; index++) {
        char byte = part[index];
        if (byte == '\n' || pendingLength == CFF_LOG_LINE - 1) {
            sink(level, pending, pendingLength);
            pendingLength = 0;
            if (byte == '\n') continue;
        }
        pending[pendingLength++] = byte;
    }
    if (needed >= (int)sizeof part) {  // cut: the rest of this piece is lost, so end the line here
        sink(level, pending, pendingLength);
        pendingLength = 0;
        printPrefix = 1;
    }
}

/// Sends every FFmpeg log line at `level` or more severe (AV_LOG_ERROR, …) to `sink` instead of stderr.
static inline void cff_set_log_sink(cff_log_sink sink, int level) {
    __atomic_store_n(cff_installed_sink(), sink, __ATOMIC_RELEASE);
    av_log_set_level(level);
    av_log_set_callback(cff_log_callback);
}

#endif
