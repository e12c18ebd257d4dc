// swift-tools-version:6.0
// CirclePlayer: a circular HLS audio player for the desktop, in three reusable components.
import PackageDescription

let package = Package(
    name: "CirclePlayer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "SDLDemo", targets: ["SDLDemo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // System libraries (Debian: libsdl2-dev, libmpg123-dev).
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]),
        .systemLibrary(
            name: "CMPG123", pkgConfig: "libmpg123",
            providers: [.apt(["libmpg123-dev"]), .brew(["mpg123"])]),
        // The desktop demo: window, drawing, input, scripted runs; wires the components together.
        .executableTarget(
            name: "SDLDemo",
            dependencies: [
                "CSDL2",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "SDLDemoTests", dependencies: ["SDLDemo"]),
    ]
)
