import SessionKit

/// The `cancels-embedded-iframes` check: a rule that would cancel, finish or send out of the app the page's own
/// cross-site iframe loads.
///
/// After a page commits, WebKit asks for each of its iframes: `decidePolicyFor` of type `other`, target the
/// subframe, no gesture (WebKitBehavior.md, "Rules the engine showed"), and the policy judges it like any navigation
/// (`crossSite` compares with the page). An `external` answer to such a load is applied as `cancel`: a page cannot
/// send the app anywhere by embedding an iframe (§8.1), and so is a `finish` answer (it applies to a popup's main
/// frame only). So a rule keyed on `crossSite`, `crossOrigin`, `hosts` or `sites` whose action cancels, finishes
/// or sends out, and whose conditions do not keep it away from those loads (`target`,
/// `navigationTypes` without `other`, `userGesture: true`, `popupFirstLoad: true`, `crossSite: false`, schemes
/// other than http and https), leaves the ad slots and payment buttons that pages embed in iframes empty.
///
/// Only two kinds of rule are reported: one not named to hosts or sites (keyed on `crossSite` or `crossOrigin`), which
/// takes every cross-site iframe of every page — the ads, payment and sign-in buttons, videos and maps pages embed;
/// and a `finish` rule, hosts or not, since `finish` means a popup's main frame and never an iframe.
///
/// Not reported: a `cancel` or `external` rule named to `hosts` or `sites`. It takes only the iframes embedded
/// from those hosts, which lint cannot know any page embeds, and keeping a site it sends out of the app (or
/// cancels) out of the app's pages too is what the rule says; the engine's trace notes each such cancel. On the
/// benchmark's realistic policy, 91 rules sending help, support and shop pages to Safari were each reported,
/// though none of those hosts is embedded anywhere. Nor are reported: a rule that names `"target": "subframe"`
/// (it means iframes), an unreachable rule (reported as such), the policy's `"default": "cancel"` (not a rule),
/// a rule whose `navigationTypes` is `backForward` only (it takes only the iframe loads of a back or forward, not
/// a page's own), and a rule that an earlier rule keeps every such load from (one whose conditions hold for all
/// of them, `RuleCoverage`).
struct EmbeddedIframeLoads {
  let rules: [PolicyLint.PlacedRule]
  let coverage: RuleCoverage

  /// The conditions every cross-site iframe load of a page meets.
  static let iframeLoad = RuleMatch(
    navigationTypes: [.other], target: .subframe, crossSite: true, crossOrigin: true, userGesture: false,
    popupFirstLoad: false)

  /// One warning per rule that decides some of the page's cross-site iframe loads with `cancel`, `finish` or
  /// `external`,
  /// in rule order; `unreachable` are the indices of the rules lint reports as unreachable.
  func findings(unreachable: Set<Int>) -> [LintFinding] {
    rules.indices.compactMap { index -> LintFinding? in
      let placed = rules[index]
      guard !unreachable.contains(index), let effect = Self.effect(of: placed.rule.action),
        Self.matchesIframeLoads(placed.rule.match), Self.isReported(placed.rule)
      else { return nil }
      let reached = Self.narrowedToIframeLoads(placed.rule.match)
      if rules[..<index].contains(where: { coverage.covers($0.rule.match, reached) }) { return nil }
      let fix =
        placed.isOwn
        ? "add \"target\": \"mainFrame\" (or \"navigationTypes\": [\"linkActivated\"]) to its match"
        : "add a rule before it that allows them: {\"match\": {\"target\": \"subframe\", \"navigationTypes\": "
          + "[\"other\"], \"userGesture\": false}, \"action\": \"allow\"}"
      return LintFinding(
        level: .warning, path: placed.isOwn ? "\(placed.path).match" : placed.path, code: .cancelsEmbeddedIframes,
        message: "rule \(JSONValue.quoted(placed.rule.name)) \(effect.verb) \(Self.scope(of: placed.rule.match)) "
          + "(decidePolicyFor other, target subframe, no gesture)\(effect.consequence): "
          + (Self.isNamed(placed.rule.match)
            ? "the sign-in and payment buttons embedded from there stay empty; "
            : "ads and payment buttons embedded in iframes stay empty; ") + fix)
    }
  }

  /// Whether the check reports the rule (given that it decides some cross-site iframe loads with `cancel`,
  /// `finish` or `external`): a `finish` rule always, any other only when it is not named to hosts or sites.
  static func isReported(_ rule: PolicyRule) -> Bool {
    if case .finish = rule.action { return true }
    return !isNamed(rule.match)
  }

  /// Whether `match` names the hosts or sites it takes.
  private static func isNamed(_ match: RuleMatch) -> Bool {
    match.hosts != nil || match.sites != nil
  }

  /// Which iframe loads the rule decides: every cross-site one, or those of its hosts or sites.
  private static func scope(of match: RuleMatch) -> String {
    let named = match.hosts.map { $0.map(\.description) } ?? match.sites ?? []
    guard let first = named.first else { return "every cross-site iframe a page embeds" }
    let more = named.count > 1 ? " and \(named.count - 1) more" : ""
    return "the iframes a page of another site embeds from \(JSONValue.quoted(first))\(more)"
  }

  /// What the action does to an iframe load (a verb, and what follows the loads in the message), or `nil` when it
  /// lets it load.
  private static func effect(of action: PolicyAction) -> (verb: String, consequence: String)? {
    switch action {
    case .cancel: ("cancels", "")
    case .external(let via):
      (
        "sends",
        " to \(via == .safari ? "Safari" : "the system"), which cancels them (an iframe load never leaves the app)"
      )
    // The engine answers `finish` outside a popup's main frame with cancel (`Session+Deciding.swift`).
    case .finish: ("finishes", ", which cancels them (finish applies to a popup's main frame only)")
    case .allow, .popup, .sameView, .ask, .download: nil
    }
  }

  /// Whether `match` is keyed on the site or host of the URL and holds for some cross-site iframe load, and does
  /// not name `"target": "subframe"`.
  static func matchesIframeLoads(_ match: RuleMatch) -> Bool {
    let keyed = match.crossSite == true || match.crossOrigin == true || match.hosts != nil || match.sites != nil
    return keyed && match.target == nil && match.navigationTypes?.contains(.other) != false
      && match.userGesture != true && match.popupFirstLoad != true && match.crossSite != false
      && match.crossOrigin != false
      && (match.schemes.map { $0.contains("http") || $0.contains("https") } ?? true)
  }

  /// `match` with the conditions of a cross-site iframe load added: the loads of that kind it holds for.
  static func narrowedToIframeLoads(_ match: RuleMatch) -> RuleMatch {
    var narrowed = match
    narrowed.navigationTypes = iframeLoad.navigationTypes
    narrowed.target = iframeLoad.target
    narrowed.crossSite = iframeLoad.crossSite
    narrowed.crossOrigin = iframeLoad.crossOrigin
    narrowed.userGesture = iframeLoad.userGesture
    narrowed.popupFirstLoad = iframeLoad.popupFirstLoad
    return narrowed
  }
}
