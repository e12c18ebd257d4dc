// swift-tools-version:6.0
// CirclePlayer: a circular HLS audio player for the desktop, in three reusable components.
import PackageDescription

let package = Package(
    name: "CirclePlayer",
    platforms: [.macOS(.v14)],
    products: [],
    dependencies: [],
    targets: [
        // System libraries (Debian: libsdl2-dev, libmpg123-dev).
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]),
        .systemLibrary(
            name: "CMPG123", pkgConfig: "libmpg123",
            providers: [.apt(["libmpg123-dev"]), .brew(["mpg123"])]),
        // MPEG-TS demuxer (pure Swift) and audio playback (libmpg123 + SDL2), branch `media`.
        .target(name: "MPEGTS"),
        .testTarget(
            name: "MPEGTSTests", dependencies: ["MPEGTS"],
            resources: [.copy("Fixtures")]),
        .target(name: "AudioPlayback", dependencies: ["CSDL2", "CMPG123", "MPEGTS"]),
        .testTarget(
            name: "AudioPlaybackTests", dependencies: ["AudioPlayback", "MPEGTS"],
            resources: [.copy("Fixtures")]),
        .executableTarget(name: "MediaBenchmark", dependencies: ["AudioPlayback", "MPEGTS"]),
    ]
)
