import FeedCore
import Foundation
import IPlayerCore
import TestSupport

/// The sample catalog's files, as the server would serve them (`{{base_url}}` expanded).
enum Sample {
    static let baseURL = "http://127.0.0.1:8080"

    static func data(_ name: String) throws -> Data {
        let raw = try Data(contentsOf: PackagePaths.iPlayerSample.appendingPathComponent(name))
        let text = String(decoding: raw, as: UTF8.self).replacingOccurrences(of: "{{base_url}}", with: baseURL)
        return Data(text.utf8)
    }

    static func highlights(_ id: String) throws -> CategoryHighlights {
        try IBLFeed.highlights(from: data("ibl/highlights/\(id).json"))
    }

    static func collection(_ id: String) throws -> CollectionEpisodes {
        try IBLFeed.collectionEpisodes(from: data("ibl/groups/\(id).json"))
    }

    static let categoryIDs = ["arts", "cbbc", "comedy", "documentaries", "drama-and-soaps", "sport"]
}

/// A highlights document around `elements` (JSON text of each element).
func highlightsJSON(_ elements: [String], category: String? = #"{"id": "arts", "title": "Arts"}"#) -> Data {
    let categoryPart = category.map { #""category": \#($0), "# } ?? ""
    return Data(#"{"version": "1.0", "category_highlights": {\#(categoryPart)"elements": [\#(elements.joined(separator: ","))]}}"#.utf8)
}

/// The failure of decoding highlights from `data`, or `nil` when it decodes.
func highlightsFailure(_ data: Data) -> FeedError.Kind? {
    do {
        _ = try IBLFeed.highlights(from: data)
        return nil
    } catch {
        return error.kind
    }
}
