// swift-tools-version:6.0
// CirclePlayer: a circular HLS audio player for the desktop and the media apps of its family, in reusable parts.
//
// The folders under Sources/ are the layers (docs/ARCHITECTURE.md):
//   PlayerCore, DragPhysics, Downloader, SDLDemo   the player's three components and the window (top level)
//   System/      C system libraries found through pkg-config (SDL2, SDL2_ttf, SDL2_image, libmpg123, libdbus)
//   Media/       demuxing, decoding, audio output, media controls
//   UI/          screens as pure models (ScreenKit)
//   Feeds/       the layer under every feed (FeedCore, FeedKit) and one folder per app: XCore (pure), XKit (I/O)
//   Shared/      small pure helpers every layer may use (SafeText)
//   Tools/       the command lines
//   Testing/     the local HTTP server of the tests, the demos and the embedded samples
//   Samples/     the embedded sample data (module Samples)
//   Benchmarks/  benchmark executables (run with -c release)
// Suffixes: *Core is pure (events in, state and commands out, no I/O); *Kit is I/O for one app; lowercase
// names are command lines. ScreenKit (pure) and FeedKit (I/O) keep their names.
import PackageDescription

// Products of the package dependencies, by the names the targets use.
let asyncHTTPClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
let cryptoExtras = Target.Dependency.product(name: "_CryptoExtras", package: "swift-crypto")
let nioSSL = Target.Dependency.product(name: "NIOSSL", package: "swift-nio-ssl")
let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")
let nioHTTP1 = Target.Dependency.product(name: "NIOHTTP1", package: "swift-nio")
let nioConcurrencyHelpers = Target.Dependency.product(name: "NIOConcurrencyHelpers", package: "swift-nio")

