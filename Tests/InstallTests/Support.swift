import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the install tests share: the script, the programs built beside the tests, a private environment, and
/// opening a playlist through `xdg-open`.
enum InstallRig {
    static let script = PackagePaths.root.appendingPathComponent("scripts/install.sh")

    /// The folder holding the built programs (`.build/<config>`): `SDLDemo`, `hlsfetch`, `mediakit`,
    /// `streamserve`, `streamplay`.
    static func builtPrograms() throws -> URL {
        guard let window = ProcessRunner.executable(named: "SDLDemo") else {
            throw ProcessRunnerError(message: "SDLDemo is not built beside the tests (swift build --build-tests)")
        }
        let folder = window.deletingLastPathComponent()
        for program in ["hlsfetch", "mediakit", "streamserve", "streamplay"]
        where !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent(program).path) {
            throw ProcessRunnerError(message: "\(program) is not built in \(folder.path)")
        }
        return folder
    }

    /// The environment of a person whose home is `home`: no XDG variables but the runtime folder (the
    /// specification's defaults then apply, all inside `home`), no display, no session bus.
    static func environment(home: URL, root: URL) -> [String: String] {
        let runtime = root.appendingPathComponent("run")
        try? FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let inherited = ProcessInfo.processInfo.environment
        var environment = ["HOME": home.path, "PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
                           "XDG_RUNTIME_DIR": runtime.path, "TMPDIR": root.path]
        // Under scripts/sanitize.sh the installed programs are the sanitized build: they keep its options (the
        // report folder sanitize.sh reads, the suppressions), or a report would go to a stderr nobody reads.
        for name in ["TSAN_OPTIONS", "ASAN_OPTIONS"] { environment[name] = inherited[name] }
        return environment
    }

    /// Files of other programs already in the prefix (a bin, a menu entry without MIME types, a man page, an icon).
    static func someoneElsesFiles(in prefix: URL) throws {
        let files: [(String, String, Int)] = [
            ("bin/othertool", "#!/bin/sh\necho other\n", 0o755),
            ("share/applications/org.example.Other.desktop",
             "[Desktop Entry]\nType=Application\nName=Other\nExec=othertool\nCategories=Utility;\n", 0o644),
            ("share/man/man1/othertool.1", ".TH OTHERTOOL 1\n.SH NAME\nothertool\n", 0o644),
            ("share/icons/hicolor/48x48/apps/org.example.Other.png", "not really a png", 0o644),
        ]
        for (path, text, mode) in files {
            let url = prefix.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
    }

    /// Opens an audio-only `.m3u8` with `xdg-open` as a desktop would (its MIME type from the shared MIME database,
    /// the entry from `mimeinfo.cache` in `~/.local/share/applications`, its Exec line run), sees the installed
    /// player start and decide for the circle, ends it with SIGTERM as a session's end would, and checks it saved
    /// its settings in the private `~/.config`.
    static func openWithXDG(tools: [String: URL], prefix: URL, environment: [String: String], root: URL) async throws {
        let media = root.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let playlist = try PlaylistFixtures.audioOnlyMaster(in: media)
        var environment = environment
        // xdg-open hands a file to a MIME handler only when there is a display; the player draws on SDL's offscreen
        // driver, so none is needed.
        environment["DISPLAY"] = ":4242"
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_AUDIODRIVER"] = "dummy"
        environment["XDG_DATA_DIRS"] = "/usr/local/share:/usr/share"   // the shared MIME database

        let type = try await ProcessRunner.run(tools["xdg-mime"]!, ["query", "filetype", playlist.path], environment: environment)
        let mime = type.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(["application/vnd.apple.mpegurl", "audio/x-mpegurl"].contains(mime), "\(type.stdout)\(type.stderr)")
        let handler = try await ProcessRunner.run(tools["xdg-mime"]!, ["query", "default", mime], environment: environment)
        #expect(handler.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "io.github.circleplayer.CirclePlayer.desktop",
                "\(handler.stdout)\(handler.stderr)")

        let opener = try await ProcessRunner.Running.start(tools["xdg-open"]!, [playlist.path], environment: environment)
        let started = await waitUntil { opener.stderrSoFar.contains("SDLDemo: renderer") || opener.hasFinished }
        #expect(started && !opener.hasFinished, "the player did not start: \(opener.stderrSoFar)")
        #expect(opener.stderrSoFar.contains("opening radio.m3u8: audio only, with an end: the circle downloads it and plays it"),
                "\(opener.stderrSoFar)")
        let installed = prefix.appendingPathComponent("lib/circleplayer/circleplayer").resolvingSymlinksInPath().path
        let players = Processes.descendants(of: opener.processIdentifier).filter { Processes.executable(of: $0) == installed }
        #expect(players.count == 1, "the installed player among xdg-open's children: \(players)")
        for pid in players { kill(pid, SIGTERM) }
        let outcome = await opener.finish()
        #expect(outcome.status == 0, "xdg-open: \(outcome.status) \(outcome.stderr)")
        let settings = URL(fileURLWithPath: environment["HOME"]!).appendingPathComponent(".config/circleplayer/settings.json")
        let text = (try? String(contentsOf: settings, encoding: .utf8)) ?? ""
        #expect(text.contains("\"player\""), "settings saved at the end: \(text)")
        let mode = (try? FileManager.default.attributesOfItem(atPath: settings.path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
    }
}

