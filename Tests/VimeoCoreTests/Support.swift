import FeedCore
import Foundation
import Testing
import VimeoCore

/// The sample library the window embeds (Sources/Samples/VimeoSample), read from the checkout.
enum Sample {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Samples/VimeoSample")

    /// The server URL `{{base_url}}` stands for in the decoded sample (the routes are templates).
    static let baseURL = "http://sample.test"

    /// A file's bytes, with `{{base_url}}` expanded as the server would.
    static func data(_ relative: String) throws -> Data {
        let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
        return Data(text.replacingOccurrences(of: "{{base_url}}", with: baseURL).utf8)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ relative: String) throws -> T {
        try FeedJSON.decode(type, from: data(relative))
    }
}

/// Decodes inline JSON.
func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try FeedJSON.decode(type, from: Data(json.utf8))
}

/// The JSON path of the decoding failure `json` causes, or nil when it decodes.
func failurePath<T: Decodable>(_ type: T.Type, _ json: String) -> String? {
    do {
        _ = try FeedJSON.decode(type, from: Data(json.utf8))
        return nil
    } catch {
        if case .decoding(let path, _) = error.kind { return path }
        return "not a decoding error: \(error)"
    }
}
