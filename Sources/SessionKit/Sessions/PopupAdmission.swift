/// The engine's synchronous answer to `createWebViewWith`: a child session to build a web view for, or a
/// refusal (return `nil` to WebKit) with what happens instead. Apps with delegates of their own read it in
/// `createWebViewWith`; `WebSessionCoordinator` does on iOS.
public struct PopupAdmission: Sendable {
  /// What the request amounts to: ``NavigationOutcome/popup(child:presentation:)`` or
  /// ``NavigationOutcome/provisionalPopup(child:presentation:)`` when a child was created, otherwise a
  /// refusal (``NavigationOutcome/blocked(_:)``, ``NavigationOutcome/openExternally(url:via:)``,
  /// ``NavigationOutcome/loadInstead(url:in:)``).
  public var outcome: NavigationOutcome
  /// The popup's session, exactly when ``outcome`` is a popup. The app returns a web view created from
  /// WebKit's configuration and binds it to this session; `nil` means return `nil` to WebKit.
  public var child: Session?
  /// The policy action that was applied.
  package var action: PolicyAction
  /// Which rule (or limit) decided and why.
  package var trace: PolicyDecision.Trace

  /// How to present the popup, when one was created.
  package var presentation: PopupPresentation? {
    switch outcome {
    case .popup(_, let presentation), .provisionalPopup(_, let presentation): presentation
    case .allow, .download, .blocked, .openExternally, .loadInstead, .finished: nil
    }
  }

  /// Whether the popup waits for an `ask` decider during its first load (it may still be closed then).
  package var isProvisional: Bool {
    if case .provisionalPopup = outcome { true } else { false }
  }
}
