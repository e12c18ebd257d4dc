import CFFmpeg
enum FFmpegProbe { static var version: UInt32 { avformat_version() } ; static var hasH264: Bool { avcodec_find_decoder(AV_CODEC_ID_H264) != nil } }
