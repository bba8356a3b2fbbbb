/// Why a navigation or popup did not happen, as replay output spells it (`reason`).
/// Apps read it in ``NavigationOutcome/blocked(_:)``.
public enum BlockReason: String, Sendable, Hashable, CaseIterable {
  /// The policy (a rule, the default, or a decider's answer) refused it.
  case policy
  /// A popup was requested without a user gesture and the policy requires one (or WebKit's popup gate).
  case noUserGesture = "no-user-gesture"
  /// A popup would exceed `maxDepth` or `maxOpen`.
  case popupLimit = "popup-limit"
  /// A popup would exceed `popups.maxPerMinute` in its root's tree.
  case rateLimit = "rate-limit"
  /// `createWebViewWith` returned no web view, so WebKit dropped the navigation.
  case dropped
  /// The URL cannot be parsed as a browser would; it is never allowed.
  case invalidURL = "invalid-url"
  /// The session was closed before or while deciding.
  case sessionClosed = "session-closed"
  /// The caller's task was cancelled or the engine shut down while deciding.
  case cancelled
  /// A server redirected the navigation more than 20 times (a loop): WebKit gives up and nothing commits.
  case redirectLoop = "redirect-loop"
  /// An allowed navigation to a URL whose scheme neither WebKit nor the app (`WKURLSchemeHandler`) serves:
  /// WebKit's load fails before it commits (`cannotShowURLError`), so nothing changes. Reported by the simulator.
  case cannotShowURL = "cannot-show-url"
}
