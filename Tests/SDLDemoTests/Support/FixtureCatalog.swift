import Foundation
import DragPhysics
import ScreenKit
import StreamServer

/// A fixture-app catalogue served by a StreamServer: an album of 60 videos in pages of 25 (`videos-1.json`,
/// `videos-2.json`, `videos-3.json`) with JPEG and PNG thumbnails, and a few special rows at the top:
///
/// | row | what |
/// |---|---|
/// | v0 | red.jpg thumbnail |
/// | v1 | details (image red.jpg, Play and Watch) |
/// | v2 | a "No internet connection" notice |
/// | v3 | a LIVE badge, blue.png thumbnail |
/// | v4 | a thumbnail that is not there (404) |
/// | v5 | a thumbnail that is not an image |
/// | v6… | red.jpg, green.jpg, blue.png in turn |
enum FixtureCatalog {
    static let pageSize = 25
    static let total = 60

    /// The test bundle's image fixtures.
    static func image(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw DemoRunError(message: "fixture \(name) missing from the test bundle")
        }
        return [UInt8](try Data(contentsOf: url))
    }

    static func row(_ index: Int) -> [String: Any] {
        var row: [String: Any] = ["id": "v\(index)", "title": "Video \(index)", "subtitle": "\(index + 1) min",
                                  "overline": index % 2 == 0 ? "ALBUM" : "NIGHT DRIVES"]
        let thumbnails = ["red.jpg", "green.jpg", "blue.png"]
        row["thumbnail"] = thumbnails[index % 3]
        switch index {
        case 1:
            row["details"] = ["image": "red.jpg", "facts": ["29 min", "First broadcast: 9pm 1 Jul 2018"],
                              "paragraph": String(repeating: "A long drive through the night, with music. ", count: 12),
                              "actions": ["play", "watch"]]
        case 2:
            row["notice"] = ["title": "No internet connection", "message": "Check your connection and try again."]
        case 3:
            row["badge"] = "LIVE"
            row["thumbnail"] = "blue.png"
        case 4:
            row["thumbnail"] = "missing.jpg"
        case 5:
            row["thumbnail"] = "broken.jpg"
        default:
            break
        }
        return row
    }

    /// Page `number` (1-based) of the album.
    static func page(_ number: Int) throws -> [UInt8] {
        let first = (number - 1) * pageSize
        let last = min(total, first + pageSize)
        var page: [String: Any] = ["screen": "videos", "title": "Night Drives", "rows": (first..<last).map(row)]
        if last < total { page["next"] = "videos-\(number + 1).json" }
        return [UInt8](try JSONSerialization.data(withJSONObject: page, options: [.sortedKeys]))
    }

    /// Everything the server serves.
    static func files() throws -> [String: ServedFile] {
        var files: [String: ServedFile] = [:]
        for number in 1...3 {
            files["/videos-\(number).json"] = ServedFile(data: try page(number), contentType: "application/json")
        }
        for name in ["red.jpg", "green.jpg", "blue.png", "broken.jpg"] {
            files["/\(name)"] = ServedFile(data: try image(name), path: name)
        }
        return files
    }

    /// Starts a server with the catalogue.
    static func serve() async throws -> StreamServer {
        try await StreamServer.start(content: .files(try files()))
    }

    /// How many requests the server saw for `path`.
    static func count(_ path: String, on server: StreamServer) -> Int {
        server.statistics.requests.filter { $0.path == path }.count
    }
}

/// Where things are in an 800 × 600 window with 72 pt rows below a 48 pt title bar.
enum ListGeometry {
    /// What a feed app's list keeps free after its last row for the circle at its home (issue 30): a list scrolled
    /// to its end shows its rows this much higher than without it.
    static let endInset = Shell(size: Size(width: 800, height: 600), circleRadius: 60, circleHome: .bottomTrailing).circleReserve.height
    /// Where the circle rests over a feed app's screens in an 800 × 600 window: docked right, above the tab bar.
    static let circleHome = (x: 740.0, y: 600.0 - 56 - 12 - 60)
    /// The centre of row `index` (0 = the first visible one) at x.
    static func row(_ index: Int, x: Double = 200) -> (x: Double, y: Double) { (x, 48 + Double(index) * 72 + 36) }
    /// A point inside row `index`'s thumbnail, away from the placeholder's mark.
    static func thumbnailSample(_ index: Int) -> (x: Int, y: Int) { (22, 48 + index * 72 + 12 + 8) }
    /// The centre of row `index`'s thumbnail.
    static func thumbnailCentre(_ index: Int) -> (x: Int, y: Int) { (54, 48 + index * 72 + 36) }
}
