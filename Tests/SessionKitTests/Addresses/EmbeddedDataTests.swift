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

  /// The IDNA tables read in place hold what `Scripts/Data/idna_tables.txt` says, for every code point: read here
  /// with the text decoder the library used before the tables were generated at build time.
  func test_theCompiledIDNATables_holdTheCheckedInTextTables() throws {
    let text = try IDNATextTables(try contents("idna_tables.txt"))
    XCTAssertGreaterThan(text.mapping.count, 8_000)
    let data = IDNAData.shared
    var mapped = 0
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let (status, replacement, properties) = data.lookUp(scalar)
      let expected = text.mapping(of: value)
      XCTAssertEqual(status.rawValue, expected.status, "U+\(String(value, radix: 16))")
      XCTAssertEqual(replacement.map { $0.value }, expected.replacement, "U+\(String(value, radix: 16))")
      XCTAssertEqual(properties.word, text.properties(of: value), "U+\(String(value, radix: 16))")
      if status == .mapped { mapped += 1 }
      guard status.rawValue == expected.status, properties.word == text.properties(of: value) else { return }
    }
    XCTAssertGreaterThan(mapped, 5_000)
    for (code, parts) in text.decompositions {
      let found = data.decomposition(of: code)
      XCTAssertEqual([found?.0.value, found?.1?.value].compactMap { $0 }, parts, "U+\(String(code, radix: 16))")
    }
    XCTAssertNil(data.decomposition(of: 0x41))
    XCTAssertNil(data.decomposition(of: 0x10_FFFF))
    for (pair, composite) in text.compositions {
      XCTAssertEqual(data.composition(of: pair[0], pair[1])?.value, composite)
    }
    XCTAssertEqual(text.compositions.count, 941)
    XCTAssertNil(data.composition(of: 0x41, 0x41))
    XCTAssertEqual(data.composition(of: 0x41, 0x301), "\u{C1}")
  }

  /// A code point has a decomposition exactly when the text says so, whichever part of the tables holds it (the
  /// exceptions of the mapping trie or the sorted list); numbers that are no code point have none.
  func test_theCompiledIDNATables_decomposeOnlyWhatTheTextDecomposes() throws {
    let text = try IDNATextTables(try contents("idna_tables.txt"))
    let data = IDNAData.shared
    var found = 0
    for value in UInt32(0)...0x10_FFFF where data.decomposition(of: value) != nil {
      found += 1
      XCTAssertNotNil(text.decompositions[value], "U+\(String(value, radix: 16))")
    }
    XCTAssertEqual(found, text.decompositions.count)
    for value: UInt32 in [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x11_0000, 0x11_0008, .max] {
      XCTAssertNil(data.decomposition(of: value), "\(value)")
    }
  }

  /// Answers known from Unicode, independent of the text file, at the encoding's edges: the last code point, the
  /// code points beside the surrogates, the longest mapping (18 scalars), the last exception of a leaf block of
  /// 8 exceptions, a mapping above U+20000 (four bytes in the exception stream), mappings that are also the code
  /// point's decomposition (the last CJK compatibility ideograph, an excluded composition), common deltas.
  func test_theCompiledIDNATables_giveKnownAnswersAtTheEncodingsEdges() {
    let data = IDNAData.shared
    func check(_ scalar: Unicode.Scalar, _ status: IDNAData.Status, _ scalars: [UInt32] = [], line: UInt = #line) {
      let (found, replacement) = data.mapping(of: scalar)
      XCTAssertEqual(found, status, "U+\(String(scalar.value, radix: 16))", line: line)
      XCTAssertEqual(replacement.map { $0.value }, scalars, "U+\(String(scalar.value, radix: 16))", line: line)
    }
    check("\u{10FFFF}", .disallowed)
    XCTAssertEqual(data.properties(of: "\u{10FFFF}").bidiClass, .bn)
    check("\u{D7FF}", .disallowed)
    check("\u{E000}", .disallowed)
    check("\u{E0100}", .ignored)
    check("\u{E01F0}", .disallowed)
    check("\u{DF}", .deviation)
    check("\u{33479}", .valid)
    check("\u{3347A}", .disallowed)
    check("\u{C0}", .mapped, [0xE0])
    check("\u{1E9E}", .mapped, [0xDF])
    check("\u{1D7FF}", .mapped, [0x39])
    check("\u{FB00}", .mapped, [0x66, 0x66])
    check("\u{FC00}", .mapped, [0x626, 0x62C])
    check("\u{FC07}", .mapped, [0x628, 0x62E])
    let salla: [UInt32] = [
      0x635, 0x644, 0x649, 0x20, 0x627, 0x644, 0x644, 0x647, 0x20, 0x639, 0x644, 0x64A, 0x647, 0x20, 0x648, 0x633,
      0x644, 0x645,
    ]
    check("\u{FDFA}", .mapped, salla)
    check("\u{2F800}", .mapped, [0x4E3D])
    check("\u{2FA1D}", .mapped, [0x2_A600])
    check("\u{2FA1E}", .disallowed)
    check("\u{958}", .mapped, [0x915, 0x93C])
    XCTAssertEqual(data.decomposition(of: 0x2FA1D)?.0, "\u{2A600}")
    XCTAssertNil(data.decomposition(of: 0x2FA1D)?.1)
    XCTAssertEqual(data.decomposition(of: 0x958)?.0, "\u{915}")
    XCTAssertEqual(data.decomposition(of: 0x958)?.1, "\u{93C}")
    XCTAssertNil(data.composition(of: 0x915, 0x93C))
    XCTAssertEqual(data.decomposition(of: 0xC0)?.0, "A")
    XCTAssertEqual(data.decomposition(of: 0xC0)?.1, "\u{300}")
    XCTAssertEqual(data.composition(of: 0x41, 0x300), "\u{C0}")
    XCTAssertEqual(data.properties(of: "\u{300}").combiningClass, 230)
    XCTAssertTrue(data.properties(of: "\u{300}").isMark)
    XCTAssertEqual(data.properties(of: "\u{627}").bidiClass, .al)
    XCTAssertEqual(data.properties(of: "\u{628}").joiningType, .dual)
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

  func test_everyPreset_decodesWithoutError_andGivesItsOwnRules() throws {
    for preset in PolicyPreset.allCases {
      let rules = try preset.rules()
      XCTAssertFalse(rules.isEmpty, "\(preset.rawValue)")
      // The decoded presets are kept by position: a preset must never be handed another's rules.
      XCTAssertEqual(rules.map(\.name), try preset.load().map(\.name), "\(preset.rawValue)")
      XCTAssertTrue(rules.allSatisfy { $0.name.hasPrefix("\(preset.rawValue)/") }, "\(preset.rawValue)")
    }
  }
}

