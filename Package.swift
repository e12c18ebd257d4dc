// swift-tools-version:6.0
// CirclePlayer: a circular HLS audio player for the desktop, in three reusable components.
import PackageDescription

let package = Package(
    name: "CirclePlayer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "PlayerCore", targets: ["PlayerCore"]),
        .library(name: "DragPhysics", targets: ["DragPhysics"]),
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
        // PlayerCore: the player's pure state machine and a thin thread-safe driver.
        .target(name: "PlayerCore"),
        .testTarget(name: "PlayerCoreTests", dependencies: ["PlayerCore"]),
        // Drag, flick and push-to-edge physics plus the easing library (pure, time-injected).
        .target(name: "DragPhysics"),
        .testTarget(name: "DragPhysicsTests", dependencies: ["DragPhysics"]),
        // The desktop demo: window, drawing, input, scripted runs; wires the components together.
        .executableTarget(
            name: "SDLDemo",
            dependencies: [
                "CSDL2",
                "DragPhysics",
                "PlayerCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "SDLDemoTests", dependencies: ["SDLDemo"]),
    ],
    swiftLanguageModes: [.v6]
)
