// docs/IPlayer.md, "Requests": the iBL client on a FeedKit transport, rows and details from its answers.
import FeedKit
import Foundation
import IPlayerCore
import IPlayerKit

// snippet.hide
func browse() async throws {
// snippet.show
try await AsyncHTTPTransport.withTransport { transport in
    let ibl = IPlayerClient(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: transport,
                            limits: RequestLimits(timeout: .seconds(5)))
    let categories = try await ibl.categories()                       // [Category]
    let arts = try await ibl.highlights(category: "arts")             // CategoryHighlights
    let rows = arts.elements.map(HighlightRow.init)
    if case .episode(let episode) = arts.lookup(id: "b0bb8kqd") {
        let details = EpisodeDetails(episode, now: Date())
// snippet.hide
        _ = details
// snippet.show
    }
// snippet.hide
    _ = (categories, rows)
// snippet.show
}
// snippet.hide
}
// snippet.show
