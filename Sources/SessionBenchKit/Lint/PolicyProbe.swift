import SessionKit

/// `session-bench lint --probe`: for every rule with `hosts` or `sites`, the decision for hostile spellings of
/// its hosts, so that a reviewer sees at a glance which rule decides `https://example.com.evil.net/`.
///
/// Each spelling is judged under the probed rule's own conditions — its scheme, a path it matches, its target,
/// navigation type, gesture, first load and cross-site condition — and compared with the true host judged the
/// same way: a rule with `"paths": ["/help/*"]` is probed at `/help/`, not at `/` where it never applies.
package struct PolicyProbe: Sendable {
  /// One spelling judged.
  package struct Line: Sendable, Hashable {
    /// The probed rule's path (`rules[0]`, `include[1]`).
    package var path: String
    /// The probed rule's name.
    package var rule: String
    /// The host of the rule the spelling imitates.
    package var host: String
    /// What kind of spelling: `true-host`, `suffix-extension`, `userinfo`, `path-at`, `backslash-at`,
    /// `case-and-trailing-dot`, `homograph`.
    package var spelling: String
    /// The URL judged.
    package var url: String
    /// The rule that decides it (`default` when none matches, `invalid-url` when it does not parse).
    package var decidedBy: String
    /// The action, in the policy file's spelling.
    package var action: String
    /// Whether the decision (rule and action) differs from the true host's.
    package var differsFromTrueHost: Bool
    /// Whether the line deserves a look: a hostile spelling (not the true host, nor its case-and-trailing-dot
    /// spelling) that a rule with `hosts` or `sites` decides with the true host's action — a host check an
    /// attacker's URL passes. Zero such lines unless a host or site rule is broader than its author thought.
    package var deservesALook = false

    /// A line for a terminal; one that deserves a look ends in `: decided as the true host`.
    package var text: String {
      "probe \(path) \(JSONValue.quoted(rule)) \(spelling): \(url) → \(decidedBy) (\(action))"
        + (deservesALook ? ": decided as the true host" : "")
    }

    /// One JSON object.
    package var json: String {
      "{\"probe\":\(JSONValue.quoted(path)),\"rule\":\(JSONValue.quoted(rule)),\"host\":\(JSONValue.quoted(host)),"
        + "\"spelling\":\(JSONValue.quoted(spelling)),\"url\":\(JSONValue.quoted(url)),"
        + "\"decidedBy\":\(JSONValue.quoted(decidedBy)),\"action\":\(JSONValue.quoted(action)),"
        + "\"differsFromTrueHost\":\(differsFromTrueHost),\"deservesALook\":\(deservesALook)}"
    }
  }

  /// The figures printed before the lines.
  package struct Summary: Sendable, Hashable {
    /// A rule whose true host, judged under the rule's own conditions, another rule (or the default) decides.
    package struct NotReached: Sendable, Hashable {
      /// The rule's path.
      package var path: String
      /// The rule's name.
      package var rule: String
      /// The true host's URL as judged.
      package var url: String
      /// What decides it instead.
      package var decidedBy: String
    }

    /// Rules with `hosts` or `sites`.
    package var rules = 0
    /// Hosts probed (a `*.domain` pattern as `www.domain`, a site as itself).
    package var hosts = 0
    /// Hostile spellings judged.
    package var spellings = 0
    /// Spellings whose decision (rule and action) differs from the true host's.
    package var differing = 0
    /// Spellings that deserve a look (``Line/deservesALook``): a host or site rule decides them as the true host.
    package var deserveALook = 0
    /// Spellings other than `case-and-trailing-dot` (the same host written otherwise) that the probed rule
    /// itself decides: a host check the spelling fools. Zero unless the matcher has a bug.
    package var matchedByTheRule = 0
    /// The true hosts that do not reach their rule, in rule order.
    package var notReached: [NotReached] = []

    /// The summary for a terminal: one line of figures, then one line per true host not reached.
    package var text: String { text(notReachedShown: notReached.count) }

    /// The summary for a terminal with at most `notReachedShown` lines of true hosts not reached, then, when
    /// some are left out, a line that counts them.
    package func text(notReachedShown: Int) -> String {
      var out =
        "probe: \(rules) rules, \(hosts) hosts, \(spellings) hostile spellings; \(deserveALook) decided by a host "
        + "or site rule as the true host (each listed); \(differing) decided otherwise than the true host, "
        + "\(spellings - differing) as it; \(matchedByTheRule) matched by the probed rule itself; "
        + "\(notReached.count) true hosts not reaching their rule\n"
      for miss in notReached.prefix(max(0, notReachedShown)) {
        out += "probe \(miss.path) \(JSONValue.quoted(miss.rule)) not reached: \(miss.url) → \(miss.decidedBy)\n"
      }
      if notReached.count > notReachedShown {
        out += "probe: \(notReached.count - max(0, notReachedShown)) more true hosts not reaching their rule\n"
      }
      return out
    }

    /// One JSON object.
    package var json: String {
      let misses = notReached.map {
        "{\"probe\":\(JSONValue.quoted($0.path)),\"rule\":\(JSONValue.quoted($0.rule)),"
          + "\"url\":\(JSONValue.quoted($0.url)),\"decidedBy\":\(JSONValue.quoted($0.decidedBy))}"
      }
      return "{\"probeSummary\":{\"rules\":\(rules),\"hosts\":\(hosts),\"spellings\":\(spellings),"
        + "\"differing\":\(differing),\"deserveALook\":\(deserveALook),\"matchedByTheRule\":\(matchedByTheRule),"
        + "\"notReached\":[\(misses.joined(separator: ","))]}}"
    }
  }

  /// The hostile spellings of `host` at `scheme` and `path`, each with its kind. The homograph swaps the first
  /// Latin letter that has a Cyrillic look-alike; a host without one has none.
  package static func spellings(
    of host: String, scheme: String = "https", path: String = "/"
  ) -> [(spelling: String, url: String)] {
    // After a host that an attacker controls the path is the attacker's: `/@host` plus the rule's path.
    let tail = path == "/" ? "" : path
    let port = scheme == "https" ? ":443" : scheme == "http" ? ":80" : ""
    var out: [(String, String)] = [
      ("suffix-extension", "\(scheme)://\(host).evil.net\(path)"),
      ("userinfo", "\(scheme)://\(host)@evil.net\(path)"),
      ("path-at", "\(scheme)://evil.net/@\(host)\(tail)"),
      ("backslash-at", "\(scheme)://evil.net\\@\(host)\(tail)"),
      ("case-and-trailing-dot", "\(scheme)://\(host.uppercased()).\(port)\(path)"),
    ]
    let lookAlikes: [Character: Character] = ["a": "а", "e": "е", "o": "о", "c": "с", "p": "р", "x": "х"]
    if let index = host.firstIndex(where: { lookAlikes[$0] != nil }) {
      var homograph = host
      homograph.replaceSubrange(index...index, with: String(lookAlikes[host[index]]!))
      out.append(("homograph", "\(scheme)://\(homograph)\(path)"))
    }
    return out
  }

  /// The situation a probed URL is judged in, chosen from the rule's own conditions.
  struct Shape: Sendable {
    var scheme: String
    var path: String
    var target: NavigationTarget
    var navigationType: NavigationType
    var userGesture: Bool
    /// The navigation is a popup's first load (`popupFirstLoad`).
    var firstLoad: Bool
    /// Judged from a page on the probed host itself rather than from `from` (`crossSite`/`crossOrigin` false).
    var fromOwnPage: Bool
  }

  private let lint: PolicyLint
  private let compiled: CompiledPolicy
  private let from: String

  /// Probes the policy a lint read, judging each spelling as a request the probed rule matches, from a page at
  /// `from` (or, for a rule that wants a same-site request, from the probed host's own page).
  package init(_ lint: PolicyLint, from: String = "https://app.example/") throws(ConfigurationError) {
    self.lint = lint
    self.compiled = try CompiledPolicy(lint.configuration)
    self.from = from
  }

  /// The summary of ``lines()``.
  package func summary() -> Summary { probe().summary }

  /// Every probe line, rule by rule: for each host, the true host first, then its hostile spellings.
  package func lines() -> [Line] { probe().lines }

  /// The summary and every line, judged once.
  package func probe() -> (summary: Summary, lines: [Line]) {
    var summary = Summary()
    var lines: [Line] = []
    for placed in lint.rules {
      let match = placed.rule.match
      var hosts: [String] = (match.hosts ?? []).map { pattern in
        switch pattern {
        case .exact(let host): host
        case .subdomains(let domain): "www." + domain
        }
      }
      hosts += match.sites ?? []
      guard !hosts.isEmpty else { continue }
      summary.rules += 1
      for host in hosts {
        summary.hosts += 1
        let (shape, truth) = reachingShape(of: placed.rule, host: host)
        let trueURL = Self.url(host: host, shape)
        let trueLine = line(placed, host, "true-host", trueURL, truth, differs: false)
        lines.append(trueLine)
        if truth.trace.source.name != placed.rule.name {
          summary.notReached.append(
            .init(path: placed.path, rule: placed.rule.name, url: trueURL, decidedBy: trueLine.decidedBy))
        }
        for (spelling, url) in Self.spellings(of: host, scheme: shape.scheme, path: shape.path) {
          let decision = judge(url, shape, host: host)
          let differs = decision.trace.source != truth.trace.source || decision.action != truth.action
          summary.spellings += 1
          if differs { summary.differing += 1 }
          let hostile = spelling != "case-and-trailing-dot"
          if hostile, decision.trace.source.name == placed.rule.name {
            summary.matchedByTheRule += 1
          }
          var probed = line(placed, host, spelling, url, decision, differs: differs)
          probed.deservesALook = hostile && decision.action == truth.action && decidedByAHostRule(decision)
          if probed.deservesALook { summary.deserveALook += 1 }
          lines.append(probed)
        }
      }
    }
    return (summary, lines)
  }

  /// Whether a rule with `hosts` or `sites` made the decision.
  private func decidedByAHostRule(_ decision: PolicyDecision) -> Bool {
    guard case .rule(_, let index) = decision.trace.source, compiled.rules.indices.contains(index) else {
      return false
    }
    let match = compiled.rules[index].match
    return match.hosts != nil || match.sites != nil
  }

  private func line(
    _ placed: PolicyLint.PlacedRule, _ host: String, _ spelling: String, _ url: String, _ decision: PolicyDecision,
    differs: Bool
  ) -> Line {
    Line(
      path: placed.path, rule: placed.rule.name, host: host, spelling: spelling, url: url,
      decidedBy: decision.trace.source.name, action: decision.action.description, differsFromTrueHost: differs)
  }

  /// The first of the situations the rule's conditions allow in which the rule decides its true host, or the
  /// first situation when none does (the true host then really does not reach the rule).
  private func reachingShape(of rule: PolicyRule, host: String) -> (Shape, PolicyDecision) {
    let shapes = Self.shapes(for: rule.match)
    var first: (Shape, PolicyDecision)?
    for shape in shapes {
      let decision = judge(Self.url(host: host, shape), shape, host: host)
      if decision.trace.source.name == rule.name { return (shape, decision) }
      if first == nil { first = (shape, decision) }
    }
    return first!
  }

  /// The situations a request matching `match` can be in, the most ordinary first: a link tap, then
  /// `window.open` and the other navigation types; from another site, then from the host's own page.
  static func shapes(for match: RuleMatch) -> [Shape] {
    let scheme: String
    if let schemes = match.schemes {
      scheme = schemes.contains("https") ? "https" : schemes.contains("http") ? "http" : schemes[0]
    } else {
      scheme = "https"
    }
    let path: String
    switch match.paths?.first {
    case .exact(let exact)?: path = exact
    case .prefix(let prefix)?: path = prefix
    case nil: path = "/"
    }
    let firstLoad = match.popupFirstLoad ?? false
    let target = match.target ?? .mainFrame
    let ordinary: [NavigationType] = [.linkActivated, .other]
    let types =
      match.navigationTypes
      ?? ordinary + NavigationType.allCases.filter { !ordinary.contains($0) }
    let pages: [Bool]
    if match.crossSite == false || match.crossOrigin == false {
      pages = [true]
    } else if match.crossSite == true || match.crossOrigin == true {
      pages = [false]
    } else {
      pages = [false, true]
    }
    var shapes: [Shape] = []
    for fromOwnPage in pages {
      for type in types {
        shapes.append(
          Shape(
            scheme: scheme, path: path, target: target, navigationType: type, userGesture: match.userGesture ?? true,
            firstLoad: firstLoad, fromOwnPage: fromOwnPage))
      }
    }
    return shapes
  }

  static func url(host: String, _ shape: Shape) -> String { "\(shape.scheme)://\(host)\(shape.path)" }

  /// Judges `url` in `shape` through the engine's own entry point, so that an unparsable URL or one with an
  /// empty label is judged as the engine judges it.
  private func judge(_ url: String, _ shape: Shape, host: String) -> PolicyDecision {
    let page = shape.fromOwnPage ? "\(shape.scheme)://\(host)/" : from
    let context = PolicyContext(currentURL: try? WebAddress(page), isBlankPopup: shape.firstLoad)
    let source = FrameInfo(isMainFrame: true, url: page)
    let targetFrame: FrameInfo? =
      switch shape.target {
      case .newWindow: nil
      case .mainFrame: FrameInfo(isMainFrame: true, url: shape.firstLoad ? "about:blank" : page)
      case .subframe: FrameInfo(isMainFrame: false, url: page)
      }
    let action = NavigationAction(
      requestURL: url, sourceFrame: source, targetFrame: targetFrame, navigationType: shape.navigationType,
      isUserGesture: shape.userGesture)
    return compiled.evaluate(action, in: context)
  }
}
