import Foundation

// Target `contentmeta`: Interlochen's content-meta.json (sections, stations, links, media references).
func decodeFeed(_ bytes: [UInt8]) {
    checkDecoder("content-meta", bytes, decode: { try ContentMeta.decode(from: $0) })
}
