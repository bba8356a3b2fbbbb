import Foundation
import XCTest

@testable import SessionKit

/// The parser's fast path for ordinary http(s) URLs (``OrdinaryURL``) must give exactly what the full parser
/// gives, or decline: on the web-platform-tests URL data, on the bench's kind of URL, and on random URLs made
/// of the characters where the two could part (case, dots, digits, `%`, `\`, `@`, `:`, spaces, non-ASCII).
final class OrdinaryURLTests: XCTestCase {
  private func agree(_ input: String, file: StaticString = #filePath, line: UInt = #line) -> Bool? {
    var copy = input
    var isSerialization = false
    guard let fast = copy.withUTF8({ OrdinaryURL.parse($0, isSerialization: &isSerialization) }) else { return nil }
    let full = try? WebAddressParser.parseWithoutFastPath(input)
    XCTAssertEqual(fast, full, input.debugDescription, file: file, line: line)
    // Answers name the URL by the input when the fast path says it is the serialization.
    XCTAssertEqual(
      isSerialization, full?.serialized == input, "isSerialization for \(input.debugDescription)", file: file,
      line: line)
    return fast == full
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
