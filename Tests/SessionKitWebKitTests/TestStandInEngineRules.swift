#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// The stand-in follows the rules WebKitGTK showed (`SessionKitSimulation.docc/WebKitBehavior.md`): an iframe
  /// named by its `src`, a reload collapsing the iframe entries, `rel` on links.
  @MainActor
  final class TestStandInEngineRules: XCTestCase {
    private static let page = "https://news.example/story"
    private static let widget = "https://widgets.example/rates"

    private func harness() async throws -> AdapterHarness {
      let harness = try AdapterHarness(policy: #"{"version": 1}"#, blankTimeouts: .manual)
      harness.driver.pages[Self.page] = [Self.widget]
      await harness.load(Self.page)
      return harness
    }

    /// A link in an iframe is named by the iframe's `src`; it comes from the URL the iframe shows now.
    func test_aLinkInAnIframe_isNamedByItsSrc_afterTheIframeNavigated() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      await harness.driver.tapLink("https://widgets.example/rates?page=2", in: webView, frameURL: Self.widget)
      await harness.driver.tapLink("https://widgets.example/rates?page=3", in: webView, frameURL: Self.widget)
      XCTAssertEqual(webView.standInFrames.map(\.absoluteString), ["https://widgets.example/rates?page=3"])
      let start = harness.driver.callbacks.count
      await harness.driver.go(-1, in: webView)
      XCTAssertEqual(harness.callbacks(from: start), ["decidePolicyFor main backForward target=sub → allow"])
      XCTAssertEqual(webView.standInFrames.map(\.absoluteString), ["https://widgets.example/rates?page=2"])
    }

    /// WebKitGTK: after a reload, back over the iframe's entry moves the list's current entry but asks and loads
    /// nothing; the URL stays.
    func test_backOverAnIframeEntry_afterAReload_asksNothing_andMovesTheList() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      await harness.driver.tapLink("https://widgets.example/rates?page=2", in: webView, frameURL: Self.widget)
      await harness.driver.reload(in: webView)
      XCTAssertEqual(webView.standInFrames.map(\.absoluteString), [Self.widget])
      let start = harness.driver.callbacks.count
      await harness.driver.go(-1, in: webView)
      XCTAssertEqual(harness.callbacks(from: start), [])
      XCTAssertFalse(webView.canGoBack)
      XCTAssertNotNil(webView.backForwardList.forwardItem)
      XCTAssertEqual(webView.url?.absoluteString, Self.page)
      XCTAssertEqual(webView.standInFrames.map(\.absoluteString), [Self.widget])
    }

    /// A tap in an iframe whose load was cancelled does nothing.
    func test_aTapInACancelledIframe_doesNothing() async throws {
      let harness = try AdapterHarness(
        policy: #"""
          {"version": 1, "rules": [{"name": "no-widgets", "match": {"hosts": ["widgets.example"], "target": "subframe"},
            "action": "cancel"}]}
          """#, blankTimeouts: .manual)
      harness.driver.pages[Self.page] = [Self.widget]
      await harness.load(Self.page)
      let start = harness.driver.callbacks.count
      await harness.driver.tapLink("https://shop.example/", in: harness.mainWebView, frameURL: Self.widget)
      XCTAssertEqual(harness.callbacks(from: start), [])
    }

    /// `rel=noopener` on a named link: the new window carries no name, so the next link to the name opens another.
    func test_aNamedLinkWithRelNoopener_opensAWindowWithoutTheName() async throws {
      let harness = try await harness()
      let webView = harness.mainWebView
      await harness.driver.tapLink("https://pay.example/a", target: "pay", in: webView, rel: ["noopener"])
      await harness.driver.tapLink("https://pay.example/b", target: "pay", in: webView)
      XCTAssertEqual(harness.driver.popups.count, 2)
      await harness.driver.tapLink("https://pay.example/c", target: "pay", in: webView)
      XCTAssertEqual(harness.driver.popups.count, 2, "the second window carries the name")
      XCTAssertEqual(harness.driver.popups.last?.url?.absoluteString, "https://pay.example/c")
    }
  }
#endif
