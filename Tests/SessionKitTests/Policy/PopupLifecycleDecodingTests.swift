import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Every key §7.1 adds is decoded, and rejected with its JSON path when it is wrong: `popupFirstLoad`,
/// `finish`, `popups.blankTimeoutMs`, `popups.maxPerMinute`, and the scenario step `wait`.
final class PopupLifecycleDecodingTests: XCTestCase {
  func test_theNewKeys_decodeAsWritten() throws {
    let policy = try makePolicy(
      #"""
      {"version": 1, "popups": {"blankTimeoutMs": 1500, "maxPerMinute": 4},
       "rules": [{"name": "a", "match": {"popupFirstLoad": false}, "action": {"finish": "opener"}},
                 {"name": "b", "match": {"popupFirstLoad": true}, "action": {"finish": "app"}}]}
      """#)
    XCTAssertEqual(policy.popups.blankTimeoutMilliseconds, 1500)
    XCTAssertEqual(policy.popups.maxPerMinute, 4)
    XCTAssertEqual(policy.rules.map(\.match.popupFirstLoad), [false, true])
    XCTAssertEqual(policy.rules.map(\.action), [.finish(.opener), .finish(.app)])
    XCTAssertEqual(policy.rules[1].match.conditionDescriptions, ["popupFirstLoad: true"])
    XCTAssertEqual(PolicyAction.finish(.app).description, #"{"finish":"app"}"#)
    XCTAssertNil(try makePolicy(#"{"version": 1}"#).popups.blankTimeoutMilliseconds)
    XCTAssertNil(try makePolicy(#"{"version": 1}"#).popups.maxPerMinute)
  }

  func test_popupFirstLoadThatIsNotABool_isRejectedAtItsPath() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", match: #"{"popupFirstLoad": "yes"}"#)]), at: "rules[0].match.popupFirstLoad",
      saying: "expected")
  }

  func test_anUnknownFinishDestination_isRejectedAtItsPath() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", action: #"{"finish": "parent"}"#)]), at: "rules[0].action.finish",
      saying: "parent")
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", action: #"{"finish": true}"#)]), at: "rules[0].action.finish",
      saying: "expected")
  }

  func test_blankTimeoutMs_mustBeAWholeNumberFromOne() {
    let cases = [
      ("0", "out of range"), ("-5", "out of range"), ("1.5", "not a whole number"), ("\"100\"", "found string"),
    ]
    for (value, problem) in cases {
      assertPolicyRejected(
        #"{"version": 1, "popups": {"blankTimeoutMs": \#(value)}}"#, at: "popups.blankTimeoutMs", saying: problem)
    }
  }

  func test_maxPerMinute_mustBeAWholeNumberFromOne() {
    let cases = [("0", "out of range"), ("-1", "out of range"), ("2.5", "not a whole number"), ("null", "found null")]
    for (value, problem) in cases {
      assertPolicyRejected(
        #"{"version": 1, "popups": {"maxPerMinute": \#(value)}}"#, at: "popups.maxPerMinute", saying: problem)
    }
  }

  func test_aWaitStep_decodes_andMustBeAWholeNumberFromZero() throws {
    let scenario = try decodeScenario(#"{"steps": [{"wait": 0}, {"in": "main", "wait": 250}]}"#)
    XCTAssertEqual(scenario.steps.map(\.event), [.wait(milliseconds: 0), .wait(milliseconds: 250)])
    for (value, problem) in [("-1", "out of range"), ("1.5", "whole number"), ("true", "expected a number")] {
      do {
        _ = try decodeScenario(#"{"steps": [{"load": "https://site.example/"}, {"wait": \#(value)}]}"#)
        XCTFail("accepted wait \(value)")
      } catch let error as ConfigurationError {
        XCTAssertEqual(error.path, "steps[1].wait", "\(error)")
        XCTAssertTrue(error.problem.contains(problem), "\(error)")
      }
    }
  }

  func test_aWaitStep_takesNoModifiers() {
    XCTAssertThrowsError(try decodeScenario(#"{"steps": [{"wait": 5, "gesture": true}]}"#)) { error in
      XCTAssertEqual((error as? ConfigurationError)?.path, "steps[0].gesture")
    }
  }

  func test_timedOut_isAFieldAnExpectMayName() throws {
    XCTAssertNoThrow(try decodeScenario(#"{"steps": [{"wait": 5, "expect": {"timedOut": ["main.1"]}}]}"#))
  }
}
