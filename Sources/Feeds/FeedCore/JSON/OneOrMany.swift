/// A member that APIs send either as one value or as an array of them (NPR's `audio[].format.mp3` is an
/// array in some stories and an object in others). Always read as an array; `null` reads as empty.
///
/// ```swift
/// struct Format: Decodable { var mp3: OneOrMany<MP3> }
/// // {"mp3": {"$text": "a.mp3"}}        → [a.mp3]
/// // {"mp3": [{"$text": "a.mp3"}, …]}   → [a.mp3, …]
/// ```
public struct OneOrMany<Element> {
    /// The values in the order sent.
    public var elements: [Element]

    /// Wraps `elements`.
    public init(_ elements: [Element]) {
        self.elements = elements
    }
}

extension OneOrMany: Sendable where Element: Sendable {}
extension OneOrMany: Equatable where Element: Equatable {}

extension OneOrMany: Decodable where Element: Decodable {
    /// Decodes an array, a single value, or `null` (empty).
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [Element] = []
            while !array.isAtEnd {
                elements.append(try array.decode(Element.self))
            }
            self.init(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self.init([])
        } else {
            self.init([try single.decode(Element.self)])
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes a ``OneOrMany``; a missing key reads as empty.
    public func decode<Element: Decodable>(_ type: OneOrMany<Element>.Type, forKey key: Key) throws -> OneOrMany<Element> {
        try decodeIfPresent(type, forKey: key) ?? OneOrMany([])
    }
}