/// The tools a test runs, found on PATH; missing ones are an error naming the Debian packages.
enum Tools {
    static func require(_ names: [String]) throws -> [String: URL] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var found: [String: URL] = [:]
        var missing: [String] = []
        for name in names {
            let candidates = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            if let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
                found[name] = tool
            } else {
                missing.append(name)
            }
        }
        guard missing.isEmpty else {
            throw ProcessRunnerError(message: "missing \(missing.joined(separator: ", ")): scripts/bootstrap.sh test installs them "
                + "(desktop-file-utils, appstream, librsvg2-bin, xdg-utils, libfile-mimeinfo-perl, man-db, zsh, fish)")
        }
        return found
    }
}

/// Processes, read from /proc.
enum Processes {
    /// Every process below `pid` (children, their children, …).
    static func descendants(of pid: pid_t) -> [pid_t] {
        var parents: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(entry), let parent = parent(of: child) else { continue }
            parents[parent, default: []].append(child)
        }
        var result: [pid_t] = []
        var queue = [pid]
        while let next = queue.popLast() {
            for child in parents[next] ?? [] {
                result.append(child)
                queue.append(child)
            }
        }
        return result
    }

    /// The parent of `pid` (the fourth field of /proc/PID/stat, after the command in parentheses).
    static func parent(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// The executable `pid` runs.
    static func executable(of pid: pid_t) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }
}

/// A folder's contents as comparable values: each path below it with its kind, mode and content (or a link's
/// target).
struct Tree: Equatable, CustomStringConvertible {
    let items: [String: String]

    init(_ root: URL, excluding: Set<String> = []) throws {
        var items: [String: String] = [:]
        let manager = FileManager.default
        guard manager.fileExists(atPath: root.path) else {
            self.items = [:]
            return
        }
        for relative in try manager.subpathsOfDirectory(atPath: root.path).sorted() {
            if let first = relative.split(separator: "/").first, excluding.contains(String(first)) { continue }
            let path = root.appendingPathComponent(relative).path
            let attributes = try manager.attributesOfItem(atPath: path)
            let mode = String((attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0, radix: 8)
            switch attributes[.type] as? FileAttributeType {
            case .typeSymbolicLink?:
                items[relative] = "link -> \(try manager.destinationOfSymbolicLink(atPath: path))"
            case .typeDirectory?:
                items[relative] = "dir \(mode)"
            default:
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                items[relative] = "file \(mode) \(data.count) bytes \(data.hashValue)"
            }
        }
        self.items = items
    }

    /// What differs from `other`, for a failure message.
    func difference(from other: Tree) -> String {
        let added = Set(items.keys).subtracting(other.items.keys).sorted()
        let removed = Set(other.items.keys).subtracting(items.keys).sorted()
        let changed = items.keys.filter { other.items[$0] != nil && other.items[$0] != items[$0] }.sorted()
        return "added \(added), removed \(removed), changed \(changed)"
    }

    var description: String { items.keys.sorted().joined(separator: "\n") }
}

/// A PNG file's size, from its IHDR chunk (PNG specification §11.2.2: the first chunk, width and height as
/// big-endian 32-bit numbers after the 8-byte signature and the chunk's length and type).
enum PNGHeader {
    static func size(of url: URL) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: url).prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else {
            throw ProcessRunnerError(message: "\(url.path) is not a PNG")
        }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}
