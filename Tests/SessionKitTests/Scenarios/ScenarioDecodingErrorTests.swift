import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Invalid scenario files are rejected whole with an error naming the JSON path (WritingScenarios.md: unknown keys are
/// errors, as in policies; an `ask` naming an undeclared decider makes the file invalid).
final class ScenarioDecodingErrorTests: XCTestCase {
  private func assertRejected(
    _ json: String, path: String, mentioning fragment: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      _ = try decodeScenario(json)
      XCTFail("accepted: \(json)", file: file, line: line)
    } catch let error as ConfigurationError {
      XCTAssertEqual(error.path, path, "\(error)", file: file, line: line)
      XCTAssertTrue(error.problem.contains(fragment), "\(error) does not mention \(fragment)", file: file, line: line)
      if !path.isEmpty {
        XCTAssertTrue(error.description.hasPrefix(path + ": "), error.description, file: file, line: line)
      }
    } catch {
      XCTFail("unexpected error \(error)", file: file, line: line)
    }
  }

  private let load = #"{"load": "https://site.example/"}"#

  func test_anUnknownTopLevelKey_isNamed() {
    assertRejected(#"{"steps": [\#(load)], "setup": {}}"#, path: "setup", mentioning: "unknown key")
  }

  func test_servedSchemes_mustBeSchemes_namedOnce_andNotOnesWebKitHandles() {
    assertRejected(#"{"schemes": "shopapp", "steps": [\#(load)]}"#, path: "schemes", mentioning: "expected an array")
    assertRejected(#"{"schemes": [3], "steps": [\#(load)]}"#, path: "schemes[0]", mentioning: "expected a string")
    assertRejected(
      #"{"schemes": ["shopapp:"], "steps": [\#(load)]}"#, path: "schemes[0]", mentioning: "is not a URL scheme")
    assertRejected(
      #"{"schemes": ["1app"], "steps": [\#(load)]}"#, path: "schemes[0]", mentioning: "is not a URL scheme")
    assertRejected(#"{"schemes": [""], "steps": [\#(load)]}"#, path: "schemes[0]", mentioning: "is not a URL scheme")
    for builtIn in ["https", "HTTP", "about", "data", "blob", "file", "javascript", "wss"] {
      assertRejected(
        #"{"schemes": ["\#(builtIn)"], "steps": [\#(load)]}"#, path: "schemes[0]", mentioning: "WebKit handles itself")
    }
    assertRejected(
      #"{"schemes": ["shopapp", "ShopApp"], "steps": [\#(load)]}"#, path: "schemes[1]", mentioning: "named twice")
  }

  func test_servedSchemes_areAccepted_lowerCased() throws {
    let scenario = try decodeScenario(#"{"schemes": ["ShopApp", "x-pay.v2+1"], "steps": [\#(load)]}"#)
    XCTAssertEqual(scenario.web.schemes, ["shopapp", "x-pay.v2+1"])
  }

  func test_anUnknownStepKey_isNamedWithItsStep() {
    assertRejected(
      #"{"steps": [\#(load), {"click": "https://site.example/", "button": 2}]}"#, path: "steps[1].button",
      mentioning: "unknown key")
  }

  func test_twoEventsInOneStep_nameTheSecond() {
    assertRejected(
      #"{"steps": [{"load": "https://site.example/", "click": "https://site.example/b"}]}"#,
      path: "steps[0].click", mentioning: "one event")
  }

  func test_aStepWithoutAnEvent_isNamed() {
    assertRejected(
      #"{"steps": [\#(load), {"in": "main", "expect": {"outcome": "ignored"}}]}"#, path: "steps[1]",
      mentioning: "needs one event")
  }

  func test_gestureOnAClick_isRejected_becauseAClickAlwaysCarriesOne() {
    assertRejected(
      #"{"steps": [{"click": "https://site.example/", "gesture": true}]}"#, path: "steps[0].gesture",
      mentioning: "does not apply to \"click\"")
  }

  func test_aFormMethodOtherThanGetOrPost_isRejected() {
    assertRejected(
      #"{"steps": [{"submit": "https://site.example/", "method": "put"}]}"#, path: "steps[0].method",
      mentioning: "\"put\"")
  }

  func test_backFalse_isRejected() {
    assertRejected(#"{"steps": [{"back": false}]}"#, path: "steps[0].back", mentioning: "expected true")
  }

  func test_openWithANumber_isRejected() {
    assertRejected(#"{"steps": [{"open": 5, "gesture": true}]}"#, path: "steps[0].open", mentioning: "number")
  }

  func test_anUnknownPresetName_isRejected() {
    assertRejected(#"{"policy": "ad-click", "steps": [\#(load)]}"#, path: "policy", mentioning: "not a preset")
  }

  func test_anAskNamingAnUndeclaredDecider_isRejectedAtTheRulesAction() {
    assertRejected(
      #"""
      {"policy": {"version": 1,
                  "rules": [{"name": "confirm", "match": {"target": "newWindow"}, "action": {"ask": "confirm"}}]},
       "deciders": {"other": {"answer": "allow"}},
       "steps": [\#(load)]}
      """#, path: "policy.rules[0].action.ask", mentioning: "\"confirm\"")
  }

  func test_anAskDefaultNamingAnUndeclaredDecider_isRejected() {
    assertRejected(
      #"{"policy": {"version": 1, "default": {"ask": "confirm"}}, "steps": [\#(load)]}"#,
      path: "policy.default.ask", mentioning: "not declared")
  }

  func test_aNegativeDeciderDelay_isRejected() {
    assertRejected(
      #"{"deciders": {"confirm": {"answer": "allow", "delayMs": -1}}, "steps": [\#(load)]}"#,
      path: "deciders.confirm.delayMs", mentioning: "out of range")
  }

  func test_aDeciderWithoutAnAnswer_isRejected() {
    assertRejected(
      #"{"deciders": {"confirm": {"delayMs": 1}}, "steps": [\#(load)]}"#, path: "deciders.confirm",
      mentioning: "\"answer\"")
  }

  func test_emptySteps_areRejected() {
    assertRejected(#"{"name": "nothing", "steps": []}"#, path: "steps", mentioning: "at least one step")
  }

  func test_missingSteps_areRejected() {
    assertRejected(#"{"name": "nothing"}"#, path: "", mentioning: "\"steps\"")
  }

  func test_anExpectWithAnUnknownKey_isRejected() {
    assertRejected(
      #"{"steps": [{"load": "https://site.example/", "expect": {"outcome": "navigated", "url2": "x"}}]}"#,
      path: "steps[0].expect.url2", mentioning: "unknown key")
  }

  func test_invalidJSON_isRejectedWithItsPosition() {
    assertRejected(#"{"steps": [{"load": "https://site.example/"}"#, path: "", mentioning: "line 1")
  }

  func test_anUnknownSettingsKey_isRejected() {
    assertRejected(
      #"{"settings": {"javaScriptEnabled": true}, "steps": [\#(load)]}"#, path: "settings.javaScriptEnabled",
      mentioning: "unknown key")
  }

  func test_anInvalidInlinePolicy_isRejectedUnderPolicy() {
    assertRejected(
      #"""
      {"policy": {"version": 1, "rules": [{"name": "x", "match": {"hosts": ["*.*"]}, "action": "allow"}]},
       "steps": [\#(load)]}
      """#, path: "policy.rules[0].match.hosts[0]", mentioning: "host pattern")
  }

  func test_aStepSessionThatIsNotAString_isRejected() {
    assertRejected(
      #"{"steps": [{"in": 1, "load": "https://site.example/"}]}"#, path: "steps[0].in", mentioning: "string")
  }
}
