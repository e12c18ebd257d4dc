// swift-tools-version:6.0
// CirclePlayer: a circular HLS audio player for the desktop, in three reusable components.
import PackageDescription

let package = Package(
    name: "CirclePlayer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "PlayerCore", targets: ["PlayerCore"]),
        .library(name: "DragPhysics", targets: ["DragPhysics"]),
        .library(name: "Downloader", targets: ["Downloader"]),
        .executable(name: "hlsfetch", targets: ["hlsfetch"]),
        .library(name: "StreamServer", targets: ["StreamServer"]),
        .library(name: "ScreenKit", targets: ["ScreenKit"]),
        .executable(name: "SDLDemo", targets: ["SDLDemo"]),
        .executable(name: "streamserve", targets: ["streamserve"]),
        .library(name: "FeedCore", targets: ["FeedCore"]),
        .library(name: "FeedKit", targets: ["FeedKit"]),
        .library(name: "IPlayerCore", targets: ["IPlayerCore"]),
        .library(name: "IPlayerClient", targets: ["IPlayerClient"]),
        .library(name: "VimeoCore", targets: ["VimeoCore"]),
        .library(name: "VimeoLibrary", targets: ["VimeoLibrary"]),
        .library(name: "InterlochenCore", targets: ["InterlochenCore"]),
        .library(name: "InterlochenLibrary", targets: ["InterlochenLibrary"]),
        .library(name: "BuffCore", targets: ["BuffCore"]),
        .library(name: "BuffClient", targets: ["BuffClient"]),
        .executable(name: "mediakit", targets: ["mediakit"]),
        .library(name: "MediaControls", targets: ["MediaControls"]),
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
    ],
    targets: [
        // System libraries (Debian: libsdl2-dev, libmpg123-dev).
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]),
        .systemLibrary(
            name: "CMPG123", pkgConfig: "libmpg123",
            providers: [.apt(["libmpg123-dev"]), .brew(["mpg123"])]),
        // Text and images in the window (Debian: libsdl2-ttf-dev, libsdl2-image-dev).
        .systemLibrary(
            name: "CSDL2TTF", pkgConfig: "SDL2_ttf",
            providers: [.apt(["libsdl2-ttf-dev"]), .brew(["sdl2_ttf"])]),
        .systemLibrary(
            name: "CSDL2Image", pkgConfig: "SDL2_image",
            providers: [.apt(["libsdl2-image-dev"]), .brew(["sdl2_image"])]),
        // libdbus (Debian: libdbus-1-dev), for MPRIS media controls on the session bus.
        .systemLibrary(
            name: "CDBus", pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"]), .brew(["dbus"])]),

        // Shared test support (seeded generators, sanitizer-report detection, other helpers used by several test targets).
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        // PlayerCore: the player's pure state machine and a thin thread-safe driver.
        .target(name: "PlayerCore"),
        .testTarget(name: "PlayerCoreTests", dependencies: ["PlayerCore", "TestSupport"]),

        // DragPhysics: drag, flick, push to the edge, and the easing library. Pure and time-injected.
        .target(name: "DragPhysics"),
        .testTarget(name: "DragPhysicsTests", dependencies: ["DragPhysics"]),

        // Downloader: HLS playlists (RFC 8216), best-audio selection, two-at-a-time fetching into one file.
        .target(
            name: "Downloader",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        // Command-line HLS audio fetcher: `hlsfetch URL -o FILE`.
        .executableTarget(
            name: "hlsfetch",
            dependencies: [
                "Downloader",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "DownloaderTests",
            dependencies: [
                "Downloader",
                "StreamServer",
                "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")]),

        // MPEG-TS demuxer (pure Swift) and audio playback (libmpg123 + SDL2).
        .target(name: "MPEGTS"),
        .testTarget(
            name: "MPEGTSTests", dependencies: ["MPEGTS", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .target(
            name: "AudioPlayback",
            dependencies: [
                "CSDL2", "CMPG123", "MPEGTS", "PlayerCore", "Downloader",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .testTarget(
            name: "AudioPlaybackTests",
            dependencies: [
                "AudioPlayback", "Downloader", "MPEGTS", "PlayerCore", "StreamServer", "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            resources: [.copy("Fixtures")]),
        .executableTarget(name: "MediaBenchmark", dependencies: ["AudioPlayback", "MPEGTS"]),

        // StreamServer: small HTTP/1.1 static-file server with fault injection (tests, demo stream).
        .target(
            name: "StreamServer",
            dependencies: [
                "MPEGTS",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .executableTarget(
            name: "streamserve",
            dependencies: ["StreamServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "StreamServerTests", dependencies: ["StreamServer", "MPEGTS", "TestSupport"]),

        // FeedCore: tolerant JSON, ISO 8601 durations and dates, RFC 822 dates, FeedError, freshness, paging. Pure.
        .target(name: "FeedCore"),
        .testTarget(name: "FeedCoreTests", dependencies: ["FeedCore"]),
        // FeedKit: HTTP (deadline, auth, size cap, redirects), stub transport, SQLite store (GRDB), paginator,
        // connectivity. Debian: libsqlite3-dev.
        .target(
            name: "FeedKit",
            dependencies: [
                "FeedCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "FeedKitTests",
            dependencies: [
                "FeedKit", "FeedCore", "StreamServer", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),

        // Mini iPlayer (seed 002): pure models, decoding, rows, ImageChef, screens / the iBL client / `mediakit`.
        .target(name: "IPlayerCore", dependencies: ["FeedCore", "ScreenKit"]),
        .testTarget(name: "IPlayerCoreTests", dependencies: ["IPlayerCore", "FeedCore", "ScreenKit", "DragPhysics", "TestSupport"]),
        .target(name: "IPlayerClient", dependencies: ["IPlayerCore", "FeedKit", "FeedCore"]),
        .testTarget(
            name: "IPlayerClientTests",
            dependencies: ["IPlayerClient", "IPlayerCore", "FeedKit", "FeedCore", "StreamServer", "TestSupport"]),
        // Vimeo library (seed 001): pure models, decoding, whitelist, freshness, screens / client, store, library.
        .target(name: "VimeoCore", dependencies: ["FeedCore", "ScreenKit"]),
        .testTarget(name: "VimeoCoreTests", dependencies: ["VimeoCore", "FeedCore", "ScreenKit", "DragPhysics"]),
        .target(
            name: "VimeoLibrary",
            dependencies: ["VimeoCore", "FeedKit", "FeedCore", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "VimeoLibraryTests",
            dependencies: ["VimeoLibrary", "VimeoCore", "FeedKit", "FeedCore", "StreamServer", "TestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")]),
        // Interlochen (seed 000): content-meta.json, NPR, LiveStream, the sections and the refresh rules (pure).
        .target(name: "InterlochenCore", dependencies: ["FeedCore", "ScreenKit"]),
        .testTarget(name: "InterlochenCoreTests", dependencies: ["InterlochenCore", "FeedCore", "ScreenKit", "DragPhysics", "TestSupport"]),
        .target(
            name: "InterlochenLibrary",
            dependencies: ["InterlochenCore", "FeedKit", "FeedCore", "VimeoCore", "VimeoLibrary",
                           .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "InterlochenLibraryTests",
            dependencies: ["InterlochenLibrary", "InterlochenCore", "FeedKit", "FeedCore", "StreamServer", "TestSupport"]),
        // SportBuff (seed 004): decoding, the BuffEngine reducer and the panel model / the client and the clock driver.
        .target(name: "BuffCore", dependencies: ["FeedCore", "DragPhysics", "ScreenKit"]),
        .testTarget(name: "BuffCoreTests", dependencies: ["BuffCore", "FeedCore", "ScreenKit", "DragPhysics"]),
        .target(name: "BuffClient", dependencies: ["BuffCore", "FeedKit", "FeedCore"]),
        .testTarget(
            name: "BuffClientTests",
            dependencies: ["BuffClient", "BuffCore", "FeedKit", "FeedCore", "StreamServer", "TestSupport"],
            // Read through #filePath (the golden transcript is rewritten in place with BUFFS_UPDATE_GOLDEN=1).
            exclude: ["Fixtures"]),
        // `mediakit`: one command line, a subcommand per seed (`mediakit iplayer …`).
        .executableTarget(
            name: "mediakit",
            dependencies: [
                "IPlayerClient", "IPlayerCore", "VimeoLibrary", "VimeoCore", "InterlochenLibrary", "InterlochenCore",
                "BuffClient", "BuffCore", "FeedKit", "FeedCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Feed benchmarks: `swift run -c release FeedBenchmarks` (decoding against JSONSerialization).
        .executableTarget(name: "FeedBenchmarks", dependencies: ["IPlayerCore", "FeedCore"]),

        // ScreenKit: screens as pure models (kinetic lists, the screen stack, load states, details, notices,
        // tabs, text fields, image-cache bookkeeping). Pure and time-injected, like PlayerCore.
        .target(name: "ScreenKit", dependencies: ["DragPhysics"]),
        .testTarget(name: "ScreenKitTests", dependencies: ["ScreenKit", "DragPhysics"]),

        // Headless stream player (states and titles on stdout; SDL's disk driver for benchmarks).
        .executableTarget(
            name: "streamplay",
            dependencies: [
                "AudioPlayback", "Downloader", "MediaControls", "PlayerCore", "StreamServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // MediaControls: MPRIS (org.mpris.MediaPlayer2) on the session bus, via libdbus.
        .target(name: "MediaControls", dependencies: ["CDBus", "PlayerCore"]),
        .testTarget(name: "MediaControlsTests", dependencies: ["MediaControls", "PlayerCore"]),

        // Engine benchmarks: `swift run -c release EngineBenchmarks`.
        .executableTarget(name: "EngineBenchmarks", dependencies: ["DragPhysics", "PlayerCore"]),

        // SDLDemo: the desktop demo (window, drawing, input, scripted runs); wires the components together.
        .executableTarget(
            name: "SDLDemo",
            dependencies: [
                "CSDL2",
                "CSDL2TTF",
                "CSDL2Image",
                "AudioPlayback",
                "Downloader",
                "DragPhysics",
                "MediaControls",
                "PlayerCore",
                "ScreenKit",
                "StreamServer",
                "FeedCore",
                "FeedKit",
                "VimeoCore",
                "VimeoLibrary",
                "BuffCore",
                "BuffClient",
                "IPlayerCore",
                "IPlayerClient",
                "InterlochenCore",
                "InterlochenLibrary",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Samples served in-process on 127.0.0.1 when no --base-url is given (IPlayerSample: `--app iplayer`,
            // VimeoSample: `--app vimeo`, BuffsSample: `--app buffs`, InterlochenSample with VimeoSample: `--app interlochen`).
            resources: [.copy("Resources/DefaultStream"), .copy("Resources/VimeoSample"), .copy("Resources/BuffsSample"),
                        .copy("Resources/IPlayerSample"), .copy("Resources/InterlochenSample")]),
        .testTarget(
            name: "SDLDemoTests", dependencies: ["SDLDemo", "AudioPlayback", "MPEGTS", "ScreenKit", "StreamServer", "TestSupport"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
