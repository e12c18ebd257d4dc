import Foundation
import NIOCore
import NIOPosix

/// Reads files for ``ServerContent/directory(_:)`` off the event loop.
enum FileLoader {
    /// Loads `path` (decoded, traversal-checked, starting with `/`) below `root` on the shared
    /// thread pool; the future succeeds with `nil` when there is no regular file there.
    static func load(root: String, path: String, on eventLoop: any EventLoop) -> EventLoopFuture<ResolvedFile?> {
        NIOThreadPool.singleton.runIfActive(eventLoop: eventLoop) {
            let fullPath = root.hasSuffix("/") ? root + path.dropFirst() : root + path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: fullPath, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: fullPath)
            else { return nil }
            return ResolvedFile(body: ByteBuffer(bytes: data), contentType: ContentTypes.forPath(path))
        }
    }
}
