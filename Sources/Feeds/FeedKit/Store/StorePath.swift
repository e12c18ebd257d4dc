import Foundation

extension FeedStore {
    /// The default store of app `app` for the service at `url`: `$XDG_CACHE_HOME/circleplayer/APP/HOST[_PORT].sqlite`
    /// (`~/.cache/…` when `XDG_CACHE_HOME` is unset or not absolute, as the XDG Base Directory Specification
    /// asks), one file per host, so data from a local test server never mixes with the real service's. The
    /// folders are private (``makePrivateFolder(at:environment:)``).
    ///
    /// ```swift
    /// FeedStore.defaultPath(app: "vimeo", for: URL(string: "https://api.vimeo.com")!, environment: ["HOME": "/home/ada"])
    /// // "/home/ada/.cache/circleplayer/vimeo/api.vimeo.com.sqlite"
    /// ```
    public static func defaultPath(app: String, for url: URL,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        var name = (url.host ?? app).lowercased().filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
        if name.isEmpty { name = app }
        if let port = url.port { name += "_\(port)" }
        return defaultRoot(environment: environment) + "/" + app + "/" + name + ".sqlite"
    }

    /// A second store next to `path`: `STEM-NAME.sqlite` (e.g. Vimeo's beside Interlochen's).
    ///
    /// ```swift
    /// FeedStore.siblingPath(of: "/c/interlochen/h.sqlite", named: "vimeo")   // "/c/interlochen/h-vimeo.sqlite"
    /// ```
    public static func siblingPath(of path: String, named name: String) -> String {
        let stem = path.hasSuffix(".sqlite") ? String(path.dropLast(".sqlite".count)) : path
        return stem + "-\(name).sqlite"
    }
}
