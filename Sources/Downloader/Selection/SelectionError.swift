/// Why no audio track could be chosen.
public enum SelectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The master playlist has no separately downloadable audio: every `EXT-X-MEDIA TYPE=AUDIO` rendition
    /// lacks a `URI` (RFC 8216 §4.3.4.1: its audio is in the variant streams) and no variant is audio only.
    /// `renditionLines` lists the URI-less audio renditions (empty if there are none at all).
    case audioOnlyInVideoVariants(renditionLines: [Int])
    /// An override filter matched nothing; `available` lists the choices.
    case noMatch(filter: String, available: [String])

    /// Explanation for the user.
    public var description: String {
        switch self {
        case .audioOnlyInVideoVariants(let lines):
            let renditions = lines.isEmpty
                ? "there is no EXT-X-MEDIA TYPE=AUDIO rendition"
                : "the EXT-X-MEDIA TYPE=AUDIO rendition(s) at line(s) \(lines.map(String.init).joined(separator: ", ")) have no URI"
            return "no separate audio track: \(renditions) and no variant stream is audio-only, so the audio is "
                + "muxed into the video variants (RFC 8216 §4.3.4.1); extracting it would mean downloading video "
                + "segments and demultiplexing them, which this downloader does not do"
        case .noMatch(let filter, let available):
            return "no audio track matches \(filter); available: " + (available.isEmpty ? "none" : available.joined(separator: "; "))
        }
    }
}
