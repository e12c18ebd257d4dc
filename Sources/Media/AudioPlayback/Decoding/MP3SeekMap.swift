/// Where a time falls in an MP3 file, for seeking a story over HTTP with a `Range` request: the byte offset of a
/// time (constant bit rate: the audio's start after the ID3v2 tag + time × bit rate / 8; with a Xing/Info header's
/// table of contents: the table, interpolated), and where the next frame starts in bytes that begin anywhere.
///
/// Used by `HTTPAudioStreamSource.reposition(to:)`, behind `StreamAudioEngine.seek(_:to:)`.
///
/// ```swift
/// let map = MP3SeekMap(head: firstBytes, totalBytes: contentLength)   // nil: no MPEG audio frame in the head
/// map?.duration                       // seconds (Xing's frame count, else the CBR estimate)
/// map?.byteOffset(at: 75)             // send "Range: bytes=\(offset)-", then resync:
/// MP3SeekMap.frameStart(in: body, from: 0)   // the first whole frame of what arrived
/// ```
public struct MP3SeekMap: Hashable, Sendable {
    /// Where the audio starts: after the ID3v2 tag, at the first frame (the Xing frame itself, if any).
    public let audioStart: Int
    /// The file's size in bytes (`Content-Length` of a whole response).
    public let totalBytes: Int
    /// The first frame's header (its bit rate is the CBR estimate's).
    public let header: MPEGAudioFrameHeader
    /// The Xing/Info header's frame count, if it has one.
    public let xingFrames: Int?
    /// The Xing/Info header's byte count, if it has one (the audio's bytes from ``audioStart``).
    public let xingBytes: Int?
    /// The Xing/Info header's table of contents, 100 entries 0…255, if it has one.
    public let toc: [UInt8]?

    /// A map from the file's first bytes (`head`: the ID3 tag and at least the first two frames) and its size;
    /// nil when `head` holds no frame followed by another.
    public init?(head: [UInt8], totalBytes: Int) {
        let tag = MPEGAudioFrameHeader.id3v2TagSize(head)
        guard let start = Self.frameStart(in: head, from: tag), let header = MPEGAudioFrameHeader(head, at: start) else {
            return nil
        }
        audioStart = start
        self.totalBytes = max(totalBytes, start)
        self.header = header
        var xing = Self.xing(head, at: start, header: header)
        // A file longer than its Xing/Info header's byte count by more than 1/16 is files joined end to end (the
        // first one's header counts only its own frames): its frames and table would say the first file's
        // length, so the bit rate decides, as FFmpeg's mp3 demuxer does ("invalid concatenated file detected -
        // using bitrate for duration", libavformat/mp3dec.c, mp3_parse_info_tag).
        if let bytes = xing?.bytes, self.totalBytes - start > bytes, self.totalBytes - start - bytes > bytes >> 4 {
            xing = nil
        }
        xingFrames = xing?.frames
        xingBytes = xing?.bytes
        toc = xing?.toc
    }

    /// The length in seconds: the Xing frame count × samples per frame / sample rate when the header has it
    /// (exact for VBR), else the audio's bytes × 8 / the first frame's bit rate (constant bit rate assumed). A
    /// header whose byte count is over 1/16 short of the file (joined files) is not used.
    public var duration: Double {
        if let xingFrames, header.sampleRate > 0 {
            return Double(xingFrames * header.samplesPerFrame) / Double(header.sampleRate)
        }
        guard header.bitRate > 0 else { return 0 }
        return Double(totalBytes - audioStart) * 8 / Double(header.bitRate)
    }

    /// The byte offset to request for `seconds` (clamped to 0…``duration``; never past the file's end). With a
    /// table of contents: entry ⌊p⌋ of p = seconds / duration × 100, interpolated to the next (256 after the
    /// last), × the audio's bytes / 256, as Xing's SDK (`dxhead.c`, `SeekPoint`) reads it; else CBR.
    public func byteOffset(at seconds: Double) -> Int {
        let duration = duration
        guard seconds.isFinite, seconds > 0, duration > 0 else { return audioStart }
        let time = min(seconds, duration)
        let offset: Double
        if let toc, toc.count == 100 {
            let percent = min(99.999, time / duration * 100)
            let index = Int(percent)
            let a = Double(toc[index]), b = index < 99 ? Double(toc[index + 1]) : 256
            let bytes = Double(xingBytes ?? (totalBytes - audioStart))
            offset = (a + (b - a) * (percent - Double(index))) / 256 * bytes
        } else {
            offset = time * Double(header.bitRate) / 8
        }
        return min(totalBytes, audioStart + Int(offset.rounded(.down)))
    }

    /// The first index from `index` on where a frame starts: a valid header whose next frame's header follows
    /// where its length says (two in a row, so audio bytes that merely look like a sync word are skipped); nil
    /// when `bytes` holds none (wait for more).
    public static func frameStart(in bytes: [UInt8], from index: Int) -> Int? {
        var index = max(0, index)
        while index + 4 <= bytes.count {
            if let header = MPEGAudioFrameHeader(bytes, at: index), header.frameLength > 4,
               index + header.frameLength + 4 <= bytes.count,
               MPEGAudioFrameHeader(bytes, at: index + header.frameLength) != nil {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The Xing/Info header in the frame at `start`: after the 4-byte header and the side information (MPEG-1:
    /// 32 bytes stereo, 17 mono; MPEG-2/2.5: 17 stereo, 9 mono — ISO/IEC 11172-3 §2.4.1.7, 13818-3), the tag,
    /// 4 bytes of flags (1 frames, 2 bytes, 4 TOC), then the fields present, big-endian.
    private static func xing(_ bytes: [UInt8], at start: Int, header: MPEGAudioFrameHeader)
        -> (frames: Int?, bytes: Int?, toc: [UInt8]?)? {
        let side = header.version == 1 ? (header.channels == 1 ? 17 : 32) : (header.channels == 1 ? 9 : 17)
        var at = start + 4 + side
        guard at + 8 <= bytes.count, at + 8 <= start + header.frameLength else { return nil }
        let tag = String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
        guard tag == "Xing" || tag == "Info" else { return nil }
        func word(_ i: Int) -> Int? {
            guard i + 4 <= bytes.count else { return nil }
            return bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        guard let flags = word(at + 4) else { return nil }
        at += 8
        var frames: Int?, count: Int?, toc: [UInt8]?
        if flags & 1 != 0 { frames = word(at); at += 4 }
        if flags & 2 != 0 { count = word(at); at += 4 }
        if flags & 4 != 0, at + 100 <= bytes.count { toc = Array(bytes[at..<(at + 100)]) }
        return (frames.flatMap { $0 > 0 ? $0 : nil }, count.flatMap { $0 > 0 ? $0 : nil }, toc)
    }
}
