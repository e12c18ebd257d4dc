import Foundation

/// The permission bits of the file or folder at `path` (`0o700`, say), nil when it does not exist. A symbolic link
/// is not followed.
///
/// ```swift
/// #expect(fileMode(of: store) == 0o600)
/// ```
public func fileMode(of path: String) -> Int? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return Int(info.st_mode & 0o7777)
}

/// What is not private under `folder` (the folder itself included when `includingRoot`): every folder that is
/// not mode 0700 and every file that is not mode 0600, as `path: mode` lines (octal), for a test of the rule that
/// a program's store and cache folders are 0700 and their files 0600 whatever the umask (docs/security.md).
/// Files for which `ignoring` is true (a test's own script or trace in the same folder) are not looked at.
///
/// ```swift
/// #expect(privacyProblems(under: cache).isEmpty, "\(privacyProblems(under: cache))")
/// ```
public func privacyProblems(under folder: URL, includingRoot: Bool = true,
                            ignoring: (String) -> Bool = { _ in false }) -> [String] {
    var problems: [String] = []
    func check(_ path: String, isFolder: Bool) {
        guard let mode = fileMode(of: path) else { return }
        let wanted = isFolder ? 0o700 : 0o600
        if mode != wanted { problems.append("\(path): \(String(mode, radix: 8)), not \(String(wanted, radix: 8))") }
    }
    if includingRoot { check(folder.path, isFolder: true) }
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey])
    while let url = walker?.nextObject() as? URL {
        let relative = String(url.path.dropFirst(folder.path.count + 1))
        guard !ignoring(relative) else { continue }
        let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
        if values?.isSymbolicLink == true { continue }
        check(url.path, isFolder: values?.isDirectory == true)
    }
    return problems.sorted()
}
