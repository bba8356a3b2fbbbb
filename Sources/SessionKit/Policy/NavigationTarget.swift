/// Which frame a navigation targets, as a policy's `target` condition names it.
/// Apps use it in Swift rules (``RuleMatch``), in
/// ``CompiledPolicy/evaluate(_:from:navigationType:target:userGesture:)`` and in a ``DeciderRequest``.
public enum NavigationTarget: String, Sendable, Hashable, CaseIterable {
  /// A new window: the action's target frame is `nil`.
  case newWindow
  /// The main frame of the web view.
  case mainFrame
  /// A frame inside the page (an iframe).
  case subframe

  /// The target of a WebKit navigation action.
  package init(_ action: borrowing NavigationAction) {
    // Reads the flag through the optional: binding the frame would copy it (and retain its strings).
    switch action.targetFrame?.isMainFrame {
    case nil: self = .newWindow
    case true?: self = .mainFrame
    case false?: self = .subframe
    }
  }
}
