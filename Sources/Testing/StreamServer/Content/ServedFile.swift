/// One file served from memory by ``StreamServer`` (see ``ServerContent/files(_:)``).
///
/// ```swift
/// let playlist = ServedFile(string: "#EXTM3U\n", contentType: ContentTypes.m3u8)
/// let segment = ServedFile(data: bytes, path: "/audio/seg0.ts")   // type from the extension
/// ```
public struct ServedFile: Sendable, Equatable {
    /// The complete body of the file.
    public var data: [UInt8]
    /// The `Content-Type` header value sent with the file.
    public var contentType: String

    /// A file with the given bytes and content type.
    public init(data: [UInt8], contentType: String) {
        self.data = data
        self.contentType = contentType
    }

    /// A file with the given bytes, its content type derived from the extension of `path`
    /// (``ContentTypes/forPath(_:)``).
    public init(data: [UInt8], path: String) {
        self.init(data: data, contentType: ContentTypes.forPath(path))
    }

    /// A file whose body is the UTF-8 encoding of `string`.
    public init(string: String, contentType: String) {
        self.init(data: Array(string.utf8), contentType: contentType)
    }
}
