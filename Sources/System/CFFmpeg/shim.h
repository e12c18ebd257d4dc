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

#endif
