import SessionKit

/// The web view configuration the simulator models.
package struct SimulatorSettings: Sendable, Hashable {
  /// `WKPreferences.javaScriptCanOpenWindowsAutomatically` (false by default on iOS): when false, `window.open`
  /// without a user gesture is blocked before any delegate call.
  package var javaScriptCanOpenWindowsAutomatically: Bool

  /// Creates settings.
  package init(javaScriptCanOpenWindowsAutomatically: Bool = false) {
    self.javaScriptCanOpenWindowsAutomatically = javaScriptCanOpenWindowsAutomatically
  }
}
