import Foundation
import XCTest

@testable import SessionKit

/// The public URL and IDNA suites (Fixtures/url, provenance in its README), every case run.
final class URLConformanceTests: XCTestCase {
  private func fixture(_ name: String) throws -> Data {
    let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/url"))
    return try Data(contentsOf: url)
  }

  // MARK: web-platform-tests urltestdata.json

  /// The fields the suite checks, as a browser's `URL` object shows them.
  private static func fields(of address: WebAddress) -> [String: String] {
    let hostname = address.host?.serialized ?? ""
    let port = address.port.map(String.init) ?? ""
    return [
      "href": address.serialized,
      "protocol": address.scheme + ":",
      "username": address.username,
      "password": address.password,
      "host": port.isEmpty ? hostname : hostname + ":" + port,
      "hostname": hostname,
      "port": port,
      "pathname": address.path,
      "search": address.query.map { $0.isEmpty ? "" : "?" + $0 } ?? "",
      "hash": address.fragment.map { $0.isEmpty ? "" : "#" + $0 } ?? "",
      "origin": address.origin.description,
    ]
  }

  func test_everyCaseOfTheWebPlatformURLSuite_parsesAsABrowserParsesIt() throws {
    let cases = try XCTUnwrap(try JSONSerialization.jsonObject(with: fixture("urltestdata.json")) as? [Any])
      .compactMap { $0 as? [String: Any] }
    XCTAssertEqual(cases.count, 869)
    var passed = 0
    var failures: [String] = []
    for testCase in cases {
      let input = try XCTUnwrap(testCase["input"] as? String)
      let baseString = testCase["base"] as? String
      let result: Result<WebAddress, AddressError>
      if let baseString {
        let base = try WebAddress(baseString)
        result = Result { () throws(AddressError) in try WebAddress(input, relativeTo: base) }
      } else {
        result = Result { () throws(AddressError) in try WebAddress(input) }
      }
      let label = "\(input.debugDescription) against \(baseString?.debugDescription ?? "no base")"
      switch (result, testCase["failure"] as? Bool == true) {
      case (.failure, true):
        passed += 1
      case (.success(let address), true):
        failures.append("\(label): expected failure, got \(address.serialized.debugDescription)")
      case (.failure(let error), false):
        failures.append("\(label): \(error)")
      case (.success(let address), false):
        let actual = Self.fields(of: address)
        let wrong = actual.keys.sorted().filter { key in
          guard let expected = testCase[key] as? String else { return false }
          return actual[key] != expected
        }
        if (try? WebAddress(address.serialized)) != address {
          failures.append("\(label): parsing \(address.serialized.debugDescription) again gives another URL")
        } else if wrong.isEmpty {
          passed += 1
        } else {
          failures.append(
            "\(label): "
              + wrong.map { "\($0) \(actual[$0]!.debugDescription) != \((testCase[$0] as? String)!.debugDescription)" }
              .joined(separator: ", "))
        }
      }
    }
    XCTAssertEqual(passed, cases.count, "failing cases:\n" + failures.joined(separator: "\n"))
  }

  // MARK: web-platform-tests toascii.json

  func test_everyCaseOfTheWebPlatformToASCIISuite_givesTheBrowsersHost() throws {
    let cases = try XCTUnwrap(try JSONSerialization.jsonObject(with: fixture("toascii.json")) as? [Any])
      .compactMap { $0 as? [String: Any] }
    XCTAssertEqual(cases.count, 43)
    for testCase in cases {
      let input = try XCTUnwrap(testCase["input"] as? String)
      let expected = testCase["output"] as? String
      let host = try? WebAddress("https://\(input)/x").host?.serialized
      XCTAssertEqual(host, expected, "https://\(input)/x")
      let hostOnly = try? WebHost(input).serialized
      XCTAssertEqual(hostOnly, expected, "host \(input.debugDescription)")
    }
  }

  // MARK: Unicode IdnaTestV2.txt

  /// Error codes of the suite that the URL Standard's flags switch off (fixtures README): hyphen positions,
  /// DNS lengths and STD3 rules.
  private static let errorsURLHostsIgnore: Set<String> = ["V2", "V3", "A4_1", "A4_2", "U1"]

  /// Cases that differ only because our mapping table is Unicode 18 and the suite's is 16.0 (CONTRIBUTING.md,
  /// "Unicode tables"), by input as the file writes it: the suite's V7 (disallowed) is for code points that were
  /// unassigned in 16.0 and are valid ideographs in 18 (CJK extension J and later). Swift compares strings by
  /// canonical equivalence, so a key also covers the suite's decomposed-Hangul copy of a line.
  private static let versionSkew: [String: String] = [
    "xn--5cb172r175fug38a.xn--mlj": "decodes to U+3F8CD, unassigned in Unicode 16, valid in 18",
    "\u{32931}20.音.ꡦ1.": "U+32931 is unassigned in Unicode 16, valid in 18",
    "xn--20-9802c.xn--0w5a.xn--1-eg4e.": "decodes to U+32931, unassigned in Unicode 16, valid in 18",
    "xn--9-i0j5967eg3qz.ss": "decodes to U+32B9A, unassigned in Unicode 16, valid in 18",
    "\u{3E8AC}。\\u0729。쯙5": "U+3E8AC is unassigned in Unicode 16, valid in 18",
    "xn--t92s.xn--znb.xn--5-y88f": "decodes to U+3E8AC, unassigned in Unicode 16, valid in 18",
  ]

