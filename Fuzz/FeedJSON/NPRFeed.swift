import Foundation

// Target `npr`: a page of NPR Story API stories (RFC 822 dates, audio durations inside).
func decodeFeed(_ bytes: [UInt8]) {
    checkDecoder("npr", bytes, decode: { try NPRStoryPage.decode(from: $0) })
}
