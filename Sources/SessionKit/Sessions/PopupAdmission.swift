/// The engine's synchronous answer to `createWebViewWith`: a child session to build a web view for, or a
/// refusal (return `nil` to WebKit) with what to do instead.
public struct PopupAdmission: Sendable {
  /// The popup's session, when one was created. The app returns a web view created from WebKit's
  /// configuration and binds it to this session; `nil` means return `nil` to WebKit.
  public var child: Session?
  /// How to present the popup.
  public var presentation: PopupPresentation?
  /// Whether the popup waits for an `ask` decider during its first load (it may still be closed then).
  public var isProvisional: Bool
  /// The policy action that was applied.
  public var action: PolicyAction
  /// What the app must do besides creating (or not) the web view.
  public var effect: NavigationEffect
  /// Why no popup was created, when `child` is `nil` and nothing happens in its place.
  public var refusal: BlockReason?
  /// Which rule decided and why.
  public var trace: PolicyDecision.Trace
}
