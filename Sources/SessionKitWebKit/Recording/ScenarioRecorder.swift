import SessionKit

/// Records what reaches the engine through a ``WebSessionCoordinator`` — each `decidePolicyFor`,
/// `createWebViewWith`, `webViewDidClose` and close-button tap, with the answer given — as a scenario file that
/// `session-bench replay` runs: a bug seen on a device becomes a test.
///
/// ```swift
/// let recorder = try ScenarioRecorder(name: "checkout on device", policy: policyData, redact: .queries)
/// coordinator.recorder = recorder
/// // … the user reproduces the bug …
/// try recorder.json.write(to: fileURL, atomically: true, encoding: .utf8)
/// ```
///
/// Each page event becomes a step (`click`, `submit`, `open`, `load`, `back`, `forward`, `reload`, `close`,
/// `dismiss`) in the session it happened in, and the callbacks it caused, with WebKit's answers, become the
/// step's `expect` (`callbacks`), so a replay fails where the engine would now answer otherwise. The loads
/// a decision started (a popup's first load, a `sameView` load in the opener) belong to the step that caused
/// them. What WebKit does not tell a delegate is not recorded: a window's name (the step names the session
/// instead), `noopener`, whether a main-frame load came from the app or from a script (both are `load`s).
///
/// The recorder lives on the main actor, where the coordinator reports to it.
@MainActor
public final class ScenarioRecorder {
  /// What to strip from the URLs of a recording.
  public enum Redaction: Sendable, Hashable {
    /// Nothing: URLs as WebKit gave them.
    case none
    /// Query strings and fragments (tokens, e-mail addresses). Policies never match on them, so the answers
    /// replay unchanged.
    case queries
    /// Paths too: only the scheme, host and port stay (`https://shop.example/`). Rules with `paths` may then
    /// decide otherwise on replay.
    case paths
  }

  /// The scenario's `name`.
  public let name: String
  /// What the URLs lose.
  public let redaction: Redaction
  /// Page events that could not be written as a scenario step (a subframe navigation of type `other`), as
  /// `SESSION: URL (why)`; they are left out of the steps.
  public private(set) var unrecorded: [String] = []

  private let policy: JSONValue
  private let deciders: JSONValue?
  private var steps: [Step] = []
  /// Sessions whose next `decidePolicyFor` is a load the current step caused.
  private var followUps: Set<SessionID> = []
  /// A session whose next `createWebViewWith` follows its allowed new-window `decidePolicyFor`.
  private var pendingWindow: SessionID?
  private var opensWithoutGesture = false

  private struct Step {
    var members: [(key: String, value: JSONValue)]
    var callbacks: [JSONValue] = []
  }

  /// A recorder for an app deciding with the policy file `policy`.
  /// - Parameters:
  ///   - name: the scenario's name.
  ///   - policy: the policy JSON the app's engine was made with (written into the scenario).
  ///   - deciders: the scenario `deciders` object (`{"confirm": {"answer": "allow", "delayMs": 5}}`) declaring,
  ///     for each decider the policy asks, the answer replay should give; `nil` when the policy asks none.
  ///   - redact: what to strip from URLs.
  /// - Throws: `ConfigurationError` when `policy` or `deciders` is not JSON.
  public init(
    name: String, policy: some Collection<UInt8>, deciders: String? = nil, redact: Redaction = .none
  ) throws(ConfigurationError) {
    self.name = name
    self.policy = try JSONValue(parsing: policy)
    self.deciders = try deciders.map { (text) throws(ConfigurationError) in try JSONValue(parsing: text) }
    self.redaction = redact
  }

  /// The recording as a scenario.
  public var scenario: JSONValue {
    var members: [(key: String, value: JSONValue)] = [("name", .string(name)), ("policy", policy)]
    if opensWithoutGesture {
      members.append(("settings", .object([("javaScriptCanOpenWindowsAutomatically", .bool(true))])))
    }
    if let deciders { members.append(("deciders", deciders)) }
    let steps = steps.map { step in
      JSONValue.object(step.members + [("expect", .object([("callbacks", .array(step.callbacks))]))])
    }
    members.append(("steps", .array(steps)))
    return .object(members)
  }

  /// The scenario file's text.
  public var json: String { scenario.serialized }

  // MARK: - What the coordinator reports

