import FeedCore
import Foundation
import ScreenKit

/// What albums and videos look like on the screens: list rows and the video details page.
///
/// | item | overline | title | subtitle | thumbnail |
/// |---|---|---|---|---|
/// | album | — | name | `60 videos` (else the description, else nothing) | the picture size nearest 200 px wide |
/// | video | the album's name (upper case), or `SEARCH` | name | `3:25 · 1280 × 720` | the same |
///
/// The details page: the picture (nearest 640 px wide), the album's name, the name, the duration, then one
/// fact per line — the size and every file (`HLS · adaptive`, `HD · 1280 × 720 · video/mp4 · 12.3 MB`) —
/// and the description. **Play** is offered when the video has an HLS file (its sound is played).
public enum VimeoPresentation {
    /// The thumbnail width asked of ``VimeoPictures/best(forWidth:)`` (a 48 pt high 16:9 thumbnail at 2×).
    public static let thumbnailWidth = 200
    /// The details picture width asked.
    public static let detailsPictureWidth = 640
    /// The untitled placeholder.
    public static let untitled = "Untitled"

    /// An album's row.
    public static func row(_ album: VimeoAlbum) -> ListRow {
        let subtitle = album.videoCount.map(VimeoText.videoCount) ?? album.description
        return ListRow(id: RowID(album.id), title: title(album.name), subtitle: subtitle,
                       thumbnail: url(album.pictures.best(forWidth: thumbnailWidth)?.link))
    }

    /// A video's row in a list titled `overline` (the album's name, or `SEARCH`).
    public static func row(_ video: VimeoVideo, overline: String?) -> ListRow {
        ListRow(id: RowID(video.id), title: title(video.name), subtitle: summary(video),
                overline: overline.map { $0.uppercased() },
                thumbnail: url(video.pictures.best(forWidth: thumbnailWidth)?.link))
    }

    /// `3:25 · 1280 × 720` (the parts the video has; `nil` when it has neither).
    public static func summary(_ video: VimeoVideo) -> String? {
        var parts: [String] = []
        if let duration = video.duration { parts.append(VimeoText.duration(duration)) }
        if let width = video.width, let height = video.height, width > 0, height > 0 {
            parts.append(VimeoText.dimensions(width, height))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// One line for a file: `HLS · adaptive`, `HD · 1280 × 720 · video/mp4 · 12.3 MB`.
    public static func fileLine(_ file: VimeoFile) -> String {
        var parts = [(file.quality ?? "file").uppercased()]
        if file.isHLS, file.width == nil {
            parts.append("adaptive")
        } else if let width = file.width, let height = file.height {
            parts.append(VimeoText.dimensions(width, height))
        }
        if !file.isHLS, let type = file.type { parts.append(type) }
        if let size = file.size { parts.append(VimeoText.bytes(size)) }
        return parts.joined(separator: " · ")
    }

    /// The facts under a video's title: its size, then one line per file (or a line saying files are
    /// shown to the owner only).
    public static func facts(_ video: VimeoVideo) -> [String] {
        var facts: [String] = []
        if let width = video.width, let height = video.height, width > 0, height > 0 {
            facts.append("Size: \(VimeoText.dimensions(width, height))")
        }
        if video.files.isEmpty {
            facts.append("Files: none listed (only the owner sees them)")
        } else {
            facts += video.files.map { "File: " + fileLine($0) }
        }
        return facts
    }

    /// The details page of `video`, in the list titled `overline`; `listening`: its sound plays in the circle (its
    /// Listen reads Pause).
    public static func details(_ video: VimeoVideo, overline: String?, listening: Bool = false) -> DetailsScreen {
        DetailsScreen(image: url(video.pictures.best(forWidth: detailsPictureWidth)?.link),
                      overline: overline.map { $0.uppercased() }, title: title(video.name),
                      subtitle: video.duration.map { "Duration: " + VimeoText.duration($0) },
                      facts: facts(video), paragraph: video.description ?? "",
                      actions: actions(video, listening: listening))
    }

    /// The details' buttons: **Watch** (the player) and **Listen** (the sound in the circle; **Pause** while it
    /// plays there, `listening`) when the video has an HLS file over http(s) (``playlistURL(_:)``); none otherwise.
    public static func actions(_ video: VimeoVideo, listening: Bool = false) -> [ActionButton] {
        guard playlistURL(video) != nil else { return [] }
        return [ActionButton(.watch), ActionButton(listening ? .pause : .listen)]
    }

    /// The HLS playlist Watch opens the player on and Listen downloads the sound of: the HLS file's link, over
    /// http or https only (a link from the network never makes the player or the downloader open a local file).
    public static func playlistURL(_ video: VimeoVideo) -> URL? {
        video.hlsFile?.streamLink.flatMap(LinkPolicy.httpURL)
    }

    private static func title(_ name: String) -> String {
        name.contains(where: { !$0.isWhitespace }) ? name : untitled
    }

    private static func url(_ link: String?) -> URL? {
        guard let link, let url = URL(string: link), let scheme = url.scheme?.lowercased(),
              ["http", "https", "file"].contains(scheme) else { return nil }
        return url
    }
}
