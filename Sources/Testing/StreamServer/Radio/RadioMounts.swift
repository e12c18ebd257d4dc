import Foundation
import NIOConcurrencyHelpers

/// The radio stations mounted on a server, by path.
final class RadioMounts: Sendable {
    private let stations = NIOLockedValueBox<[String: RadioStation]>([:])

    /// The station mounted at `path`, if any.
    func station(at path: String) -> RadioStation? {
        stations.withLockedValue { $0[path] }
    }

    func mount(_ station: RadioStation, at path: String) {
        stations.withLockedValue { $0[path] = station }
    }

    func unmount(at path: String) -> RadioStation? {
        stations.withLockedValue { $0.removeValue(forKey: path) }
    }
}

extension StreamServer {
    /// Serves `station` at `path` (e.g. `"/radio.mp3"`), replacing whatever else would answer there. Fault rules
    /// still apply to the path (a `.status(code: 503, times: 1)` rule answers the first request with 503).
    public func mount(_ station: RadioStation, at path: String) {
        state.radio.mount(station, at: path.hasPrefix("/") ? path : "/" + path)
    }

    /// Removes the station at `path`; its listeners are disconnected.
    public func unmount(at path: String) {
        state.radio.unmount(at: path.hasPrefix("/") ? path : "/" + path)?.dropListeners()
    }
}
