import FeedKit
import Foundation
import PrivateFiles
import Samples

/// An embedded sample served for the window (Samples' ``Samples/SampleServer``), started and stopped from the
/// synchronous SDL side: what every app serves when given no service of its own.
final class AppSample: Sendable {
    /// The running sample.
    let sample: SampleServer

    private init(sample: SampleServer) {
        self.sample = sample
    }

    /// Starts serving `name` on 127.0.0.1 and says so on stderr. With a `store` the user keeps (`--store`), the
    /// sample prefers the port it was served on the last time with that store (``AppStore/samplePortFile``), so the
    /// links the store kept (pictures, videos, the next page) point at it again; a port taken since falls back to
    /// an ephemeral one (said on stderr: stored links then fail until a refresh).
    static func start(_ name: SampleName, store: AppStore? = nil) throws -> AppSample {
        let preferred = store?.lastSamplePort
        let sample: SampleServer
        do {
            sample = try Blocking.run { try await SampleServer.start(name, preferredPort: preferred) }
        } catch {
            throw WiringError(message: "\(error)")
        }
        DemoLog.line("serving the embedded \(name.rawValue) at \(sample.baseURL.absoluteString)")
        if let preferred, sample.server.port != preferred {
            DemoLog.line("port \(preferred), which the store's links point at, is taken: stored links fail until a refresh")
        }
        store?.rememberSamplePort(sample.server.port)
        return AppSample(sample: sample)
    }

    /// The server's root URL.
    var baseURL: URL { sample.baseURL }

    /// The URL of `path` on the server.
    func url(for path: String) -> URL { sample.url(for: path) }

    /// Stops the server.
    func shutdown() {
        let sample = self.sample
        _ = try? Blocking.run { await sample.shutdown() }
    }
}

/// An app's SQLite store: `--store PATH`, else a file in a fresh temporary directory that ``remove()``
/// deletes when the window closes (nothing of a demo run is left behind).
struct AppStore: Sendable {
    /// The store file.
    let path: String
    private let temporaryDirectory: URL?

    /// The store at `path` (its missing folders made 0700: FeedKit's ``FeedStore/makePrivateFolder(at:environment:)``),
    /// or `APP.sqlite` in a new private temporary directory when nil (`SDLDemo-APP-XXXXXX`, made by `mkdtemp`:
    /// PrivateFiles' ``PrivateDirectory/make(in:prefix:)``).
    init(path: String?, app: String) throws {
        if let path {
            self.path = path
            temporaryDirectory = nil
            try FeedStore.makePrivateFolder(at: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        } else {
            let directory = try PrivateDirectory.make(in: FileManager.default.temporaryDirectory, prefix: "SDLDemo-\(app)")
            self.path = directory.appendingPathComponent("\(app).sqlite").path
            temporaryDirectory = directory
        }
    }

    /// A second store next to this one (`STEM-NAME.sqlite`), e.g. Vimeo's beside Interlochen's.
    func sibling(_ name: String) -> String {
        let stem = path.hasSuffix(".sqlite") ? String(path.dropLast(".sqlite".count)) : path
        return stem + "-\(name).sqlite"
    }

    /// The store for `app` at `path` (``init(path:app:)``) and, when `sample` is given, that embedded sample served
    /// for it (``AppSample/start(_:store:)``: on the port the store's links name); nothing is left behind when either
    /// fails.
    static func opened(path: String?, app: String, sample: SampleName?) throws -> (store: AppStore, sample: AppSample?) {
        let store: AppStore
        do {
            store = try AppStore(path: path, app: app)
        } catch {
            throw WiringError(message: "\(app) store: \(error)")
        }
        do {
            return (store, try sample.map { try AppSample.start($0, store: store) })
        } catch {
            store.remove()
            throw error
        }
    }

    /// Deletes the temporary directory, if the store is in one.
    func remove() {
        if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
    }

    /// Where a store the user keeps notes the port its embedded sample was served on (`STORE.sample-port`, one
    /// number, mode 0600); nil for a temporary store, which no second run sees.
    var samplePortFile: String? { temporaryDirectory == nil ? path + ".sample-port" : nil }

    /// The port noted in ``samplePortFile``, if any (anything but a port number reads as none).
    var lastSamplePort: Int? {
        guard let file = samplePortFile, let data = FileManager.default.contents(atPath: file),
              let text = String(data: data.prefix(16), encoding: .utf8),
              let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), (1...65535).contains(port) else { return nil }
        return port
    }

    /// Notes `port` in ``samplePortFile`` (nothing for a temporary store; a failure only costs the next run its links).
    func rememberSamplePort(_ port: Int) {
        guard let file = samplePortFile, port != lastSamplePort else { return }
        let written = FileManager.default.createFile(atPath: file, contents: Data("\(port)\n".utf8),
                                                     attributes: [.posixPermissions: 0o600])
        if !written { DemoLog.line("could not note the sample's port in \(file)") }
    }
}

/// The environment variables the apps read (credentials, tokens).
enum AppEnvironment {
    /// The variable's value, or nil when it is unset or empty.
    static func value(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
