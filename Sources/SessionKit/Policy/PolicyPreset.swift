/// A built-in set of rules compiled into the library (no resource bundle to go missing). Presets contribute rules
/// only, never a default or limits; their rules appear in traces as `PRESET/NAME`.
/// Apps include presets in a ``PolicyConfiguration`` (`include`).
public enum PolicyPreset: String, Sendable, Hashable, CaseIterable {
  /// What a WKWebView does with no delegate: new windows do nothing.
  case webkitDefault = "webkit-default"
  /// Google's click-behaviour guide: outbound clicks leave the app, App Store links go to the system.
  case adClicks = "ad-clicks"
  /// Payment and sign-in windows stay in the app, over the merchant page: new windows to `pay.google.com`,
  /// `payments.google.com`, `accounts.google.com` and `accounts.youtube.com`, and a blank popup's first load
  /// there, are answered `allow`, so the popup takes the policy's `popups.presentation`.
  ///
  /// Exact hosts, never `*.google.com`, which also kept ads' AdChoices (`adssettings.google.com`), Maps and
  /// Play links in the app. Google's documentation shows these windows opening as popups: the Google Pay
  /// API's "Using iOS WKWebView" recipe shows the payment sheet in a window WebKit asks `createWebViewWith`
  /// for (https://developers.google.com/pay/api/web/guides/recipes/using-ios-wkwebview), and Sign in with
  /// Google's button runs its flow in a pop-up window by default (`ux_mode` `popup`,
  /// https://developers.google.com/identity/gsi/web/reference/js-reference). Neither names a host beyond
  /// these four, so none is added (PolicyFormat.md, "Presets").
  case googlePay = "google-pay"

  /// The preset's rules, names prefixed with `PRESET/`, decoded once per process.
  /// - Throws: ``ConfigurationError`` if the compiled-in JSON were invalid (a test proves it is not).
  @_optimize(size)
  package func rules() throws(ConfigurationError) -> [PolicyRule] {
    switch self {
    case .webkitDefault: try PolicyPreset.webkitDefaultRules.decoded()
    case .adClicks: try PolicyPreset.adClicksRules.decoded()
    case .googlePay: try PolicyPreset.googlePayRules.decoded()
    }
  }

  /// The preset's JSON text as compiled into the library: an array of rules in the policy file's format.
  @_optimize(size)
  package var json: String {
    switch self {
    case .webkitDefault: PresetText.webkitDefault
    case .adClicks: PresetText.adClicks
    case .googlePay: PresetText.googlePay
    }
  }

  /// Decodes the preset's compiled-in JSON.
  /// - Throws: ``ConfigurationError`` if the JSON were invalid.
  @_optimize(size)
  package func load(list: PublicSuffixList = .shared) throws(ConfigurationError) -> [PolicyRule] {
    let elements = try JSONReader(JSONValue(parsing: json), path: "").elements()
    var rules: [PolicyRule] = []
    for element in elements {
      var rule = try PolicyRule.read(element, list: list)
      rule.name = "\(rawValue)/\(rule.name)"
      rules.append(rule)
    }
    return rules
  }

  // One lazily initialised constant per preset, so that an app decodes only the presets it includes.
  private static let webkitDefaultRules = Loaded(.webkitDefault)
  private static let adClicksRules = Loaded(.adClicks)
  private static let googlePayRules = Loaded(.googlePay)

  /// A preset's rules as decoded, or why they could not be. Not a `Result`: the runtime resolves
  /// `ConfigurationError: Error` for the generic type's metadata at first use, a scan of every conformance record.
  private enum Loaded: Sendable {
    case rules([PolicyRule])
    case invalid(ConfigurationError)

    @_optimize(size)
    init(_ preset: PolicyPreset) {
      do throws(ConfigurationError) {
        self = .rules(try preset.load())
      } catch {
        self = .invalid(error)
      }
    }

    /// The rules, or the error. (Not named `get()`: the iOS SDK type-check rewrites `.get()` calls, which it takes
    /// for `Result`'s, onto its typed-throws shim.)
    @_optimize(size)
    func decoded() throws(ConfigurationError) -> [PolicyRule] {
      switch self {
      case .rules(let rules): return rules
      case .invalid(let error): throw error
      }
    }
  }
}
