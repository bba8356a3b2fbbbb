import Foundation
import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Where the scenario files live, relative to this source file.
enum ScenarioFiles {
  /// `Tests/Scenarios` in the package.
  static let packageDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // SessionKitTests
    .deletingLastPathComponent()  // Tests
    .appendingPathComponent("Scenarios")

  /// `Tests/Scenarios/Shared`: the scenarios written outside the project (the workspace's `../shared/scenarios`),
  /// copied into the package so that a clone runs them too; `.ci/run` and the WebKit conformance run also take a
  /// newer `../shared/scenarios` file when the workspace has one.
  static let sharedDirectory = packageDirectory.appendingPathComponent("Shared")

  /// The `.json` files of `directory`, sorted by name.
  static func files(in directory: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(
      at: directory.resolvingSymlinksInPath(), includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "json" }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }
}
