import Foundation
import SessionKit
import XCTest

final class PublicSuffixListTests: XCTestCase {
  private struct Case {
    let line: Int
    let input: String?
    let expected: String?
  }

  /// The `checkPublicSuffix(input, expected);` lines of the list's own test file, comments skipped.
  private func officialCases() throws -> [Case] {
    let url = try XCTUnwrap(Bundle.module.url(forResource: "test_psl", withExtension: "txt", subdirectory: "Fixtures"))
    let text = try String(contentsOf: url, encoding: .utf8)
    var cases: [Case] = []
    for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("checkPublicSuffix(") else { continue }
      let arguments = line.dropFirst("checkPublicSuffix(".count).prefix { $0 != ")" }
      let values = arguments.split(separator: ",").map { value -> String? in
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed == "null" ? nil : String(trimmed.dropFirst().dropLast())
      }
      XCTAssertEqual(values.count, 2, "line \(number + 1): \(line)")
      cases.append(Case(line: number + 1, input: values[0], expected: values[1]))
    }
    return cases
  }

  func test_everyOfficialTestCase_givesTheExpectedRegistrableDomain() throws {
    let list = PublicSuffixList.shared
    let cases = try officialCases()
    // 78 uncommented cases in the fixture (one with null input); an exact count so that a parsing
    // slip or a truncated fixture cannot make the loop below pass vacuously.
    XCTAssertEqual(cases.count, 78)
    XCTAssertEqual(cases.filter { $0.input != nil }.count, 77)
    for testCase in cases {
      let actual = testCase.input.flatMap { list.registrableDomain(of: $0) }
      XCTAssertEqual(actual, testCase.expected, "test_psl.txt line \(testCase.line): \(testCase.input ?? "null")")
    }
  }

  /// `WebAddress.site(using:)` reads the host's bytes in place; it must give what `Site(host:list:)` gives.
  func test_aURLsSite_isTheSiteOfItsHost_onTheOfficialCasesAndOddHosts() throws {
    var hosts = try officialCases().compactMap(\.input)
    hosts += [
      "example.com.", "a..example.com", ".example.com", "evil.example..", "www.example.co.uk.", "localhost",
      "co.uk", "github.io", "alice.github.io", "xn--85x722f.xn--55qx5d.cn", "1.2.3.4", "[::1]", "a.b.c.d.e.f.g.example",
    ]
    var compared = 0
    for host in hosts {
      for url in ["https://\(host)/p", "http://\(host)", "foo://\(host)/"] {
        guard let address = try? WebAddress(url) else { continue }
        XCTAssertEqual(address.site(using: .shared), address.host.flatMap { Site(host: $0) }, url)
        compared += 1
      }
    }
    XCTAssertGreaterThan(compared, 150)
  }

  func test_bundledList_isLoadedOnce_andHasThousandsOfRules() {
    XCTAssertGreaterThan(PublicSuffixList.shared.ruleCount, 9_000)
    XCTAssertEqual(PublicSuffixList.shared.registrableDomain(of: "www.example.com"), "example.com")
  }

  func test_privateSection_makesGitHubPagesUsersDifferentSites() throws {
    let alice = try XCTUnwrap(Site(host: .domain("alice.github.io")))
    let bob = try XCTUnwrap(Site(host: .domain("bob.github.io")))
    XCTAssertNotEqual(alice, bob)
    XCTAssertEqual(alice.description, "alice.github.io")
    XCTAssertTrue(PublicSuffixList.shared.isPublicSuffix("github.io"))
  }

  func test_coUK_isAPublicSuffix_andRegistrableDomainIsOneLabelMore() {
    let list = PublicSuffixList.shared
    XCTAssertTrue(list.isPublicSuffix("co.uk"))
    XCTAssertEqual(list.publicSuffix(of: "www.example.co.uk"), "co.uk")
    XCTAssertEqual(list.registrableDomain(of: "www.example.co.uk"), "example.co.uk")
    XCTAssertNil(list.registrableDomain(of: "co.uk"))
    XCTAssertFalse(list.isPublicSuffix("example.co.uk"))
  }

  func test_invalidDomains_haveNoSuffix() {
    let list = PublicSuffixList.shared
    for domain in ["", ".", ".com", "a..com", "example..com", ".example.com"] {
      XCTAssertNil(list.publicSuffix(of: domain), domain)
      XCTAssertNil(list.registrableDomain(of: domain), domain)
    }
  }

  func test_trailingDot_isIgnored() {
    XCTAssertEqual(PublicSuffixList.shared.registrableDomain(of: "www.example.co.uk."), "example.co.uk")
  }

  func test_wildcardAndExceptionRules_followTheListAlgorithm() {
    let list = PublicSuffixList(contents: "// comment\n*.ck\n!www.ck\ncom\nblogspot.com extra\n")
    XCTAssertEqual(list.ruleCount, 4)
    XCTAssertEqual(list.publicSuffix(of: "a.b.ck"), "b.ck")
    XCTAssertEqual(list.registrableDomain(of: "a.b.ck"), "a.b.ck")
    XCTAssertEqual(list.publicSuffix(of: "www.ck"), "ck")
    XCTAssertEqual(list.registrableDomain(of: "x.www.ck"), "www.ck")
    XCTAssertEqual(list.registrableDomain(of: "me.blogspot.com"), "me.blogspot.com")
    XCTAssertEqual(list.publicSuffix(of: "unlisted"), "unlisted", "the default rule is *")
  }

  func test_unicodeAndPunycodeForms_matchTheSameRules() {
    let list = PublicSuffixList.shared
    XCTAssertEqual(list.registrableDomain(of: "www.食狮.公司.cn"), "食狮.公司.cn")
    XCTAssertEqual(list.registrableDomain(of: "www.xn--85x722f.xn--55qx5d.cn"), "xn--85x722f.xn--55qx5d.cn")
    XCTAssertEqual(list.registrableDomain(of: "WWW.Example.COM"), "example.com")
  }

  func test_sites_ofIPAddressesAndPublicSuffixes_areTheHostsThemselves() throws {
    XCTAssertEqual(Site(host: .ipv4(0xC0A8_0001))?.description, "192.168.0.1")
    XCTAssertEqual(Site(host: .ipv6([0, 0, 0, 0, 0, 0, 0, 1]))?.description, "[::1]")
    XCTAssertEqual(Site(host: .domain("localhost"))?.description, "localhost")
    XCTAssertEqual(Site(host: .domain("co.uk"))?.description, "co.uk")
    XCTAssertNil(Site(host: .empty))
    XCTAssertNil(Site(host: .opaque("apps.apple.com")))
  }

  func test_sameSite_ignoresSchemePortAndSubdomain() throws {
    let first = try WebAddress("https://a.example.co.uk/")
    let second = try WebAddress("http://b.example.co.uk:8080/x")
    XCTAssertEqual(first.site(), second.site())
    XCTAssertEqual(first.site()?.description, "example.co.uk")
    XCTAssertNil(try WebAddress("mailto:a@b.c").site())
  }
}