  /// A `decidePolicyFor` and WebKit's answer; `isBack` tells a back from a forward traversal.
  func decided(
    _ action: NavigationAction, in session: SessionID, decision: NavigationDecision, answer: String, isBack: Bool
  ) {
    let target = action.targetFrame.map { $0.isMainFrame ? "main" : "sub" } ?? "none"
    let callback = Self.callback(
      "decidePolicyFor", session, type: action.navigationType, target: target, answer: answer)
    if followUps.remove(session) != nil, target == "main" {
      append(callback)
    } else if let event = event(for: action, target: target, isBack: isBack) {
      begin(session, event)
      append(callback)
    } else {
      unrecorded.append("\(session): \(action.requestURL) (a subframe navigation of type \(action.navigationType))")
      return
    }
    if target == "none", answer == "allow" { pendingWindow = session }
    if case .loadInstead(_, let opener) = decision.outcome { followUps.insert(opener) }
  }

  /// A `createWebViewWith`, the engine's admission and the popup returned (`nil` when none).
  func admitted(_ action: NavigationAction, in session: SessionID, outcome: NavigationOutcome, popup: SessionID?) {
    if pendingWindow != session {
      var event: [(key: String, value: JSONValue)] = [
        ("open", action.requestURL.isEmpty ? .null : .string(redacted(action.requestURL)))
      ]
      if action.isUserGesture {
        event.append(("gesture", .bool(true)))
      } else {
        opensWithoutGesture = true
      }
      begin(session, event)
    }
    pendingWindow = nil
    append(
      Self.callback(
        "createWebViewWith", session, type: action.navigationType, target: "none", answer: popup?.rawValue ?? "nil"))
    if let popup, !action.requestURL.isEmpty { followUps.insert(popup) }
    if case .loadInstead(_, let opener) = outcome { followUps.insert(opener) }
  }

  /// `webViewDidClose` (the page called `window.close()`).
  func closed(_ session: SessionID) {
    begin(session, [("close", .bool(true))])
    append(.object([("callback", .string("webViewDidClose")), ("session", .string(session.rawValue))]))
  }

  /// The user tapped a popup's close button.
  func dismissed(_ session: SessionID) {
    begin(session, [("dismiss", .bool(true))])
  }

  // MARK: - Steps

  private func begin(_ session: SessionID, _ event: [(key: String, value: JSONValue)]) {
    followUps = []
    pendingWindow = nil
    var members = event
    if session.rawValue != "main" { members.insert(("in", .string(session.rawValue)), at: 0) }
    steps.append(Step(members: members))
  }

  private func append(_ callback: JSONValue) {
    guard !steps.isEmpty else { return }
    steps[steps.count - 1].callbacks.append(callback)
  }

  /// The page event a `decidePolicyFor` that starts a step stands for.
  private func event(
    for action: NavigationAction, target: String, isBack: Bool
  ) -> [(key: String, value: JSONValue)]? {
    let url = JSONValue.string(redacted(action.requestURL))
    let frame: [(key: String, value: JSONValue)] =
      action.sourceFrame.isMainFrame ? [] : [("frame", .string(redacted(action.sourceFrame.requestURL)))]
    let newWindow: [(key: String, value: JSONValue)] = target == "none" ? [("target", .string("_blank"))] : []
    switch action.navigationType {
    case .linkActivated:
      return [("click", url)] + newWindow + frame
    case .formSubmitted:
      let method: [(key: String, value: JSONValue)] =
        action.httpMethod.uppercased() == "POST" ? [("method", .string("post"))] : []
      return [("submit", url)] + newWindow + method + frame
    case .backForward:
      return [(isBack ? "back" : "forward", .bool(true))]
    case .reload, .formResubmitted:
      return [("reload", .bool(true))]
    case .other:
      if target == "none" { return [("open", url), ("gesture", .bool(action.isUserGesture))] }
      return target == "main" ? [("load", url)] : nil
    }
  }

  private static func callback(
    _ name: String, _ session: SessionID, type: NavigationType, target: String? = nil, answer: String
  ) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("callback", .string(name)), ("session", .string(session.rawValue)), ("navigationType", .string(type.name)),
    ]
    if let target { members.append(("targetFrame", .string(target))) }
    members.append(("answer", .string(answer)))
    return .object(members)
  }

  /// `url` without what ``redaction`` strips.
  func redacted(_ url: String) -> String {
    Self.redact(url, redaction)
  }

  /// `url` without its query and fragment (`.queries`), or reduced to its scheme, host and port (`.paths`).
  public nonisolated static func redact(_ url: String, _ redaction: Redaction) -> String {
    switch redaction {
    case .none:
      return url
    case .queries:
      return String(url.prefix { $0 != "?" && $0 != "#" })
    case .paths:
      guard let schemeEnd = url.range(of: "://") else {
        // An opaque URL (`tel:`, `mailto:`): only its scheme stays.
        return url.firstIndex(of: ":").map { String(url[...$0]) } ?? url
      }
      let rest = url[schemeEnd.upperBound...]
      let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
      return String(url[..<schemeEnd.upperBound]) + authority + "/"
    }
  }
}
