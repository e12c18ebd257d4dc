#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import PrivateFiles
import Testing
import TestSupport

/// The programs' one rule for private folders (docs/security.md): both ways of making one give mode 0700, and
/// neither uses what someone else put there. (The umask is the process's, shared by every test running beside
/// these, so it is not changed here: the programs' store tests run them under umask 000.)
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct PrivateDirectoryTests {
    @Test("make: mkdtemp folders under random names, 0700 and ours, never one planted under the old predictable name")
    func makeUsesMkdtemp() throws {
        let parent = try makeTemporaryDirectory("private-parent")
        defer { try? FileManager.default.removeItem(at: parent) }
        // A folder someone made beforehand under the old predictable name is not used.
        let planted = parent.appendingPathComponent("CirclePlayer-\(getpid())")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: false)
        let first = try PrivateDirectory.make(in: parent, prefix: "CirclePlayer")
        let second = try PrivateDirectory.make(in: parent, prefix: "CirclePlayer")
        #expect(first != second && first != planted && second != planted)
        for url in [first, second] {
            var status = stat()
            #expect(lstat(url.path, &status) == 0)
            #expect(status.st_mode & S_IFMT == S_IFDIR && status.st_mode & 0o777 == 0o700 && status.st_uid == geteuid())
            #expect(url.lastPathComponent.hasPrefix("CirclePlayer-") && url.lastPathComponent.count == "CirclePlayer-".count + 6)
        }
        let missing = parent.appendingPathComponent("missing")
        #expect(throws: PrivateDirectoryError.self) { try PrivateDirectory.make(in: missing, prefix: "x") }
        do {
            _ = try PrivateDirectory.make(in: missing, prefix: "x")
        } catch {
            #expect(error.description.contains(missing.path) && error.description.contains("No such file"), "\(error)")
        }
    }

    @Test("create: every missing folder 0700; an existing folder keeps its mode unless it is claimed")
    func createMakesEveryMissingFolderPrivate() throws {
        let parent = try makeTemporaryDirectory("private-create")
        defer { try? FileManager.default.removeItem(at: parent) }
        // The user's own folder, 0755: not ours to change.
        let own = parent.appendingPathComponent("own")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        try PrivateDirectory.create(at: own.appendingPathComponent("a/b").path)
        #expect(fileMode(of: own.path) == 0o755)
        #expect(fileMode(of: own.appendingPathComponent("a").path) == 0o700)
        #expect(fileMode(of: own.appendingPathComponent("a/b").path) == 0o700)
        // A claimed root and what is under it are ours: an old 0755 folder is made private.
        let root = parent.appendingPathComponent("circleplayer")
        let old = root.appendingPathComponent("interlochen")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        try PrivateDirectory.create(at: old.path, claiming: root.path)
        #expect(fileMode(of: parent.path) != nil)
        #expect(fileMode(of: root.path) == 0o700)
        #expect(fileMode(of: old.path) == 0o700)
        // A file in the way is an error naming it.
        let file = parent.appendingPathComponent("file")
        try Data().write(to: file)
        let error = #expect(throws: PrivateDirectoryError.self) {
            try PrivateDirectory.create(at: file.appendingPathComponent("x").path)
        }
        #expect(error?.description == "\(file.path): not a folder")
    }
}
