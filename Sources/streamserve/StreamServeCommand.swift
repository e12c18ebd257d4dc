// streamserve: serve a directory and/or a fixture route table over HTTP on 127.0.0.1 until interrupted.
import ArgumentParser
import Foundation
import StreamServer

/// `streamserve [DIR] [--routes routes.json] [--port N]`.
@main
struct StreamServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streamserve",
        abstract: "Serve a directory and/or fixture routes over HTTP on 127.0.0.1 until interrupted.",
        discussion: """
            Files below DIR are served as they are (GET and HEAD, byte ranges). With --routes, the routes of a \
            routes.json answer first (by method, path and query, with optional Basic or Bearer auth and faults; \
            format in docs/server.md); requests no route matches fall back to DIR, or get 404.

            Examples:
              streamserve Sources/SDLDemo/Resources/DefaultStream --port 8080
              streamserve --routes Sources/SDLDemo/Resources/IPlayerSample/routes.json
            """)

    @Argument(help: "Directory whose files are served (optional with --routes).")
    var directory: String?

    @Option(help: "A routes.json whose routes are served before the files.")
    var routes: String?

    @Option(help: "Port to listen on (0: any free port).")
    var port: Int = 0

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535")
        }
        guard directory != nil || routes != nil else {
            throw ValidationError("give a directory to serve, --routes FILE, or both")
        }
    }

    func run() async throws {
        var content = ServerContent.files([:])
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw Failure("\(directory) is not a directory")
            }
            content = .directory(directory)
        }
        let server: StreamServer
        var served: [String] = []
        if let routes {
            let table: RouteTable
            do {
                table = try RouteTable.load(contentsOf: URL(fileURLWithPath: routes))
            } catch let error as RouteTableError {
                throw Failure(error.description)
            }
            server = try await StreamServer.start(routes: table, fallback: content, port: port)
            served.append("\(table.routes.count) routes from \(routes)")
        } else {
            server = try await StreamServer.start(content: content, port: port)
        }
        if let directory { served.append(directory) }
        let line = "Serving \(served.joined(separator: " and ")) at \(server.baseURL.absoluteString)/ (Ctrl-C to stop)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        // Serve until the process is interrupted (SIGINT's default action ends it).
        while true {
            try await Task.sleep(for: .seconds(3600))
        }
    }
}

/// A failure reported as one line on stderr, exit status 1.
struct Failure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
