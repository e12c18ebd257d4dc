import FeedCore
import FeedKit
import Foundation
import VimeoKit

/// Where the Interlochen app's services are and how to reach them: content-meta.json (Basic auth), NPR (an API
/// key), LiveStream, and the Vimeo API its albums come from (a token).
///
/// ```swift
/// let endpoints = InterlochenEndpoints(contentURL: url, credentials: .basic(user: "u", password: p))
/// let (library, vimeo) = try InterlochenEndpoints.open(endpoints, storePath: path, transport: transport,
///                                                      limits: RequestLimits(), connectivity: .online)
/// ```
public struct InterlochenEndpoints: Sendable {
    /// content-meta.json's URL.
    public var contentURL: URL
    /// Its Basic credentials, if any.
    public var credentials: Credentials?
    /// The NPR Story API's base URL.
    public var nprBase: URL
    /// The NPR API key, if any.
    public var nprKey: String?
    /// The LiveStream API's base URL.
    public var liveStreamBase: URL
    /// The Vimeo API's base URL.
    public var vimeoBase: URL
    /// The Vimeo token, if any.
    public var vimeoToken: String?

    /// Endpoints; every base URL defaults to the real service's.
    public init(contentURL: URL, credentials: Credentials? = nil, nprBase: URL = NPRClient.defaultBaseURL,
                nprKey: String? = nil, liveStreamBase: URL = LiveStreamClient.defaultBaseURL,
                vimeoBase: URL = VimeoClient.defaultBaseURL, vimeoToken: String? = nil) {
        self.contentURL = contentURL
        self.credentials = credentials
        self.nprBase = nprBase
        self.nprKey = nprKey
        self.liveStreamBase = liveStreamBase
        self.vimeoBase = vimeoBase
        self.vimeoToken = vimeoToken
    }

    /// The library and Vimeo's, wired to these endpoints over `transport`, each request bounded by `limits`,
    /// stored at `storePath` (Vimeo's next to it, `STEM-vimeo.sqlite`; folders created, mode 0700).
    /// - Throws: ``FeedCore/FeedError`` when a store cannot be opened.
    public func open(storePath: String, transport: any HTTPTransport, limits: RequestLimits,
                     connectivity: Connectivity) throws -> (library: InterlochenLibrary, vimeo: VimeoLibrary) {
        // The stores make their folders (private: FeedStore.makePrivateFolder).
        let vimeoPath = FeedStore.siblingPath(of: storePath, named: "vimeo")
        let store = try InterlochenStore(path: storePath)
        let vimeoStore = try VimeoStore(path: vimeoPath)
        let vimeo = VimeoLibrary(baseURL: vimeoBase, token: vimeoToken, transport: transport, limits: limits,
                                 store: vimeoStore, connectivity: FixedConnectivity(connectivity))
        let services = InterlochenLibrary.Services(
            contentMeta: ContentMetaClient(url: contentURL, credentials: credentials, transport: transport, limits: limits),
            npr: NPRClient(baseURL: nprBase, apiKey: nprKey, transport: transport, limits: limits),
            liveStream: LiveStreamClient(baseURL: liveStreamBase, transport: transport, limits: limits),
            albums: VimeoAlbumVideos(library: vimeo))
        return (InterlochenLibrary(store: store, services: services), vimeo)
    }
}
