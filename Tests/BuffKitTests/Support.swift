import Foundation
import StreamServer
import TestSupport

/// This target's fixtures folder.
let buffFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// Broken answers next to the sample: 6 → HTTP 500, 7 → malformed JSON, 8 → stalls (held), 9 → six answers.
let brokenRoutes: [Route] = [
    Route(path: "/buffs/6", response: RouteResponse(status: 500, string: #"{"error": "internal"}"#)),
    Route(path: "/buffs/7", response: RouteResponse(string: #"{"result": {"id": 7, "time_to_show": 10, "answers": ["#)),
    Route(path: "/buffs/8", response: RouteResponse(string: "{}")),
    Route(path: "/buffs/9", response: RouteResponse(string: """
        {"result": {"id": 9, "time_to_show": 10, "author": {"first_name": "X", "last_name": "Y"},
         "question": {"id": 9, "title": "Too many?"},
         "answers": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}, {"id": 3, "title": "c"},
                     {"id": 4, "title": "d"}, {"id": 5, "title": "e"}, {"id": 6, "title": "f"}]}}
        """)),
]

/// A server for the sample (`Sources/Samples/BuffsSample`, buffs 1–5) plus ``brokenRoutes`` (8 held until
/// the end); always shut down after `body`.
func withBuffServer<T>(_ body: (StreamServer) async throws -> T) async throws -> T {
    try await withStreamServer(routes: try PackagePaths.routes(of: PackagePaths.buffsSample, extra: brokenRoutes),
                               faults: [FaultRule(path: "/buffs/8", fault: .holdUntilReleased)], body)
}
