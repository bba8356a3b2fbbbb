import SessionKit

/// The built-in policy of a run without `--policy`: the three presets after 300 app rules that mix hosts,
/// wildcard domains, sites, paths, schemes, targets and navigation types, as a large app's policy does.
///
/// The rules are generated from their index, so the policy is the same everywhere; its text is also checked
/// in as `Benchmarks/policies/realistic.json` (a test keeps the two equal).
package enum RealisticPolicy {
  /// The number of app rules (before the presets' rules).
  package static let appRuleCount = 300

  /// The app's own site: its pages, and the site that `own-site-popups` keeps in the app.
  static let ownSite = "games.example"

  /// App rule numbers whose kind is `partner` (exact hosts, allowed in the app): 10, 11, 20, 21, …
  static func isPartner(_ index: Int) -> Bool { index >= 10 && index % 10 <= 1 }

  /// The policy file, one rule a line, ending in a newline.
  package static let json: String = {
    var lines = (0..<appRuleCount).map { "    " + rule($0).serialized }
    for index in lines.indices.dropLast() { lines[index] += "," }
    return """
      {
        "version": 1,
        "include": ["google-pay", "ad-clicks", "webkit-default"],
        "rules": [
      \(lines.joined(separator: "\n"))
        ],
        "default": "allow",
        "popups": { "presentation": "overlay", "maxDepth": 3, "maxOpen": 8, "requireUserGesture": true },
        "deciders": { "timeoutMs": 250, "onTimeout": "cancel" }
      }

      """
  }()

  /// The configuration of ``json``.
  /// - Throws: ``ConfigurationError`` if the generated JSON were invalid (a test proves it is not).
  package static func configuration() throws(ConfigurationError) -> PolicyConfiguration {
    try PolicyConfiguration(json: Array(json.utf8))
  }

  /// App rule number `index`: a few hand-written rules first, then ten kinds in turn.
  static func rule(_ index: Int) -> JSONValue {
    switch index {
    case 0:
      return rule("own-site-popups", ["sites": strings(ownSite), "target": .string("newWindow")], popup: "overlay")
    case 1:
      return rule("phone-and-mail", ["schemes": strings("tel", "mailto", "sms")], external: "system")
    case 2:
      return rule("help-pages", ["hosts": strings("www." + ownSite), "paths": strings("/help/*")], external: "safari")
    default:
      break
    }
    switch index % 10 {
    case 0, 1:
      return rule(
        "partner-\(index)", ["hosts": strings("partner-\(index).example", "www.partner-\(index).example")],
        action: .string("allow"))
    case 2:
      return rule(
        "checkout-\(index)", ["hosts": strings("pay.partner-\(index).example"), "target": .string("newWindow")],
        popup: "modal")
    case 3:
      return rule(
        "support-\(index)",
        ["hosts": strings("support-\(index).\(ownSite)"), "paths": strings("/contact/*", "/tickets/*")],
        external: "safari")
    case 4:
      return rule("cdn-\(index)", ["hosts": strings("*.cdn-\(index).example")], action: .string("allow"))
    case 5:
      return rule(
        "sso-\(index)", ["hosts": strings("*.sso-\(index).example"), "target": .string("newWindow")], popup: "overlay")
    case 6, 7:
      return rule(
        "shop-\(index)", ["sites": strings("shop-\(index).example"), "crossSite": .bool(true)], external: "safari")
    case 8 where index % 20 == 8:
      return rule("deep-link-\(index)", ["schemes": strings("partner\(index)-app")], external: "system")
    case 8:
      return rule(
        "legal-\(index)", ["hosts": strings("www." + ownSite), "paths": strings("/legal/terms-\(index)")],
        action: .string("allow"))
    default:
      return rule(
        "forms-\(index)", ["paths": strings("/checkout-\(index)/*"), "navigationTypes": strings("formSubmitted")],
        external: "safari")
    }
  }

  private static func strings(_ values: String...) -> JSONValue {
    .array(values.map(JSONValue.string))
  }

  private static func rule(
    _ name: String, _ match: KeyValuePairs<String, JSONValue>, action: JSONValue
  ) -> JSONValue {
    .object([
      ("name", .string(name)), ("match", .object(match.map { (key: $0.key, value: $0.value) })), ("action", action),
    ])
  }

  private static func rule(_ name: String, _ match: KeyValuePairs<String, JSONValue>, popup: String) -> JSONValue {
    rule(name, match, action: .object([("popup", .string(popup))]))
  }

  private static func rule(_ name: String, _ match: KeyValuePairs<String, JSONValue>, external: String) -> JSONValue {
    rule(name, match, action: .object([("external", .string(external))]))
  }
}
