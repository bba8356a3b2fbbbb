import SessionKit

/// The web view configuration the simulator models.
public struct SimulatorSettings: Sendable, Hashable {
  /// `WKPreferences.javaScriptCanOpenWindowsAutomatically` (false by default on iOS): when false, `window.open`
  /// without a user gesture is blocked before any delegate call.
  public var javaScriptCanOpenWindowsAutomatically: Bool

  /// Creates settings.
  public init(javaScriptCanOpenWindowsAutomatically: Bool = false) {
    self.javaScriptCanOpenWindowsAutomatically = javaScriptCanOpenWindowsAutomatically
  }
}
