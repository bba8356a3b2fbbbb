import XCTest

@testable import SessionKit

/// A ``PolicyContext`` keeps its URL and site in one box; it must still behave as the value it was.
final class PolicyContextTests: XCTestCase {
  func test_contextsInDifferentBoxes_areEqualAndHashAlike_whenTheirURLsAre() throws {
    let url = try WebAddress("https://shop.example.co.uk/cart")
    let one = PolicyContext(currentURL: url)
    let other = PolicyContext(currentURL: try WebAddress("https://shop.example.co.uk/cart"))
    XCTAssertEqual(one, other)
    XCTAssertEqual(Set([one, other]).count, 1)
    XCTAssertEqual(one.currentSite?.description, "example.co.uk")
    XCTAssertNotEqual(one, PolicyContext(currentURL: url, isBlankPopup: true))
    XCTAssertNotEqual(one, PolicyContext(currentURL: try WebAddress("https://shop.example.co.uk/")))
    XCTAssertNotEqual(one, .none)
    XCTAssertEqual(PolicyContext.none, PolicyContext(currentURL: nil))
  }

  func test_aRootThatCommittedAboutBlank_hasItsURLButNoSite() throws {
    var state = PopupTreeState(root: SessionID("root"))
    let blank = try WebAddress("about:blank")
    XCTAssertTrue(state.commit(blank, site: nil, kind: .newEntry(isPost: false), in: PopupTreeState.rootKey))
    let context = state.context(of: PopupTreeState.rootKey)
    XCTAssertEqual(context.currentURL, blank)
    XCTAssertNil(context.currentSite)
  }

  func test_aHistoryEntry_recomputesItsSite_whenItsURLIsSet() throws {
    var entry = BackForwardList.Entry(url: try WebAddress("https://a.example.com/"), isPost: false)
    XCTAssertEqual(entry.page.site?.description, "example.com")
    entry.url = try WebAddress("https://b.example.org/x")
    XCTAssertEqual(entry.page.site?.description, "example.org")
    XCTAssertEqual(entry.page.dnsName, "b.example.org")
    XCTAssertEqual(entry, BackForwardList.Entry(url: try WebAddress("https://b.example.org/x"), isPost: false))
  }

  func test_aPage_comparesItsDNSNameWithoutTheTrailingDot() throws {
    let page = CommittedPage(url: try WebAddress("https://www.example.com./a"), site: nil)
    XCTAssertEqual(page.dnsName, "www.example.com")
    XCTAssertNil(page.siteName)
    XCTAssertNil(CommittedPage(url: try WebAddress("http://192.168.0.1/"), site: nil).dnsName)
  }

  func test_aPage_findsItsSiteAndDNSName_whateverTheirLength() throws {
    // Site names up to `InlineName.capacity` bytes are compared inline, longer ones through the site; both must
    // answer alike, at the boundary too.
    for length in [5, 6, 15, 16, 22, 23, 24, 25, 40, 63] {
      // The site is `domain`, `length` bytes long.
      let domain = String(repeating: "a", count: max(length - 5, 0)) + "b.com"
      let url = try WebAddress("https://www.\(domain)./path")
      let page = CommittedPage(url: url, list: .shared)
      XCTAssertEqual(page.siteName, domain, "length \(length)")
      XCTAssertEqual(page.dnsName, "www.\(domain)")
      XCTAssertTrue(Self.bytes(domain, page.hasSiteName), "length \(length)")
      XCTAssertFalse(Self.bytes("x\(domain)", page.hasSiteName), "length \(length)")
      XCTAssertFalse(Self.bytes(String(domain.dropFirst()), page.hasSiteName), "length \(length)")
      XCTAssertFalse(Self.bytes(String(domain.dropLast()) + "n", page.hasSiteName), "length \(length)")
      XCTAssertTrue(Self.bytes("www.\(domain)", page.hasDNSName), "length \(length)")
      XCTAssertFalse(Self.bytes("www.\(domain).", page.hasDNSName), "length \(length)")
      XCTAssertFalse(Self.bytes("ww.\(domain)", page.hasDNSName), "length \(length)")
    }
  }

  func test_aPageWithoutADomainSite_matchesNoSiteName() throws {
    let address = CommittedPage(url: try WebAddress("http://192.168.0.1/"), list: .shared)
    XCTAssertFalse(Self.bytes("192.168.0.1", address.hasSiteName))
    XCTAssertFalse(Self.bytes("192.168.0.1", address.hasDNSName))
    let blank = CommittedPage(url: try WebAddress("about:blank"), site: nil)
    XCTAssertFalse(Self.bytes("", blank.hasSiteName))
    XCTAssertFalse(Self.bytes("", blank.hasDNSName))
    XCTAssertNil(blank.dnsName)
  }

  func test_anInlineName_matchesOnlyItsOwnBytes() {
    for length in 0...30 {
      let name = Array(String(repeating: "n", count: length).utf8)
      let inline = name.withUnsafeBufferPointer(InlineName.init)
      let expected: InlineName.Match = length <= InlineName.capacity ? .same : .unknown
      XCTAssertEqual(name.withUnsafeBufferPointer(inline.match), expected, "length \(length)")
      let longer = name + [UInt8(ascii: "n")]
      let other = length <= InlineName.capacity ? InlineName.Match.different : .unknown
      XCTAssertEqual(longer.withUnsafeBufferPointer(inline.match), other, "length \(length)")
      if length > 0 && length <= InlineName.capacity {
        var changed = name
        changed[length - 1] = UInt8(ascii: "m")
        XCTAssertEqual(changed.withUnsafeBufferPointer(inline.match), .different, "length \(length)")
      }
    }
    XCTAssertEqual([UInt8]().withUnsafeBufferPointer(InlineName.none.match), .different)
    // No name matches nothing, whatever the other name's length (the count byte for "none" is 254).
    for length in [1, 23, 24, 253, 254, 255, 256] {
      let name = [UInt8](repeating: 0, count: length)
      XCTAssertEqual(name.withUnsafeBufferPointer(InlineName.none.match), .different, "length \(length)")
    }
  }

  private static func bytes(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    Array(string.utf8).withUnsafeBufferPointer(body)
  }
}
