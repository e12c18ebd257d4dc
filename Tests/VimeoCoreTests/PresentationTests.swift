import Foundation
import ScreenKit
import Testing
import VimeoCore

@Suite("Vimeo presentation")
struct PresentationTests {
    @Test("durations, byte counts, counts and sizes in words")
    func text() {
        #expect(VimeoText.duration(0) == "0:00" && VimeoText.duration(59) == "0:59" && VimeoText.duration(205) == "3:25")
        #expect(VimeoText.duration(3600) == "1:00:00" && VimeoText.duration(3723) == "1:02:03" && VimeoText.duration(-5) == "0:00")
        #expect(VimeoText.bytes(1) == "1 byte" && VimeoText.bytes(999) == "999 bytes" && VimeoText.bytes(1000) == "1.0 kB")
        #expect(VimeoText.bytes(1_500) == "1.5 kB" && VimeoText.bytes(12_345_678) == "12.3 MB" && VimeoText.bytes(999_999) == "1.0 MB")
        #expect(VimeoText.bytes(123_456_789) == "123 MB" && VimeoText.bytes(1_234_567_890) == "1.2 GB")
        #expect(VimeoText.videoCount(1) == "1 video" && VimeoText.videoCount(60) == "60 videos")
        #expect(VimeoText.dimensions(1280, 720) == "1280 × 720")
    }

    @Test("rows: albums with their video count, videos with duration and size, thumbnails near 200 px")
    func rows() throws {
        let albums = try Sample.decode(VimeoList<VimeoAlbum>.self, "albums/page-1.json").data
        let row = VimeoPresentation.row(albums[0])
        #expect(row.id == "1001" && row.title == "Night Drives" && row.subtitle == "60 videos")
        #expect(row.thumbnail?.absoluteString == "http://sample.test/pictures/red_200.jpg")
        let videos = try Sample.decode(VimeoList<VimeoVideo>.self, "videos/1001-page-1.json").data
        let video = VimeoPresentation.row(videos[1], overline: "Night Drives")
        #expect(video.title == "Night Drives 2: Empty Motorway" && video.overline == "NIGHT DRIVES")
        #expect(video.subtitle == "2:51 · 1280 × 720")
        let served = VimeoVideo(id: "9", name: " ", pictures: VimeoPictures(sizes: [.init(width: 200, height: 113, link: "http://h/p.jpg")]))
        #expect(VimeoPresentation.row(served, overline: nil).thumbnail == URL(string: "http://h/p.jpg"))
        #expect(VimeoPresentation.row(served, overline: nil).title == "Untitled" && VimeoPresentation.summary(served) == nil)
    }

    @Test("details: picture, name, duration, size, files; Play only with an HLS file")
    func details() throws {
        let videos = try Sample.decode(VimeoList<VimeoVideo>.self, "videos/1001-page-1.json").data
        let details = VimeoPresentation.details(videos[0], overline: "Night Drives")
        #expect(details.title == "Night Drives 1: Harbour Lights" && details.subtitle == "Duration: 1:00" && details.overline == "NIGHT DRIVES")
        #expect(details.facts.first == "Size: 1280 × 720")
        #expect(details.facts.dropFirst().first == "File: HLS · adaptive")
        #expect(details.facts.last?.hasPrefix("File: SD · 640 × 360 · video/mp4 · ") == true)
        #expect(details.actions == [ActionButton(.watch), ActionButton(.listen)])
        #expect(details.paragraph.hasPrefix("Night Drives 1: Harbour Lights. Filmed"))
        let notOwned = VimeoPresentation.details(videos[3], overline: nil)
        #expect(notOwned.actions.isEmpty && notOwned.facts.last == "Files: none listed (only the owner sees them)")
        #expect(VimeoPresentation.fileLine(VimeoFile(quality: "hd", type: "video/mp4", width: 1280, height: 720, link: "x", size: 12_345_678))
            == "HD · 1280 × 720 · video/mp4 · 12.3 MB")
    }
}
