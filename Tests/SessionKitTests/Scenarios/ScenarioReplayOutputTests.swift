import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// `session-bench replay`'s output and exit status as WritingScenarios.md specifies them: one line per step with keys
/// in the order `step, in, event, url, outcome, <outcome fields>, rule, callbacks`, a final line of the open sessions,
/// normalised URLs, and exit 0 / 1 / 2.
final class ScenarioReplayOutputTests: XCTestCase {
  // The replay format's reference example (an H5 game's ad click), line for line.
  func test_theDesignsExample_printsExactlyItsLines() async throws {
    let report = try await replayScenario(
      #"""
      {"name": "H5 game ad click keeps the game running",
       "policy": {"version": 1, "include": ["google-pay", "ad-clicks"]},
       "steps": [
         {"load": "https://games.example/play"},
         {"click": "https://advertiser.example/offer", "target": "_blank",
          "frame": "https://ads.adnetwork.example/slot",
          "expect": {"outcome": "external", "via": "safari"}}
       ]}
      """#)
    XCTAssertEqual(report.exitCode, 0, "\(report.failures)")
    XCTAssertEqual(
      report.lines,
      [
        #"{"step":0,"in":"main","event":"load","url":"https://games.example/play","outcome":"navigated","#
          + #""session":"main","frame":"main","rule":"default","callbacks":[{"callback":"decidePolicyFor","#
          + #""session":"main","navigationType":"other","targetFrame":"main","answer":"allow"}]}"#,
        #"{"step":1,"in":"main","event":"click","url":"https://advertiser.example/offer","outcome":"external","#
          + #""via":"safari","rule":"ad-clicks/cross-site-new-window","callbacks":[{"callback":"decidePolicyFor","#
          + #""session":"main","navigationType":"linkActivated","targetFrame":"none","answer":"cancel"}]}"#,
        #"{"final":{"sessions":{"main":{"url":"https://games.example/play","history":1}}}}"#,
      ])
  }

  // Every outcome's fields come between `outcome` and `rule`, in the documented order.
  func test_everyOutcome_printsItsFieldsInTheDocumentedKeyOrder() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1,
                  "rules": [{"name": "files", "match": {"paths": ["/f/*"]}, "action": "download"},
                            {"name": "out", "match": {"hosts": ["out.example"]}, "action": {"external": "safari"}}]},
       "steps": [
         {"load": "https://site.example/"},
         {"click": "https://frame.example/x", "frame": "https://frame.example/"},
         {"open": "https://site.example/popup", "gesture": true},
         {"click": "https://out.example/"},
         {"open": "https://site.example/no-gesture"},
         {"in": "main.1", "close": true},
         {"close": true, "expect": {"outcome": "ignored"}},
         {"click": "https://site.example/f/a.zip"},
         {"forward": true}
       ]}
      """#)
    XCTAssertEqual(report.exitCode, 0, "\(report.failures)")
    let expectedKeys: [[String]] = [
      ["step", "in", "event", "url", "outcome", "session", "frame", "rule", "callbacks"],
      ["step", "in", "event", "url", "outcome", "session", "frame", "rule", "callbacks"],
      ["step", "in", "event", "url", "outcome", "child", "presentation", "rule", "callbacks"],
      ["step", "in", "event", "url", "outcome", "via", "rule", "callbacks"],
      ["step", "in", "event", "url", "outcome", "reason", "callbacks"],
      ["step", "in", "event", "outcome", "closed", "callbacks"],
      ["step", "in", "event", "outcome", "callbacks"],
      ["step", "in", "event", "url", "outcome", "rule", "callbacks"],
      ["step", "in", "event", "outcome", "callbacks"],
    ]
    let outcomes = [
      "navigated", "navigated", "popup", "external", "blocked", "closed", "ignored", "download", "ignored",
    ]
    for (index, keys) in expectedKeys.enumerated() {
      guard case .object(let members) = try JSONValue(parsing: report.lines[index]) else {
        XCTFail("line \(index) is not an object")
        continue
      }
      XCTAssertEqual(members.map(\.key), keys, report.lines[index])
      XCTAssertEqual(members.first?.value, .number(Double(index)), "steps are numbered from 0")
      XCTAssertEqual(members.first { $0.key == "outcome" }?.value, .string(outcomes[index]), report.lines[index])
    }
    XCTAssertEqual(report.lines.count, expectedKeys.count + 1)
  }

  // §5: URLs in the output are normalised: lower-case scheme and host, no default port, fragment kept.
  func test_urlsInTheOutput_areNormalised() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1},
       "steps": [{"load": "HTTPS://Shop.EXAMPLE:443/Cart?id=1#Top",
                  "expect": {"url": "https://shop.example/Cart?id=1#Top"}},
                 {"open": "http://Pay.Example:80/", "gesture": true, "expect": {"url": "http://pay.example/"}}]}
      """#)
    XCTAssertEqual(report.exitCode, 0, "\(report.failures)")
    XCTAssertEqual(
      report.lines.last,
      #"{"final":{"sessions":{"main":{"url":"https://shop.example/Cart?id=1#Top","history":1},"#
        + #""main.1":{"url":"http://pay.example/","history":1}}}}"#)
  }

  // §5: the final line lists the open sessions in creation order with their URL and history; closed ones and
  // refused provisional ones are absent.
  func test_theFinalLine_listsOnlyTheOpenSessions() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1},
       "steps": [{"load": "https://site.example/"},
                 {"open": null, "gesture": true},
                 {"open": "https://site.example/2", "gesture": true},
                 {"in": "main.1", "close": true},
                 {"in": "main.2", "click": "https://site.example/3"}]}
      """#)
    XCTAssertEqual(
      report.lines.last,
      #"{"final":{"sessions":{"main":{"url":"https://site.example/","history":1},"#
        + #""main.2":{"url":"https://site.example/3","history":2}}}}"#)
  }

  // §5: a failing `expect` makes exit status 1, names `steps[N].expect.KEY` with expected and actual, and the
  // replay still runs every step.
  func test_aFailingExpect_exitsOne_andNamesTheKeyWithExpectedAndActual() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": "webkit-default",
       "steps": [{"load": "https://site.example/"},
                 {"click": "https://other.example/", "target": "_blank",
                  "expect": {"outcome": "popup", "reason": "policy", "child": "main.1"}},
                 {"reload": true, "expect": {"outcome": "navigated"}}]}
      """#)
    XCTAssertEqual(report.exitCode, 1)
    XCTAssertNil(report.error)
    XCTAssertEqual(
      report.failures,
      [
        #"steps[1].expect.outcome: expected "popup", got "blocked""#,
        #"steps[1].expect.child: expected "main.1", got nothing"#,
      ])
    XCTAssertEqual(report.lines.count, 4, "every step and the final line are printed")
  }

  // §5: a step naming a session that does not exist is an invalid file: exit 2, the error names the step's
  // path, the earlier lines are kept and no final line is printed.
  func test_aStepInASessionThatDoesNotExist_exitsTwo_keepingTheEarlierLines() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1},
       "steps": [{"load": "https://site.example/"},
                 {"open": "https://site.example/p", "gesture": true},
                 {"in": "main.2", "assign": "https://site.example/q"},
                 {"load": "https://site.example/never"}]}
      """#)
    XCTAssertEqual(report.exitCode, 2)
    XCTAssertEqual(report.error?.path, "steps[2].in")
    XCTAssertEqual(report.error?.description, #"steps[2].in: session "main.2" does not exist"#)
    XCTAssertEqual(report.lines.count, 2)
    XCTAssertTrue(report.lines[1].hasPrefix(#"{"step":1,"#))
  }

  // §5: a step naming a closed session is an invalid file too.
  func test_aStepInAClosedSession_exitsTwo() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1},
       "steps": [{"load": "https://site.example/"},
                 {"open": "https://site.example/p", "gesture": true},
                 {"in": "main.1", "dismiss": true},
                 {"in": "main.1", "close": true}]}
      """#)
    XCTAssertEqual(report.exitCode, 2)
    XCTAssertEqual(report.error?.description, #"steps[3].in: session "main.1" is closed"#)
    XCTAssertEqual(report.lines.count, 3)
  }

  // §5: an `expect` may pin the callbacks themselves.
  func test_anExpectOnCallbacks_comparesTheWholeList() async throws {
    let report = try await replayScenario(
      #"""
      {"policy": {"version": 1},
       "steps": [{"load": "https://site.example/",
                  "expect": {"callbacks": [{"callback": "decidePolicyFor", "session": "main",
                                            "navigationType": "other", "targetFrame": "main", "answer": "allow"}]}},
                 {"click": "https://site.example/2",
                  "expect": {"callbacks": []}}]}
      """#)
    XCTAssertEqual(report.exitCode, 1)
    XCTAssertEqual(report.failures.count, 1)
    XCTAssertTrue(report.failures[0].hasPrefix("steps[1].expect.callbacks: expected [], got [{"), report.failures[0])
  }

  // `session-bench replay --policy FILE` replaces the file's policy; an `ask` it names must be declared.
  func test_aPolicyOverride_replacesTheFilesPolicy_andItsAsksAreChecked() async throws {
    let json = #"{"policy": "webkit-default", "steps": [{"open": "https://a.example/", "gesture": true}]}"#
    let override = try PolicyConfiguration(json: Array(#"{"version": 1}"#.utf8))
    let scenario = try Scenario(json: Array(json.utf8), policyOverride: override)
    let report = try await ScenarioRunner(scenario: scenario).run()
    XCTAssertTrue(report.lines[0].contains(#""outcome":"popup""#), report.lines[0])

    let asking = try PolicyConfiguration(json: Array(#"{"version": 1, "default": {"ask": "confirm"}}"#.utf8))
    XCTAssertThrowsError(try Scenario(json: Array(json.utf8), policyOverride: asking)) { error in
      XCTAssertEqual((error as? ConfigurationError)?.path, "--policy.default.ask")
    }
  }
}
