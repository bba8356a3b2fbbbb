import Foundation
import XCTest

@testable import SessionKit

/// The parser's fast path for ordinary http(s) URLs (``OrdinaryURL``) must give exactly what the full parser
/// gives, or decline: on the web-platform-tests URL data, on the bench's kind of URL, and on random URLs made
/// of the characters where the two could part (case, dots, digits, `%`, `\`, `@`, `:`, spaces, non-ASCII).
final class OrdinaryURLTests: XCTestCase {
  private func agree(_ input: String, file: StaticString = #filePath, line: UInt = #line) -> Bool? {
    var copy = input
    guard let fast = OrdinaryURL.parse(&copy) else { return nil }
    let full = try? WebAddressParser.parseWithoutFastPath(input)
    XCTAssertEqual(fast, full, input.debugDescription, file: file, line: line)
    // `==` compares serializations; the components must be found in the same places too.
    XCTAssertEqual(fast.layout, full?.layout, "layout of \(input.debugDescription)", file: file, line: line)
    XCTAssertEqual(
      components(of: fast), full.map(components(of:)), "components of \(input.debugDescription)", file: file,
      line: line)
    // The result keeps the input string when it is the serialization (no copy).
    if full?.serialized == input { XCTAssertEqual(fast.href, input, file: file, line: line) }
    return fast == full
  }

  private func components(of address: WebAddress) -> [String?] {
    [
      address.scheme, address.username, address.password, address.host?.serialized, address.port.map(String.init),
      address.path, address.query, address.fragment, String(address.hasOpaquePath),
    ]
  }

  func test_byteClasses_areThePercentEncodeSets() {
    let classes = OrdinaryURL.classes.utf8Start
    for byte in 0...255 {
      let value = UInt8(byte)
      let entry = classes[byte]
      XCTAssertEqual(entry & 0xF0, 0x40, "byte \(byte): printable entry")
      let isHostByte =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(value)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(value)
        || value == UInt8(ascii: "-")
      XCTAssertEqual(entry & OrdinaryURL.host != 0, isHostByte, "host, byte \(byte)")
      XCTAssertEqual(
        entry & OrdinaryURL.pathSegment != 0,
        !PercentEncodeSet.path.encodes(value) && value != UInt8(ascii: "/") && value != UInt8(ascii: "\\"),
        "path, byte \(byte)")
      XCTAssertEqual(
        entry & OrdinaryURL.query != 0, !PercentEncodeSet.specialQuery.encodes(value), "query, byte \(byte)")
      XCTAssertEqual(
        entry & OrdinaryURL.fragment != 0, !PercentEncodeSet.fragment.encodes(value), "fragment, byte \(byte)")
    }
  }

  func test_fastPath_agreesWithTheFullParser_onTheWebPlatformURLSuite() throws {
    let url = try XCTUnwrap(
      Bundle.module.url(forResource: "urltestdata.json", withExtension: nil, subdirectory: "Fixtures/url"))
    let cases = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any])
    var taken = 0
    for case let testCase as [String: Any] in cases {
      for key in ["input", "href"] {
        guard let text = testCase[key] as? String else { continue }
        if agree(text) != nil { taken += 1 }
      }
    }
    XCTAssertGreaterThan(taken, 50, "the suite's ordinary URLs take the fast path")
  }

  func test_fastPath_takesOrdinaryURLs_andDeclinesWhatNeedsTheFullParser() {
    for ordinary in [
      "https://www.games.example/play/level-3?mode=arcade", "http://a.b/", "https://x.example",
      "https://m.games.example/leaderboard/week-2#top", "https://apps.apple.com/us/app/id1400009973",
      "https://pay.google.com/gp/p/ui/pay?mid=BCR2DN4T&x=/", "https://a-b.example/a%41/x.y/",
    ] {
      XCTAssertEqual(agree(ordinary), true, ordinary)
    }
    for other in [
      "HTTPS://example.com/", "https://Example.com/", "https://example.com:443/", "https://example.com:8080/",
      "https://user@example.com/", "https://example.com./", "https://a..example.com/", "https://.example.com/",
      "https://xn--nxasmq6b.example/", "https://127.0.0.1/", "https://0x7f.1/", "https://example.1/",
      "https://exa mple.com/", " https://example.com/", "https://example.com/ ", "https://example.com/a b",
      "https://example.com/./a", "https://example.com/a/../b", "https://example.com/%2e/", "https://ex\\ample/",
      "https://example.com\\path", "https://example.com/a\\b", "https://example.com/é", "https://exämple.com/",
      "https://example.com/?q=\"", "https://example.com/?q='", "https://example.com/%41", "https://example.com/#f`",
      "https://example.com/\t", "https:example.com",
      "https:/example.com", "https:///example.com", "ftp://example.com/", "mailto:a@b", "https://", "https://e_x.com/",
    ] {
      XCTAssertNil(agree(other), other)
    }
  }

  func test_fastPath_agreesWithTheFullParser_onRandomURLs() {
    var random = SplitMix64(seed: 0x0DD_BA11)
    // Half the URLs from a clean alphabet (most take the fast path), half with everything that must not.
    let cleanHost = Array("abcxn019-..")
    let cleanRest = Array("az09/./..?#&=-_~")
    let hostAlphabet = Array("abcxyzXN019-.-._%@:[]\\é")
    let restAlphabet = Array("aZ09/./..%2e?#&='\"<>`{}^|\\ \té-_~")
    var taken = 0
    for _ in 0..<20_000 {
      var url = random.next() % 5 == 0 ? "http://" : "https://"
      let clean = random.next() % 2 == 0
      let host = clean ? cleanHost : hostAlphabet
      let rest = clean ? cleanRest : restAlphabet
      for _ in 0..<(1 + random.next() % 14) { url.append(host[Int(random.next() % UInt64(host.count))]) }
      for _ in 0..<(random.next() % 16) { url.append(rest[Int(random.next() % UInt64(rest.count))]) }
      if agree(url) != nil { taken += 1 }
    }
    XCTAssertGreaterThan(taken, 1_000, "enough random URLs take the fast path to compare")
  }
}
