import SessionKit

/// Records what reaches the engine through a ``WebSessionCoordinator`` — each `decidePolicyFor`,
/// `createWebViewWith`, `webViewDidClose` and close-button tap, with the answer given — as a scenario file that
/// `session-bench replay` runs: a bug seen on a device becomes a test. Apps set one as a coordinator's
/// ``WebSessionCoordinator/recorder`` (in a debug build, or behind a support switch) while a bug is reproduced.
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
/// a decision started (a popup's first load, a `sameView` load, the opener's load of a popup finished with
/// `{"finish": "opener"}`) belong to the step that caused them: the replay's engine starts them again itself.
/// Time that passes between steps, on the clock given to ``init(name:policy:deciders:redact:clock:minimumWait:)``
/// (the engine's), becomes a `wait` step, so that blank timeouts and the popup rate limit fall due in the
/// replay as they did on the device; time spent inside a step (a decider thinking) is the replay's own, from
/// the `deciders` declared. What WebKit does not tell a delegate is not recorded: a window's name (the step
/// names the session instead), `noopener`, whether a main-frame load came from the app or from a script (both
/// are `load`s). A page's iframe loads after its commit and a request's redirect hops (a main-frame decision of
/// the same type before the commit) belong to the step that caused them, and the recording declares the `pages`
/// and `redirects` they showed (a hop's status as 302, 303 or 307, from whether it kept a POST); a back or
/// forward that reached no delegate (within one document, or over iframe entries a reload collapsed) is a step
/// with no callback, written when the list is next read. A subframe navigation of type `other` at another time
/// (a script's in an iframe) is listed in ``unrecorded``, as is a link or form a script clicked or submitted with
/// no finger on the web view (the format's `click` and `submit` are the user's).
/// A `window.open`'s gesture is written as the coordinator judged it: with
/// `javaScriptCanOpenWindowsAutomatically` on, WebKit does not report it, so it is whether a finger touched the web
/// view just before (or what the app said, ``WebSessionCoordinator/newWindowGesture``), and the recording then
/// sets that setting so that the replay's popup gate lets the `open` through as WebKit did.
///
/// The recorder lives on the main actor, where the coordinator reports to it.
@MainActor
public final class ScenarioRecorder {
  /// What to strip from the URLs of a recording: apps choose it when they make the recorder.
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
  package let name: String
  /// What the URLs lose.
  package let redaction: Redaction
  /// Page events that could not be written as a scenario step (a subframe navigation of type `other` that is no
  /// iframe load of a page that just committed), as
  /// `SESSION: URL (why)`; they are left out of the steps.
  public private(set) var unrecorded: [String] = []

  private let policy: JSONValue
  private let deciders: JSONValue?
  private var steps: [Step] = []
  /// Sessions whose next `decidePolicyFor` is a load the current step caused.
  private var followUps: Set<SessionID> = []
  /// The popups the app created: a step of their own that loads without a gesture is a script's.
  private var popups: Set<SessionID> = []
  /// A session whose next `createWebViewWith` follows its allowed new-window `decidePolicyFor`.
  private var pendingWindow: SessionID?
  private var opensWithoutGesture = false
  /// The pages whose iframes loaded, with each iframe's `src` in the order they were asked (the scenario's
  /// `pages`).
  private var pages: [(page: String, frames: [String])] = []
  /// The server redirects seen as hops (the scenario's `redirects`).
  private var redirects: [(from: String, to: String, status: Int)] = []
  /// Each session's main-frame request allowed and not committed yet: a next main-frame decision of its type is a
  /// redirect hop of it.
  private var loading: [SessionID: (url: String, type: NavigationType, method: String)] = [:]
  /// Each session's page that committed in the current step, until it finished: its iframes' loads follow.
  /// `declares` is whether this commit declares the page's iframes (its first in the recording): each `other`
  /// load is then the next iframe in document order, by position (two iframes may share a `src`).
  private var framesLoading: [SessionID: (page: String, declares: Bool)] = [:]
  /// The time on the recorder's clock since it was made.
  private let elapsed: () -> Duration
  /// The shortest gap between steps that becomes a `wait` step.
  private let minimumWait: Duration
  /// When the last callback was answered; `nil` before the first step.
  private var lastAnswer: Duration?

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
  ///   - clock: the clock the gaps between steps are measured on and written as `wait` steps: the continuous
  ///     clock, which an app's engine runs on (a test that drives an engine on a clock of its own passes that).
  ///   - minimumWait: the shortest gap between two steps that is written as a `wait` (whole milliseconds,
  ///     rounded down, so a timeout that was not yet due on the device is not due in the replay either).
  ///     Raise it for a quieter file when the policy sets no `blankTimeoutMs` or `maxPerMinute`.
  /// - Throws: `ConfigurationError` when `policy` or `deciders` is not JSON.
  public init(
    name: String, policy: some Collection<UInt8>, deciders: String? = nil, redact: Redaction = .none,
    clock: any Clock<Duration> = ContinuousClock(), minimumWait: Duration = .milliseconds(1)
  ) throws(ConfigurationError) {
    self.name = name
    self.policy = try JSONValue(parsing: policy)
    // Not `Optional.map` with a typed-throws closure: standard libraries before Swift 6.0 (the iOS 17 SDK's) rethrow
    // `any Error` from it.
    if let deciders {
      self.deciders = try JSONValue(parsing: deciders)
    } else {
      self.deciders = nil
    }
    self.redaction = redact
    self.elapsed = Self.elapsedTime(on: clock)
    self.minimumWait = max(minimumWait, .milliseconds(1))
  }

