import NIOCore

/// A file ready to send: the body is shared, never copied per request.
struct ResolvedFile: Sendable {
    var body: ByteBuffer
    var contentType: String
    /// The status answered (fixture routes may answer other than 200; byte ranges apply only to 200).
    var status = 200
    /// Header fields added to the response (fixture routes).
    var extraHeaders: [(String, String)] = []
}

/// Where files come from, in the form the handler uses.
enum ContentStore: Sendable {
    case directory(root: String)
    case files([String: ResolvedFile])

    init(_ content: ServerContent) {
        switch content {
        case .directory(let root):
            self = .directory(root: root)
        case .files(let files):
            self = .files(
                files.mapValues { file in
                    ResolvedFile(body: ByteBuffer(bytes: file.data), contentType: file.contentType)
                })
        }
    }
}
