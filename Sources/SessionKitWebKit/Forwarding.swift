import Foundation

#if canImport(UIKit) && canImport(WebKit)
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  /// Calls the app's own delegate for the callbacks the coordinator implements itself. In WebKit these are
  /// Objective-C `optional` requirements, called with `?`; in the stand-in they have default implementations.
  @MainActor
  enum Forwarding {
    static func didCommit(_ delegate: (any WKNavigationDelegate)?, _ webView: WKWebView, _ navigation: WKNavigation!) {
      #if canImport(UIKit) && canImport(WebKit)
        delegate?.webView?(webView, didCommit: navigation)
      #else
        delegate?.webView(webView, didCommit: navigation)
      #endif
    }

    static func didFinish(_ delegate: (any WKNavigationDelegate)?, _ webView: WKWebView, _ navigation: WKNavigation!) {
      #if canImport(UIKit) && canImport(WebKit)
        delegate?.webView?(webView, didFinish: navigation)
      #else
        delegate?.webView(webView, didFinish: navigation)
      #endif
    }
  }

  #if canImport(UIKit) && canImport(WebKit)
    extension WebSessionCoordinator {
      // WebKit asks `respondsToSelector:` and sends delegate messages on the main thread, so reading the
      // main-actor delegates there is safe; `nonisolated(unsafe)` only carries the non-Sendable selector and
      // result across the `assumeIsolated` closure, which runs synchronously on this thread.

      /// Every delegate method the coordinator does not implement (JavaScript panels, authentication challenges,
      /// downloads, context menus…) answers from the app's own delegates.
      nonisolated public override func responds(to aSelector: Selector!) -> Bool {
        if super.responds(to: aSelector) { return true }
        nonisolated(unsafe) let selector = aSelector
        return MainActor.assumeIsolated {
          navigationDelegate?.responds(to: selector) == true || uiDelegate?.responds(to: selector) == true
        }
      }

      /// Sends a method the coordinator does not implement to whichever app delegate does.
      nonisolated public override func forwardingTarget(for aSelector: Selector!) -> Any? {
        nonisolated(unsafe) let selector = aSelector
        nonisolated(unsafe) var target: AnyObject?
        MainActor.assumeIsolated {
          if navigationDelegate?.responds(to: selector) == true {
            target = navigationDelegate
          } else if uiDelegate?.responds(to: selector) == true {
            target = uiDelegate
          }
        }
        return target ?? super.forwardingTarget(for: aSelector)
      }
    }
  #endif

#endif
