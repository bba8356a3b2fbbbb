import SessionKit

/// `session-bench lint --probe`: for every rule with `hosts` or `sites`, the decision for hostile spellings of
/// its hosts, so that a reviewer sees at a glance which rule decides `https://example.com.evil.net/`.
public struct PolicyProbe: Sendable {
  /// One hostile spelling judged.
  public struct Line: Sendable, Hashable {
    /// The probed rule's path (`rules[0]`, `include[1]`).
    public var path: String
    /// The probed rule's name.
    public var rule: String
    /// The host of the rule the spelling imitates.
    public var host: String
    /// What kind of spelling: `suffix-extension`, `userinfo`, `path-at`, `backslash-at`,
    /// `case-and-trailing-dot`, `homograph`.
    public var spelling: String
    /// The URL judged.
    public var url: String
    /// The rule that decides it (`default` when none matches, `invalid-url` when it does not parse).
    public var decidedBy: String
    /// The action, in the policy file's spelling.
    public var action: String

    /// A line for a terminal.
    public var text: String {
      "probe \(path) \(JSONValue.quoted(rule)) \(spelling): \(url) → \(decidedBy) (\(action))"
    }

    /// One JSON object.
    public var json: String {
      "{\"probe\":\(JSONValue.quoted(path)),\"rule\":\(JSONValue.quoted(rule)),\"host\":\(JSONValue.quoted(host)),"
        + "\"spelling\":\(JSONValue.quoted(spelling)),\"url\":\(JSONValue.quoted(url)),"
        + "\"decidedBy\":\(JSONValue.quoted(decidedBy)),\"action\":\(JSONValue.quoted(action))}"
    }
  }

  /// The hostile spellings of `host`, each with its kind. The homograph swaps the first Latin letter that has
  /// a Cyrillic look-alike; a host without one has none.
  public static func spellings(of host: String) -> [(spelling: String, url: String)] {
    var out: [(String, String)] = [
      ("suffix-extension", "https://\(host).evil.net/"),
      ("userinfo", "https://\(host)@evil.net/"),
      ("path-at", "https://evil.net/@\(host)"),
      ("backslash-at", "https://evil.net\\@\(host)"),
      ("case-and-trailing-dot", "https://\(host.uppercased()).:443/"),
    ]
    let lookAlikes: [Character: Character] = ["a": "а", "e": "е", "o": "о", "c": "с", "p": "р", "x": "х"]
    if let index = host.firstIndex(where: { lookAlikes[$0] != nil }) {
      var homograph = host
      homograph.replaceSubrange(index...index, with: String(lookAlikes[host[index]]!))
      out.append(("homograph", "https://\(homograph)/"))
    }
    return out
  }

  private let lint: PolicyLint
  private let compiled: CompiledPolicy
  private let context: PolicyContext

  /// Probes the policy a lint read, judging each spelling as the probed rule's kind of request (its `target`
  /// and first navigation type; a main-frame link tap by default) from a page at `from`.
  public init(_ lint: PolicyLint, from: String = "https://app.example/") throws(ConfigurationError) {
    self.lint = lint
    self.compiled = try CompiledPolicy(lint.configuration)
    self.context = PolicyContext(currentURL: try? WebAddress(from))
  }

  /// Every probe line, rule by rule.
  public func lines() -> [Line] {
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
      for host in hosts {
        for (spelling, url) in Self.spellings(of: host) {
          let decision = judge(url, target: match.target ?? .mainFrame, type: match.navigationTypes?.first)
          lines.append(
            Line(
              path: placed.path, rule: placed.rule.name, host: host, spelling: spelling, url: url,
              decidedBy: decision.trace.source.name, action: decision.action.description))
        }
      }
    }
    return lines
  }

  private func judge(_ url: String, target: NavigationTarget, type: NavigationType?) -> PolicyDecision {
    let address: WebAddress
    do {
      address = try WebAddress(url)
    } catch {
      return compiled.invalidURL(error)
    }
    if let host = address.host, host.hasEmptyLabel {
      return compiled.invalidURL(AddressError(code: .emptyLabel, input: url, detail: "empty label"))
    }
    let request = PolicyRequest(
      address: address, navigationType: type ?? .linkActivated, target: target, isUserGesture: true)
    return compiled.evaluate(request, in: context)
  }
}
