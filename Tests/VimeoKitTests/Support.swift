import FeedCore
import FeedKit
import Foundation
import StreamServer
import TestSupport
import VimeoCore
import VimeoKit

/// The sample library's routes (Sources/Samples/VimeoSample), served by a StreamServer.
enum VimeoSample {
    static let directory = PackagePaths.vimeoSample
    static let token = "sample-token"

    /// The sample's route table, with `overrides` answered first.
    static func routes(overrides: [Route] = []) throws -> RouteTable {
        try PackagePaths.routes(of: directory, extra: overrides)
    }

    /// The sample's whitelist.
    static func whitelist() throws -> AlbumWhitelist {
        try AlbumWhitelist.decode(Data(contentsOf: directory.appendingPathComponent("albums.json")))
    }

    /// A sample file's text.
    static func text(_ relative: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
    }
}

/// A library on the sample server, with a store and a fixed connectivity.
struct LibraryRig {
    let server: StreamServer
    let transport: any HTTPTransport
    var store: VimeoStore
    var whitelist: AlbumWhitelist = .everything
    var token: String? = VimeoSample.token
    var timeout: Duration = TestBounds.outlastingDeadline

    func library(_ connectivity: Connectivity = .online) -> VimeoLibrary {
        VimeoLibrary(baseURL: server.baseURL, token: token, transport: transport,
                     limits: RequestLimits(timeout: timeout), store: store, whitelist: whitelist,
                     connectivity: FixedConnectivity(connectivity))
    }
}

/// Runs `body` with a rig on the sample server (an in-memory store unless one is given).
func withRig<T: Sendable>(overrides: [Route] = [], store: VimeoStore? = nil, whitelist: AlbumWhitelist = .everything,
                          _ body: (LibraryRig) async throws -> T) async throws -> T {
    try await withStreamServer(routes: try VimeoSample.routes(overrides: overrides)) { server in
        try await AsyncHTTPTransport.withTransport { transport in
            try await body(LibraryRig(server: server, transport: transport, store: try store ?? VimeoStore(), whitelist: whitelist))
        }
    }
}

let t0 = Date(timeIntervalSince1970: 1_700_000_000)

/// `t0` plus hours and minutes.
func at(_ hours: Int, _ minutes: Int) -> Date { t0.addingTimeInterval(Double(hours * 3600 + minutes * 60)) }
