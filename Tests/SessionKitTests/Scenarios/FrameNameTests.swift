import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Frames found by name, as WebKit finds them (`FrameTree::find`, `Document::canNavigate`, `FrameLoader::clear`):
/// named iframes as the targets of links, forms and `window.open`, a main window named by its script, and the name
/// a window loses. Each rule was seen in WebKitGTK 2.50.6 (`Conformance/WebKit/scenarios/named-iframe-targets.json`,
/// `named-iframe-lookup.json`, `window-name-by-script.json`).
final class FrameNameTests: XCTestCase {
  private func lines(
    _ json: String, exit: Int32 = 0, file: StaticString = #filePath, line: UInt = #line
  ) async throws -> (lines: [JSONValue], report: ScenarioRunner.Report) {
    var runner = ScenarioRunner(scenario: try decodeScenario(json))
    runner.callbackDetails = true
    let report = try await runner.run()
    XCTAssertEqual(
      report.exitCode, exit, "\(report.failures) \(report.error.map(String.init(describing:)) ?? "")", file: file,
      line: line)
    return (try report.lines.map { try JSONValue(parsing: Array($0.utf8)) }, report)
  }

  private static let shop = #"""
    "policy": {"version": 1, "default": "allow", "popups": {"maxOpen": 8, "maxDepth": 3}},
    "pages": {"https://shop.example/": {"frames": [
      {"src": "https://ads.example/slot", "name": "slot"}, {"src": "https://pay.example/button", "name": "pay"}]}}
    """#

  func test_aNamedIframe_isTheTargetOfLinksFormsAndWindowOpen_withJointHistory() async throws {
    let (result, _) = try await lines(
      #"""
      {\#(Self.shop), "steps": [
        {"load": "https://shop.example/"},
        {"click": "https://ads.example/next", "target": "slot",
         "expect": {"outcome": "navigated", "session": "main", "frame": "sub"}},
        {"open": "https://ads.example/third", "target": "slot", "gesture": true},
        {"submit": "https://pay.example/form", "target": "pay", "method": "post"},
        {"back": true}, {"back": true}
      ], "expectFinal": {"main": {"url": "https://shop.example/", "history": 4}}}
      """#)
    XCTAssertEqual(calls(result[1]), ["decidePolicyFor main linkActivated sub allow"])
    XCTAssertEqual(calls(result[2]), ["decidePolicyFor main other sub allow"], "window.open finds the iframe")
    XCTAssertEqual(calls(result[3]), ["decidePolicyFor main formSubmitted sub allow"])
    XCTAssertEqual(string(result[4], "url"), "https://pay.example/button", "back: the form's iframe goes back")
    XCTAssertEqual(string(result[5], "url"), "https://ads.example/next", "back: then the link's iframe")
    XCTAssertEqual(calls(result[5]), ["decidePolicyFor main backForward sub allow"])
  }

  func test_aNamedIframe_theRequesterMayNotNavigate_isNotFound_soANewWindowTakesTheName() async throws {
    let (result, _) = try await lines(
      #"""
      {\#(Self.shop), "steps": [
        {"load": "https://shop.example/"},
        {"click": "https://pay.example/x", "target": "pay", "frame": "https://ads.example/slot",
         "expect": {"outcome": "popup", "child": "main.1"}},
        {"click": "https://ads.example/own", "target": "slot", "frame": "https://ads.example/slot",
         "expect": {"outcome": "navigated", "session": "main", "frame": "sub"}}
      ]}
      """#)
    // The ads iframe may not navigate its pay.example sibling on a shop.example page (`canAccessAncestor`: neither
    // the sibling's document nor its page is of its origin), so the name finds nothing.
    XCTAssertEqual(calls(result[1]).first, "decidePolicyFor main linkActivated none allow")
    XCTAssertEqual(calls(result[2]), ["decidePolicyFor main linkActivated sub allow"], "its own name is itself")
  }

  func test_aPopup_navigatesItsOpenersNamedIframe_whenSameOriginWithIt() async throws {
    let (result, _) = try await lines(
      #"""
      {\#(Self.shop), "steps": [
        {"load": "https://shop.example/"},
        {"open": "https://news.example/p", "gesture": true},
        {"in": "main.1", "click": "https://ads.example/x", "target": "slot",
         "expect": {"outcome": "popup", "child": "main.1.1"}},
        {"in": "main.1.1", "close": true},
        {"open": "https://news.example/n", "target": "slot", "gesture": true},
        {"in": "main.1", "open": "https://news.example/again", "target": "slot", "gesture": true,
         "expect": {"outcome": "navigated", "session": "main", "frame": "sub"}}
      ]}
      """#)
    // Not same-origin with the iframe's ads.example document nor its shop.example page: not found. Once the iframe
    // shows a news.example page, it is.
    XCTAssertEqual(calls(result[5]), ["decidePolicyFor main other sub allow"])
  }

  func test_aNamedIframeOfTheRequestersPage_winsOverAWindowWithTheName() async throws {
    let (result, _) = try await lines(
      #"""
      {\#(Self.shop), "steps": [
        {"load": "https://news.example/"},
        {"open": "https://news.example/w", "target": "slot", "gesture": true, "expect": {"child": "main.1"}},
        {"assign": "https://shop.example/"},
        {"open": "https://ads.example/here", "target": "slot", "gesture": true,
         "expect": {"outcome": "navigated", "session": "main", "frame": "sub"}}
      ]}
      """#)
    XCTAssertEqual(calls(result[3]), ["decidePolicyFor main other sub allow"])
  }

  func test_aScriptNamesTheMainWindow_andACrossOriginLoadWithoutAnOpenerClearsTheName() async throws {
    let (result, _) = try await lines(
      #"""
      {"policy": {"version": 1, "popups": {"maxOpen": 8, "maxDepth": 3}}, "steps": [
        {"load": "https://shop.example/a"},
        {"windowName": "app", "expect": {"outcome": "ignored", "callbacks": []}},
        {"open": "https://pay.example/", "gesture": true},
        {"in": "main.1", "click": "https://shop.example/b", "target": "app",
         "expect": {"outcome": "navigated", "session": "main", "frame": "main"}},
        {"load": "https://news.example/"},
        {"in": "main.1", "open": "https://news.example/c", "target": "app", "gesture": true,
         "expect": {"outcome": "popup", "child": "main.1.1"}}
      ]}
      """#)
    XCTAssertEqual(calls(result[3]), ["decidePolicyFor main linkActivated main allow"])
  }

  /// The rule held for windows before scripts could name them: a `noopener` window keeps the name it was opened
  /// with over its first load (the initial empty document is never cleared away), and loses it on a later load of
  /// another origin. The simulator kept it (a second `open` by that name navigated the window itself). A window that
  /// found itself by name is its own opener (`setOpener`) and keeps it (`window-name-self-opener.json`).
  func test_aNoopenerWindow_losesItsNameOnACrossOriginLoadAfterItsFirst() async throws {
    let (result, _) = try await lines(
      #"""
      {"policy": {"version": 1, "popups": {"maxOpen": 8, "maxDepth": 3}}, "steps": [
        {"load": "https://shop.example/"},
        {"open": "https://shop.example/n", "target": "v", "noopener": true, "gesture": true,
         "expect": {"child": "main.1"}},
        {"in": "main.1", "load": "https://pay.example/z"},
        {"in": "main.1", "open": "https://pay.example/z2", "target": "v", "gesture": true,
         "expect": {"outcome": "popup", "child": "main.1.1"}},
        {"open": "https://news.example/m", "target": "w", "noopener": true, "gesture": true,
         "expect": {"child": "main.2"}},
        {"in": "main.2", "open": "https://news.example/self", "target": "w", "gesture": true,
         "expect": {"outcome": "navigated", "session": "main.2"}},
        {"in": "main.2", "load": "https://pay.example/y"},
        {"in": "main.2", "open": "https://pay.example/y2", "target": "w", "gesture": true,
         "expect": {"outcome": "navigated", "session": "main.2"}}
      ]}
      """#)
    XCTAssertEqual(string(result[3], "outcome"), "popup")
    XCTAssertEqual(string(result[7], "session"), "main.2")
  }

  /// Only the commit of the load a window was opened for keeps a name over the initial document: a main web view
  /// named before its first load, a `window.open()` about:blank and a popup whose first load failed lose it on their
  /// first commit of another origin (observed in WebKitGTK 2.50.6, random-892987955823-014,
  /// `window-name-opening-load.json`). The simulator kept it: a later `open` by that name navigated the window.
  func test_aWindowWithoutOpener_keepsItsNameOnlyOverItsOpeningLoad() async throws {
    let (result, _) = try await lines(
      #"""
      {"policy": {"version": 1, "default": "allow", "popups": {"maxOpen": 8, "requireUserGesture": false}}, "steps": [
        {"windowName": "root"},
        {"load": "https://ads.example/checkout"},
        {"open": "https://shop.example/y", "target": "root", "gesture": true},
        {"open": "", "target": "blank", "gesture": true, "noopener": true},
        {"in": "main.2", "click": "https://ads.example/a"},
        {"in": "main.2", "open": "https://ads.example/b", "target": "blank", "gesture": true},
        {"open": "otherapp://open?x=1", "target": "failed", "gesture": true, "noopener": true},
        {"in": "main.3", "click": "https://ads.example/c"},
        {"in": "main.3", "open": "https://ads.example/d", "target": "failed", "gesture": true},
        {"open": "https://news.example/p", "target": "kept", "gesture": true, "noopener": true},
        {"in": "main.4", "open": "https://news.example/q", "target": "kept", "gesture": true}
      ]}
      """#)
    guard result.count == 12 else { return XCTFail("\(result.count) lines") }
    XCTAssertEqual(string(result[2], "outcome"), "popup", "the main web view lost the name its script gave it")
    XCTAssertEqual(string(result[2], "child"), "main.1")
    XCTAssertEqual(string(result[5], "child"), "main.2.1", "window.open()'s about:blank lost its name")
    XCTAssertEqual(string(result[8], "child"), "main.3.1", "a popup whose first load failed lost its name")
    XCTAssertEqual(string(result[10], "outcome"), "navigated", "the opening load's commit keeps the name")
    XCTAssertEqual(string(result[10], "session"), "main.4")
  }

  /// An about:blank that a window without an opener commits has a new opaque origin (nothing to inherit one from,
  /// `Document::initSecurityContext`), so its commit clears the window's name even from the window's initial document
  /// or another about:blank: an app's load and a POST form in the main web view its script named, a link in a
  /// `noopener` popup opened to about:blank, and a reload or the app's load of the about:blank it shows (a new document
  /// each). The name then finds no window, and a new one opens (observed in WebKitGTK 2.50.6, random-n1a-500-002,
  /// probes B1–B7 of 2026-12-06, `window-name-blank-commit.json`). The simulator gave the about:blank the window's
  /// first origin, and then the document's first, and kept the name.
  func test_anAboutBlankCommitWithoutAnOpener_clearsTheWindowsName() async throws {
    for commit in [
      #"{"load": "about:blank"}"#, #"{"submit": "about:blank", "method": "post"}"#,
      #"{"load": "about:blank"}, {"windowName": "app"}, {"reload": true}"#,
      #"{"load": "about:blank"}, {"windowName": "app"}, {"load": "about:blank"}"#,
    ] {
      let (result, _) = try await lines(
        """
        {"policy": {"version": 1}, "steps": [
          {"windowName": "app"}, \(commit),
          {"open": "https://news.example/p", "target": "app", "gesture": true}]}
        """)
      let open = result[result.count - 2]
      XCTAssertEqual(string(open, "outcome"), "popup", commit)
      XCTAssertEqual(string(open, "child"), "main.1", commit)
    }
    let (popup, _) = try await lines(
      #"""
      {"policy": {"version": 1}, "steps": [
        {"load": "https://shop.example/p"},
        {"open": "about:blank", "target": "n", "noopener": true, "gesture": true, "expect": {"child": "main.1"}},
        {"in": "main.1", "click": "about:blank"},
        {"in": "main.1", "open": "https://shop.example/q", "target": "n", "gesture": true}]}
      """#)
    XCTAssertEqual(string(popup[3], "outcome"), "popup", "the popup's second about:blank cleared its name")
    XCTAssertEqual(string(popup[3], "child"), "main.1.1")
    let (opened, _) = try await lines(
      #"""
      {"policy": {"version": 1}, "steps": [
        {"load": "https://shop.example/p"},
        {"open": "https://shop.example/w", "target": "n", "gesture": true, "expect": {"child": "main.1"}},
        {"in": "main.1", "click": "about:blank"},
        {"open": "https://shop.example/q", "target": "n", "gesture": true}]}
      """#)
    XCTAssertEqual(string(opened[3], "session"), "main.1", "with an opener, about:blank has its origin: the name stays")
  }

  func test_namedIframes_andWindowNames_badInputIsRejectedWithItsPath() async throws {
    let cases: [(frames: String, problem: String)] = [
      (#"[{"src": "https://ads.example/slot", "name": "_blank"}]"#, #"pages["https://shop.example/"].frames[0].name"#),
      (#"[{"name": "slot"}]"#, #"pages["https://shop.example/"].frames[0]"#),
      (#"[{"src": "https://ads.example/slot", "name": ""}]"#, #"pages["https://shop.example/"].frames[0].name"#),
      (#"[{"src": "https://ads.example/slot", "title": "x"}]"#, #"pages["https://shop.example/"].frames[0].title"#),
      (
        #"[{"src": "https://ads.example/slot", "name": "a"}, "https://ads.example/slot"]"#,
        #"pages["https://shop.example/"].frames"#
      ),
    ]
    for (frames, path) in cases {
      XCTAssertThrowsError(
        try decodeScenario(
          #"{"pages": {"https://shop.example/": {"frames": \#(frames)}}, "steps": [{"load": "https://shop.example/"}]}"#
        ), frames
      ) {
        XCTAssertEqual(($0 as? ConfigurationError)?.path, path, frames)
      }
    }
    XCTAssertThrowsError(try decodeScenario(#"{"steps": [{"windowName": 3}]}"#)) {
      XCTAssertEqual(($0 as? ConfigurationError)?.path, "steps[0].windowName")
    }
  }

  // MARK: - Iframes inside iframes

  private static let nested = #"""
    "policy": {"version": 1, "default": "allow", "popups": {"maxOpen": 8, "maxDepth": 3}},
    "pages": {
      "https://shop.example/": {"frames": ["https://news.example/outer"]},
      "https://news.example/outer": {"frames": [{"src": "https://ads.example/in", "name": "deep"}, "https://pay.example/in2"]}}
    """#

  func test_linksInAnIframeInsideAnIframe_navigateIt_andHistoryKeepsItsURL() async throws {
    let (result, _) = try await lines(
      #"""
      {\#(Self.nested), "steps": [
        {"load": "https://shop.example/"},
        {"click": "https://ads.example/next", "frame": ["https://news.example/outer", "https://ads.example/in"],
         "expect": {"outcome": "navigated", "session": "main", "frame": "sub"}},
        {"back": true, "expect": {"url": "https://ads.example/in"}},
        {"forward": true, "expect": {"url": "https://ads.example/next"}},
        {"load": "https://news.example/elsewhere"},
        {"back": true},
        {"open": "https://news.example/o3", "target": "deep", "gesture": true,
         "expect": {"outcome": "navigated", "session": "main", "frame": "sub"}}
      ], "expectFinal": {"main": {"url": "https://shop.example/", "history": 3}}}
      """#)
    XCTAssertEqual(calls(result[2]), ["decidePolicyFor main backForward sub allow"])
    // Back onto the page loads the iframe inside the iframe at the URL it showed in that entry.
    guard case .array(let callbacks)? = result[5]["callbacks"], callbacks.count == 4 else {
      return XCTFail("back: the page, its iframe, the two inside it: \(result[5])")
    }
    XCTAssertEqual(callbacks[2]["url"], .string("https://ads.example/next"))
    XCTAssertEqual(calls(result[6]), ["decidePolicyFor main other sub allow"], "a named iframe inside an iframe")
  }

  /// Back onto a page asks an iframe inside an iframe at the URL its history item has: where its src's redirects
  /// took it, with no hop. The simulator asked at its src again, then the hop (a callback WebKit does not make).
  func test_backOntoAPage_asksAnIframeInsideAnIframe_whereItsRedirectEnded() async throws {
    let (result, _) = try await lines(
      #"""
      {"policy": {"version": 1},
       "pages": {"https://shop.example/": {"frames": ["https://news.example/outer"]},
                 "https://news.example/outer": {"frames": ["https://ads.example/in"]}},
       "redirects": {"https://ads.example/in": {"to": "https://ads.example/landed", "status": 302}},
       "steps": [{"load": "https://shop.example/"}, {"load": "https://news.example/elsewhere"}, {"back": true}]}
      """#)
    guard case .array(let callbacks)? = result[2]["callbacks"] else { return XCTFail("\(result[2])") }
    XCTAssertEqual(
      callbacks.map { $0["url"] },
      [.string("https://shop.example/"), .string("https://news.example/outer"), .string("https://ads.example/landed")])
  }

  /// A link to a fragment of an iframe's document was a new document to the simulator: it loaded the iframe's own
  /// iframes again (a callback WebKit does not make) and back between the two asked the iframe again.
  func test_aFragmentOfAnIframesDocument_isDecided_addsAnEntry_andLoadsNothing() async throws {
    let (result, _) = try await lines(
      #"""
      {\#(Self.nested), "steps": [
        {"load": "https://shop.example/"},
        {"click": "https://news.example/outer#a", "frame": "https://news.example/outer",
         "expect": {"outcome": "navigated", "frame": "sub"}},
        {"click": "https://news.example/outer#a", "frame": "https://news.example/outer"},
        {"back": true, "expect": {"outcome": "ignored", "callbacks": []}},
        {"click": "https://ads.example/in#x", "frame": ["https://news.example/outer", "https://ads.example/in"]}
      ], "expectFinal": {"main": {"history": 2}}}
      """#)
    XCTAssertEqual(calls(result[1]), ["decidePolicyFor main linkActivated sub allow"], "nothing loads")
    XCTAssertEqual(calls(result[4]), ["decidePolicyFor main linkActivated sub allow"])
  }

  /// Three things the simulator had wrong (`iframe-documents.json`, seen in WebKitGTK 2.50.6): an about:srcdoc inside
  /// an ads iframe took the page's origin, so its link found the page's pay.example iframe by name; a link from the
  /// page to the URL its iframe shows (another origin: a new entry) left nothing to go back to; and back from a new
  /// document to a fragment entry of the one before was taken for a fragment move.
  func test_iframeEntriesAreDocuments_andAboutSrcdocHasTheOriginAroundIt() async throws {
    let (result, _) = try await lines(
      #"""
      {"policy": {"version": 1, "default": "allow", "popups": {"maxOpen": 8, "maxDepth": 3}},
       "pages": {
         "https://shop.example/": {"frames": ["https://ads.example/slot", {"src": "https://pay.example/button", "name": "panel"}]},
         "https://ads.example/slot": {"frames": ["about:srcdoc"]}},
       "steps": [
         {"load": "https://shop.example/"},
         {"click": "https://pay.example/x", "target": "panel", "frame": ["https://ads.example/slot", "about:srcdoc"],
          "expect": {"outcome": "popup", "child": "main.1"}},
         {"click": "https://pay.example/button", "target": "panel"},
         {"back": true, "expect": {"outcome": "navigated", "frame": "sub"}},
         {"forward": true},
         {"click": "https://pay.example/button#a", "target": "panel"},
         {"click": "https://pay.example/button", "target": "panel"},
         {"back": true, "expect": {"outcome": "navigated", "frame": "sub", "url": "https://pay.example/button#a"}}
       ]}
      """#)
    XCTAssertEqual(calls(result[3]), ["decidePolicyFor main backForward sub allow"])
    XCTAssertEqual(calls(result[7]), ["decidePolicyFor main backForward sub allow"])
  }

  /// A GET form to the page's own URL with a fragment scrolls, as a link does (`shouldPerformFragmentNavigation` keeps
  /// only other methods out); the simulator loaded the page and its iframe again (random-c7cfc8f-007).
  func test_aGetFormToAFragmentOfThePage_isASameDocumentNavigation() async throws {
    let (result, _) = try await lines(
      #"""
      {"policy": {"version": 1}, "pages": {"https://shop.example/p?x=1": {"frames": ["https://ads.example/slot"]}},
       "steps": [
         {"load": "https://shop.example/p?x=1"},
         {"submit": "https://shop.example/p?x=1#top", "expect": {"outcome": "navigated", "frame": "main"}},
         {"load": "https://shop.example/q"},
         {"submit": "https://shop.example/q#top"},
         {"submit": "https://shop.example/q#more"}
       ], "expectFinal": {"main": {"url": "https://shop.example/q#more", "history": 5}}}
      """#)
    XCTAssertEqual(calls(result[1]), ["decidePolicyFor main formSubmitted main allow"], "nothing loads")
    XCTAssertEqual(calls(result[3]), ["decidePolicyFor main formSubmitted main allow"], "q?#top is another document")
    XCTAssertEqual(calls(result[4]), ["decidePolicyFor main formSubmitted main allow"], "q?#more is q?#top's")
  }

  func test_parentFromAnIframeInsideAnIframe_needsTheRightToNavigateIt() async throws {
    let (result, _) = try await lines(
      #"""
      {\#(Self.nested), "steps": [
        {"load": "https://shop.example/"},
        {"click": "https://news.example/o2", "target": "_parent",
         "frame": ["https://news.example/outer", "https://ads.example/in"],
         "expect": {"outcome": "popup", "child": "main.1"}},
        {"click": "https://news.example/n1", "frame": ["https://news.example/outer", "https://ads.example/in"]},
        {"click": "https://news.example/o2", "target": "_parent",
         "frame": ["https://news.example/outer", "https://ads.example/in"],
         "expect": {"outcome": "navigated", "session": "main", "frame": "sub", "url": "https://news.example/o2"}}
      ]}
      """#)
    XCTAssertEqual(calls(result[1]).first, "decidePolicyFor main linkActivated none allow")
  }

  func test_aFramePathThroughAnUndeclaredIframe_isRejectedWithItsPath() async throws {
    for frame in [
      #"["https://news.example/outer", "https://ads.example/nowhere"]"#,
      #"["https://news.example/nowhere", "https://ads.example/in"]"#,
    ] {
      let (result, report) = try await lines(
        #"""
        {\#(Self.nested), "steps": [{"load": "https://shop.example/"}, {"click": "https://a.example/", "frame": \#(frame)}]}
        """#, exit: 2)
      XCTAssertEqual(result.count, 1, "the step before is kept")
      let message = report.error.map(String.init(describing:)) ?? ""
      XCTAssertTrue(message.contains("steps[1].frame"), message)
    }
    XCTAssertThrowsError(try decodeScenario(#"{"steps": [{"click": "https://a.example/", "frame": []}]}"#)) {
      XCTAssertEqual(($0 as? ConfigurationError)?.path, "steps[0].frame")
    }
  }

  // `window.open` that finds a window (by name, or `_self`) makes the caller its opener with `noopener` too: its first
  // opener, no longer familiar with it, opens a new window of that name (observed in WebKitGTK 2.50.6,
  // `found-window-noopener.json`, random-s44-500-053).
  func test_windowOpenThatFindsAWindowWithNoopener_stillMakesTheCallerItsOpener() async throws {
    let (result, _) = try await lines(
      #"""
      {"policy": {"version": 1, "default": "allow"}, "steps": [
        {"load": "https://ads.example/b"},
        {"open": "https://ads.example/r1", "target": "checkout", "gesture": true},
        {"open": "https://ads.example/r2", "target": "w", "gesture": true},
        {"in": "main.2", "open": "https://ads.example/r3", "target": "checkout", "gesture": true, "noopener": true,
         "expect": {"outcome": "navigated", "session": "main.1"}},
        {"open": "https://ads.example/r4", "target": "checkout", "gesture": true,
         "expect": {"outcome": "popup", "child": "main.3"}},
        {"in": "main.3", "open": "https://ads.example/r5", "target": "_self", "gesture": true, "noopener": true},
        {"open": "https://ads.example/r6", "target": "checkout", "gesture": true,
         "expect": {"outcome": "popup", "child": "main.4"}},
        {"in": "main.4", "open": "https://ads.example/r7", "target": "checkout", "gesture": true, "noopener": true,
         "expect": {"outcome": "navigated", "session": "main.4"}},
        {"in": "main.4", "click": "https://ads.example/r8", "target": "checkout",
         "expect": {"outcome": "navigated", "session": "main.4"}}
      ]}
      """#)
    XCTAssertEqual(result.count, 10)
  }

  // Two windows familiar with the requester share a name: WebKit searches them in a hash table's order
  // (`FrameTree::find`), so the line says which name it looked up (`ambiguousName`, with callback details only) for the
  // conformance comparer; one window of the name is not ambiguous, nor is a name the requester's own page has.
  func test_aNameTwoFamiliarWindowsHave_isMarkedAmbiguous() async throws {
    let json = #"""
      {"policy": {"version": 1, "default": "allow"}, "steps": [
        {"load": "https://ads.example/b"},
        {"open": "https://ads.example/r1", "target": "a", "gesture": true},
        {"open": "https://ads.example/r2", "target": "b", "gesture": true},
        {"open": "https://ads.example/r3", "target": "a", "gesture": true},
        {"in": "main.2", "windowName": "a"},
        {"open": "https://ads.example/r4", "target": "a", "gesture": true},
        {"in": "main.2", "open": "https://ads.example/r5", "target": "a", "gesture": true}
      ]}
      """#
    let (result, _) = try await lines(json)
    XCTAssertNil(result[3]["ambiguousName"], "one window named a")
    XCTAssertEqual(string(result[5], "ambiguousName"), "a")
    XCTAssertNil(result[6]["ambiguousName"], "main.2 is named a itself")
    let plain = try await replayScenario(json)
    XCTAssertFalse(plain.lines[5].contains("ambiguousName"), "not in the replay format without callback details")
  }

  // A page that called `window.close()` (WebKit told the app; the app keeps the root) is closing: other windows no
  // longer find its main frame or its iframes by name (`FrameTree::find` skips a closing page; observed in WebKitGTK
  // 2.50.6, `closing-window-names.json`, random-s44-500-331).
  func test_aWindowWhosePageCalledClose_isNoLongerFoundByName() async throws {
    let (result, _) = try await lines(
      #"""
      {"policy": {"version": 1, "default": "allow"},
       "pages": {"https://www.shop.example/a": {"frames": [{"src": "https://shop.example/widget", "name": "slot"}]}},
       "steps": [
        {"load": "https://www.shop.example/a"}, {"windowName": "m"}, {"close": true},
        {"open": "https://www.shop.example/b", "target": "_blank", "gesture": true},
        {"in": "main.1", "click": "https://www.shop.example/c", "target": "slot",
         "expect": {"outcome": "popup", "child": "main.1.1"}},
        {"in": "main.1", "open": "https://www.shop.example/d", "target": "m", "gesture": true,
         "expect": {"outcome": "popup", "child": "main.1.2"}}
      ]}
      """#)
    XCTAssertEqual(calls(result[2]), ["webViewDidClose main"])
    // Nor does the closing page find the others: its `open` by the name of its own popup opens another.
    let (own, _) = try await lines(
      #"""
      {"policy": {"version": 1, "default": "allow"}, "steps": [
        {"load": "https://shop.example/a"}, {"open": "https://shop.example/b", "target": "w", "gesture": true},
        {"close": true},
        {"open": "https://shop.example/c", "target": "w", "gesture": true,
         "expect": {"outcome": "popup", "child": "main.2"}},
        {"in": "main.1", "open": "https://shop.example/d", "target": "w", "gesture": true,
         "expect": {"outcome": "navigated", "session": "main.1"}}
      ]}
      """#)
    XCTAssertEqual(own.count, 6)
  }
}
