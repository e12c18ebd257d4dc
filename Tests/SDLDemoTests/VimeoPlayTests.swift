import Foundation
import StreamServer
import Testing

/// Play in a Vimeo video's details: the circle fetches the best audio track of the video's HLS link, then
/// plays it. Needs the window's audio control (`AppContext.audio`, the radio slice), so it is enabled when
/// the branches are merged.
@Suite("Vimeo app: Play")
struct VimeoPlayTests {
    @Test("Play: the player fetches the video's HLS audio, then plays it")
    func play() async throws {
        let server = try await VimeoSampleRoutes.serve()
        let run = try await DemoRun.script("""
            \(VimeoAppTests.openAlbum)
            200 tap 400 \(ListGeometry.row(1).y)
            200 wait-screen details 5000
            200 wait-still 20000
            300 tap \(VimeoAppTests.play.x) \(VimeoAppTests.play.y)
            300 wait-state fetching 10000
            300 wait-state playing 30000
            400 quit
            """, arguments: VimeoSampleRoutes.arguments(server))
        let playlists = VimeoSampleRoutes.requests("/hls_index.m3u8", on: server)
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(playlists.count >= 1, "the video's HLS link was fetched")
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("action:details:play"))
        let states = frames.stateRuns
        let fetching = try #require(states.firstIndex(of: "fetching"), "\(states)")
        #expect(states[fetching...].contains("playing"), "\(states)")
    }
}
