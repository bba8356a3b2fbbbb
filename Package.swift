// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SessionKit",
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [
    .library(name: "SessionKit", targets: ["SessionKit"]),
    .executable(name: "session-bench", targets: ["session-bench"]),
  ],
  targets: [
    .target(name: "SessionKit"),
    .target(name: "SessionBenchKit", dependencies: ["SessionKit"]),
    .executableTarget(name: "session-bench", dependencies: ["SessionBenchKit"]),
    .testTarget(
      name: "SessionKitTests",
      dependencies: ["SessionKit"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "SessionBenchKitTests", dependencies: ["SessionBenchKit", "SessionKit"]),
  ],
  swiftLanguageModes: [.v6]
)
