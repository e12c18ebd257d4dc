import Foundation

// Target `vimeo`: the Vimeo API's bodies (the user, a page of albums, a page of videos, an error) and the
// albums whitelist file, and the JSON tree kept for metadata. Byte 0 picks which.
func decodeFeed(_ bytes: [UInt8]) {
    var reader = FuzzReader(bytes)
    let which = reader.byte() % 6
    let body = reader.rest
    switch which {
    case 0: checkDecoder("user", body, decode: { try FeedJSON.decode(VimeoUser.self, from: Data($0)) })
    case 1: checkDecoder("albums", body, decode: { try FeedJSON.decode(VimeoList<VimeoAlbum>.self, from: Data($0)) })
    case 2:
        checkDecoder("videos", body, decode: { try FeedJSON.decode(VimeoList<VimeoVideo>.self, from: Data($0)) }) { list in
            for video in list.data { checkSeconds(video.duration.map(Double.init), "video duration") }
        }
    case 3: checkDecoder("error", body, decode: { try FeedJSON.decode(VimeoAPIError.self, from: Data($0)) })
    case 4: checkDecoder("whitelist", body, decode: { try AlbumWhitelist.decode(Data($0)) })
    default: checkDecoder("tree", body, decode: { try JSONTree.parse(String(decoding: $0, as: UTF8.self)) })
    }
}
