import FeedCore
import Foundation
import NIOCore
import NIOPosix

/// Answers "can the network be used right now?" before a client decides between fetching and using its
/// store (``FreshnessPolicy/decide(storedAt:now:connectivity:force:)``).
public protocol ConnectivityCheck: Sendable {
    /// The current connectivity.
    func check() async -> Connectivity
}

/// A fixed answer: `FixedConnectivity(.offline)` is what `--offline` installs; `.online` skips the check.
public struct FixedConnectivity: ConnectivityCheck {
    /// The answer.
    public var connectivity: Connectivity

    /// Always answers `connectivity`.
    public init(_ connectivity: Connectivity) {
        self.connectivity = connectivity
    }

    /// `connectivity`.
    public func check() async -> Connectivity {
        connectivity
    }
}

/// Checks connectivity the way it matters to a client: can a TCP connection be opened to the API's host
/// and port (from its base URL; port 80 or 443 by default) within `timeout`? The connection is closed at
/// once; nothing is sent. A refused or timed-out connection, or a host that does not resolve, is offline.
///
/// ```swift
/// let online = await HostConnectivityCheck(url: baseURL, timeout: .seconds(2)).check()
/// ```
public struct HostConnectivityCheck: ConnectivityCheck {
    /// The URL whose host and port are tried.
    public var url: URL
    /// The most time the connection attempt may take.
    public var timeout: Duration

    /// A check of `url`'s host and port with a short deadline.
    public init(url: URL, timeout: Duration = .seconds(2)) {
        self.url = url
        self.timeout = timeout
    }

    /// `.online` when a TCP connection opens within the timeout, `.offline` otherwise.
    public func check() async -> Connectivity {
        guard let host = url.host, !host.isEmpty else { return .offline }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        let parts = timeout.components
        let nanos = parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.nanoseconds(max(1_000_000, nanos)))
            .channelInitializer { channel in channel.eventLoop.makeSucceededVoidFuture() }
        do {
            let channel = try await bootstrap.connect(host: host, port: port).get()
            try? await channel.close()
            return .online
        } catch {
            return .offline
        }
    }
}
