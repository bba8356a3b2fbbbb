/// The answer to `decidePolicyFor navigationAction`, with `WKNavigationActionPolicy`'s raw values.
package enum NavigationActionPolicy: Int, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
  /// Cancel the navigation (`WKNavigationActionPolicyCancel`).
  case cancel = 0
  /// Allow the navigation (`WKNavigationActionPolicyAllow`).
  case allow = 1
  /// Turn the navigation into a download (`WKNavigationActionPolicyDownload`).
  case download = 2

  /// `cancel`, `allow` or `download`, as replay output spells it.
  @_optimize(size)
  package var description: String {
    switch self {
    case .cancel: "cancel"
    case .allow: "allow"
    case .download: "download"
    }
  }
}
