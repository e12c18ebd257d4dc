import Foundation

// Target `iplayer`: the iBL feeds (categories, category highlights) and iBL's error body. Byte 0 picks which.
func decodeFeed(_ bytes: [UInt8]) {
    var reader = FuzzReader(bytes)
    let which = reader.byte() % 3
    let body = reader.rest
    switch which {
    case 0: checkDecoder("categories", body, decode: { try IBLFeed.categories(from: Data($0)) })
    case 1: checkDecoder("highlights", body, decode: { try IBLFeed.highlights(from: Data($0)) })
    default: checkDecoder("iBL error", body, decode: { try FeedJSON.decode(IBLError.self, from: Data($0)) })
    }
}
