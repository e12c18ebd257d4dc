import FeedCore
import Foundation
import Testing
import VimeoCore

@Suite("The albums.json whitelist")
struct WhitelistTests {
    static let albums = ["1", "2", "3"].map { VimeoAlbum(id: $0, name: "Album \($0)") }

    @Test("an array of ids (strings or numbers) and URIs")
    func array() throws {
        let whitelist = try AlbumWhitelist.decode(Data(#"["1", 3, "/users/9/albums/7", "https://vimeo.com/album/8/", "1"]"#.utf8))
        #expect(whitelist == .only(["1", "3", "7", "8"]), "normalised, duplicates removed")
        #expect(whitelist.filter(Self.albums).map(\.id) == ["1", "3"])
        #expect(whitelist.admits("7") && !whitelist.admits("2"))
    }

    @Test("an object with an albums array, as the sample's albums.json")
    func object() throws {
        let whitelist = try AlbumWhitelist.decode(Sample.data("albums.json"))
        #expect(whitelist == .only(["1001", "1002", "1003", "1004", "1005", "1006", "9999"]))
        #expect(try AlbumWhitelist.decode(Data(#"{"albums": []}"#.utf8)) == .only([]))
    }

    @Test("a listed album missing upstream is ignored; the API's order is kept")
    func missingUpstream() throws {
        let whitelist = AlbumWhitelist.ids(["3", "9", "1"])
        #expect(whitelist.filter(Self.albums).map(\.id) == ["1", "3"])
        #expect(whitelist.missing(from: Self.albums) == ["9"])
        #expect(AlbumWhitelist.everything.filter(Self.albums).count == 3)
        #expect(AlbumWhitelist.everything.missing(from: []) == [])
    }

    @Test("bad files name the bad entry")
    func errors() {
        func path(_ json: String) -> String? {
            do {
                _ = try AlbumWhitelist.decode(Data(json.utf8))
                return nil
            } catch {
                switch error.kind {
                case .decoding(let path, _): return "decoding:" + path
                case .invalidJSON: return "invalidJSON"
                default: return "other"
                }
            }
        }
        #expect(path(#"["1", {"id": 2}]"#) == "decoding:[1]")
        #expect(path(#"{"albums": ["1", "", "3"]}"#) == "decoding:albums[1]")
        #expect(path(#"{"ids": ["1"]}"#) == "decoding:albums")
        #expect(path(#""1234""#)?.hasPrefix("decoding:") == true)
        #expect(path("[1, 2") == "invalidJSON")
    }

    @Test("the fingerprint names the set, whatever the order")
    func fingerprint() {
        #expect(AlbumWhitelist.ids(["2", "1"]).fingerprint == AlbumWhitelist.ids(["1", "2"]).fingerprint)
        #expect(AlbumWhitelist.ids(["1"]).fingerprint != AlbumWhitelist.ids(["1", "2"]).fingerprint)
        #expect(AlbumWhitelist.everything.fingerprint == "*")
    }
}
