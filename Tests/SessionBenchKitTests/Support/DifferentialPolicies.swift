import SessionKit

/// Random policies, URLs and contexts for the differential test of `CompiledPolicy.evaluate` against
/// `LinearPolicy`: a vocabulary in which hosts, wildcard domains, sites under real public suffixes (`co.uk`,
/// `github.io`), IP literals, schemes, paths and the flag conditions overlap often, so that many rules get to
/// decide and the indexes' edge cases (trailing dots, upper case, suffix extension, userinfo, opaque hosts) are
/// reached.
enum DifferentialPolicies {
  static let hostPatterns = [
    "example.com", "www.example.com", "pay.example.com", "*.example.com", "*.pay.example.com", "example.net",
    "*.example.net", "alice.github.io", "*.alice.github.io", "example.co.uk", "*.example.co.uk", "192.168.0.1",
    "[::1]", "xn--bcher-kva.de", "*.xn--bcher-kva.de", "localhost", "evil.net", "*.evil.net",
  ]
  static let sites = [
    "example.com", "example.net", "alice.github.io", "bob.github.io", "example.co.uk", "192.168.0.1",
    "xn--bcher-kva.de", "evil.net",
  ]
  static let paths = ["/", "/pay", "/pay*", "/a/*", "/*", "/help/*", "/checkout-1/x"]
  static let schemes = ["https", "http", "tel", "mailto", "itms-apps", "about"]
  static let actions = [
    "\"allow\"", "\"cancel\"", "\"download\"", "{\"external\": \"safari\"}", "{\"external\": \"system\"}",
    "{\"popup\": \"overlay\"}", "{\"popup\": \"modal\"}", "\"sameView\"", "{\"finish\": \"opener\"}",
  ]
  static let hosts = [
    "example.com", "www.example.com", "pay.example.com", "a.pay.example.com", "example.com.", "WWW.Example.COM",
    "example.net", "shop.example.net", "example.co.uk", "www.example.co.uk", "other.co.uk", "co.uk",
    "alice.github.io", "x.alice.github.io", "bob.github.io", "github.io", "192.168.0.1", "[::1]",
    "example.com.evil.net", "evil.net", "bücher.de", "www.xn--bcher-kva.de", "localhost", "example.org",
  ]
  static let urlPaths = ["/", "/pay", "/pay/now", "/a/b", "/help/x", "/checkout-1/x", "/x?y=1#z"]
  static let otherURLs = [
    "tel:+15551234567", "mailto:a@example.com", "about:blank", "about:srcdoc", "itms-apps://apps.apple.com/app/1",
    "https://user@example.com/", "https://evil.net\\@example.com/", "http://example.com:8080/pay",
    "https://a..example.com/", "javascript:alert(1)", "data:text/html,x", "blob:https://example.com/uuid",
  ]

  /// A policy of 1 to 24 rules with zero to four conditions each, sometimes with presets.
  static func configuration(using generator: inout SplitMix64) -> String {
    func pick<T>(_ values: [T]) -> T { values.randomElement(using: &generator)! }
    func some(_ values: [String]) -> String {
      let count = Int.random(in: 1...3, using: &generator)
      return "[" + (0..<count).map { _ in "\"\(pick(values))\"" }.joined(separator: ", ") + "]"
    }
    var rules: [String] = []
    for index in 0..<Int.random(in: 1...24, using: &generator) {
      var conditions: [String] = []
      for condition in (0..<10).shuffled(using: &generator).prefix(Int.random(in: 0...4, using: &generator)) {
        switch condition {
        case 0: conditions.append("\"hosts\": " + some(hostPatterns))
        case 1: conditions.append("\"sites\": " + some(sites))
        case 2: conditions.append("\"paths\": " + some(paths))
        case 3: conditions.append("\"schemes\": " + some(schemes))
        case 4: conditions.append("\"navigationTypes\": " + some(NavigationType.allCases.map(\.name)))
        case 5: conditions.append("\"target\": \"\(pick(NavigationTarget.allCases).rawValue)\"")
        case 6: conditions.append("\"crossSite\": \(Bool.random(using: &generator))")
        case 7: conditions.append("\"crossOrigin\": \(Bool.random(using: &generator))")
        case 8: conditions.append("\"popupFirstLoad\": \(Bool.random(using: &generator))")
        default: conditions.append("\"userGesture\": \(Bool.random(using: &generator))")
        }
      }
      rules.append(
        "{\"name\": \"r\(index)\", \"match\": {\(conditions.joined(separator: ", "))}, \"action\": \(pick(actions))}")
    }
    let include = PolicyPreset.allCases.shuffled(using: &generator).filter { _ in
      Int.random(in: 0..<4, using: &generator) == 0
    }
    let defaultAction = pick(["\"allow\"", "\"cancel\"", "{\"external\": \"safari\"}"])
    return "{\"version\": 1, \"include\": [" + include.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      + "],\n \"rules\": [\n  " + rules.joined(separator: ",\n  ") + "],\n \"default\": \(defaultAction)}"
  }

  /// A random URL: mostly http(s) over the host vocabulary, sometimes another scheme or a hostile spelling.
  static func url(using generator: inout SplitMix64) -> String {
    if Int.random(in: 0..<5, using: &generator) == 0 { return otherURLs.randomElement(using: &generator)! }
    let scheme = Bool.random(using: &generator) ? "https" : "http"
    return "\(scheme)://\(hosts.randomElement(using: &generator)!)\(urlPaths.randomElement(using: &generator)!)"
  }

  /// A random WebKit navigation action and the context of the session it comes from.
  static func navigation(using generator: inout SplitMix64) -> (NavigationAction, PolicyContext) {
    let frame = FrameInfo(isMainFrame: true, url: "https://example.com/")
    let target: FrameInfo? =
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: nil
      case 1: frame
      default: FrameInfo(isMainFrame: false, url: "https://example.com/frame")
      }
    let action = NavigationAction(
      requestURL: url(using: &generator), sourceFrame: frame, targetFrame: target,
      navigationType: NavigationType.allCases.randomElement(using: &generator)!,
      isUserGesture: Bool.random(using: &generator))
    let current: WebAddress? =
      Int.random(in: 0..<6, using: &generator) == 0 ? nil : try? WebAddress(url(using: &generator))
    return (
      action, PolicyContext(currentURL: current, isBlankPopup: Int.random(in: 0..<4, using: &generator) == 0)
    )
  }
}
