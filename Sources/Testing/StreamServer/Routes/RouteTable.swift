import Foundation

/// The fixture routes a ``StreamServer`` answers before its files, plus the fault rules that came with
/// them (from a routes.json's `faults`).
///
/// ```swift
/// let table = try RouteTable.load(contentsOf: URL(fileURLWithPath: "Fixtures/routes.json"))
/// let server = try await StreamServer.start(routes: table)
/// ```
///
/// The routes.json format is documented in docs/server.md ("Fixture routes").
public struct RouteTable: Sendable, Equatable {
    /// The routes, first match wins.
    public var routes: [Route]
    /// Fault rules installed with the table (by ``StreamServer/start(routes:fallback:host:port:)``).
    public var faults: [FaultRule]

    /// A table of `routes` with `faults`.
    public init(routes: [Route], faults: [FaultRule] = []) {
        self.routes = routes
        self.faults = faults
    }

    /// Reads a routes.json file; `file` entries are read relative to its folder, now (a missing file is
    /// an error here, not a 404 later).
    /// - Throws: ``RouteTableError`` naming the route and what is wrong.
    public static func load(contentsOf url: URL) throws -> RouteTable {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw RouteTableError(file: url.path, route: nil, message: "cannot read: \(error.localizedDescription)")
        }
        return try RouteTableParser(file: url.path, folder: url.deletingLastPathComponent()).parse(data)
    }

    /// The routes with templated bodies expanded for a server at `baseURL`.
    func expanded(baseURL: String) -> [Route] {
        routes.map { route in
            var copy = route
            copy.response = route.response.expanded(baseURL: baseURL)
            return copy
        }
    }
}

/// A routes.json that cannot be used, with the file, the route (0-based position) and why.
public struct RouteTableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The routes.json path.
    public var file: String
    /// The route's position in `routes`, or `nil` for the file as a whole.
    public var route: Int?
    /// What is wrong.
    public var message: String

    /// An error about `file` (and `route`).
    public init(file: String, route: Int?, message: String) {
        self.file = file
        self.route = route
        self.message = message
    }

    /// `FILE: routes[N]: message`.
    public var description: String {
        "\(file): \(route.map { "routes[\($0)]: " } ?? "")\(message)"
    }
}
