import Foundation

// Target `livestream`: a LiveStream event (ISO 8601 dates, the broadcast's HLS URL).
func decodeFeed(_ bytes: [UInt8]) {
    checkDecoder("livestream", bytes, decode: { try FeedJSON.decode(LiveStreamEvent.self, from: Data($0)) })
}
