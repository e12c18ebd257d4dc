import Foundation
import MediaCore
import PlayerCore
import Testing
import VideoCore

/// `MediaRequest.isSameMedia(as:)`: one media by its address, whatever its labels say.
@Suite("MediaRequest: the same media")
struct MediaRequestTests {
    static let story = URL(string: "http://127.0.0.1:1/story.mp3")!
    static let playlist = URL(string: "http://127.0.0.1:1/v.m3u8")!

    @Test("the same address with other titles, artist or artwork is the same media; another address or kind is not")
    func sameMedia() {
        let featured = MediaRequest.stream(StreamRequest(url: Self.story, title: "Story", artist: "Featured", isLive: false))
        let category = MediaRequest.stream(StreamRequest(url: Self.story, title: "The story", artist: "Interviews",
                                                         artworkURL: URL(string: "http://127.0.0.1:1/a.jpg"), isLive: false))
        let other = MediaRequest.stream(StreamRequest(url: URL(string: "http://127.0.0.1:1/other.mp3")!, title: "Story"))
        let download = MediaRequest.download(DownloadRequest(playlist: Self.playlist, title: "Video"))
        let video = MediaRequest.video(VideoRequest(source: .parse(Self.playlist.absoluteString), title: "Video"))
        #expect(featured.isSameMedia(as: category) && category.isSameMedia(as: featured))
        #expect(featured != category, "the requests themselves differ")
        #expect(!featured.isSameMedia(as: other))
        #expect(download.isSameMedia(as: .download(DownloadRequest(playlist: Self.playlist))))
        #expect(!download.isSameMedia(as: video), "the same playlist as a download and as a video: different media")
        #expect(video.isSameMedia(as: .video(VideoRequest(source: .parse(Self.playlist.absoluteString)))))
    }
}
