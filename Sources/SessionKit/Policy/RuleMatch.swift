/// The conditions of a policy rule (`match`); every condition given must hold. An empty match holds always.
/// Apps write a Swift rule's conditions with its initializer (`RuleMatch(hosts: [try HostPattern("pay.google.com")],
/// target: .newWindow)`); only the compiled policy reads them back.
public struct RuleMatch: Sendable, Hashable {
  /// Lower-case schemes, any of which must be the URL's.
  package var schemes: [String]?
  /// Host patterns, any of which must match the URL's host. They never match the opaque host of a non-special
  /// URL (`itms-apps://apps.apple.com`): use `schemes` for those.
  package var hosts: [HostPattern]?
  /// Registrable domains (or IP literals), one of which must be the URL's site.
  package var sites: [String]?
  /// Path patterns, any of which must match the URL's path.
  package var paths: [PathPattern]?
  /// Navigation types, one of which must be the action's.
  package var navigationTypes: [NavigationType]?
  /// The frame the navigation must target.
  package var target: NavigationTarget?
  /// Whether the URL must be (`true`) or must not be (`false`) cross-site to the session's URL.
  package var crossSite: Bool?
  /// Whether the URL must be (`true`) or must not be (`false`) cross-origin to the session's URL.
  package var crossOrigin: Bool?
  /// Whether a user gesture must (`true`) or must not (`false`) have started the navigation.
  package var userGesture: Bool?
  /// Whether the navigation must be (`true`) or must not be (`false`) a popup's first load: a main-frame
  /// navigation, of any type, in a popup that has committed nothing but URLs that match `about:blank`.
  package var popupFirstLoad: Bool?

  /// Creates a match; every condition defaults to absent.
  @_optimize(size)
  public init(
    schemes: [String]? = nil, hosts: [HostPattern]? = nil, sites: [String]? = nil, paths: [PathPattern]? = nil,
    navigationTypes: [NavigationType]? = nil, target: NavigationTarget? = nil, crossSite: Bool? = nil,
    crossOrigin: Bool? = nil, userGesture: Bool? = nil, popupFirstLoad: Bool? = nil
  ) {
    self.schemes = schemes
    self.hosts = hosts
    self.sites = sites
    self.paths = paths
    self.navigationTypes = navigationTypes
    self.target = target
    self.crossSite = crossSite
    self.crossOrigin = crossOrigin
    self.userGesture = userGesture
    self.popupFirstLoad = popupFirstLoad
  }

  /// Human-readable conditions, e.g. `hosts: pay.google.com, *.google.com`, in file order; used in traces.
  @_optimize(size)
  package var conditionDescriptions: [String] {
    // One helper rather than ten appends, each of which compiled its own copy of the string building.
    var out: [String] = []
    func add(_ name: String, _ values: [String]?) {
      if let values { out.append(name + ": " + values.joined(separator: ", ")) }
    }
    add("schemes", schemes)
    add("hosts", hosts?.map(\.description))
    add("sites", sites)
    add("paths", paths?.map(\.description))
    add("navigationTypes", navigationTypes?.map(\.name))
    add("target", target.map { [$0.rawValue] })
    // Four calls, not a loop over an array of (name, value) pairs, whose element type the runtime would build
    // from its mangled name at first use.
    func flag(_ value: Bool?) -> [String]? { value.map { [$0 ? "true" : "false"] } }
    add("crossSite", flag(crossSite))
    add("crossOrigin", flag(crossOrigin))
    add("userGesture", flag(userGesture))
    add("popupFirstLoad", flag(popupFirstLoad))
    return out
  }

  static let keys: Set<String> = [
    "schemes", "hosts", "sites", "paths", "navigationTypes", "target", "crossSite", "crossOrigin", "userGesture",
    "popupFirstLoad",
  ]

