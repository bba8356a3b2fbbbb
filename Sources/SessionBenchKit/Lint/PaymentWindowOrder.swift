import SessionKit

/// The `payment-windows-sent-out` check: a rule that sends Google Pay or sign-in windows out of the app before a
/// later rule that would keep them in is reached — `"include": ["ad-clicks", "google-pay"]`, the order the docs
/// warn about, or an app rule that sends every cross-site window to Safari ahead of `google-pay`.
///
/// The check judges the windows themselves rather than comparing conditions: for each host of the `google-pay`
/// preset, a `window.open` and a `_blank` link from a merchant page, and a blank popup's first load there. When
/// the rule that decides one sends it out and, were that rule skipped, a later rule (not the default) would
/// keep it in the app, the earlier rule is reported at its path.
struct PaymentWindowOrder {
  /// One window the check judges.
  struct Window {
    var url: String
    /// How a reader would recognise the request in the message.
    var label: String
    var type: NavigationType
    var target: NavigationTarget
    var firstLoad: Bool
  }

  let rules: [PolicyLint.PlacedRule]

  /// The merchant page the windows open from: another site than Google's.
  static let merchant = "https://merchant.example/checkout"

  /// The windows judged: the `google-pay` preset's hosts, each opened three ways.
  static let windows: [Window] = {
    let hosts = ((try? PolicyPreset.googlePay.rules()) ?? []).flatMap { rule in
      (rule.match.hosts ?? []).compactMap { pattern -> String? in
        if case .exact(let host) = pattern { host } else { nil }
      }
    }
    var seen = Set<String>()
    return hosts.filter { seen.insert($0).inserted }.flatMap { host in
      let url = "https://\(host)/"
      return [
        Window(url: url, label: "window.open(\"\(url)\")", type: .other, target: .newWindow, firstLoad: false),
        Window(url: url, label: "a _blank link to \(url)", type: .linkActivated, target: .newWindow, firstLoad: false),
        Window(url: url, label: "a blank popup sent to \(url)", type: .other, target: .mainFrame, firstLoad: true),
      ]
    }
  }()

  /// One finding per path (an own rule, or the `include` entry of a preset) that sends some of the windows out
  /// too early, in rule order.
  func findings() -> [LintFinding] {
    var suffixes: [Int: CompiledPolicy] = [:]
    // Per path: the first rule there that sends a window out, the rule that would have kept it in, and how many.
    var early: [String: (sender: Int, keeper: Int, window: Window, count: Int)] = [:]
    for window in Self.windows {
      guard let sender = decidingRule(window, from: 0, &suffixes), Self.sendsOut(rules[sender].rule.action) else {
        continue
      }
      var next = sender + 1
      while let candidate = decidingRule(window, from: next, &suffixes) {
        let action = rules[candidate].rule.action
        if Self.keepsIn(action) {
          let path = rules[sender].path
          if let found = early[path] {
            early[path] =
              found.sender <= sender
              ? (found.sender, found.keeper, found.window, found.count + 1)
              : (sender, candidate, window, found.count + 1)
          } else {
            early[path] = (sender, candidate, window, 1)
          }
          break
        }
        guard Self.sendsOut(action) else { break }
        next = candidate + 1
      }
    }
    return early.values.sorted { $0.sender < $1.sender }.map { found in
      let placed = rules[found.sender]
      let kept = rules[found.keeper]
      let via = if case .external(.system) = placed.rule.action { "the system" } else { "Safari" }
      let who = placed.isOwn ? JSONValue.quoted(placed.rule.name) : JSONValue.quoted(Self.preset(of: placed.rule.name))
      let more = found.count > 1 ? " and \(found.count - 1) more Google Pay and sign-in windows" : ""
      let fix =
        placed.isOwn
        ? "narrow this rule so that it leaves them to \(JSONValue.quoted(kept.rule.name))"
        : kept.isOwn
          ? "move the rule that keeps them in before it"
          : "list \(JSONValue.quoted(Self.preset(of: kept.rule.name))) before \(who) in include"
      return LintFinding(
        level: .warning, path: placed.path, code: .paymentWindowsSentOut,
        message: "\(who) sends \(found.window.label)\(more) to \(via) (rule \(JSONValue.quoted(placed.rule.name))) "
          + "before \(kept.label) can keep them in the app; \(fix)")
    }
  }

  /// The index of the first rule from `start` on that decides `window`, or `nil` when none does.
  private func decidingRule(_ window: Window, from start: Int, _ suffixes: inout [Int: CompiledPolicy]) -> Int? {
    guard start < rules.count else { return nil }
    let policy: CompiledPolicy
    if let cached = suffixes[start] {
      policy = cached
    } else {
      guard
        let compiled = try? CompiledPolicy(
          PolicyConfiguration(rules: rules[start...].map(\.rule), defaultAction: .cancel))
      else { return nil }
      suffixes[start] = compiled
      policy = compiled
    }
    let context = PolicyContext(currentURL: try? WebAddress(Self.merchant), isBlankPopup: window.firstLoad)
    let source = FrameInfo(isMainFrame: true, url: Self.merchant)
    let target: FrameInfo? =
      window.target == .newWindow ? nil : FrameInfo(isMainFrame: true, url: "about:blank")
    let action = NavigationAction(
      requestURL: window.url, sourceFrame: source, targetFrame: target, navigationType: window.type,
      isUserGesture: true)
    guard case .rule(_, let index) = policy.evaluate(action, in: context).trace.source else { return nil }
    return start + index
  }

  private static func sendsOut(_ action: PolicyAction) -> Bool {
    if case .external = action { true } else { false }
  }

  /// Actions under which the window opens (or loads) in the app.
  private static func keepsIn(_ action: PolicyAction) -> Bool {
    switch action {
    case .allow, .popup, .ask: true
    case .cancel, .download, .sameView, .external, .finish: false
    }
  }

  /// `ad-clicks` for `ad-clicks/cross-site-new-window`.
  private static func preset(of ruleName: String) -> String {
    String(ruleName.prefix { $0 != "/" })
  }
}
