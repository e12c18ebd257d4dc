// streamserve: serve a directory over HTTP on 127.0.0.1 until interrupted.
//
//     swift run streamserve DIR [--port N]
import Foundation
import StreamServer

/// Parsed command line.
struct Options {
    var directory: String
    var port = 0

    /// Parses `DIR [--port N]`; `nil` (after printing why) if the arguments are wrong.
    init?(arguments: [String]) {
        var rest = arguments.dropFirst()
        var directory: String?
        while let argument = rest.popFirst() {
            if argument == "--port" {
                guard let value = rest.popFirst(), let port = Int(value), (0...65535).contains(port) else {
                    FileHandle.standardError.write(Data("streamserve: --port needs a number from 0 to 65535\n".utf8))
                    return nil
                }
                self.port = port
            } else if directory == nil, !argument.hasPrefix("-") {
                directory = argument
            } else {
                FileHandle.standardError.write(Data("streamserve: unexpected argument \(argument)\n".utf8))
                return nil
            }
        }
        guard let directory else {
            FileHandle.standardError.write(Data("usage: streamserve DIR [--port N]\n".utf8))
            return nil
        }
        self.directory = directory
    }
}

guard let options = Options(arguments: CommandLine.arguments) else { exit(2) }
var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: options.directory, isDirectory: &isDirectory), isDirectory.boolValue else {
    FileHandle.standardError.write(Data("streamserve: \(options.directory) is not a directory\n".utf8))
    exit(1)
}
let server = try await StreamServer.start(content: .directory(options.directory), port: options.port)
FileHandle.standardOutput.write(Data("Serving \(options.directory) at \(server.baseURL.absoluteString)/ (Ctrl-C to stop)\n".utf8))
// Serve until the process is interrupted (SIGINT's default action ends it).
while true {
    try await Task.sleep(for: .seconds(3600))
}
