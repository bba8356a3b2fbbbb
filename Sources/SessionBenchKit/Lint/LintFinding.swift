import SessionKit

/// One thing `session-bench lint` found in a policy that is valid but probably wrong.
package struct LintFinding: Sendable, Hashable, CustomStringConvertible {
  /// How serious a finding is.
  package enum Level: String, Sendable, Hashable {
    /// The policy does something its author cannot have meant; lint exits 1.
    case error
    /// Worth a look; lint exits 1 only with `--strict`.
    case warning
  }

  /// What was found; the raw value is the finding's `code`.
  package enum Code: String, Sendable, Hashable {
    /// A `*.` host pattern on a public suffix: every site under it matches.
    case publicSuffixWildcard = "public-suffix-wildcard"
    /// A rule that never decides: an earlier rule matches every request it matches.
    case unreachable
    /// `external: safari` on a rule that can only match schemes Safari does not open.
    case safariScheme = "safari-scheme"
    /// A host written otherwise than browsers serialize it.
    case nonCanonicalHost = "non-canonical-host"
    /// A `popup` action on a rule that never meets a new-window request (a `target` other than `newWindow`,
    /// `popupFirstLoad: true`, only navigation types a new window never has, or `userGesture: false` while
    /// `popups.requireUserGesture` holds): on what it matches the popup action is a plain allow.
    case popupNeverNewWindow = "popup-never-new-window"
    /// An `ask` naming a decider that `--deciders` does not declare.
    case undeclaredDecider = "undeclared-decider"
    /// A rule that sends Google Pay or sign-in windows out of the app before a later rule that keeps them in
    /// (`"include": ["ad-clicks", "google-pay"]`).
    case paymentWindowsSentOut = "payment-windows-sent-out"
    /// A rule keyed on `crossSite`, `crossOrigin`, `hosts` or `sites` that would cancel or send out the page's own
    /// cross-site iframe loads (`other`, target subframe, no gesture): ads and payment buttons in iframes.
    case cancelsEmbeddedIframes = "cancels-embedded-iframes"
  }

  /// How serious it is.
  package var level: Level
  /// The JSON path of what it is about (`rules[2].match.hosts[0]`, `include[1]` for a preset's rule).
  package var path: String
  /// What was found.
  package var code: Code
  /// The explanation a person reads.
  package var message: String

  /// Creates a finding.
  package init(level: Level, path: String, code: Code, message: String) {
    self.level = level
    self.path = path
    self.code = code
    self.message = message
  }

  /// `LEVEL PATH: message`.
  package var description: String { "\(level.rawValue) \(path): \(message)" }

  /// One JSON object with `level`, `path`, `code` and `message`.
  package var json: String {
    "{\"level\":\(JSONValue.quoted(level.rawValue)),\"path\":\(JSONValue.quoted(path)),"
      + "\"code\":\(JSONValue.quoted(code.rawValue)),\"message\":\(JSONValue.quoted(message))}"
  }
}
