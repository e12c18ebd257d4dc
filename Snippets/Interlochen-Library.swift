// docs/Interlochen.md, "The library (I/O)": the clients, the store and the rules, one section loaded.
import FeedCore
import FeedKit
import Foundation
import InterlochenCore
import InterlochenKit

// snippet.hide
func load(path: String, contentURL: URL, u: String, p: String, t: any HTTPTransport, nprBase: URL, key: String?,
          liveStreamBase: URL, vimeoAlbums: any AlbumVideoSource) async throws {
// snippet.show
let library = InterlochenLibrary(store: try InterlochenStore(path: path), services: .init(
    contentMeta: ContentMetaClient(url: contentURL, credentials: .basic(user: u, password: p), transport: t),
    npr: NPRClient(baseURL: nprBase, apiKey: key, transport: t),
    liveStream: LiveStreamClient(baseURL: liveStreamBase, transport: t),
    albums: vimeoAlbums))                                         // any AlbumVideoSource
let loaded = try await library.section(.radio, now: Date(), connectivity: .online, refresh: false)
let more = try await library.loadMoreStories(now: Date(), connectivity: .online)  // next NPR page, or nil
// snippet.hide
_ = (loaded, more)
}
// snippet.show
