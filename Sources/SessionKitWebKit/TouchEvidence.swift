import Foundation

#if canImport(UIKit) && canImport(WebKit)
  import UIKit
  import UIKit.UIGestureRecognizerSubclass
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  /// Evidence of a user gesture that a page cannot forge: a finger on the web view.
  ///
  /// WebKit reports a script's `a.click()` and `form.submit()` exactly as a tap and a submission
  /// (`linkActivated`, `formSubmitted`: `NavigationAction.cpp` looks only at whether an event started the
  /// navigation, not whether the event was trusted), and `WKNavigationAction` has no public gesture flag on
  /// iOS 16–18.3 (`_isUserInitiated` is private; `buttonNumber`, 0 for an untrusted click, is iOS 18.4+). A page
  /// cannot make UIKit deliver a touch, though: this recognizer, added to every web view the coordinator binds,
  /// sees each touch on the web view (and its iframes) before WebKit turns it into a click, recognizes nothing and
  /// cancels or delays nothing. A navigation counts as user-initiated when a touch ended within ``window`` of it.
  ///
  /// What stays unknowable: which element the finger was on. A page handed a real tap can spend it within the
  /// window on a scripted click elsewhere — as WebKit itself lets a gesture carry through a timer for a second
  /// (`maxIntervalForUserGestureForwarding`, `DOMTimer.cpp`).
  @MainActor
  final class TouchEvidence: UIGestureRecognizer {
    /// How long after a touch ends a navigation still counts as the user's: WebKit's own forwarding of a gesture
    /// through timers.
    static let window: TimeInterval = 1
    /// When the last touch began or ended on the web view (`UITouch.timestamp`, seconds since boot).
    private(set) var lastTouch: TimeInterval?

    init() {
      super.init(target: nil, action: nil)
      cancelsTouchesInView = false
      delaysTouchesBegan = false
      delaysTouchesEnded = false
    }

    /// Seconds since boot, in the timebase of `UITouch.timestamp`.
    static var now: TimeInterval {
      #if canImport(UIKit) && canImport(WebKit)
        ProcessInfo.processInfo.systemUptime
      #else
        UIKitStandIn.systemUptime
      #endif
    }

    /// Whether a touch on the web view began or ended within ``window`` before now.
    var isRecent: Bool {
      guard let lastTouch else { return false }
      return Self.now - lastTouch <= Self.window
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
      super.touchesBegan(touches, with: event)
      lastTouch = touches.map(\.timestamp).max() ?? Self.now
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
      super.touchesEnded(touches, with: event)
      lastTouch = touches.map(\.timestamp).max() ?? Self.now
      // Never recognize: the web view's own recognizers and the page get the touch as if this were not here.
      state = .failed
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
      super.touchesCancelled(touches, with: event)
      state = .failed
    }

    /// The recognizer on `webView`, if the coordinator added one.
    static func on(_ webView: WKWebView) -> TouchEvidence? {
      webView.gestureRecognizers?.lazy.compactMap { $0 as? TouchEvidence }.first
    }
  }

#endif
