/// The largest picture the player decodes, checked before libavcodec allocates one: a stream declaring a bigger
/// one (a "decompression bomb": a few hundred KB of 16000×16000 H.264 frames, 384 MB each) is refused with an
/// error naming the size, instead of playing on at gigabytes of memory.
///
/// | bound | value | source |
/// |---|---|---|
/// | width, height | 8192 px | the same side as images (`ImageHeader`); 8K UHD is 7680 |
/// | pixels | 35,651,584 (8192 × 4352) | the largest picture an H.264 level 6.2 (MaxFS 139,264 macroblocks × 256, ITU-T H.264 Table A-1) or HEVC level 6.2 (MaxLumaPs, ITU-T H.265 Table A.8) decoder must handle |
///
/// Enforced twice: ``check(width:height:)`` on the stream's codec parameters when a decoder opens, and
/// libavcodec's own `max_pixels` on every decoder context (``maxPixels``), which refuses a frame above it in
/// `ff_get_buffer`/`ff_set_dimensions`, before allocating it, when the size only shows in the bitstream.
enum PictureLimit {
    /// Most pixels a side.
    static let maxSide = 8192
    /// Most pixels in all.
    static let maxPixels = 35_651_584

    /// Nil when a `width`×`height` picture may be decoded (0: not known yet), else why not.
    static func check(width: Int, height: Int) -> String? {
        guard width > maxSide || height > maxSide || width * height > maxPixels else { return nil }
        return "the picture is \(width)×\(height), larger than the player's limit of \(maxSide) px a side and \(maxPixels / 1_000_000) Mpx (docs/security.md)"
    }
}
