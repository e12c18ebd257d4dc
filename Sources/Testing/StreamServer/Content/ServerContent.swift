/// What a ``StreamServer`` serves.
///
/// ```swift
/// .directory("/tmp/stream")                                  // GET /a/b.ts -> /tmp/stream/a/b.ts
/// .files(["/index.m3u8": ServedFile(string: "#EXTM3U\n", contentType: ContentTypes.m3u8)])
/// ```
public enum ServerContent: Sendable {
    /// Files below a directory on disk, read on each request (so edits are visible immediately).
    /// Paths containing a `..` segment (also percent-encoded) are refused with 403.
    case directory(String)
    /// Files in memory, keyed by their absolute, percent-decoded URL path (e.g. `"/a/b.ts"`).
    case files([String: ServedFile])
}