  /// Reads a `match` object.
  @_optimize(size)
  static func read(_ reader: JSONReader, list: PublicSuffixList) throws(ConfigurationError) -> RuleMatch {
    _ = try reader.object(allowing: keys)
    var match = RuleMatch()
    if let value = reader.member("schemes") {
      match.schemes = try value.strings().map { (scheme, path) throws(ConfigurationError) in
        if let problem = RuleMatch.schemeProblem(scheme) {
          throw ConfigurationError(path: path, problem: problem)
        }
        return scheme
      }
    }
    if let value = reader.member("hosts") {
      match.hosts = try value.strings().map { (text, path) throws(ConfigurationError) in
        try HostPattern(text, jsonPath: path)
      }
    }
    if let value = reader.member("sites") {
      match.sites = try value.strings().map { (text, path) throws(ConfigurationError) in
        try RuleMatch.site(text, path: path, list: list)
      }
    }
    if let value = reader.member("paths") {
      match.paths = try value.strings().map { (text, path) throws(ConfigurationError) in
        try PathPattern(text, jsonPath: path)
      }
    }
    if let value = reader.member("navigationTypes") {
      match.navigationTypes = try value.strings().map { (name, path) throws(ConfigurationError) in
        guard let type = NavigationType(name: name) else {
          let known = NavigationType.allCases.map { JSONValue.quoted($0.name) }.joined(separator: ", ")
          throw ConfigurationError(
            path: path, problem: "\(JSONValue.quoted(name)) is not a navigation type (expected one of: \(known))")
        }
        return type
      }
    }
    if let value = reader.member("target") {
      match.target = NavigationTarget(rawValue: try value.choice(of: NavigationTarget.allCases.map(\.rawValue)))
    }
    match.crossSite = try reader.member("crossSite")?.bool()
    match.crossOrigin = try reader.member("crossOrigin")?.bool()
    match.userGesture = try reader.member("userGesture")?.bool()
    match.popupFirstLoad = try reader.member("popupFirstLoad")?.bool()
    return match
  }

  /// What is wrong with a `schemes` entry, saying what to write instead, or `nil` when it is a lower-case
  /// scheme: `"https:" ends with ':'; write "https"`.
  @_optimize(size)
  static func schemeProblem(_ scheme: String) -> String? {
    guard !isLowerCaseScheme(scheme) else { return nil }
    let quoted = JSONValue.quoted(scheme)
    for suffix in ["://", ":"] where scheme.hasSuffix(suffix) && scheme.count > suffix.count {
      let bare = String(scheme.dropLast(suffix.count))
      guard isLowerCaseScheme(bare.lowercased()) else {
        return "\(quoted) ends with \(JSONValue.quoted(suffix)), and a scheme is written without it"
      }
      return "\(quoted) ends with \(JSONValue.quoted(suffix)); write \(JSONValue.quoted(bare.lowercased()))"
    }
    guard !scheme.isEmpty else { return "a scheme cannot be empty; write one such as \"https\"" }
    if scheme != scheme.lowercased(), isLowerCaseScheme(scheme.lowercased()) {
      return
        "\(quoted) has upper-case letters: schemes are matched in lower case; write \(JSONValue.quoted(scheme.lowercased()))"
    }
    // Loops rather than `first(where:)` and `contains`, which compiled copies of themselves for these views.
    var stray: Unicode.Scalar?
    var isFirst = true
    for scalar in scheme.unicodeScalars {
      let byte = scalar.isASCII ? UInt8(scalar.value) : 0
      guard isASCIIAlpha(byte) || !isFirst else { return "\(quoted) does not start with a letter, as a scheme must" }
      isFirst = false
      if !isSchemeByte(byte) {
        stray = scalar
        break
      }
    }
    let character = stray.map { JSONValue.quoted(String($0)) } ?? "a character"
    return "\(quoted) contains \(character), which a scheme cannot hold (letters, digits, '+', '-' and '.')"
  }

  /// Whether `scheme` is a URL scheme in lower case: a letter, then letters, digits, `+`, `-` or `.` (a
  /// scenario's `schemes` are checked with it too).
  @_optimize(size)
  package static func isLowerCaseScheme(_ scheme: String) -> Bool {
    var isFirst = true
    for byte in scheme.utf8 {
      // A scheme starts with a letter; digits, '+', '-' and '.' may follow. Upper case is not lower case.
      let isUpperCase = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
      guard isSchemeByte(byte), !isUpperCase, isASCIIAlpha(byte) || !isFirst else { return false }
      isFirst = false
    }
    return !isFirst
  }

  /// A `sites` entry must be a registrable domain as written (normalised) or an IP literal.
  @_optimize(size)
  static func site(_ text: String, path: String, list: PublicSuffixList) throws(ConfigurationError) -> String {
    guard let host = HostPattern.normalisedHost(text) else {
      throw ConfigurationError(path: path, problem: "\(JSONValue.quoted(text)) is not a registrable domain")
    }
    if host.isIPAddress { return host.serialized }
    let normalised = host.serialized
    guard list.registrableDomain(of: normalised) == normalised else {
      let why = list.publicSuffix(of: normalised) == normalised ? "it is a public suffix" : "use its registrable domain"
      throw ConfigurationError(
        path: path, problem: "\(JSONValue.quoted(text)) is not a registrable domain (\(why))")
    }
    return normalised
  }
}
