// swift-tools-version:6.0
// CirclePlayer: a circular HLS audio player for the desktop, in three reusable components.
import PackageDescription

let package = Package(
    name: "CirclePlayer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Downloader", targets: ["Downloader"]),
    ],
    dependencies: [],
    targets: [
        // System libraries (Debian: libsdl2-dev, libmpg123-dev).
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]),
        .systemLibrary(
            name: "CMPG123", pkgConfig: "libmpg123",
            providers: [.apt(["libmpg123-dev"]), .brew(["mpg123"])]),
        // HLS playlist model, parser and audio-track selection (pure), plus the download engine.
        .target(name: "Downloader"),
        .testTarget(name: "DownloaderTests", dependencies: ["Downloader"]),
    ],
    swiftLanguageModes: [.v6]
)
