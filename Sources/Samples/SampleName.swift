import Foundation

/// One of the embedded samples: fixture data in the real shapes of each service, committed under
/// `Sources/Samples/` and shipped with the programs as this module's resources, so every app runs offline.
///
/// Each folder has a README saying what it holds and the script that made it.
///
/// ```swift
/// let folder = try SampleName.vimeo.directory()   // …/VimeoSample, with routes.json
/// ```
public enum SampleName: String, CaseIterable, Sendable {
    /// The circle's HLS stream: a master playlist with two MP3 audio renditions and three tiny video
    /// variants, plus `fallback.mp3` (scripts/make-default-stream.sh).
    case defaultStream = "DefaultStream"
    /// The Mini iPlayer catalog: iBL-shaped JSON, images, `routes.json`.
    case iPlayer = "IPlayerSample"
    /// The Vimeo library: API routes, pictures, `albums.json` (scripts/make-vimeo-sample.py).
    case vimeo = "VimeoSample"
    /// SportBuff's buffs: `routes.json` with the buff documents.
    case buffs = "BuffsSample"
    /// Interlochen: content-meta.json, NPR and LiveStream routes (scripts/make-interlochen-sample.py).
    case interlochen = "InterlochenSample"
    /// The sample video: `hls/`, what the apps play (320x180, 640x360 and 1280x720 with two MP3 renditions, 12 s
    /// that loop), and the engine's test ladders, a 10 s clip as two HLS ladders of three H.264 variants, MPEG-TS
    /// with muxed AAC and fMP4 with a separate AAC rendition (scripts/make-video-sample.sh).
    case video = "VideoSample"

    /// The sample's folder in the installed resources.
    /// - Throws: ``SampleError`` when the resources were not installed next to the program.
    public func directory() throws(SampleError) -> URL {
        guard let url = Bundle.module.url(forResource: rawValue, withExtension: nil) else {
            throw SampleError(message: "embedded sample missing: no \(rawValue) in \(Bundle.module.bundlePath)")
        }
        return url
    }
}

/// An embedded sample could not be found or served; the message names the sample and the cause.
public struct SampleError: Error, CustomStringConvertible, Sendable {
    /// What failed, naming the sample.
    public var message: String
    /// The message.
    public var description: String { message }

    /// An error saying `message`.
    public init(message: String) {
        self.message = message
    }
}
