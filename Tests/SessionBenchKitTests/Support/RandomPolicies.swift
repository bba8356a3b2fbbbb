import SessionKit

/// Random policies and requests over a small vocabulary, with few conditions a rule, so that rules overlap and
/// shadow one another often: the ground on which lint's `unreachable` is checked against the evaluator.
enum RandomPolicies {
  static let hostPatterns = [
    "example.com", "www.example.com", "pay.example.com", "*.example.com", "*.pay.example.com", "example.net",
    "*.example.net", "alice.github.io", "*.github.io", "192.168.0.1",
  ]
  static let sites = ["example.com", "example.net", "alice.github.io", "bob.github.io", "192.168.0.1"]
  static let paths = ["/", "/pay", "/pay*", "/a/*", "/*"]
  static let schemes = ["https", "http", "tel", "mailto"]
  static let actions = [
    "\"allow\"", "\"cancel\"", "{\"external\": \"safari\"}", "{\"popup\": \"overlay\"}", "\"sameView\"",
  ]
  static let urls = [
    "https://example.com/", "https://www.example.com/pay", "https://pay.example.com/pay/now",
    "https://a.pay.example.com/a/b", "http://example.net/", "https://shop.example.net/pay",
    "https://alice.github.io/", "https://bob.github.io/a/", "https://192.168.0.1/pay", "https://example.com./",
    "https://WWW.EXAMPLE.COM/a/x", "https://example.com.evil.net/", "tel:+15551234567", "mailto:a@example.com",
    "about:blank", "https://other.example.org/",
  ]
  static let currentURLs: [String?] = [
    nil, "https://example.com/", "https://www.example.com/", "https://example.net/", "https://alice.github.io/",
  ]

  /// A policy of up to eight rules, each with zero to three conditions, sometimes with presets.
  static func configuration(using generator: inout SplitMix64) -> String {
    func pick<T>(_ values: [T]) -> T { values.randomElement(using: &generator)! }
    func some(_ values: [String]) -> String {
      let count = Int.random(in: 1...2, using: &generator)
      return "[" + (0..<count).map { _ in "\"\(pick(values))\"" }.joined(separator: ", ") + "]"
    }
    var rules: [String] = []
    for index in 0..<Int.random(in: 1...8, using: &generator) {
      var conditions: [String] = []
      for condition in (0..<9).shuffled(using: &generator).prefix(Int.random(in: 0...3, using: &generator)) {
        switch condition {
        case 0: conditions.append("\"hosts\": " + some(hostPatterns))
        case 1: conditions.append("\"sites\": " + some(sites))
        case 2: conditions.append("\"paths\": " + some(paths))
        case 3: conditions.append("\"schemes\": " + some(schemes))
        case 4:
          conditions.append("\"navigationTypes\": " + some(NavigationType.allCases.map(\.name)))
        case 5: conditions.append("\"target\": \"\(pick(NavigationTarget.allCases).rawValue)\"")
        case 6: conditions.append("\"crossSite\": \(Bool.random(using: &generator))")
        case 7: conditions.append("\"crossOrigin\": \(Bool.random(using: &generator))")
        default: conditions.append("\"userGesture\": \(Bool.random(using: &generator))")
        }
      }
      rules.append(
        "{\"name\": \"r\(index)\", \"match\": {\(conditions.joined(separator: ", "))}, \"action\": \(pick(actions))}")
    }
    let include = PolicyPreset.allCases.shuffled(using: &generator).filter { _ in Bool.random(using: &generator) }
    return "{\"version\": 1, \"include\": [" + include.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      + "],\n \"rules\": [\n  " + rules.joined(separator: ",\n  ") + "]}"
  }

  /// A random request and the context of the session it comes from.
  static func request(using generator: inout SplitMix64) -> (PolicyRequest, PolicyContext) {
    let address = try! WebAddress(urls.randomElement(using: &generator)!)
    let request = try! PolicyRequest(
      address: address, navigationType: NavigationType.allCases.randomElement(using: &generator)!,
      target: NavigationTarget.allCases.randomElement(using: &generator)!,
      isUserGesture: Bool.random(using: &generator))
    let current = currentURLs.randomElement(using: &generator)!
    return (request, PolicyContext(currentURL: current.map { try! WebAddress($0) }))
  }
}
