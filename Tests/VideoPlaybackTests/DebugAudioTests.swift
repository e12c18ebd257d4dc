import AudioPlayback
import CFFmpeg
import Foundation
import Testing
import TestSupport
import VideoCore
@testable import VideoPlayback

@Test func debugStalls() async throws {
    let server = try await startSampleServer()
    let harness = EngineHarness()
    harness.engine.open(VideoRequest(source: .hls(server.url(for: "/ts/master.m3u8")), title: "sample"))
    var last = 0
    var previous: VideoStatus?
    try await harness.run { s in
        if s.stalls != last {
            last = s.stalls
            print("STALL at now \(harness.now): prev \(String(describing: previous)) now \(s)")
        }
        previous = s
        return s.state == .ended || s.state.name == "failed"
    }
    try await server.shutdown()
}
