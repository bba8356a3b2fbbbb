/// What a decision amounts to, one case per thing that can happen, so that no combination WebKit could not
/// act on (an allowed navigation with a refusal reason, a refusal that also opens a popup) can be expressed.
/// Apps read it in a ``NavigationDecision``; the WebKit adapter acts on it.
///
/// WebKit's answer (`policy`) is derived from it; everything besides that answer that the app must do is in
/// the case's values.
public enum NavigationOutcome: Sendable, Hashable {
  /// The navigation goes ahead (for a new-window request: WebKit will call `createWebViewWith` next).
  case allow
  /// The response is downloaded instead of shown.
  case download
  /// Nothing happens, for this reason.
  case blocked(BlockReason)
  /// The navigation is cancelled and `url` is opened outside the app: in an `SFSafariViewController` or with
  /// the system.
  case openExternally(url: String, via: ExternalApp)
  /// The navigation is cancelled and `url` is loaded in the web view of `session` instead (a `sameView`
  /// answer to a new-window request). The engine expects that load and allows it without judging it again.
  case loadInstead(url: String, in: SessionID)
  /// The popup's main-frame navigation to `url` was cancelled and the popup's subtree closed (a `finish`
  /// answer): for ``FinishDestination/opener``, `url` is loaded in the web view of `opener` instead (a load the
  /// engine expects and allows without judging it again); for ``FinishDestination/app``, the app handles
  /// `url` (``SessionEvent/popupFinished(session:url:)``) and `opener` is `nil`.
  case finished(url: String, via: FinishDestination, opener: SessionID?)
  /// A popup was created for a `createWebViewWith` request: return a web view for `child`, presented so.
  case popup(child: SessionID, presentation: PopupPresentation)
  /// A popup was created provisionally: its decider is asked during its first load, which may still close it.
  case provisionalPopup(child: SessionID, presentation: PopupPresentation)

  /// The answer to give WebKit's decision handler: `allow` for `allow` and the popup cases, `download` for
  /// `download`, `cancel` for everything else.
  package var policy: NavigationActionPolicy {
    switch self {
    case .allow, .popup, .provisionalPopup: .allow
    case .download: .download
    case .blocked, .openExternally, .loadInstead, .finished: .cancel
    }
  }

  /// The reason nothing happens, for ``blocked(_:)``.
  package var blockedReason: BlockReason? {
    if case .blocked(let reason) = self { reason } else { nil }
  }
}
