import Foundation

// Fuzz targets `buffs`, `iplayer`, `vimeo`, `npr`, `contentmeta`, `livestream`: the JSON decoders of the four
// apps' feeds, compiled with FeedCore and the app's pure core (scripts/fuzz.sh strips their module imports).
// One harness file per target defines `decodeFeed(_:)`; this file is the libFuzzer entry point they share.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    decodeFeed(fuzzBytes(data, size))
    return 0
}