  private static func elapsedTime<C: Clock>(on clock: C) -> () -> Duration where C.Duration == Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// The time on the recorder's clock; the coordinator reads it when a callback arrives, before the engine
  /// answers.
  var now: Duration { elapsed() }

  /// The recording as a scenario.
  package var scenario: JSONValue {
    var members: [(key: String, value: JSONValue)] = [("name", .string(name)), ("policy", policy)]
    if opensWithoutGesture {
      members.append(("settings", .object([("javaScriptCanOpenWindowsAutomatically", .bool(true))])))
    }
    if let deciders { members.append(("deciders", deciders)) }
    if !pages.isEmpty {
      let declared = pages.map { page in
        (page.page, JSONValue.object([("frames", .array(page.frames.map { .string($0) }))]))
      }
      members.append(("pages", .object(declared)))
    }
    if !servedSchemes.isEmpty {
      // A page committed at these schemes, which WebKit does not load itself: the app serves them.
      members.append(("schemes", .array(servedSchemes.map { .string($0) })))
    }
    if !redirects.isEmpty {
      let declared = redirects.map { redirect in
        (redirect.from, JSONValue.object([("to", .string(redirect.to)), ("status", .number(Double(redirect.status)))]))
      }
      members.append(("redirects", .object(declared)))
    }
    let steps = steps.map { step in
      JSONValue.object(step.members + [("expect", .object([("callbacks", .array(step.callbacks))]))])
    }
    members.append(("steps", .array(steps)))
    return .object(members)
  }

  /// The scenario file's text.
  public var json: String { scenario.serialized }

  /// By session, the `src` of the iframe each URL an iframe showed was shown in (an iframe's own URL is its `src`).
  private var frameSources: [SessionID: [String: String]] = [:]

  /// The schemes of the pages that committed although WebKit does not load them itself, in the order seen: the
  /// app serves them (`WKURLSchemeHandler`), and the recording says so (`schemes`), since a replay would otherwise
  /// fail those loads as WebKit fails a scheme nobody serves.
  private var servedSchemes: [String] = []

  /// The scheme of `url` when WebKit does not load it itself (``WebKitSchemes/loaded``); `nil` for those and for
  /// text that is no URL.
  nonisolated static func servedScheme(of url: String) -> String? {
    guard let scheme = (try? WebAddress(url))?.scheme, !WebKitSchemes.loaded.contains(scheme) else { return nil }
    return scheme
  }

  // MARK: - What the coordinator reports