let package = Package(
    name: "CirclePlayer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "PlayerCore", targets: ["PlayerCore"]),
        .library(name: "DragPhysics", targets: ["DragPhysics"]),
        .library(name: "Downloader", targets: ["Downloader"]),
        .library(name: "MPEGTS", targets: ["MPEGTS"]),
        .library(name: "AudioPlayback", targets: ["AudioPlayback"]),
        .library(name: "MediaControls", targets: ["MediaControls"]),
        .library(name: "MediaCore", targets: ["MediaCore"]),
        .library(name: "MediaHost", targets: ["MediaHost"]),
        .library(name: "VideoCore", targets: ["VideoCore"]),
        .library(name: "VideoPlayback", targets: ["VideoPlayback"]),
        .library(name: "ScreenKit", targets: ["ScreenKit"]),
        .library(name: "FeedCore", targets: ["FeedCore"]),
        .library(name: "FeedKit", targets: ["FeedKit"]),
        .library(name: "IPlayerCore", targets: ["IPlayerCore"]),
        .library(name: "IPlayerKit", targets: ["IPlayerKit"]),
        .library(name: "VimeoCore", targets: ["VimeoCore"]),
        .library(name: "VimeoKit", targets: ["VimeoKit"]),
        .library(name: "InterlochenCore", targets: ["InterlochenCore"]),
        .library(name: "InterlochenKit", targets: ["InterlochenKit"]),
        .library(name: "BuffCore", targets: ["BuffCore"]),
        .library(name: "BuffKit", targets: ["BuffKit"]),
        .library(name: "StreamServer", targets: ["StreamServer"]),
        .library(name: "Samples", targets: ["Samples"]),
        .library(name: "SafeText", targets: ["SafeText"]),
        .library(name: "PrivateFiles", targets: ["PrivateFiles"]),
        .executable(name: "SDLDemo", targets: ["SDLDemo"]),
        .executable(name: "hlsfetch", targets: ["hlsfetch"]),
        .executable(name: "mediakit", targets: ["mediakit"]),
        .executable(name: "streamserve", targets: ["streamserve"]),
        .executable(name: "streamplay", targets: ["streamplay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Tests only (TestSupport runs the built command lines with it): reads every pipe to its end.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        // MARK: The player's components (top level, fixed by the design card)

        // PlayerCore: the player's pure state machines (download and stream) and a thin thread-safe driver.
        .target(name: "PlayerCore"),
        .testTarget(name: "PlayerCoreTests", dependencies: ["PlayerCore", "TestSupport"]),

        // DragPhysics: drag, flick, push to the edge, and the easing library. Pure and time-injected.
        .target(name: "DragPhysics"),
        .testTarget(name: "DragPhysicsTests", dependencies: ["DragPhysics"]),

        // Downloader: HLS playlists (RFC 8216), best-audio selection, two-at-a-time fetching into one file.
        // AES-128 and SHA-256 come from libavutil (CAVUtil), which the window links for its video anyway: swift-crypto
        // compiled a second BoringSSL for two functions (docs/Desktop.md, "The first window"). The tests keep
        // swift-crypto as an independent reference.
        .target(
            name: "Downloader",
            dependencies: ["CAVUtil", asyncHTTPClient, nioSSL, logging, nioCore, nioHTTP1, nioConcurrencyHelpers, nioPosix]),
        .testTarget(
            name: "DownloaderTests",
            dependencies: ["Downloader", "StreamServer", "TestSupport", crypto, cryptoExtras, logging, nioCore, nioPosix, nioHTTP1, nioConcurrencyHelpers],
            resources: [.copy("Fixtures")]),

        // SDLDemo: the desktop program (window, drawing, input, scripted runs); wires the parts together.
        .executableTarget(
            name: "SDLDemo",
            dependencies: [
                "CSDL2", "CSDL2X11", "CSDL2TTF", "CSDL2Image",
                "AudioPlayback", "Downloader", "DragPhysics", "MediaCore", "MediaHost", "PlayerCore", "ScreenKit",
                "VideoCore", "VideoPlayback",
                "Samples", "StreamServer", "FeedCore", "FeedKit",
                "VimeoCore", "VimeoKit", "BuffCore", "BuffKit", "IPlayerCore", "IPlayerKit",
                "InterlochenCore", "InterlochenKit", "SafeText", "PrivateFiles", "CommandLineSupport",
                argumentParser,
            ],
            // The apps' icons (SVG): the window's own (SDL_SetWindowIcon) and the hicolor theme's (scripts/install.sh).
            resources: [.copy("Resources/Icons")]),
        .testTarget(
            name: "SDLDemoTests",
            dependencies: ["SDLDemo", "AudioPlayback", "MPEGTS", "ScreenKit", "Samples", "StreamServer", "TestSupport"],
            resources: [.copy("Fixtures")]),

        // MARK: System libraries (Sources/System; Debian: libsdl2-dev, libsdl2-ttf-dev, libsdl2-image-dev,
        // libmpg123-dev, libdbus-1-dev)

        .systemLibrary(
            name: "CSDL2", path: "Sources/System/CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]),
        .systemLibrary(
            name: "CSDL2X11", path: "Sources/System/CSDL2X11", pkgConfig: "x11",
            providers: [.apt(["libx11-dev"])]),
        .systemLibrary(
            name: "CSDL2TTF", path: "Sources/System/CSDL2TTF", pkgConfig: "SDL2_ttf",
            providers: [.apt(["libsdl2-ttf-dev"]), .brew(["sdl2_ttf"])]),
        .systemLibrary(
            name: "CSDL2Image", path: "Sources/System/CSDL2Image", pkgConfig: "SDL2_image",
            providers: [.apt(["libsdl2-image-dev"]), .brew(["sdl2_image"])]),
        .systemLibrary(
            name: "CMPG123", path: "Sources/System/CMPG123", pkgConfig: "libmpg123",
            providers: [.apt(["libmpg123-dev"]), .brew(["mpg123"])]),
        // libavutil alone (AES, SHA-2) for the Downloader.
        .systemLibrary(
            name: "CAVUtil", path: "Sources/System/CAVUtil", pkgConfig: "libavutil",
            providers: [.apt(["libavutil-dev"]), .brew(["ffmpeg"])]),
        // libdbus, for MPRIS media controls on the session bus.
        .systemLibrary(
            name: "CDBus", path: "Sources/System/CDBus", pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"]), .brew(["dbus"])]),
        // FFmpeg 5.1 (Debian 12: libavformat-dev libavcodec-dev libswresample-dev libswscale-dev libavutil-dev). SwiftPM
        // splits pkgConfig at spaces and asks pkg-config for each name; the module map links all five as well.
        .systemLibrary(
            name: "CFFmpeg", path: "Sources/System/CFFmpeg",
            pkgConfig: "libavformat libavcodec libswresample libswscale libavutil",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswresample-dev", "libswscale-dev", "libavutil-dev"]),
                        .brew(["ffmpeg"])]),

        // MARK: Shared (Sources/Shared): small helpers every layer may use (SafeText pure, PrivateFiles I/O)

        // SafeText: outside text made safe to print or draw (controls escaped, bidi overrides neutralised, bounded).
        .target(name: "SafeText", path: "Sources/Shared/SafeText"),
        .testTarget(name: "SafeTextTests", dependencies: ["SafeText"]),
        // PrivateFiles (I/O): folders only this user can enter, mode 0700 whatever the umask: a new one under a
        // random name (mkdtemp) for a cache, or a store's folder at a known path. One rule for FeedKit's stores,
        // MediaHost's download cache and the window's temporary stores.
        .target(name: "PrivateFiles", path: "Sources/Shared/PrivateFiles"),
        .testTarget(name: "PrivateFilesTests", dependencies: ["PrivateFiles", "TestSupport"]),

        // MARK: Media (Sources/Media)

        // MPEGTS: streaming MPEG-TS demuxer (PAT, PMT, PES). Pure.
        .target(name: "MPEGTS", path: "Sources/Media/MPEGTS"),
        .testTarget(name: "MPEGTSTests", dependencies: ["MPEGTS", "TestSupport"], resources: [.copy("Fixtures")]),
        // AudioPlayback: MP3 decoding (libmpg123), SDL audio output, streams (HTTP/ICY, MPEG-TS segments).
        .target(
            name: "AudioPlayback",
            dependencies: ["CSDL2", "CMPG123", "MPEGTS", "PlayerCore", "Downloader", asyncHTTPClient, nioCore, nioHTTP1],
            path: "Sources/Media/AudioPlayback"),
        .testTarget(
            name: "AudioPlaybackTests",
            dependencies: ["AudioPlayback", "Downloader", "MPEGTS", "PlayerCore", "StreamServer", "TestSupport", nioCore, nioPosix],
            resources: [.copy("Fixtures")]),
        // MediaCore: the window's one player as a pure value (which media is active, switching, what the circle
        // shows), the typed requests and the one rule for what kind of source a URL is. Pure.
        .target(name: "MediaCore", dependencies: ["PlayerCore", "VideoCore"], path: "Sources/Media/MediaCore"),
        .testTarget(name: "MediaCoreTests", dependencies: ["MediaCore", "PlayerCore", "VideoCore", "TestSupport"]),
        // MediaHost: the one place that plays (downloads, the file player, the stream engine, the shared device,
        // the media controls), running MediaCore's player; used by SDLDemo and streamplay.
        .target(
            name: "MediaHost",
            dependencies: ["MediaCore", "PlayerCore", "AudioPlayback", "Downloader", "MediaControls", "VideoCore", "VideoPlayback",
                           "PrivateFiles"],
            path: "Sources/Media/MediaHost"),
        .testTarget(
            name: "MediaHostTests",
            dependencies: ["MediaHost", "MediaCore", "PlayerCore", "AudioPlayback", "VideoCore", "StreamServer", "Samples", "TestSupport"]),
        // MediaControls: MPRIS (org.mpris.MediaPlayer2) on the session bus, via libdbus.
        .target(name: "MediaControls", dependencies: ["CDBus", "PlayerCore"], path: "Sources/Media/MediaControls"),
        .testTarget(name: "MediaControlsTests", dependencies: ["MediaControls", "PlayerCore", "TestSupport"]),

        // VideoCore: the video player's pure models (ABR and its simulator, A/V clock and frame drops, seek
        // arithmetic, the player's state machine, queue bounds). Foundation at most; time passed in as a value.
        .target(name: "VideoCore", path: "Sources/Media/VideoCore"),
        .testTarget(name: "VideoCoreTests", dependencies: ["VideoCore", "TestSupport"]),
        // VideoPlayback: FFmpeg demuxing and decoding fed from memory, HLS on our Downloader, the playback engine.
        .target(
            name: "VideoPlayback", dependencies: ["CFFmpeg", "VideoCore", "Downloader", "AudioPlayback", "SafeText"],
            path: "Sources/Media/VideoPlayback"),
        .testTarget(
            name: "VideoPlaybackTests",
            dependencies: ["VideoPlayback", "VideoCore", "CFFmpeg", "Downloader", "AudioPlayback", "StreamServer", "TestSupport"],
            // Read through PackagePaths.hostileMedia (scripts/make-hostile-media.py).
            exclude: ["Hostile"]),

        // MARK: UI (Sources/UI)

        // ScreenKit: screens as pure models (kinetic lists, the screen stack, load states, details, notices,
        // tabs, text fields, image-cache bookkeeping). Pure and time-injected, like PlayerCore.
        .target(name: "ScreenKit", dependencies: ["DragPhysics"], path: "Sources/UI/ScreenKit"),
        .testTarget(name: "ScreenKitTests", dependencies: ["ScreenKit", "DragPhysics", "TestSupport"]),

        // MARK: Feeds (Sources/Feeds): the shared layer, then one folder per app (XCore pure, XKit I/O)

        // FeedCore: tolerant JSON, ISO 8601 durations and dates, RFC 822 dates, FeedError, freshness, paging. Pure.
        .target(name: "FeedCore", path: "Sources/Feeds/FeedCore"),
        .testTarget(name: "FeedCoreTests", dependencies: ["FeedCore"]),
        // FeedKit: HTTP (deadline, auth, size cap, redirects), stub transport, SQLite store (GRDB), paginator,
        // connectivity. Debian: libsqlite3-dev.
        .target(
            name: "FeedKit",
            dependencies: ["FeedCore", "PrivateFiles", asyncHTTPClient, grdb, nioCore, nioPosix, nioHTTP1],
            path: "Sources/Feeds/FeedKit"),
        .testTarget(name: "FeedKitTests", dependencies: ["FeedKit", "FeedCore", "StreamServer", "TestSupport", grdb]),

        // Mini iPlayer (seed 002): models, decoding, rows, ImageChef, screens / the iBL client.
        .target(name: "IPlayerCore", dependencies: ["FeedCore", "ScreenKit"],
        path: "Sources/Feeds/IPlayer/IPlayerCore"),
        .testTarget(
            name: "IPlayerCoreTests", dependencies: ["IPlayerCore", "FeedCore", "ScreenKit", "DragPhysics", "TestSupport"]),
        .target(
            name: "IPlayerKit", dependencies: ["IPlayerCore", "FeedKit", "FeedCore"],
            path: "Sources/Feeds/IPlayer/IPlayerKit"),
        .testTarget(
            name: "IPlayerKitTests",
            dependencies: ["IPlayerKit", "IPlayerCore", "FeedKit", "FeedCore", "StreamServer", "TestSupport"]),

        // Vimeo library (seed 001): models, decoding, whitelist, freshness, screens / client, store, library.
        .target(name: "VimeoCore", dependencies: ["FeedCore", "ScreenKit", "MediaCore", "VideoCore"], path: "Sources/Feeds/Vimeo/VimeoCore"),
        .testTarget(name: "VimeoCoreTests", dependencies: ["VimeoCore", "FeedCore", "ScreenKit", "DragPhysics", "MediaCore", "VideoCore", "TestSupport"]),
        .target(
            name: "VimeoKit", dependencies: ["VimeoCore", "FeedKit", "FeedCore", grdb],
            path: "Sources/Feeds/Vimeo/VimeoKit"),
        .testTarget(
            name: "VimeoKitTests",
            dependencies: ["VimeoKit", "VimeoCore", "FeedKit", "FeedCore", "StreamServer", "TestSupport", grdb]),

        // Interlochen (seed 000): content-meta.json, NPR, LiveStream, sections, refresh rules, screens / the
        // clients and the store.
        .target(
            name: "InterlochenCore", dependencies: ["FeedCore", "ScreenKit", "MediaCore", "PlayerCore", "VideoCore"],
            path: "Sources/Feeds/Interlochen/InterlochenCore"),
        .testTarget(
            name: "InterlochenCoreTests",
            dependencies: ["InterlochenCore", "FeedCore", "ScreenKit", "DragPhysics", "MediaCore", "PlayerCore", "VideoCore", "TestSupport"]),
        .target(
            name: "InterlochenKit",
            dependencies: ["InterlochenCore", "FeedKit", "FeedCore", "VimeoCore", "VimeoKit", grdb],
            path: "Sources/Feeds/Interlochen/InterlochenKit"),
        .testTarget(
            name: "InterlochenKitTests",
            dependencies: ["InterlochenKit", "InterlochenCore", "FeedKit", "FeedCore", "StreamServer", "TestSupport"]),

        // SportBuff (seed 004): decoding, the BuffEngine reducer and the panel model / the client and the clock driver.
        .target(
            name: "BuffCore", dependencies: ["FeedCore", "DragPhysics", "ScreenKit"],
            path: "Sources/Feeds/Buffs/BuffCore"),
        .testTarget(name: "BuffCoreTests", dependencies: ["BuffCore", "FeedCore", "ScreenKit", "DragPhysics", "TestSupport"]),
        .target(name: "BuffKit", dependencies: ["BuffCore", "FeedKit", "FeedCore"],
        path: "Sources/Feeds/Buffs/BuffKit"),
        .testTarget(
            name: "BuffKitTests",
            dependencies: ["BuffKit", "BuffCore", "FeedKit", "FeedCore", "StreamServer", "TestSupport"],
            // Read through #filePath (the golden transcript is rewritten in place with BUFFS_UPDATE_GOLDEN=1).
            exclude: ["Fixtures"]),

        // MARK: Tools (Sources/Tools): the command lines

        // What the command lines share: clean ends on SIGINT and SIGTERM.
        // CommandLineSupport: what the command lines and the window share: option groups (secrets, stores, the
        // Interlochen services), base URLs, SIGINT/SIGTERM handling.
        // The one terminal-safe swift-log handler (SafeLogHandler) of every program.
        .target(name: "CommandLineSupport", dependencies: ["FeedKit", "SafeText", argumentParser, logging], path: "Sources/Tools/CommandLineSupport"),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport", "FeedKit", argumentParser, logging]),
        // `hlsfetch URL -o FILE`: the best audio track of an HLS stream into one file.
        .executableTarget(
            name: "hlsfetch",
            dependencies: ["Downloader", "SafeText", "CommandLineSupport", argumentParser, logging, nioCore, nioPosix],
            path: "Sources/Tools/hlsfetch"),
        // `mediakit`: the media apps on the command line, a subcommand per seed (`mediakit iplayer …`).
        .executableTarget(
            name: "mediakit",
            dependencies: [
                "IPlayerKit", "IPlayerCore", "VimeoKit", "VimeoCore", "InterlochenKit", "InterlochenCore",
                "BuffKit", "BuffCore", "FeedKit", "FeedCore", "SafeText", "CommandLineSupport", argumentParser,
            ], path: "Sources/Tools/mediakit"),
        // `streamserve DIR --port N`: a directory, a route table, a live HLS window or an ICY radio on 127.0.0.1.
        .executableTarget(
            name: "streamserve", dependencies: ["StreamServer", "SafeText", argumentParser], path: "Sources/Tools/streamserve"),
        // `streamplay URL`: the headless stream player (states and titles on stdout; SDL's disk driver for benchmarks).
        .executableTarget(
            name: "streamplay",
            dependencies: ["AudioPlayback", "MediaCore", "MediaHost", "PlayerCore", "StreamServer", "SafeText",
                           "CommandLineSupport", argumentParser],
            path: "Sources/Tools/streamplay"),

        // MARK: Testing (Sources/Testing, Tests/TestSupport) and the embedded samples (Sources/Samples)

        // StreamServer: small HTTP/1.1 server with Range support, fault knobs, fixture routes, live HLS windows
        // and ICY radio stations: the tests' server, `streamserve`, and the in-process server of the samples.
        .target(
            name: "StreamServer",
            dependencies: ["MPEGTS", nioConcurrencyHelpers, nioCore, nioPosix, nioHTTP1],
            path: "Sources/Testing/StreamServer"),
        .testTarget(name: "StreamServerTests", dependencies: ["StreamServer", "MPEGTS", "TestSupport"]),
        // Shared test support: processes on swift-subprocess, waits with anti-hang bounds, servers and held
        // requests, the session bus, temporary directories, fixture paths, seeded generators, sanitizer reports,
        // the screens models' harness (docs/testing.md).
        .target(
            name: "TestSupport",
            dependencies: ["StreamServer", "VideoCore", "ScreenKit", "DragPhysics", .product(name: "Subprocess", package: "swift-subprocess")],
            path: "Tests/TestSupport"),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
        // scripts/install.sh end to end from the built programs (a temporary prefix, the freedesktop tools,
        // xdg-open, uninstall), and the committed man pages against the programs' --help (docs/Desktop.md).
        .testTarget(name: "InstallTests", dependencies: ["TestSupport"]),
        // The guides' code: every ```swift block in README.md and docs/ is in a snippet of Snippets/ (compiled by
        // `swift build`), checked line by line (docs/testing.md, "Code in the docs"). No dependencies.
        .testTarget(name: "DocsTests"),
        // Samples: the embedded sample data every app serves in-process when given no server.
        .target(
            name: "Samples", dependencies: ["StreamServer"], path: "Sources/Samples",
            resources: [.copy("DefaultStream"), .copy("VimeoSample"), .copy("BuffsSample"), .copy("IPlayerSample"),
                        .copy("InterlochenSample"), .copy("VideoSample")]),
        // The samples as served: every listed length is the media's (videos looped by LoopedMedia, stories).
        .testTarget(name: "SamplesTests", dependencies: ["Samples", "TestSupport"]),

        // MARK: Benchmarks (Sources/Benchmarks; `swift run -c release NAME`)

        .executableTarget(
            name: "EngineBenchmarks", dependencies: ["DragPhysics", "PlayerCore"],
            path: "Sources/Benchmarks/EngineBenchmarks"),
        .executableTarget(
            name: "FeedBenchmarks", dependencies: ["IPlayerCore", "FeedCore"],
            path: "Sources/Benchmarks/FeedBenchmarks"),
        .executableTarget(
            name: "MediaBenchmark", dependencies: ["AudioPlayback", "MPEGTS"],
            path: "Sources/Benchmarks/MediaBenchmark"),
        // ABR simulator: `swift run -c release ABRBenchmarks` prints BENCHMARKS.md's "Adaptive bitrate" table.
        .executableTarget(name: "ABRBenchmarks", dependencies: ["VideoCore"], path: "Sources/Benchmarks/ABRBenchmarks"),
        // The video engine headless on the sample against ffmpeg: `swift run -c release VideoBenchmarks`.
        .executableTarget(
            name: "VideoBenchmarks", dependencies: ["VideoPlayback", "VideoCore", "AudioPlayback", "Samples", "StreamServer"],
            path: "Sources/Benchmarks/VideoBenchmarks"),
    ],
    swiftLanguageModes: [.v6]
)
