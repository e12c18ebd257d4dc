// swift-tools-version:6.0
// CirclePlayer: a circular HLS audio player for the desktop, in three reusable components.
import PackageDescription

let package = Package(
    name: "CirclePlayer",
    platforms: [.macOS(.v14)],
    products: [],
    dependencies: [],
    targets: []
)
