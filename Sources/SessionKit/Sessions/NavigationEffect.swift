/// What the app must do besides answering WebKit.
public enum NavigationEffect: Sendable, Hashable {
  /// Nothing.
  case none
  /// Open the URL outside the app: in an `SFSafariViewController` or with the system.
  case openExternally(url: String, via: ExternalApp)
  /// Load the URL in the given session's web view (a `sameView` answer). The engine expects that load and
  /// allows it without judging it again.
  case load(url: String, in: SessionID)
}
