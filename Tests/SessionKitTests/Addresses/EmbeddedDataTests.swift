import Foundation
import SessionKit
import XCTest

/// The data compiled into the library is the checked-in data it was generated from, byte for byte, so editing
/// `Scripts/Data` without rerunning `Scripts/generate-embedded-data.sh` fails here.
final class EmbeddedDataTests: XCTestCase {
  private static let dataDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Addresses
    .deletingLastPathComponent()  // SessionKitTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("Scripts/Data")

  private func contents(_ relativePath: String) throws -> String {
    let data = try Data(contentsOf: Self.dataDirectory.appendingPathComponent(relativePath))
    return String(decoding: data, as: UTF8.self)
  }

  func test_theCompiledPublicSuffixList_isTheCheckedInDatFile() throws {
    let file = try contents("public_suffix_list.dat")
    XCTAssertGreaterThan(file.utf8.count, 200_000)
    XCTAssertTrue(PublicSuffixListText.text == file, "rerun Scripts/generate-embedded-data.sh")
    XCTAssertTrue(file.contains("// VERSION: \(PublicSuffixList.embeddedVersion)\n"))
  }

  func test_eachCompiledPreset_isItsCheckedInJSONFile() throws {
    for preset in PolicyPreset.allCases {
      XCTAssertTrue(preset.json == (try contents("Presets/\(preset.rawValue).json")), "\(preset.rawValue)")
    }
    let files = try FileManager.default.contentsOfDirectory(
      atPath: Self.dataDirectory.appendingPathComponent("Presets").path)
    XCTAssertEqual(Set(files), Set(PolicyPreset.allCases.map { "\($0.rawValue).json" }))
  }

  func test_theCompiledList_parsesIntoEveryRuleOfTheFile() {
    let rules = PublicSuffixListText.text.split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("//") }
    XCTAssertEqual(PublicSuffixList.shared.ruleCount, rules.count)
    XCTAssertEqual(PublicSuffixList.shared.registrableDomain(of: "alice.github.io"), "alice.github.io")
  }

  func test_everyPreset_decodesWithoutError() throws {
    for preset in PolicyPreset.allCases {
      XCTAssertFalse(try preset.rules().isEmpty, "\(preset.rawValue)")
    }
  }
}
