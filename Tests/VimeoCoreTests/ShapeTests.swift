import FeedCore
import Foundation
import Testing
import VimeoCore

/// Every shape issue 12 lists, from the sample library and inline documents.
@Suite("Vimeo shapes")
struct ShapeTests {
    @Test("ids are the last path component of uri")
    func ids() {
        #expect(VimeoID.fromURI("/users/42/albums/1234") == "1234")
        #expect(VimeoID.fromURI("/videos/76979871") == "76979871")
        #expect(VimeoID.fromURI("https://vimeo.com/album/1234/") == "1234")
        #expect(VimeoID.fromURI("/videos/55?fields=uri") == "55")
        #expect(VimeoID.fromURI("/") == nil)
        #expect(VimeoID.fromURI("") == nil)
        #expect(VimeoID.fromURI("https://") == nil)
    }

    @Test("a list with paging: total, page, per_page, next and previous relative or null")
    func listWithPaging() throws {
        let page = try Sample.decode(VimeoList<VimeoAlbum>.self, "albums/page-2.json")
        #expect(page.total == 7 && page.page == 2 && page.perPage == 3)
        #expect(page.paging == PagingLinks(next: "/me/albums?page=3", previous: "/me/albums?page=1",
                                           first: "/me/albums?page=1", last: "/me/albums?page=3"))
        #expect(page.data.map(\.id) == ["1004", "1005", "1006"])
        let last = try Sample.decode(VimeoList<VimeoAlbum>.self, "albums/page-3.json")
        #expect(last.nextLink == nil && last.paging?.previous == "/me/albums?page=2")
        let first = try Sample.decode(VimeoList<VimeoAlbum>.self, "albums/page-1.json")
        #expect(first.paging?.previous == nil && first.nextLink == "/me/albums?page=2")
    }

    @Test("a list without paging is one page; numbers may be strings; data is required")
    func listWithoutPaging() throws {
        let page = try decode(VimeoList<VimeoAlbum>.self, #"{"total": "2", "data": [{"uri": "/albums/1", "name": "A"}, {"uri": "/albums/2", "name": "B"}]}"#)
        #expect(page.paging == nil && page.nextLink == nil && page.total == 2 && page.page == nil)
        let videos = try decode(VimeoList<VimeoVideo>.self, #"{"total": 40, "page": 1, "per_page": 25, "data": [{"uri": "/videos/9"}]}"#)
        #expect(VideoPage(list: .album("1"), page: 1, response: videos).hasMore == false, "no paging: one page, whatever total says")
        #expect(failurePath(VimeoList<VimeoAlbum>.self, #"{"total": 0}"#) == "data")
        let empty = try decode(VimeoList<VimeoVideo>.self, #"{"paging": {"next": "/me/videos?page=2"}, "data": []}"#)
        #expect(VideoPage(list: .search("x"), page: 1, response: empty).hasMore == false, "an empty page is the last")
    }

    @Test("the user: every picture link, every website field, every metadata item, null location and bio")
    func user() throws {
        let me = try Sample.decode(VimeoUser.self, "me.json")
        #expect(me.id == "4242" && me.name == "Interlochen Center for the Arts")
        #expect(me.link == "https://vimeo.com/interlochen" && me.location == "Interlochen, Michigan")
        #expect(me.bio == "Arts education and performances since 1928.")
        #expect(me.pictures.links.count == 4)
        #expect(me.websites.count == 2)
        #expect(me.websites[0]["name"]?.text == "Interlochen" && me.websites[0]["description"]?.text == "The arts centre")
        #expect(me.websites[1]["description"] == .null, "every field kept, null ones too")
        #expect(me.metadata.connection("albums")?.total == 7)
        #expect(me.metadata.connection("pictures") == nil, "a null connection is no connection")
        #expect(me.metadata.raw["connections"]?["pictures"] == .null, "but it is kept in the raw metadata")
        #expect(me.metadata.raw["interactions"]?["follow"] == .null)

        let bare = try decode(VimeoUser.self, #"{"name": "Ada", "location": null, "bio": "", "pictures": null, "websites": []}"#)
        #expect(bare.location == nil && bare.bio == nil && bare.pictures.sizes.isEmpty && bare.websites.isEmpty)
        #expect(bare.metadata == .none && bare.id == nil)
        #expect(failurePath(VimeoUser.self, #"{"link": "x"}"#) == "name")
    }

    @Test("pictures: an object with sizes, an array of pictures, an array of sizes, null")
    func pictures() throws {
        let albums = try Sample.decode(VimeoList<VimeoAlbum>.self, "albums/page-1.json").data
            + Sample.decode(VimeoList<VimeoAlbum>.self, "albums/page-2.json").data
        let byID = Dictionary(uniqueKeysWithValues: albums.map { ($0.id, $0) })
        #expect(byID["1001"]?.pictures.sizes.count == 4, "object")
        #expect(byID["1002"]?.pictures.sizes.count == 4, "array of pictures")
        #expect(byID["1003"]?.pictures.sizes.count == 4, "array of sizes")
        #expect(byID["1005"]?.pictures.sizes.isEmpty == true, "null")
        #expect(byID["1001"]?.pictures.links.first == "http://sample.test/pictures/red_200.jpg")

        let two = try decode(VimeoPictures.self, #"[{"sizes": [{"width": 100, "height": 75, "link": "a"}]}, {"sizes": [{"width": "640", "height": "360", "link": "b"}]}]"#)
        #expect(two.links == ["a", "b"] && two.sizes[1].width == 640)
        #expect(try decode(VimeoPictures.self, "{}").sizes.isEmpty)
        #expect(try decode(VimeoPictures.self, #"{"sizes": null}"#).sizes.isEmpty)
        #expect(failurePath(VimeoPictures.self, #"{"sizes": [{"width": 1}]}"#) == "sizes[0].link")
        #expect(failurePath(VimeoPictures.self, #"[{"uri": "/p/1"}]"#) == "[0].sizes")

        let sizes = VimeoPictures(sizes: [.init(width: 640, height: 360, link: "l"), .init(width: 100, height: 75, link: "s"),
                                          .init(width: 200, height: 113, link: "m")])
        #expect(sizes.best(forWidth: 150)?.link == "m")
        #expect(sizes.best(forWidth: 200)?.link == "m")
        #expect(sizes.best(forWidth: 2000)?.link == "l", "the widest when none is wide enough")
        #expect(VimeoPictures.none.best(forWidth: 1) == nil)
        #expect(VimeoPictures(jsonTree: sizes.jsonTree) == sizes, "stored and read back")
    }

    @Test("albums: description null, created_time, the videos link only when its total > 0, connections that are null")
    func albums() throws {
        let albums = try Sample.decode(VimeoList<VimeoAlbum>.self, "albums/page-1.json").data
            + Sample.decode(VimeoList<VimeoAlbum>.self, "albums/page-2.json").data
        let byID = Dictionary(uniqueKeysWithValues: albums.map { ($0.id, $0) })
        let night = try #require(byID["1001"])
        #expect(night.uri == "/users/4242/albums/1001" && night.name == "Night Drives")
        #expect(night.createdTime == (try ISO8601Timestamp.parse("2016-01-02T09:07:17+00:00")))
        #expect(night.videosLink == "/albums/1001/videos" && night.videoCount == 60)
        #expect(byID["1002"]?.description == nil, "description null")
        #expect(byID["1006"]?.description == nil, "description empty")
        #expect(byID["1005"]?.videosLink == nil && byID["1005"]?.videoCount == 0, "no link when total is 0")
        #expect(night.metadata.connection("pictures") == nil)

        #expect(failurePath(VimeoAlbum.self, #"{"name": "x"}"#) == "uri")
        #expect(failurePath(VimeoAlbum.self, #"{"uri": "/", "name": "x"}"#) == "uri")
        #expect(failurePath(VimeoAlbum.self, #"{"uri": "/albums/1", "created_time": "yesterday"}"#) == "created_time")
        let minimal = try decode(VimeoAlbum.self, #"{"uri": "/albums/1", "metadata": {"connections": {"videos": null}}}"#)
        #expect(minimal.name == "" && minimal.videosLink == nil && minimal.createdTime == nil)
    }

    @Test("videos: tags objects with name, files only for the owner, HLS without width/height but with link_secure")
    func videos() throws {
        let page = try Sample.decode(VimeoList<VimeoVideo>.self, "videos/1001-page-1.json")
        #expect(page.data.count == 25 && page.total == 60)
        let first = page.data[0]
        #expect(first.id == "1201000" && first.uri == "/videos/1201000")
        #expect(first.name == "Night Drives 1: Harbour Lights")
        #expect(first.duration == 60 && first.width == 1280 && first.height == 720 && first.status == "available")
        #expect(first.tags == ["night"])
        #expect(page.data[1].tags == ["night", "drive"])
        #expect(first.files.count == 3)
        let hls = try #require(first.hlsFile)
        #expect(hls.quality == "hls" && hls.width == nil && hls.height == nil && hls.size == nil)
        #expect(hls.linkSecure == "http://sample.test/video/60/master.m3u8" && hls.streamLink == hls.linkSecure, "the sample video looped to 60 s")
        let hd = first.files[1]
        #expect(!hd.isHLS && hd.quality == "hd" && hd.width == 1280 && hd.type == "video/mp4" && hd.md5?.count == 32)
        #expect(hd.raw["fps"] == .integer(25) && hd.raw["link_expiration_time"]?.text == "2016-12-31T00:00:00+00:00", "every field kept")
        #expect(page.data[3].files.isEmpty && page.data[3].hlsFile == nil, "not the owner: no files")
        #expect(page.data[2].description == nil, "description null")
        #expect(page.data[4].duration != nil, "length (an older API's name) read as the duration")
        // The metadata link: the first connection with items (comments has none on the first video).
        #expect(first.metadata.connection("comments")?.total == 0)
        #expect(first.metadataLink == "/videos/1201000/credits")
        #expect(page.data[1].metadataLink == "/videos/1201001/comments")
        #expect(first.connectionsWithItems.map(\.name) == ["credits", "pictures"])

        let loose = try decode(VimeoVideo.self, #"{"uri": "/videos/7", "name": null, "tags": ["a", {"tag": "b"}, {"canonical": "c"}], "files": [{"quality": "hls", "link": "http://x/master.m3u8"}], "width": "640", "duration": "61"}"#)
        #expect(loose.name == "" && loose.tags == ["a", "b", "c"] && loose.width == 640 && loose.duration == 61)
        #expect(loose.hlsFile?.streamLink == "http://x/master.m3u8", "no link_secure: link")
        #expect(VimeoFile(quality: "source", type: "application/x-mpegURL", link: "http://x/a").isHLS)
        #expect(VimeoFile(quality: nil, type: nil, link: "http://x/a/playlist.M3U8?s=1").isHLS)
        #expect(!VimeoFile(quality: "hd", type: "video/mp4", link: "http://x/a.mp4").isHLS)
        #expect(failurePath(VimeoVideo.self, #"{"uri": "/videos/1", "duration": 1.5}"#) == "duration")
        #expect(failurePath(VimeoVideo.self, #"{"uri": "/videos/1", "files": [{"size": "big"}]}"#) == "files[0].size")
    }

    @Test("errors: {error, developer_message, error_code} and just {error}; HTML is no message")
    func errors() throws {
        let long = VimeoAPIError.message(in: try Sample.data("errors/404.json"))
        #expect(long == "The requested album couldn't be found. (error 5000)")
        #expect(VimeoAPIError.message(in: try Sample.data("errors/401.json")) == "A valid user token must be passed.")
        #expect(VimeoAPIError.message(in: Data(#"{"developer_message": "Only this"}"#.utf8)) == "Only this")
        #expect(VimeoAPIError.message(in: Data("<html><body>Bad Gateway</body></html>".utf8)) == nil)
        #expect(VimeoAPIError.message(in: Data()) == nil)
        #expect(VimeoAPIError.message(in: Data(#"{"error_code": 1}"#.utf8)) == nil)
    }

    @Test("JSONTree keeps every value, members sorted, and prints what it read")
    func jsonTree() throws {
        let tree = try JSONTree.parse(#"{"b": [1, 2.5, "x", null, true], "a": {"z": "\"q\"\n"}}"#)
        #expect(tree.jsonText == #"{"a":{"z":"\"q\"\n"},"b":[1,2.5,"x",null,true]}"#)
        #expect(try JSONTree.parse(tree.jsonText) == tree)
        #expect(tree["b"] != nil && tree["c"] == nil && tree["a"]?["z"]?.text == "\"q\"\n")
        #expect(JSONTree.integer(3).int == 3 && JSONTree.double(3).int == 3 && JSONTree.double(3.5).int == nil)
        #expect(throws: FeedJSON.Failure.self) { try JSONTree.parse("{") }
    }
}
