import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `scripts/install.sh` end to end, as a person's desktop would see it: installed from the debug build
/// (`--from-build`: a release build would take longer than the rest of CI) into `~/.local` of a private
/// HOME that already holds someone else's files; every installed program answers `--help`; the freedesktop tools
/// accept the menu entries, the AppStream file and the icons; the man pages render and name every option the
/// programs have; Tab after `hlsfetch --` offers its options; a `.m3u8` opened with `xdg-open` under a private XDG
/// environment starts the player in the circle; `--uninstall` leaves the prefix exactly as it was.
@Suite("Installing the desktop app", .serialized, .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct InstallTests {
    static let programs = ["circleplayer", "hlsfetch", "mediakit", "streamserve", "streamplay"]
    static let entries = [
        "io.github.circleplayer.CirclePlayer": nil, "io.github.circleplayer.CirclePlayer.Interlochen": "interlochen",
        "io.github.circleplayer.CirclePlayer.Vimeo": "vimeo", "io.github.circleplayer.CirclePlayer.IPlayer": "iplayer",
        "io.github.circleplayer.CirclePlayer.SportBuff": "buffs",
    ]
    static let iconSizes = [16, 22, 24, 32, 48, 64, 128, 256]

    @Test("install into ~/.local of a private HOME, use it, uninstall: the prefix is as it was")
    func installUseUninstall() async throws {
        let tools = try Tools.require(["bash", "desktop-file-validate", "appstreamcli", "rsvg-convert", "update-desktop-database",
                                       "xdg-open", "xdg-mime", "mimetype", "man", "zsh", "fish"])
        let built = try InstallRig.builtPrograms()
        let root = try makeTemporaryDirectory("InstallTests")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home")
        let prefix = home.appendingPathComponent(".local")
        try InstallRig.someoneElsesFiles(in: prefix)
        let before = try Tree(prefix)
        let homeBefore = try Tree(home, excluding: [".local", ".cache"])

        // Into ~/.local of this HOME, a user's default, named outright: as root the default is /usr/local, which a
        // test must never touch.
        let environment = InstallRig.environment(home: home, root: root)
        let install = try await ProcessRunner.run(tools["bash"]!, [InstallRig.script.path, "--from-build", built.path, "--prefix", prefix.path],
                                                  environment: environment, directory: PackagePaths.root)
        try #require(install.status == 0, "install: \(install.stderr)")
        #expect(install.stdout.contains("installed into \(prefix.path)"), "\(install.stdout)")

        // Every program, by its installed name, through its link in bin.
        for program in Self.programs {
            let link = prefix.appendingPathComponent("bin/\(program)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../lib/circleplayer/\(program)")
            let help = try await ProcessRunner.run(link, ["--help"], environment: environment)
            #expect(help.status == 0 && help.stdout.contains("USAGE: \(program)"), "\(program) --help: \(help.stdout.prefix(300)) \(help.stderr)")
        }

        // The menu entries, by the freedesktop tools and by what they run.
        for (id, app) in Self.entries {
            let entry = prefix.appendingPathComponent("share/applications/\(id).desktop")
            let check = try await ProcessRunner.run(tools["desktop-file-validate"]!, [entry.path])
            #expect(check.status == 0 && (check.stdout + check.stderr).isEmpty, "\(id): \(check.stdout)\(check.stderr)")
            let text = try String(contentsOf: entry, encoding: .utf8)
            let exec = prefix.appendingPathComponent("bin/circleplayer").path + (app.map { " --app \($0)" } ?? " %u")
            #expect(text.contains("\nExec=\(exec)\n"), "\(id): \(text)")
            #expect(text.contains("\nCategories=AudioVideo;Player;\n") && text.contains("\nIcon=\(id)\n"))
            #expect(text.contains("MimeType=application/vnd.apple.mpegurl;audio/x-mpegurl;") == (app == nil))
        }
        let metainfo = prefix.appendingPathComponent("share/metainfo/io.github.circleplayer.CirclePlayer.metainfo.xml")
        let appstream = try await ProcessRunner.run(tools["appstreamcli"]!, ["validate", "--no-net", metainfo.path])
        #expect(appstream.status == 0, "\(appstream.stdout)\(appstream.stderr)")
        // The whole tree as a software centre reads it: the component, its desktop entries and its icon.
        let tree = try await ProcessRunner.run(tools["appstreamcli"]!, ["validate-tree", "--no-net", prefix.path])
        #expect(tree.status == 0, "\(tree.stdout)\(tree.stderr)")

        // The icons: the SVG and a PNG of each size, of that size, for every entry.
        for id in Self.entries.keys {
            let svg = prefix.appendingPathComponent("share/icons/hicolor/scalable/apps/\(id).svg")
            #expect(try String(contentsOf: svg, encoding: .utf8).contains("<svg"))
            for size in Self.iconSizes {
                let png = prefix.appendingPathComponent("share/icons/hicolor/\(size)x\(size)/apps/\(id).png")
                let dimensions = try PNGHeader.size(of: png)
                #expect(dimensions.width == size && dimensions.height == size, "\(png.lastPathComponent) at \(size): \(dimensions)")
            }
        }

        // The man pages: man renders each one, and it is that program's.
        for program in Self.programs {
            let page = prefix.appendingPathComponent("share/man/man1/\(program).1")
            var manEnvironment = environment
            manEnvironment["MANWIDTH"] = "100"
            let man = try await ProcessRunner.run(tools["man"]!, ["-l", page.path], environment: manEnvironment)
            #expect(man.status == 0 && man.stdout.contains("NAME") && man.stdout.contains(program), "\(program).1: \(man.stderr)")
            #expect(!man.stderr.contains("warning"), "\(program).1: \(man.stderr)")
        }

        // The completions: bash offers hlsfetch's options after `hlsfetch --` and Tab; zsh and fish read theirs.
        let completions = prefix.appendingPathComponent("share/bash-completion/completions")
        let tab = try await ProcessRunner.run(tools["bash"]!, ["-c", """
            source "\(completions.path)/hlsfetch"
            function=$(complete -p hlsfetch | sed -E 's/.* -F ([^ ]+) .*/\\1/')
            COMP_WORDS=(hlsfetch --); COMP_CWORD=1; COMP_LINE="hlsfetch --"; COMP_POINT=${#COMP_LINE}
            "$function" hlsfetch -- hlsfetch
            printf '%s\\n' "${COMPREPLY[@]}"
            """], environment: environment)
        let offered = Set(tab.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(offered.isSuperset(of: ["--output", "--concurrency", "--list", "--resume", "--help"]), "offered: \(offered) \(tab.stderr)")
        for program in Self.programs {
            let bash = try await ProcessRunner.run(tools["bash"]!, ["-n", completions.appendingPathComponent(program).path])
            #expect(bash.status == 0, "bash \(program): \(bash.stderr)")
            let zsh = try await ProcessRunner.run(tools["zsh"]!, ["-n", prefix.appendingPathComponent("share/zsh/site-functions/_\(program)").path])
            #expect(zsh.status == 0, "zsh \(program): \(zsh.stderr)")
            let fish = try await ProcessRunner.run(tools["fish"]!, ["--no-execute", prefix.appendingPathComponent("share/fish/vendor_completions.d/\(program).fish").path],
                                                   environment: environment)
            #expect(fish.status == 0, "fish \(program): \(fish.stderr)")
        }

        // A .m3u8 opened as a desktop opens it: xdg-open asks the MIME database what it is and mimeinfo.cache which
        // entry opens that, and runs its Exec line; the player starts and plays it in the circle.
        try await InstallRig.openWithXDG(tools: tools, prefix: prefix, environment: environment, root: root)

        // Uninstall: everything the install added is gone, the rest is as it was.
        let uninstall = try await ProcessRunner.run(tools["bash"]!, [InstallRig.script.path, "--uninstall", "--prefix", prefix.path],
                                                    environment: environment, directory: PackagePaths.root)
        #expect(uninstall.status == 0, "uninstall: \(uninstall.stderr)")
        let after = try Tree(prefix)
        #expect(after == before, "left behind or changed: \(after.difference(from: before))")
        // Outside the prefix: nothing of the install (the player's settings are the player's, in ~/.config).
        let homeAfter = try Tree(home, excluding: [".local", ".cache", ".config"])
        #expect(homeAfter == homeBefore, "outside the prefix: \(homeAfter.difference(from: homeBefore))")
        let again = try await ProcessRunner.run(tools["bash"]!, [InstallRig.script.path, "--uninstall", "--prefix", prefix.path],
                                                environment: environment, directory: PackagePaths.root)
        #expect(again.status == 1 && again.stderr.contains("nothing to remove"), "\(again.stderr)")
    }

    @Test("without root and without --prefix: into ~/.local, and --uninstall alone removes it")
    func defaultPrefixWithoutRoot() async throws {
        let tools = try Tools.require(["bash", "setpriv"])
        let built = try InstallRig.builtPrograms()
        let root = try makeTemporaryDirectory("InstallTests")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home")
        var environment = InstallRig.environment(home: home, root: root)
        // As root (CI, this machine) the script runs as `nobody`, who owns only the private HOME: the install
        // must need nothing else. As another user it runs as that user.
        var command = [tools["bash"]!.path, InstallRig.script.path]
        if getuid() == 0 {
            let nobody = try #require(getpwnam("nobody"), "no user nobody to run the install as")
            for folder in [root, home, root.appendingPathComponent("run")] {
                #expect(chown(folder.path, nobody.pointee.pw_uid, nobody.pointee.pw_gid) == 0, "chown \(folder.path)")
            }
            command = [tools["setpriv"]!.path, "--reuid=\(nobody.pointee.pw_uid)", "--regid=\(nobody.pointee.pw_gid)",
                       "--clear-groups", "--"] + command
        }
        environment["PATH"] = "/usr/local/bin:/usr/bin:/bin"   // what a new login of that user has
        let run = { (arguments: [String]) in
            try await ProcessRunner.run(URL(fileURLWithPath: command[0]), Array(command.dropFirst()) + arguments,
                                        environment: environment, directory: PackagePaths.root)
        }
        let install = try await run(["--from-build", built.path])
        try #require(install.status == 0, "install: \(install.stderr)")
        let prefix = home.appendingPathComponent(".local")
        #expect(install.stdout.contains("installed into \(prefix.path)"), "\(install.stdout)")
        #expect(install.stderr.contains("\(prefix.path)/bin is not on PATH"), "\(install.stderr)")
        let help = try await ProcessRunner.run(prefix.appendingPathComponent("bin/hlsfetch"), ["--help"], environment: environment)
        #expect(help.status == 0 && help.stdout.contains("USAGE: hlsfetch"), "\(help.stderr)")

        let uninstall = try await run(["--uninstall"])
        #expect(uninstall.status == 0, "uninstall: \(uninstall.stderr)")
        // Everything in ~/.local was the install's: nothing is left in it (the folder itself, a standard one, stays).
        let left = try Tree(prefix)
        #expect(left.items.isEmpty, "left: \(left)")
    }

    @Test("a file in the way that is not from an installation is never replaced; a failed install can be removed")
    func refusesForeignFiles() async throws {
        let tools = try Tools.require(["bash"])
        let built = try InstallRig.builtPrograms()
        let root = try makeTemporaryDirectory("InstallTests")
        defer { try? FileManager.default.removeItem(at: root) }
        let prefix = root.appendingPathComponent("prefix")
        let theirs = prefix.appendingPathComponent("bin/hlsfetch")
        try FileManager.default.createDirectory(at: theirs.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho theirs\n".utf8).write(to: theirs)
        let before = try Tree(prefix)
        let environment = InstallRig.environment(home: root.appendingPathComponent("home"), root: root)
        let install = try await ProcessRunner.run(tools["bash"]!, [InstallRig.script.path, "--from-build", built.path, "--prefix", prefix.path],
                                                  environment: environment, directory: PackagePaths.root)
        #expect(install.status == 1 && install.stderr.contains("\(theirs.path) exists and is not from a CirclePlayer installation"),
                "\(install.stderr)")
        #expect(try String(contentsOf: theirs, encoding: .utf8) == "#!/bin/sh\necho theirs\n")
        let uninstall = try await ProcessRunner.run(tools["bash"]!, [InstallRig.script.path, "--uninstall", "--prefix", prefix.path],
                                                    environment: environment, directory: PackagePaths.root)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(try Tree(prefix) == before)
    }
}
