import Foundation

/// One line of an SDLDemo trace, decoded with Foundation's JSON decoder.
struct TraceFrame: Decodable, Equatable {
    var t: Double
    var state: String
    var progress: Double
    var x: Double
    var y: Double
    var radius: Double
    var docked: String?
    var icon: String
    var width: Double
    var height: Double

    /// Reads a JSON-lines trace file.
    static func read(_ url: URL) throws -> [TraceFrame] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map { line in
            try decoder.decode(TraceFrame.self, from: Data(line.utf8))
        }
    }
}

extension Array where Element == TraceFrame {
    /// The states in order, consecutive repeats collapsed.
    var stateRuns: [String] {
        var runs: [String] = []
        for frame in self where runs.last != frame.state { runs.append(frame.state) }
        return runs
    }
}