  /// Cases where the URL Standard's own suite (toascii.json: `1.\u{64A}` is `1.xn--mhb`) and UTS #46 disagree:
  /// browsers apply RFC 5893's carve-out for LDH labels (ASCII letters, digits, hyphens) in a bidi domain name —
  /// such a label need not satisfy the bidi rule unless it starts with a digit after a right-to-left label —
  /// where UTS #46 holds every label to the rule. Each is a bidi domain name whose only bidi error is in an LDH
  /// label, by input as the file writes it.
  private static let ldhCarveOut: Set<String> = [
    "0A.\\u05D0", "0a.\\u05D0", "0a.xn--4db", "b-.\\u05D0", "B-.\\u05D0", "b-.xn--4db", "-.xn--1-0i8r.",
    "-｡\\u077B", "-。\\u077B", "-.xn--cqb", "1.걾6.𐱁\\u06D0", "1.xn--6-945e.xn--glb1794k", "-.𞸚", "-.\\u0638",
    "-.xn--3gb",
  ]

  func test_everyCaseOfUnicodesIDNASuite_thatAppliesToURLHosts_givesItsToASCIIResult() throws {
    let text = String(decoding: try fixture("IdnaTestV2.txt"), as: UTF8.self)
    var cases = 0
    var listedLines: Set<String> = []
    var failures: [String] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let columns = line.split(separator: "#", maxSplits: 1)[0].split(separator: ";", omittingEmptySubsequences: false)
        .map { Self.unescape($0.trimmingCharacters(in: .whitespaces)) }
      guard columns.count >= 5 else { continue }
      cases += 1
      let raw = line.split(separator: ";", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces)
      let source = columns[0]
      let isListed = Self.versionSkew[raw] != nil || Self.ldhCarveOut.contains(raw)
      let toUnicode = columns[1].isEmpty ? source : columns[1]
      let toUnicodeStatus = columns[2]
      let toASCII = columns[3].isEmpty ? toUnicode : columns[3]
      let status = columns[4].isEmpty ? toUnicodeStatus : columns[4]
      let errors = Set(
        status.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces)
        }
      ).subtracting([""]).subtracting(Self.errorsURLHostsIgnore)
      let expected = errors.isEmpty ? Self.urlHost(ofASCII: toASCII) : nil
      let actual = try? WebHost(source).serialized
      if isListed {
        // A listed case must still differ from the suite the way its reason says (we accept what it rejects).
        XCTAssertTrue(expected == nil && actual != nil, "\(raw.debugDescription) no longer differs: unlist it")
        listedLines.insert(raw)
      } else if actual != expected {
        failures.append(
          "\(raw.debugDescription) \(status): expected \(expected?.debugDescription ?? "failure"), "
            + "got \(actual?.debugDescription ?? "failure")")
      }
    }
    XCTAssertEqual(listedLines.count, Self.versionSkew.count + Self.ldhCarveOut.count, "a listed input is missing")
    XCTAssertGreaterThan(cases, 6_000)
    XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(cases) cases fail:\n" + failures.joined(separator: "\n"))
  }

  /// What the URL Standard's host parser makes of UTS #46's ASCII result: failure when empty or holding a
  /// forbidden domain code point, an IPv4 address when it ends in a number, else the domain.
  private static func urlHost(ofASCII ascii: String) -> String? {
    guard !ascii.isEmpty, !ascii.utf8.contains(where: HostParser.isForbiddenDomainCodePoint) else { return nil }
    return try? WebHost(ascii).serialized
  }

  /// The suite's escapes: `\uXXXX` and `\x{XXXX}`.
  private static func unescape(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var output = String.UnicodeScalarView()
    var scalars = Substring(text).unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\\", let kind = scalars.first, kind == "u" || kind == "x" else {
        output.append(scalar)
        continue
      }
      scalars.removeFirst()
      let digits: Substring.UnicodeScalarView.SubSequence
      if kind == "x" {
        scalars.removeFirst()  // {
        let end = scalars.firstIndex(of: "}")!
        digits = scalars[..<end]
        scalars = scalars[scalars.index(after: end)...]
      } else {
        let end = scalars.index(scalars.startIndex, offsetBy: 4)
        digits = scalars[..<end]
        scalars = scalars[end...]
      }
      // An unpaired surrogate (`a\uD900z`) cannot be in a Swift string; a URL's input is a scalar-value string in
      // which the URL Standard has already replaced it with U+FFFD, as done here.
      output.append(Unicode.Scalar(UInt32(String(String.UnicodeScalarView(digits)), radix: 16)!) ?? "\u{FFFD}")
    }
    return String(output)
  }
}
