import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// `session-bench replay --callback-details` (``ScenarioRunner/callbackDetails``): each callback also has its request
/// `url`, `gesture` and `method`, which the WebKitGTK conformance run compares; without it the lines are unchanged.
final class CallbackDetailsTests: XCTestCase {
  // A page with an iframe, a POST form redirected by a 303, and a popup opened with a gesture.
  private let scenario = #"""
    {"name": "details",
     "policy": {"version": 1},
     "pages": {"https://a.example/": {"frames": ["https://b.example/frame"]}},
     "redirects": {"https://a.example/post": {"to": "https://a.example/done", "status": 303}},
     "steps": [
       {"load": "https://a.example/"},
       {"submit": "https://a.example/post", "method": "post",
        "expect": {"callbacks": [
          {"callback": "decidePolicyFor", "session": "main", "navigationType": "formSubmitted",
           "targetFrame": "main", "answer": "allow"},
          {"callback": "decidePolicyFor", "session": "main", "navigationType": "formSubmitted",
           "targetFrame": "main", "answer": "allow"}]}},
       {"open": "https://c.example/", "gesture": true}]}
    """#

  private func run(details: Bool) async throws -> ScenarioRunner.Report {
    var runner = ScenarioRunner(scenario: try Scenario(json: Array(scenario.utf8)))
    runner.callbackDetails = details
    return try await runner.run()
  }

  // The default output is the one users' `expect` arrays were written against, byte for byte.
  func test_withoutTheFlag_theLinesAreUnchanged() async throws {
    let report = try await run(details: false)
    XCTAssertEqual(report.exitCode, 0, "\(report.failures)")
    XCTAssertEqual(
      report.lines[0],
      #"{"step":0,"in":"main","event":"load","url":"https://a.example/","outcome":"navigated","session":"main","#
        + #""frame":"main","rule":"default","callbacks":[{"callback":"decidePolicyFor","session":"main","#
        + #""navigationType":"other","targetFrame":"main","answer":"allow"},{"callback":"decidePolicyFor","#
        + #""session":"main","navigationType":"other","targetFrame":"sub","answer":"allow"}]}"#)
    for line in report.lines {
      XCTAssertFalse(line.contains(#""gesture""#) || line.contains(#""method""#), line)
    }
  }

  func test_withTheFlag_eachCallbackHasItsURLGestureAndMethod() async throws {
    let report = try await run(details: true)
    XCTAssertEqual(report.exitCode, 0, "an expect without the details still holds: \(report.failures)")
    // The page's iframe is asked at its src, without a gesture.
    XCTAssertTrue(
      report.lines[0].hasSuffix(
        #"{"callback":"decidePolicyFor","session":"main","navigationType":"other","targetFrame":"sub","#
          + #""answer":"allow","url":"https://b.example/frame","gesture":false,"method":"GET"}]}"#),
      report.lines[0])
    // The POST and its 303 hop, which keeps the form's gesture and becomes a GET.
    XCTAssertTrue(
      report.lines[1].contains(
        #""answer":"allow","url":"https://a.example/post","gesture":true,"method":"POST"},"#
          + #"{"callback":"decidePolicyFor","session":"main","navigationType":"formSubmitted","targetFrame":"main","#
          + #""answer":"allow","url":"https://a.example/done","gesture":true,"method":"GET"}"#),
      report.lines[1])
    // createWebViewWith carries the popup's URL and the gesture of `window.open`.
    XCTAssertTrue(
      report.lines[2].contains(
        #"{"callback":"createWebViewWith","session":"main","navigationType":"other","targetFrame":"none","#
          + #""answer":"main.1","url":"https://c.example/","gesture":true,"method":"GET"}"#),
      report.lines[2])
  }

  // The details are added to the line, nothing else changes: without them the two outputs are the same.
  func test_theFlag_onlyAddsTheThreeFields() async throws {
    let plain = try await run(details: false).lines
    let detailed = try await run(details: true).lines
    let stripped = detailed.map {
      $0.replacingOccurrences(
        of: #",\"url\":\"[^\"]*\",\"gesture\":(true|false),\"method\":\"[A-Z]+\"\}"#, with: "}",
        options: .regularExpression)
    }
    XCTAssertEqual(stripped, plain)
  }
}