/// `idna_tables.txt` decoded as the library decoded its text tables at first use before they were generated at
/// build time: the reference the generated tables are checked against.
private struct IDNATextTables {
  var mapping: [(start: UInt32, status: UInt32, replacement: [UInt32])] = []
  var properties: [(start: UInt32, word: UInt32)] = []
  var decompositions: [UInt32: [UInt32]] = [:]
  var compositions: [[UInt32]: UInt32] = [:]

  struct Missing: Error {}

  init(_ file: String) throws {
    var sections: [String: String] = [:]
    var name: String?
    for line in file.split(separator: "\n") where !line.hasPrefix("#") {
      if line.hasPrefix("== ") {
        name = String(line.dropFirst(3).prefix { $0 != ":" })
      } else if let name {
        sections[name, default: ""] += line
      }
    }
    guard let mappingText = sections["mapping"], let poolText = sections["mappingPool"],
      let propertyText = sections["properties"], let decompositionText = sections["decompositions"]
    else { throw Missing() }
    let pool = poolText.split(separator: ",").map { UInt32($0, radix: 16) ?? .max }
    for row in mappingText.split(separator: ";") {
      let digits = row.prefix { $0.isHexDigit && !$0.isLowercase }
      let start = UInt32(digits, radix: 16) ?? .max
      let rest = row.dropFirst(digits.count)
      let status: UInt32 = ["v": 0, "d": 1, "m": 2, "i": 3][rest.first ?? "x"] ?? 4
      var replacement: [UInt32] = []
      if status == 2 {
        let parts = rest.dropFirst().split(separator: "/").map { Int($0, radix: 16) ?? 0 }
        replacement = Array(pool[parts[0]..<(parts[0] + parts[1])])
      }
      mapping.append((start, status, replacement))
    }
    for row in propertyText.split(separator: ";") {
      let parts = row.split(separator: ":").map { UInt32($0, radix: 16) ?? .max }
      properties.append((parts[0], parts[1]))
    }
    for row in decompositionText.split(separator: ";") {
      guard let sign = row.firstIndex(where: { $0 == "+" || $0 == "-" }) else { continue }
      let code = UInt32(row[..<sign], radix: 16) ?? .max
      let parts = row[row.index(after: sign)...].split(separator: ",").map { UInt32($0, radix: 16) ?? .max }
      decompositions[code] = parts
      if row[sign] == "+" && parts.count == 2 {
        compositions[parts] = code
      }
    }
  }

  /// The last row starting at or before `value` (rows are sorted by start).
  private static func last<Row>(_ rows: [Row], atOrBefore value: UInt32, start: (Row) -> UInt32) -> Row {
    var (low, high) = (0, rows.count)
    while high - low > 1 {
      let middle = (low + high) / 2
      if start(rows[middle]) <= value { low = middle } else { high = middle }
    }
    return rows[low]
  }

  func mapping(of value: UInt32) -> (status: UInt32, replacement: [UInt32]) {
    let row = Self.last(mapping, atOrBefore: value) { $0.start }
    return (row.status, row.replacement)
  }

  func properties(of value: UInt32) -> UInt32 {
    Self.last(properties, atOrBefore: value) { $0.start }.word
  }
}
