/// The kind of navigation WebKit reports, with `WKNavigationType`'s raw values.
/// Apps name it in Swift rules (``RuleMatch``) and read it in a ``DeciderRequest``.
public enum NavigationType: Int, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
  /// A link with an `href` was activated by the user (`WKNavigationTypeLinkActivated`).
  case linkActivated = 0
  /// A form was submitted (`WKNavigationTypeFormSubmitted`).
  case formSubmitted = 1
  /// An item from the back-forward list was requested (`WKNavigationTypeBackForward`).
  case backForward = 2
  /// The web view was reloaded (`WKNavigationTypeReload`).
  case reload = 3
  /// A form was resubmitted, for example by going back to or reloading a POST page (`WKNavigationTypeFormResubmitted`).
  case formResubmitted = 4
  /// Any other navigation: scripts, `load(_:)`, `window.open` (`WKNavigationTypeOther`).
  case other = -1

  /// The name used in policy files and in replay output, e.g. `linkActivated`.
  package var name: String {
    switch self {
    case .linkActivated: "linkActivated"
    case .formSubmitted: "formSubmitted"
    case .backForward: "backForward"
    case .reload: "reload"
    case .formResubmitted: "formResubmitted"
    case .other: "other"
    }
  }

  /// Looks a navigation type up by its policy-file name.
  @_optimize(size)
  package init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = match
  }

  /// The policy-file name.
  public var description: String { name }
}
