import XCTest

@testable import SessionKit

/// What an app sees of a decision without the package's own types: `CompiledPolicy.evaluate(_:from:…)` by URL,
/// a decider's request, a session's URL. Each must say exactly what the engine's own path says.
final class PublicEvaluationTests: XCTestCase {
  private static let policy = #"""
    {"version": 1, "include": ["ad-clicks", "google-pay"], "rules": [
      {"name": "help", "match": {"hosts": ["help.shop.example"], "target": "mainFrame"}, "action": {"external": "safari"}},
      {"name": "ask-pay", "match": {"paths": ["/pay/*"], "userGesture": true}, "action": {"ask": "pay"}},
      {"name": "no-reload", "match": {"navigationTypes": ["reload"], "sites": ["shop.example"]}, "action": "cancel"}
    ]}
    """#

  /// The URL form builds the same request and context as a WebKit action from the same frame would: over a grid
  /// of URLs, pages, targets, navigation types and gestures, both give the same action, rule and conditions.
  func test_evaluateByURL_decidesAsTheActionPathDoes_overAGrid() throws {
    let policy = try CompiledPolicy(json: Array(Self.policy.utf8))
    let urls = [
      "https://advertiser.example/offer", "https://help.shop.example/", "https://shop.example/pay/1",
      "https://pay.google.com/gp/p/ui/pay", "tel:+15551234", "HTTPS://WWW.Shop.Example:443/a\\b",
      "https://accounts.google.com/o/oauth2", "about:blank",
    ]
    let pages: [String?] = [nil, "https://shop.example/cart", "https://games.example/play", "about:blank"]
    var compared = 0
    for url in urls {
      for page in pages {
        for target in NavigationTarget.allCases {
          for type in NavigationType.allCases {
            for gesture in [false, true] {
              let byURL = policy.evaluate(url, from: page, navigationType: type, target: target, userGesture: gesture)
              let byAction = policy.evaluate(
                action(url, from: page, type: type, target: target, gesture: gesture),
                in: PolicyContext(currentURL: try page.map { text throws(AddressError) in try WebAddress(text) }))
              let what = "\(url) from \(page ?? "nothing") \(target) \(type) gesture \(gesture)"
              XCTAssertEqual(byURL.action, byAction.action, what)
              XCTAssertEqual(byURL.trace.rule, byAction.trace.rule, what)
              XCTAssertEqual(byURL.trace.conditions, byAction.trace.conditions, what)
              compared += 1
            }
          }
        }
      }
    }
    XCTAssertEqual(compared, urls.count * pages.count * 3 * 6 * 2)
  }

  /// The examples the README and the PolicyFormat article print.
  func test_evaluateByURL_givesTheDocumentedAnswers() throws {
    let policy = try CompiledPolicy(PolicyConfiguration(include: [.adClicks]))
    let blank = policy.evaluate(
      "https://advertiser.example/offer", from: "https://games.example/play", target: .newWindow)
    XCTAssertEqual(blank.action, .external(.safari))
    XCTAssertEqual(blank.trace.rule, "ad-clicks/cross-site-new-window")
    let link = policy.evaluate("https://news.example/story", from: "https://shop.example/")
    XCTAssertEqual(link.action, .external(.safari))
    XCTAssertEqual(link.trace.rule, "ad-clicks/cross-site-link")
    XCTAssertTrue(
      link.description.hasPrefix(#"{"external":"safari"} by ad-clicks/cross-site-link ("#), link.description)
  }

  /// A URL that cannot be parsed (or whose host has an empty label) is never allowed, whichever of the two it is.
  func test_evaluateByURL_cancelsAnInvalidURL_orAnInvalidCurrentURL_sayingWhy() throws {
    let policy = try CompiledPolicy(PolicyConfiguration(defaultAction: .allow))
    for (url, page) in [
      ("https://exa mple.com/", "https://shop.example/"), ("https://a..b/", nil), ("no scheme", nil),
      ("https://shop.example/", "https://[::1/"),
    ] {
      let decision = policy.evaluate(url, from: page)
      XCTAssertEqual(decision.action, .cancel, url)
      XCTAssertEqual(decision.trace.rule, "invalid-url", url)
      XCTAssertEqual(decision.trace.notes.count, 1, url)
    }
    XCTAssertEqual(policy.evaluate("https://shop.example/", from: "https://shop.example/").action, .allow)
  }

  /// A decider reads the URL as WebKit would load it, how the navigation started, where it loads and whether a
  /// tap started it, through the request's public properties.
  func test_aDecidersRequest_saysTheURLTypeTargetAndGesture() async throws {
    let seen = Locked<[DeciderRequest]>([])
    let decider = ClosureDecider { request in
      seen.withLock { $0.append(request) }
      return .allow
    }
    let engine = SessionEngine(policy: try CompiledPolicy(json: Array(Self.policy.utf8)), deciders: ["pay": decider])
    let root = engine.makeRootSession()
    let decision = await root.decide(
      action("HTTPS://Shop.Example/pay/../pay/2", from: nil, type: .linkActivated, target: .mainFrame, gesture: true))
    XCTAssertEqual(decision.action, .allow)
    let request = try XCTUnwrap(seen.withLock { $0.first })
    XCTAssertEqual(request.url, "https://shop.example/pay/2")
    XCTAssertEqual(request.navigationType, .linkActivated)
    XCTAssertEqual(request.target, .mainFrame)
    XCTAssertTrue(request.isUserGesture)
    XCTAssertEqual(request.session, "main")
    XCTAssertEqual(request.trace.rule, "ask-pay")
    await engine.shutdown()
  }

  /// `Session.url` is the committed URL, serialized: nothing before a commit, the normalized URL after.
  func test_aSessionsURL_isWhatItCommitted() async throws {
    let engine = SessionEngine(policy: try CompiledPolicy(PolicyConfiguration()))
    let root = engine.makeRootSession()
    XCTAssertNil(root.url)
    try await root.didCommit("HTTPS://Shop.Example:443/cart", kind: .newEntry(isPost: false))
    XCTAssertEqual(root.url, "https://shop.example/cart")
    await engine.shutdown()
  }

  private func action(
    _ url: String, from page: String?, type: NavigationType, target: NavigationTarget, gesture: Bool
  ) -> NavigationAction {
    let source = FrameInfo(isMainFrame: target != .subframe, url: page ?? "")
    let targetFrame: FrameInfo? =
      switch target {
      case .mainFrame: FrameInfo(isMainFrame: true, url: page ?? "")
      case .subframe: FrameInfo(isMainFrame: false, url: "https://frame.example/slot")
      case .newWindow: nil
      }
    return NavigationAction(
      requestURL: url, sourceFrame: source, targetFrame: targetFrame, navigationType: type,
      isUserGesture: gesture)
  }
}
