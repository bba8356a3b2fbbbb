import Foundation

/// A built-in set of rules shipped as data in the package (`Resources/Presets/NAME.json`). Presets contribute
/// rules only, never a default or limits; their rules appear in traces as `PRESET/NAME`.
public enum PolicyPreset: String, Sendable, Hashable, CaseIterable {
  /// What a WKWebView does with no delegate: new windows do nothing.
  case webkitDefault = "webkit-default"
  /// Google's click-behaviour guide: outbound clicks leave the app, App Store links go to the system.
  case adClicks = "ad-clicks"
  /// Payment and sign-in windows stay in the app, over the merchant page.
  case googlePay = "google-pay"

  /// The preset's rules, names prefixed with `PRESET/`, decoded once from the package's resources.
  /// - Throws: ``ConfigurationError`` when the package was built without its preset resources.
  public func rules() throws(ConfigurationError) -> [PolicyRule] {
    try PolicyPreset.loaded[self]!.get()
  }

  /// Decodes the preset's JSON from the package's resources.
  public func load(list: PublicSuffixList = .shared) throws(ConfigurationError) -> [PolicyRule] {
    guard let url = Bundle.module.url(forResource: rawValue, withExtension: "json", subdirectory: "Presets"),
      let data = try? Data(contentsOf: url)
    else {
      throw ConfigurationError(path: "", problem: "the resource Presets/\(rawValue).json is missing from the package")
    }
    let elements = try JSONReader(JSONValue(parsing: data), path: "").elements()
    var rules: [PolicyRule] = []
    for element in elements {
      var rule = try PolicyRule.read(element, list: list)
      rule.name = "\(rawValue)/\(rule.name)"
      rules.append(rule)
    }
    return rules
  }

  private static let loaded: [PolicyPreset: Result<[PolicyRule], ConfigurationError>] = Dictionary(
    uniqueKeysWithValues: allCases.map { preset in
      (preset, Result { () throws(ConfigurationError) in try preset.load() })
    })
}
