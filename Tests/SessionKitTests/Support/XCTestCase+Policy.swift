import XCTest

@testable import SessionKit

extension XCTestCase {
  /// Decodes and compiles policy JSON, failing the test (and throwing) when it is rejected.
  func compiledPolicy(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> CompiledPolicy {
    do {
      return try CompiledPolicy(json: Array(json.utf8))
    } catch {
      XCTFail("policy rejected: \(error)", file: file, line: line)
      throw error
    }
  }

  /// Compiles a policy made of these rules (JSON text each) and extra top-level members.
  func compiledPolicy(
    rules: [String], extra: String? = nil, file: StaticString = #filePath, line: UInt = #line
  ) throws -> CompiledPolicy {
    try compiledPolicy(policyJSON(rules: rules, extra: extra), file: file, line: line)
  }

  /// Asserts that policy JSON is rejected with an error at exactly `path` whose problem contains `fragment`.
  func assertPolicyRejected(
    _ json: String, at path: String, saying fragment: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      _ = try CompiledPolicy(json: Array(json.utf8))
      XCTFail("policy accepted, expected an error at \(path.debugDescription): \(json)", file: file, line: line)
    } catch {
      XCTAssertEqual(error.path, path, "wrong path in \(error)", file: file, line: line)
      XCTAssertTrue(
        error.problem.contains(fragment),
        "problem \(error.problem.debugDescription) does not contain \(fragment.debugDescription)",
        file: file, line: line)
    }
  }

  /// Asserts that a policy made of one rule whose `match` is `match` (JSON text) is rejected at `path`.
  func assertMatchRejected(
    _ match: String, at path: String, saying fragment: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", match: match)]), at: path, saying: fragment, file: file, line: line)
  }

  /// Parses a URL that the test knows is valid.
  func address(_ string: String, file: StaticString = #filePath, line: UInt = #line) throws -> WebAddress {
    do {
      return try WebAddress(string)
    } catch {
      XCTFail("cannot parse \(string.debugDescription): \(error)", file: file, line: line)
      throw error
    }
  }

  /// The policy context of a session.
  func policyContext(_ session: PolicyTestSession) throws -> PolicyContext {
    switch session {
    case .showing(let url): PolicyContext(currentURL: try address(url))
    case .fresh: .none
    case .blankPopup(let opener): PolicyContext(currentURL: try address(opener), isBlankPopup: true)
    }
  }

  /// The navigation action WebKit would report for `url`, requested from a session showing `session`.
  func navigationAction(
    _ url: String, type: NavigationType = .linkActivated, target: NavigationTarget = .mainFrame,
    gesture: Bool = true, from session: PolicyTestSession = .showing("https://example.com/")
  ) -> NavigationAction {
    let current: String
    switch session {
    case .showing(let url): current = url
    case .fresh, .blankPopup: current = "about:blank"
    }
    let mainFrame = FrameInfo(isMainFrame: true, url: current)
    let targetFrame: FrameInfo?
    switch target {
    case .newWindow: targetFrame = nil
    case .mainFrame: targetFrame = mainFrame
    case .subframe: targetFrame = FrameInfo(isMainFrame: false, url: "https://frame.example/slot")
    }
    return NavigationAction(
      requestURL: url, sourceFrame: mainFrame, targetFrame: targetFrame, navigationType: type,
      isUserGesture: gesture)
  }

  /// Evaluates a navigation to `url` as WebKit would report it, requested from a session showing `session`.
  func decide(
    _ policy: CompiledPolicy, _ url: String, type: NavigationType = .linkActivated,
    target: NavigationTarget = .mainFrame, gesture: Bool = true,
    from session: PolicyTestSession = .showing("https://example.com/")
  ) throws -> PolicyDecision {
    let action = navigationAction(url, type: type, target: target, gesture: gesture, from: session)
    return policy.evaluate(action, in: try policyContext(session))
  }

  /// Whether a one-rule policy with `match` (JSON text) matches the navigation (its rule decides rather than
  /// the default).
  func ruleMatches(
    _ match: String, _ url: String, type: NavigationType = .linkActivated, target: NavigationTarget = .mainFrame,
    gesture: Bool = true, from session: PolicyTestSession = .showing("https://example.com/"),
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> Bool {
    let policy = try compiledPolicy(
      rules: [ruleJSON("rule", match: match, action: "\"cancel\"")], extra: "\"default\": \"allow\"",
      file: file, line: line)
    let decision = try decide(policy, url, type: type, target: target, gesture: gesture, from: session)
    return decision.trace.rule == "rule"
  }
}
