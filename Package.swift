// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SessionKit",
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [
    .library(name: "SessionKit", targets: ["SessionKit"]),
    .library(name: "SessionKitSimulation", targets: ["SessionKitSimulation"]),
    .library(name: "SessionKitWebKit", targets: ["SessionKitWebKit"]),
    .executable(name: "session-bench", targets: ["session-bench"]),
  ],
  targets: [
    // C11 atomics (stdatomic.h) for the engine's decision gate: the Synchronization module's Atomic needs iOS 18.
    .target(name: "CSessionKitAtomics"),
    .target(name: "SessionKit", dependencies: ["CSessionKitAtomics"]),
    // The WebKit adapter. On Apple platforms it imports WebKit, UIKit and SafariServices; on Linux it compiles
    // against WebKitStandIn, the SDK's signatures with a driver that plays WebKit's side in tests.
    .target(
      name: "SessionKitWebKit",
      dependencies: ["SessionKit", .target(name: "WebKitStandIn", condition: .when(platforms: [.linux]))]
    ),
    .target(name: "SessionKitSimulation", dependencies: ["SessionKit"]),
    .target(name: "WebKitStandIn"),
    .target(name: "SessionBenchKit", dependencies: ["SessionKit", "SessionKitSimulation"]),
    .executableTarget(name: "session-bench", dependencies: ["SessionBenchKit", "SessionKit", "SessionKitSimulation"]),
    // A merchant checkout with Google Pay and an ad slot (Examples/README.md). On Linux it runs against the stand-in.
    .executableTarget(
      name: "MerchantCheckoutExample",
      dependencies: [
        "SessionKit", "SessionKitWebKit", .target(name: "WebKitStandIn", condition: .when(platforms: [.linux])),
      ],
      path: "Examples/MerchantCheckout",
      exclude: ["checkout-policy.json"],
      // An app sees the public API only: the example and the snippets are compiled as one (`package` symbols,
      // which the simulator, session-bench and the tests use, are not theirs).
      packageAccess: false
    ),
    .testTarget(
      name: "SessionKitTests",
      dependencies: ["SessionKit", "SessionKitSimulation"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "SessionBenchKitTests", dependencies: ["SessionBenchKit", "SessionKit", "SessionKitSimulation"]),
    // The Swift snippets of README.md and the DocC articles, generated into Generated/ by Scripts/check-snippets.sh.
    .testTarget(
      name: "SnippetTests",
      dependencies: [
        "SessionKit", "SessionKitSimulation", "SessionKitWebKit",
        .target(name: "WebKitStandIn", condition: .when(platforms: [.linux])),
      ],
      packageAccess: false
    ),
    .testTarget(
      name: "SessionKitWebKitTests",
      dependencies: [
        "SessionKitWebKit", "SessionKit", "SessionKitSimulation",
        .target(name: "WebKitStandIn", condition: .when(platforms: [.linux])),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The libFuzzer targets (Fuzz/Sources), only when Scripts/fuzz.sh builds them (SESSIONKIT_FUZZ=1, with
// --sanitize=fuzzer, which supplies `main`), so that a plain build never sees them. They are this package's
// targets because what they fuzz — the URL parser, the policy's evaluation, the simulator — is `package`.
if Context.environment["SESSIONKIT_FUZZ"] == "1" {
  package.targets += [
    .executableTarget(name: "FuzzPolicy", dependencies: ["SessionKit"], path: "Fuzz/Sources/FuzzPolicy"),
    .executableTarget(
      name: "FuzzScenario", dependencies: ["SessionKit", "SessionKitSimulation"], path: "Fuzz/Sources/FuzzScenario"),
    .executableTarget(name: "FuzzURL", dependencies: ["SessionKit"], path: "Fuzz/Sources/FuzzURL"),
  ]
}
