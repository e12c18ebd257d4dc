import FeedCore
import Foundation

/// The one rule for the folders the programs make for a store or a cache: each is mode 0700, whatever the umask.
///
/// A folder that is missing is made with `mkdir(2)` and then given 0700 with `chmod(2)`, so neither a loose umask
/// (0000 would leave 0777 from a default mode) nor a strict one changes it. A folder that exists is left as it is
/// (a user's own `--store` folder is not ours to change), except the folders of the default store under
/// `$XDG_CACHE_HOME/circleplayer/` (``FeedStore/defaultPath(app:for:environment:)``), which are ours by name and
/// are made 0700 even when an older version made them wider (0755 for Interlochen's, issue 31). Files in them are
/// 0600 (``FeedStore/init(path:migrations:)``). docs/security.md, "Secrets".
///
/// ```swift
/// try PrivateDirectory.create(at: "/home/ada/.cache/circleplayer/vimeo")   // every missing folder 0700
/// ```
public enum PrivateDirectory {
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

    /// Makes `path` a folder of mode 0700: every missing folder on the way is created with mode 0700; those that
    /// exist keep their mode, but for ``defaultRoot(environment:)`` and the folders under it, which are made 0700.
    /// - Throws: ``FeedCore/FeedError`` (``FeedCore/FeedError/Kind/store(reason:)``) naming the folder and the
    ///   system's reason when one cannot be made or made private, or when a file is in the way.
    public static func create(at path: String,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws(FeedError) {
        let root = URL(fileURLWithPath: defaultRoot(environment: environment)).standardizedFileURL.path
        var current = ""
        for component in URL(fileURLWithPath: path).standardizedFileURL.pathComponents where component != "/" {
            current += "/" + component
            var info = stat()
            if lstat(current, &info) == 0 {
                guard isFolder(info) || stat(current, &info) == 0 && isFolder(info) else {
                    throw failure(current, "not a folder")
                }
                let ours = current == root || current.hasPrefix(root + "/")
                if ours, info.st_mode & 0o777 != 0o700, chmod(current, 0o700) != 0 {
                    throw failure(current, "cannot make the folder private: \(String(cString: strerror(errno)))")
                }
                continue
            }
            guard mkdir(current, 0o700) == 0 || errno == EEXIST else {
                throw failure(current, "cannot create the folder: \(String(cString: strerror(errno)))")
            }
            guard chmod(current, 0o700) == 0 else {
                throw failure(current, "cannot make the folder private: \(String(cString: strerror(errno)))")
            }
        }
    }

    private static func isFolder(_ info: stat) -> Bool {
        info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR)
    }

    private static func failure(_ path: String, _ reason: String) -> FeedError {
        FeedError(service: "FeedStore", url: path, kind: .store(reason: reason))
    }
}
