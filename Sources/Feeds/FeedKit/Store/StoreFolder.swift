import FeedCore
import Foundation
import PrivateFiles

extension FeedStore {
    /// The folder every default store lives under: `$XDG_CACHE_HOME/circleplayer` (`~/.cache/circleplayer` when
    /// `XDG_CACHE_HOME` is unset or not absolute, as the XDG Base Directory Specification asks).
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let cache: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            cache = xdg
        } else {
            cache = (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        }
        return cache + "/circleplayer"
    }

    /// Makes `path` a store's folder by the programs' one rule (PrivateFiles' ``PrivateFiles/PrivateDirectory``):
    /// every missing folder on the way is made with mode 0700 whatever the umask; those that exist keep their mode
    /// (a user's own `--store` folder is not ours to change), except ``defaultRoot(environment:)`` and the folders
    /// under it, which are ours by name and made 0700 even when an older version made them wider (0755 for
    /// Interlochen's, issue 31). Files in them are 0600 (``init(path:migrations:)``). docs/security.md, "Secrets".
    ///
    /// ```swift
    /// try FeedStore.makePrivateFolder(at: "/home/ada/.cache/circleplayer/vimeo")   // every missing folder 0700
    /// ```
    /// - Throws: ``FeedCore/FeedError`` (``FeedCore/FeedError/Kind/store(reason:)``) naming the folder and the
    ///   system's reason when one cannot be made or made private, or when a file is in the way.
    public static func makePrivateFolder(at path: String,
                                         environment: [String: String] = ProcessInfo.processInfo.environment) throws(FeedError) {
        do {
            try PrivateDirectory.create(at: path, claiming: defaultRoot(environment: environment))
        } catch {
            throw FeedError(service: "FeedStore", url: error.path, kind: .store(reason: error.reason))
        }
    }
}