  /// A `decidePolicyFor` that arrived at `arrival` (`now`) and WebKit's answer; `isBack` tells a back from a
  /// forward traversal.
  func decided(
    _ action: NavigationAction, in session: SessionID, decision: NavigationDecision, answer: String, isBack: Bool,
    arrival: Duration
  ) {
    let target = action.targetFrame.map { $0.isMainFrame ? "main" : "sub" } ?? "none"
    let callback = Self.callback(
      "decidePolicyFor", session, type: action.navigationType, target: target, answer: answer)
    defer {
      // An allowed `download` link becomes a download, never a load: the next decision is no redirect hop of it.
      if target == "main" {
        loading[session] =
          answer == "allow" && !action.shouldPerformDownload
          ? (action.requestURL, action.navigationType, action.httpMethod.uppercased()) : nil
      }
    }
    if target == "main", let request = loading[session], request.type == action.navigationType, !steps.isEmpty {
      // A redirect hop: the server answered the request with a redirect to this URL.
      let method = action.httpMethod.uppercased()
      let status = request.method == "POST" ? (method == "POST" ? 307 : 303) : 302
      let from = Self.withoutFragment(redacted(request.url))
      if !redirects.contains(where: { $0.from == from }) {
        redirects.append((from, redacted(action.requestURL), status))
      }
      append(callback)
      return
    }
    if target == "sub", answer == "allow" {
      // Which iframe (by `src`) shows the URL it goes to: the one it navigates from; for an iframe's load into a
      // fresh page (from about:blank), the one already known to have shown that URL, else the URL itself (its
      // `src`).
      let from = redacted(action.targetFrame?.requestURL ?? "")
      let to = redacted(action.requestURL)
      let isFresh = from.isEmpty || from == "about:blank"
      let src = (isFresh ? nil : frameSources[session]?[from]) ?? frameSources[session]?[to] ?? (isFresh ? to : from)
      frameSources[session, default: [:]][to] = src
    }
    if target == "sub", let loading = framesLoading[session],
      action.navigationType == .other || action.navigationType == .backForward
    {
      // The committed page's iframes: its declared `pages`, asked again by the replay.
      if action.navigationType == .other, loading.declares {
        let src = redacted(action.requestURL)
        if let index = pages.firstIndex(where: { $0.page == loading.page }) {
          pages[index].frames.append(src)
        } else {
          pages.append((loading.page, [src]))
        }
      }
      append(callback)
      return
    }
    let isScripted =
      (action.navigationType == .linkActivated || action.navigationType == .formSubmitted) && !action.isUserGesture
    if followUps.remove(session) != nil, target == "main" {
      append(callback)
    } else if isScripted {
      // A script's `a.click()` or `form.submit()` (no finger on the web view): a `click` or `submit` step would
      // replay as the user's, which it was not, and the format has no scripted click.
      unrecorded.append("\(session): \(action.requestURL) (a scripted \(action.navigationType), no user gesture)")
      return
    } else if let event = event(for: action, in: session, target: target, isBack: isBack) {
      begin(session, event, at: arrival)
      append(callback)
    } else {
      unrecorded.append("\(session): \(action.requestURL) (a subframe navigation of type \(action.navigationType))")
      return
    }
    if target == "none", answer == "allow" { pendingWindow = session }
    switch decision.outcome {
    // The engine loads these itself (the coordinator calls `load(_:)`); the replay's engine will again.
    case .loadInstead(_, let opener), .finished(_, .opener, let opener?): followUps.insert(opener)
    default: break
    }
  }

  /// A `createWebViewWith` that arrived at `arrival` (`now`), the engine's admission and the popup returned
  /// (`nil` when none).
  func admitted(
    _ action: NavigationAction, in session: SessionID, outcome: NavigationOutcome, popup: SessionID?,
    arrival: Duration
  ) {
    if pendingWindow != session {
      var event: [(key: String, value: JSONValue)] = [
        ("open", action.requestURL.isEmpty ? .null : .string(redacted(action.requestURL)))
      ]
      if action.isUserGesture {
        event.append(("gesture", .bool(true)))
      } else {
        opensWithoutGesture = true
      }
      begin(session, event, at: arrival)
    }
    pendingWindow = nil
    append(
      Self.callback(
        "createWebViewWith", session, type: action.navigationType, target: "none", answer: popup?.rawValue ?? "nil"))
    if let popup { popups.insert(popup) }
    if let popup, !action.requestURL.isEmpty { followUps.insert(popup) }
    if case .loadInstead(_, let opener) = outcome { followUps.insert(opener) }
  }

  /// A main-frame commit in `session` of `url`: the request it allowed is no longer loading, and the page's
  /// iframes are asked next.
  func committed(_ session: SessionID, url: String) {
    loading[session] = nil
    if let scheme = Self.servedScheme(of: url), !servedSchemes.contains(scheme) { servedSchemes.append(scheme) }
    let page = Self.withoutFragment(redacted(url))
    framesLoading[session] = (page, !pages.contains { $0.page == page })
  }

