// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SessionKit",
  products: [
    .library(name: "SessionKit", targets: ["SessionKit"]),
    .library(name: "SessionKitSimulation", targets: ["SessionKitSimulation"]),
    .executable(name: "session-bench", targets: ["session-bench"]),
  ],
  targets: [
    .target(
      name: "SessionKit",
      resources: [.copy("Resources/public_suffix_list.dat"), .copy("Resources/Presets")]
    ),
    .target(name: "SessionKitSimulation", dependencies: ["SessionKit"]),
    .target(name: "SessionBenchKit", dependencies: ["SessionKit"]),
    .executableTarget(name: "session-bench", dependencies: ["SessionBenchKit", "SessionKit", "SessionKitSimulation"]),
    .testTarget(
      name: "SessionKitTests",
      dependencies: ["SessionKit", "SessionKitSimulation"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "SessionBenchKitTests", dependencies: ["SessionBenchKit", "SessionKit", "SessionKitSimulation"]),
  ],
  swiftLanguageModes: [.v6]
)
