import FeedCore
import Foundation

/// Decodes iBL's documents with errors that name the JSON path of the bad field (``FeedJSON``).
///
/// ```swift
/// let list = try IBLFeed.categories(from: body)
/// let highlights = try IBLFeed.highlights(from: body)
/// ```
public enum IBLFeed {
    /// The categories document.
    public static func categories(from data: Data) throws(FeedJSON.Failure) -> CategoryList {
        try FeedJSON.decode(CategoryList.self, from: data)
    }

    /// The highlights document.
    public static func highlights(from data: Data) throws(FeedJSON.Failure) -> CategoryHighlights {
        try FeedJSON.decode(CategoryHighlights.self, from: data)
    }

    /// A collection's episodes document.
    public static func collectionEpisodes(from data: Data) throws(FeedJSON.Failure) -> CollectionEpisodes {
        try FeedJSON.decode(CollectionEpisodes.self, from: data)
    }
}