  /// The page of `session` finished loading: a later subframe decision in it (an ad refreshing itself) is no
  /// load of one of its iframes.
  func finished(_ session: SessionID) {
    framesLoading[session] = nil
  }

  /// The main-frame load `session` allowed ended without a commit (it failed, or became a download): the next
  /// main-frame decision is a new request, not a redirect hop of it.
  func loadEnded(_ session: SessionID) {
    loading[session] = nil
  }

  /// The back-forward list of `session` changed without a delegate call (a same-document navigation, an
  /// iframe's entry): no request of it is loading any more.
  func listChanged(_ session: SessionID) {
    loading[session] = nil
  }

  /// The back-forward list of `session` moved by `offset` with no delegate call (between entries of one
  /// document, or over iframe entries a reload collapsed): one `back` or `forward` step each, with no callback.
  func moved(_ session: SessionID, offset: Int) {
    for _ in 0..<abs(offset) {
      begin(session, [(offset < 0 ? "back" : "forward", .bool(true))], at: now)
    }
  }

  /// `webViewDidClose` (the page called `window.close()`).
  func closed(_ session: SessionID) {
    begin(session, [("close", .bool(true))], at: now)
    append(.object([("callback", .string("webViewDidClose")), ("session", .string(session.rawValue))]))
  }

  /// The user tapped a popup's close button.
  func dismissed(_ session: SessionID) {
    begin(session, [("dismiss", .bool(true))], at: now)
  }

  // MARK: - Steps

  /// Starts a step for a page event whose first callback arrived at `arrival`, after a `wait` step for the time
  /// since the last answer.
  private func begin(_ session: SessionID, _ event: [(key: String, value: JSONValue)], at arrival: Duration) {
    followUps = []
    pendingWindow = nil
    framesLoading = [:]
    if let lastAnswer, arrival - lastAnswer >= minimumWait {
      let (seconds, attoseconds) = (arrival - lastAnswer).components
      let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
      steps.append(Step(members: [("wait", .number(Double(milliseconds)))]))
    }
    lastAnswer = arrival
    var members = event
    if session.rawValue != "main" { members.insert(("in", .string(session.rawValue)), at: 0) }
    steps.append(Step(members: members))
  }

  private func append(_ callback: JSONValue) {
    guard !steps.isEmpty else { return }
    steps[steps.count - 1].callbacks.append(callback)
    lastAnswer = now
  }

  /// The page event a `decidePolicyFor` in `session` that starts a step stands for. A link or form in an iframe
  /// names the iframe by its `src`, as a scenario does: the `src` of the iframe that showed the source frame's URL.
  private func event(
    for action: NavigationAction, in session: SessionID, target: String, isBack: Bool
  ) -> [(key: String, value: JSONValue)]? {
    let url = JSONValue.string(redacted(action.requestURL))
    let shown = redacted(action.sourceFrame.requestURL)
    let frame: [(key: String, value: JSONValue)] =
      action.sourceFrame.isMainFrame ? [] : [("frame", .string(frameSources[session]?[shown] ?? shown))]
    let newWindow: [(key: String, value: JSONValue)] = target == "none" ? [("target", .string("_blank"))] : []
    switch action.navigationType {
    case .linkActivated:
      // A link with a `download` attribute (WebKit sets `shouldPerformDownload` only for one to its own origin).
      let download: [(key: String, value: JSONValue)] = action.shouldPerformDownload ? [("download", .bool(true))] : []
      return [("click", url)] + newWindow + frame + download
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
      guard target == "main" else { return nil }
      // The app's own load, or a script's `location`: WebKit reports both alike. In a popup it is a script's (the
      // loads the engine asks the app for belong to the step that asked); the difference shows in a window that has
      // shown only about:blank, whose entry a script's navigation replaces and an app's load does not.
      return popups.contains(session) ? [("assign", url)] : [("load", url)]
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

  /// `url` without its fragment (the key of `pages` and `redirects`).
  private static func withoutFragment(_ url: String) -> String {
    url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
  }

  /// `url` without what ``redaction`` strips.
  func redacted(_ url: String) -> String {
    Self.redact(url, redaction)
  }

  /// `url` without its query and fragment (`.queries`), or reduced to its scheme, host and port (`.paths`).
  package nonisolated static func redact(_ url: String, _ redaction: Redaction) -> String {
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
