// docs/SDLDemo.md, "The global audio player": what an app sends the window's media host.
import Foundation
import MediaCore
import MediaHost
import PlayerCore

// snippet.hide
/// Stands in for SDLDemo's `AppContext` (the window's, not importable here): the host is its `media`.
struct AppContext { var media: MediaHost? }
struct Station { var streamURL: URL; var name: String; var logo: URL? }
struct Episode { var hls: URL; var title: String }

func listenPlayWatch(context: AppContext, station: Station, episode: Episode) {
// snippet.show
context.media?.send(.playRequested(.stream(StreamRequest(url: station.streamURL, title: station.name,
                                                         artworkURL: station.logo, isLive: true))))  // Listen
context.media?.send(.playRequested(.download(DownloadRequest(playlist: episode.hls, title: episode.title))))  // Play
context.media?.send(.audioReleased)                                                                    // Stop
// snippet.hide
}
// snippet.show
