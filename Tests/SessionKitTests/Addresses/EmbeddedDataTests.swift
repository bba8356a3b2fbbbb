import Foundation
import XCTest

@testable import SessionKit

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

  /// The generator (Python) and `PublicSuffixList(contents:)` (Swift, with SessionKit's own IDNA) make the same
  /// table from the checked-in file, byte for byte.
  func test_theCompiledSuffixTable_isTheTableOfTheCheckedInDatFile() throws {
    let file = try contents("public_suffix_list.dat")
    XCTAssertGreaterThan(file.utf8.count, 200_000)
    let parsed = PublicSuffixList(contents: file)
    let compiled = PublicSuffixList.shared
    XCTAssertEqual(compiled.table.bytes.count, parsed.table.bytes.count, "rerun Scripts/generate-embedded-data.sh")
    XCTAssertTrue(compiled.table.bytes.elementsEqual(parsed.table.bytes), "rerun Scripts/generate-embedded-data.sh")
    XCTAssertEqual(compiled.table.slotCount, parsed.table.slotCount)
    XCTAssertEqual(compiled.table.bucketCount, parsed.table.bucketCount)
    XCTAssertEqual(compiled.ruleCount, parsed.ruleCount)
    XCTAssertTrue(file.contains("// VERSION: \(PublicSuffixList.embeddedVersion)\n"))
  }

  /// Every rule of the checked-in file, read here with no help from the table's builder, gives its answer on the
  /// compiled list: a rule is a public suffix, one label under a wildcard is one, an exception is not.
  func test_theCompiledList_answersEveryRuleOfTheFile() throws {
    let file = try contents("public_suffix_list.dat")
    let list = PublicSuffixList.shared
    let wildcards = Set(file.split(separator: "\n").filter { $0.hasPrefix("*.") }.map { $0.dropFirst(2) })
    var checked = 0
    for line in file.split(separator: "\n") {
      let rule = line.prefix { $0 != " " && $0 != "\t" && $0 != "\r" }
      guard !rule.isEmpty, !rule.hasPrefix("//") else { continue }
      checked += 1
      if rule.hasPrefix("!") {
        let name = String(rule.dropFirst())
        XCTAssertFalse(list.isPublicSuffix(name), "!\(name)")
        XCTAssertEqual(list.registrableDomain(of: "a." + name), name, "!\(name)")
      } else if rule.hasPrefix("*.") {
        let name = "x-wild." + rule.dropFirst(2)
        XCTAssertTrue(list.isPublicSuffix(name), "\(rule)")
        XCTAssertEqual(list.registrableDomain(of: "a." + name), "a." + name, "\(rule)")
      } else {
        XCTAssertTrue(list.isPublicSuffix(String(rule)), "\(rule)")
        // Under `*.rule` too, one more label is a public suffix: the registrable domain is one label longer.
        let name = (wildcards.contains(rule) ? "b.a-registrable." : "a-registrable.") + rule
        XCTAssertEqual(list.registrableDomain(of: name), name, "\(rule)")
      }
    }
    XCTAssertEqual(checked, list.ruleCount)
    XCTAssertGreaterThan(checked, 9_000)
  }

  func test_eachCompiledPreset_isItsCheckedInJSONFile() throws {
    for preset in PolicyPreset.allCases {
      XCTAssertTrue(preset.json == (try contents("Presets/\(preset.rawValue).json")), "\(preset.rawValue)")
    }
    let files = try FileManager.default.contentsOfDirectory(
      atPath: Self.dataDirectory.appendingPathComponent("Presets").path)
    XCTAssertEqual(Set(files), Set(PolicyPreset.allCases.map { "\($0.rawValue).json" }))
  }

  func test_theCompiledList_hasEveryRuleOfTheFile() throws {
    let rules = try contents("public_suffix_list.dat").split(separator: "\n").filter {
      !$0.isEmpty && !$0.hasPrefix("//")
    }
    XCTAssertEqual(PublicSuffixList.shared.ruleCount, rules.count)
    XCTAssertEqual(PublicSuffixList.shared.registrableDomain(of: "alice.github.io"), "alice.github.io")
  }

  func test_everyPreset_decodesWithoutError() throws {
    for preset in PolicyPreset.allCases {
      XCTAssertFalse(try preset.rules().isEmpty, "\(preset.rawValue)")
    }
  }
}
