import Foundation
import InterlochenCore
import VimeoCore
import VimeoKit

/// Album videos from ``VimeoLibrary`` (its own 2 h rule and store), as the Interlochen sections show them.
public struct VimeoAlbumVideos: AlbumVideoSource {
    /// The Vimeo library.
    public let library: VimeoLibrary
    /// The picture width asked for (the size closest to it is used).
    public var pictureWidth: Int

    /// Videos from `library`.
    public init(library: VimeoLibrary, pictureWidth: Int = 640) {
        self.library = library
        self.pictureWidth = pictureWidth
    }

    /// Every video of album `id` (every page), mapped to ``InterlochenVideo``.
    public func videos(ofAlbum id: String, now: Date) async throws -> [InterlochenVideo] {
        try await videos(ofAlbum: id, now: now, force: false)
    }

    /// Every video of album `id`; with `force` every page is fetched whatever Vimeo's 2 h rule says (the user
    /// refreshed, so the list must not come from VimeoLibrary's own store).
    public func videos(ofAlbum id: String, now: Date, force: Bool) async throws -> [InterlochenVideo] {
        try await library.allVideos(album: id, now: now, force: force).value.map { Self.video($0, pictureWidth: pictureWidth) }
    }

    /// One Vimeo video as a section item: its HLS file's secure link (else its link) to Watch.
    public static func video(_ video: VimeoVideo, pictureWidth: Int = 640) -> InterlochenVideo {
        InterlochenVideo(id: video.id, title: video.name, duration: video.duration,
                         imageURL: video.pictures.best(forWidth: pictureWidth)?.link,
                         hlsURL: video.hlsFile.flatMap { $0.linkSecure ?? $0.link }, webURL: video.link,
                         description: video.description)
    }
}
