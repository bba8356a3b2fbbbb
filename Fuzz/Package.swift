// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets, one executable per input kind. A separate package so that the main package's plain
// `swift build` never builds them: they link only with `--sanitize=fuzzer`, which supplies `main`.
// Run them with `Scripts/fuzz.sh TARGET SECONDS` from the repository root.
let package = Package(
  name: "SessionKitFuzz",
  platforms: [.iOS(.v16), .macOS(.v13)],
  dependencies: [.package(name: "SessionKit", path: "..")],
  targets: [
    .executableTarget(name: "FuzzPolicy", dependencies: [.product(name: "SessionKit", package: "SessionKit")]),
    .executableTarget(
      name: "FuzzScenario",
      dependencies: [
        .product(name: "SessionKit", package: "SessionKit"),
        .product(name: "SessionKitSimulation", package: "SessionKit"),
      ]
    ),
    .executableTarget(name: "FuzzURL", dependencies: [.product(name: "SessionKit", package: "SessionKit")]),
  ],
  swiftLanguageModes: [.v6]
)
