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
}
