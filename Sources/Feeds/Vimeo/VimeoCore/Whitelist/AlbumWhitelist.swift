import FeedCore
import Foundation

/// Which albums are stored and shown: the seed's `albums.json` ("do not cache/show albums that are not in
/// that file"), or every album when there is no such file.
///
/// `albums.json` is either an array or an object with an `albums` array; entries are album ids (strings or
/// numbers) or URIs/URLs whose last path component is the id:
///
/// ```json
/// ["1234", 5678, "/users/42/albums/9012", "https://vimeo.com/album/3456"]
/// {"albums": ["1234", "5678"]}
/// ```
///
/// A listed album that the API does not return is ignored (nothing to show); the API's order is kept.
///
/// ```swift
/// let whitelist = try AlbumWhitelist.decode(Data(#"{"albums": ["1", "/albums/3"]}"#.utf8))
/// whitelist.filter(albums)        // the albums 1 and 3, in the API's order
/// whitelist.admits("2")           // false
/// ```
public enum AlbumWhitelist: Sendable, Hashable {
    /// Every album (no `albums.json`).
    case everything
    /// Only these album ids, in the file's order (duplicates removed).
    case only([String])

    /// A whitelist of `ids` (entries normalised as in a file).
    public static func ids(_ ids: [String]) -> AlbumWhitelist {
        .only(ids.compactMap(normalise).uniqued())
    }

    /// Whether the album `id` may be stored and shown.
    public func admits(_ id: String) -> Bool {
        switch self {
        case .everything: true
        case .only(let ids): ids.contains(id)
        }
    }

    /// The albums of `albums` that are listed, in `albums`' order.
    public func filter(_ albums: [VimeoAlbum]) -> [VimeoAlbum] {
        albums.filter { admits($0.id) }
    }

    /// Listed ids that `albums` does not contain (ignored; reported for information).
    public func missing(from albums: [VimeoAlbum]) -> [String] {
        guard case .only(let ids) = self else { return [] }
        let present = Set(albums.map(\.id))
        return ids.filter { !present.contains($0) }
    }

    /// A stable text naming the whitelist (`*` for every album, else the sorted ids), stored with the albums
    /// so a store filtered by another whitelist is recognised.
    public var fingerprint: String {
        switch self {
        case .everything: "*"
        case .only(let ids): ids.sorted().joined(separator: ",")
        }
    }

    /// Reads `albums.json`.
    /// - Throws: ``FeedJSON/Failure`` naming the JSON path of a bad entry (`albums[2]`), or the document.
    public static func decode(_ data: Data) throws(FeedJSON.Failure) -> AlbumWhitelist {
        try FeedJSON.decode(File.self, from: data).whitelist
    }

    /// The id an entry names: a plain id as it is, a URI or URL by its last path component.
    static func normalise(_ entry: String) -> String? {
        let trimmed = entry.trimmingCharacters(in: .whitespacesAndNewlines)
        if VimeoID.isValid(trimmed) { return trimmed }
        return VimeoID.fromURI(trimmed).flatMap { VimeoID.isValid($0) ? $0 : nil }
    }

    /// The file's two shapes.
    private struct File: Decodable {
        var whitelist: AlbumWhitelist

        private enum CodingKeys: String, CodingKey {
            case albums
        }

        init(from decoder: any Decoder) throws {
            let entries: [Entry]
            if let array = try? decoder.singleValueContainer().decode([Entry].self) {
                entries = array
            } else if let object = try? decoder.container(keyedBy: CodingKeys.self), object.contains(.albums) {
                entries = try object.decode([Entry].self, forKey: .albums)
            } else if (try? decoder.container(keyedBy: CodingKeys.self)) != nil {
                throw DecodingError.keyNotFound(CodingKeys.albums, .init(codingPath: [], debugDescription: "expected {\"albums\": [...]} or an array of album ids"))
            } else {
                // Decode again without `try?` so the error names the bad entry's path.
                entries = try decoder.singleValueContainer().decode([Entry].self)
            }
            whitelist = .only(entries.map(\.id).uniqued())
        }
    }

    /// One entry: an id (string or number) or a URI.
    private struct Entry: Decodable {
        var id: String

        init(from decoder: any Decoder) throws {
            let scalar = try decoder.singleValueContainer()
            let text: String
            if let integer = try? scalar.decode(Int64.self) {
                text = String(integer)
            } else if let string = try? scalar.decode(String.self) {
                text = string
            } else {
                throw DecodingError.dataCorruptedError(in: scalar, debugDescription: "expected an album id or URI")
            }
            guard let id = AlbumWhitelist.normalise(text) else {
                throw DecodingError.dataCorruptedError(in: scalar, debugDescription: "\"\(text.prefix(100))\" names no album id")
            }
            self.id = id
        }
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each only the first time it appears.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
