// swift-tools-version:6.0
// CirclePlayer: a circular HLS audio player for the desktop, in three reusable components.
import PackageDescription

let package = Package(
    name: "CirclePlayer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "DragPhysics", targets: ["DragPhysics"]),
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
        // Drag, flick and push-to-edge physics plus the easing library (pure, time-injected).
        .target(name: "DragPhysics"),
        .testTarget(name: "DragPhysicsTests", dependencies: ["DragPhysics"]),
        .executableTarget(name: "EngineBenchmarks", dependencies: ["DragPhysics"]),
    ],
    swiftLanguageModes: [.v6]
)
