/// Finds words in a URI path that say a stream carries video, so that a variant without `CODECS` is not
/// guessed to be audio (see ``AudioTrackSelector/admission(of:)``). Names are written by people; this only
/// ever *excludes* a guess, it never admits anything.
///
/// ```swift
/// VideoHints.word(in: "/hls/low/audio-video.m3u8")   // "video"
/// VideoHints.word(in: "/hls/av/stream.m3u8")         // "av"
/// VideoHints.word(in: "/hls/stream_1280x720.m3u8")   // "1280x720"
/// VideoHints.word(in: "/hls/720p/index.m3u8")        // "720p"
/// VideoHints.word(in: "/hls/audio_128k.m3u8")        // nil
/// ```
public enum VideoHints {
    /// Tokens (runs of letters and digits) that name video: codecs and containers of video, `av` as in
    /// "audio-video". Compared whole, so `avc1` matches but `wave` or `favour` do not.
    public static let videoTokens: Set<String> = [
        "av", "avc", "avc1", "avc3", "h264", "h265", "hevc", "hvc1", "hev1", "vp8", "vp9", "av1", "av01", "x264",
        "x265", "iframe", "iframes",
    ]

    /// The first word of `path` (compared lowercased) that says video, or `nil`: `video` anywhere (also inside
    /// `audio-video`, `videohd`), a whole token from ``videoTokens``, or a resolution: `WIDTHxHEIGHT`
    /// (`1280x720`) or a frame height followed by `p` (`360p` … `4320p`, also `1080p60`).
    public static func word(in path: String) -> String? {
        let lower = path.lowercased()
        if lower.contains("video") { return "video" }
        let tokens = lower.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        for token in tokens {
            if videoTokens.contains(token) { return token }
            if let resolution = resolution(in: token) { return resolution }
        }
        return nil
    }

    /// `1280x720` or `720p` (3-4 digits, `p`, then nothing or digits) inside one token, or `nil`.
    private static func resolution(in token: String) -> String? {
        let bytes = Array(token.utf8)
        var index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]), index == 0 || !isDigit(bytes[index - 1]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            let digits = end - index
            if end < bytes.count, bytes[end] == UInt8(ascii: "x"), end + 1 < bytes.count, isDigit(bytes[end + 1]) {
                var heightEnd = end + 1
                while heightEnd < bytes.count, isDigit(bytes[heightEnd]) { heightEnd += 1 }
                if digits >= 2, heightEnd - end - 1 >= 2 {
                    return String(decoding: bytes[index ..< heightEnd], as: UTF8.self)
                }
            }
            if (3 ... 4).contains(digits), end < bytes.count, bytes[end] == UInt8(ascii: "p"),
               end + 1 == bytes.count || isDigit(bytes[end + 1]) {
                return String(decoding: bytes[index ... end], as: UTF8.self)
            }
            index = end
        }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
