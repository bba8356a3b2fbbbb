import Foundation
import SessionKit

#if canImport(UIKit) && canImport(WebKit)
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  /// Calls the app's own delegate for the callbacks the ``WebKitDelegateProxy`` implements and forwards. In WebKit these are
  /// Objective-C `optional` requirements, called with `?` (`nil` when the delegate does not implement one, or is
  /// gone); in the stand-in they have default implementations that give WebKit's default answer.
  ///
  /// The proxy's own methods that take a completion handler are written in their `async` form: the block
  /// types of the handler forms differ between SDKs (`@MainActor @Sendable` from the iOS 18 SDK on, plain before),
  /// and an `async` witness is the same under both. The app's delegate is called through the handler form
  /// (``ask(orElse:_:)``), with a handler made outside the main actor that converts to whichever type the SDK
  /// declares.
  @MainActor
  enum Forwarding {
    /// Whether `delegate` implements the Objective-C method `selector` (what WebKit would ask it).
    static func implements(_ delegate: AnyObject?, _ selector: String) -> Bool {
      #if canImport(UIKit) && canImport(WebKit)
        return (delegate as? NSObjectProtocol)?.responds(to: NSSelectorFromString(selector)) == true
      #else
        return (delegate as? SelectorResponding)?.responds(toSelector: selector) == true
      #endif
    }

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

    /// A handler that resumes `continuation`, made outside the main actor: an app's delegate may call WebKit's
    /// handler on another thread (an authentication answered from a `URLSession` queue), and a closure formed in
    /// main-actor code would be checked at run time to run on the main actor.
    nonisolated static func resuming<Value: Sendable>(_ continuation: CheckedContinuation<Value, Never>)
      -> @Sendable (Value) -> Void
    {
      { continuation.resume(returning: $0) }
    }

    /// What the app's delegate answers through the handler `call` passes it, or `fallback` (WebKit's default) when
    /// `call` returns `nil`: the delegate is gone or does not implement the method. Resumed exactly once.
    static func ask<Value: Sendable>(
      orElse fallback: Value, _ call: (@escaping @Sendable (Value) -> Void) -> Void?
    ) async -> Value {
      await withCheckedContinuation { continuation in
        if call(resuming(continuation)) == nil { continuation.resume(returning: fallback) }
      }
    }

    /// ``resuming(_:)`` for a handler of two values.
    nonisolated static func resuming<First: Sendable, Second: Sendable>(
      _ continuation: CheckedContinuation<(First, Second), Never>
    ) -> @Sendable (First, Second) -> Void {
      { continuation.resume(returning: ($0, $1)) }
    }

    static func didClose(_ delegate: (any WKUIDelegate)?, _ webView: WKWebView) {
      #if canImport(UIKit) && canImport(WebKit)
        delegate?.webViewDidClose?(webView)
      #else
        delegate?.webViewDidClose(webView)
      #endif
    }
  }

  // MARK: - Forwarded to the app's navigation delegate

  // Claimed only when the app's delegate implements them (`DelegateForwarding.forwarded`); each gives WebKit's
  // default answer when that delegate has gone away since WebKit cached the claim.
  extension WebKitDelegateProxy {
    /// Forwarded to the app's navigation delegate.
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webView?(webView, didStartProvisionalNavigation: navigation)
      #else
        navigationDelegate?.webView(webView, didStartProvisionalNavigation: navigation)
      #endif
    }

    /// Forwarded to the app's navigation delegate.
    func webView(
      _ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation!
    ) {
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webView?(webView, didReceiveServerRedirectForProvisionalNavigation: navigation)
      #else
        navigationDelegate?.webView(webView, didReceiveServerRedirectForProvisionalNavigation: navigation)
      #endif
    }

    /// Ends the main-frame load that failed before committing (its popup gesture is spent), then forwards to the
    /// app's navigation delegate.
    func webView(
      _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {
      coordinator?.loadEnded(in: webView, error: error)
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webView?(webView, didFailProvisionalNavigation: navigation, withError: error)
      #else
        navigationDelegate?.webView(webView, didFailProvisionalNavigation: navigation, withError: error)
      #endif
    }

    /// Forwarded to the app's navigation delegate.
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
      coordinator?.loadEnded(in: webView, error: error)
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webView?(webView, didFail: navigation, withError: error)
      #else
        navigationDelegate?.webView(webView, didFail: navigation, withError: error)
      #endif
    }

    /// Forwarded to the app's navigation delegate; `allow` (WebKit's default) when it is gone. A main-frame
    /// response answered with anything but allow (a download, a cancel) commits nothing.
    func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse) async
      -> WKNavigationResponsePolicy
    {
      let isForMainFrame = navigationResponse.isForMainFrame
      let policy: WKNavigationResponsePolicy
      #if canImport(UIKit) && canImport(WebKit)
        let delegate = navigationDelegate
        policy = await Forwarding.ask(orElse: .allow) {
          delegate?.webView?(webView, decidePolicyFor: navigationResponse, decisionHandler: $0)
        }
      #else
        policy = await navigationDelegate?.webView(webView, decidePolicyFor: navigationResponse) ?? .allow
      #endif
      if policy != .allow, isForMainFrame { coordinator?.loadEnded(in: webView, error: nil) }
      return policy
    }

    /// Forwarded to the app's navigation delegate; default handling (WebKit's default) when it is gone.
    func webView(_ webView: WKWebView, respondTo challenge: URLAuthenticationChallenge) async
      -> (URLSession.AuthChallengeDisposition, URLCredential?)
    {
      #if canImport(UIKit) && canImport(WebKit)
        let delegate = navigationDelegate
        return await withCheckedContinuation { continuation in
          let asked: Void? = delegate?.webView?(
            webView, didReceive: challenge, completionHandler: Forwarding.resuming(continuation))
          if asked == nil { continuation.resume(returning: (.performDefaultHandling, nil)) }
        }
      #else
        return await navigationDelegate?.webView(webView, respondTo: challenge) ?? (.performDefaultHandling, nil)
      #endif
    }

    /// Forwarded to the app's navigation delegate; `false` (WebKit's default) when it is gone.
    func webView(_ webView: WKWebView, shouldAllowDeprecatedTLSFor challenge: URLAuthenticationChallenge)
      async -> Bool
    {
      #if canImport(UIKit) && canImport(WebKit)
        let delegate = navigationDelegate
        return await Forwarding.ask(orElse: false) {
          delegate?.webView?(webView, authenticationChallenge: challenge, shouldAllowDeprecatedTLS: $0)
        }
      #else
        return await navigationDelegate?.webView(webView, shouldAllowDeprecatedTLSFor: challenge) ?? false
      #endif
    }

    /// Forwarded to the app's navigation delegate (a navigation the policy answered `download`).
    func webView(_ webView: WKWebView, navigationAction: WKNavigationAction, didBecome download: WKDownload) {
      if navigationAction.targetFrame?.isMainFrame == true { coordinator?.loadEnded(in: webView, error: nil) }
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webView?(webView, navigationAction: navigationAction, didBecome: download)
      #else
        navigationDelegate?.webView(webView, navigationAction: navigationAction, didBecome: download)
      #endif
    }

    /// Forwarded to the app's navigation delegate.
    func webView(
      _ webView: WKWebView, navigationResponse: WKNavigationResponse, didBecome download: WKDownload
    ) {
      if navigationResponse.isForMainFrame { coordinator?.loadEnded(in: webView, error: nil) }
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webView?(webView, navigationResponse: navigationResponse, didBecome: download)
      #else
        navigationDelegate?.webView(webView, navigationResponse: navigationResponse, didBecome: download)
      #endif
    }

    /// Forwarded to the app's navigation delegate.
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webViewWebContentProcessDidTerminate?(webView)
      #else
        navigationDelegate?.webViewWebContentProcessDidTerminate(webView)
      #endif
    }
  }

  // MARK: - Forwarded to the app's UI delegate

  extension WebKitDelegateProxy {
    /// Forwarded to the app's UI delegate; `prompt` (WebKit's default: it asks the user) when it is gone.
    func webView(
      _ webView: WKWebView, decideMediaCapturePermissionsFor origin: WKSecurityOrigin,
      initiatedBy frame: WKFrameInfo, type: WKMediaCaptureType
    ) async -> WKPermissionDecision {
      #if canImport(UIKit) && canImport(WebKit)
        let delegate = uiDelegate
        return await Forwarding.ask(orElse: .prompt) {
          delegate?.webView?(
            webView, requestMediaCapturePermissionFor: origin, initiatedByFrame: frame, type: type, decisionHandler: $0)
        }
      #else
        return await uiDelegate?.webView(
          webView, decideMediaCapturePermissionsFor: origin, initiatedBy: frame, type: type) ?? .prompt
      #endif
    }

    /// Forwarded to the app's UI delegate; `prompt` (WebKit's default) when it is gone. WebKit declares no `async`
    /// form of this one: its handler's type is the SDK's (``PermissionDecisionHandler``).
    func webView(
      _ webView: WKWebView, requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
      initiatedByFrame frame: WKFrameInfo, decisionHandler: @escaping PermissionDecisionHandler
    ) {
      #if canImport(UIKit) && canImport(WebKit)
        let answered: Void? = uiDelegate?.webView?(
          webView, requestDeviceOrientationAndMotionPermissionFor: origin, initiatedByFrame: frame,
          decisionHandler: decisionHandler)
        if answered == nil { decisionHandler(.prompt) }
      #else
        guard let uiDelegate else { return decisionHandler(.prompt) }
        uiDelegate.webView(
          webView, requestDeviceOrientationAndMotionPermissionFor: origin, initiatedByFrame: frame,
          decisionHandler: decisionHandler)
      #endif
    }
  }

  #if canImport(UIKit) && canImport(WebKit)
    // The context and edit menus and Lockdown Mode's message: UIKit types the stand-in does not model, so these are
    // checked against the iOS SDK only (CONTRIBUTING.md, "The iOS SDK type-check").
    extension WebKitDelegateProxy {
      /// Forwarded to the app's UI delegate; `nil` (the system's menu) when it is gone.
      func webView(_ webView: WKWebView, contextMenuConfigurationFor elementInfo: WKContextMenuElementInfo)
        async -> UIContextMenuConfiguration?
      {
        let delegate = uiDelegate
        return await Forwarding.ask(orElse: nil) {
          delegate?.webView?(webView, contextMenuConfigurationForElement: elementInfo, completionHandler: $0)
        }
      }

      /// Forwarded to the app's UI delegate.
      func webView(_ webView: WKWebView, contextMenuWillPresentForElement elementInfo: WKContextMenuElementInfo) {
        uiDelegate?.webView?(webView, contextMenuWillPresentForElement: elementInfo)
      }

      /// Forwarded to the app's UI delegate.
      func webView(
        _ webView: WKWebView, contextMenuForElement elementInfo: WKContextMenuElementInfo,
        willCommitWithAnimator animator: any UIContextMenuInteractionCommitAnimating
      ) {
        uiDelegate?.webView?(webView, contextMenuForElement: elementInfo, willCommitWithAnimator: animator)
      }

      /// Forwarded to the app's UI delegate.
      func webView(_ webView: WKWebView, contextMenuDidEndForElement elementInfo: WKContextMenuElementInfo) {
        uiDelegate?.webView?(webView, contextMenuDidEndForElement: elementInfo)
      }

      /// Forwarded to the app's UI delegate.
      @available(iOS 16.4, *)
      func webView(
        _ webView: WKWebView, willPresentEditMenuWithAnimator animator: any UIEditMenuInteractionAnimating
      ) {
        uiDelegate?.webView?(webView, willPresentEditMenuWithAnimator: animator)
      }

      /// Forwarded to the app's UI delegate.
      @available(iOS 16.4, *)
      func webView(
        _ webView: WKWebView, willDismissEditMenuWithAnimator animator: any UIEditMenuInteractionAnimating
      ) {
        uiDelegate?.webView?(webView, willDismissEditMenuWithAnimator: animator)
      }

      /// Forwarded to the app's UI delegate; `.showDefault` (WebKit's own message) when it is gone.
      func webView(_ webView: WKWebView, showLockdownModeFirstUseMessage message: String) async
        -> WKDialogResult
      {
        let delegate = uiDelegate
        return await Forwarding.ask(orElse: .showDefault) {
          delegate?.webView?(webView, showLockdownModeFirstUseMessage: message, completionHandler: $0)
        }
      }
    }
  #endif

  // MARK: - What WebKit is told the proxy implements

  #if canImport(UIKit) && canImport(WebKit)
    extension WebKitDelegateProxy {
      /// Answers WebKit's `respondsToSelector:` for delegate methods by `DelegateForwarding.answer`, never by what
      /// the app's delegates implement alone; every other selector as `NSObject` does. A claim also needs the
      /// class to implement the method, so WebKit is never told yes for a message nobody would answer. The answer
      /// is read from ``claimedSelectors``, which the main actor keeps current, so that it needs no main-actor
      /// hop whichever thread asks.
      nonisolated override func responds(to aSelector: Selector!) -> Bool {
        guard let aSelector else { return false }
        let name = NSStringFromSelector(aSelector)
        let forwarded = claimedSelectors.withLock { $0 }
        switch DelegateForwarding.answer(for: name, appImplements: { _, selector in forwarded.contains(selector) }) {
        case .claim, .askSuper: return super.responds(to: aSelector)
        case .refuse: return false
        }
      }
    }
  #else
    extension WebKitDelegateProxy: SelectorResponding {
      /// The stand-in's `respondsToSelector:`, answered by the same rule as on Apple platforms.
      func responds(toSelector selector: String) -> Bool {
        claims(selector)
      }
    }
  #endif

  extension WebKitDelegateProxy {
    /// What the proxy answers WebKit's `respondsToSelector:` for `selector`.
    func answer(for selector: String) -> DelegateForwarding.Answer {
      DelegateForwarding.answer(for: selector) { side, selector in
        Forwarding.implements(side == .navigation ? navigationDelegate : uiDelegate, selector)
      }
    }

    /// Whether the proxy tells WebKit it implements `selector`.
    func claims(_ selector: String) -> Bool {
      answer(for: selector) == .claim
    }

    /// The forwarded selectors the app's delegates implement now: what `responds(to:)` reads on any thread.
    func forwardedSelectorsClaimed() -> Set<String> {
      Set(DelegateForwarding.forwarded.keys.filter { answer(for: $0) == .claim })
    }
  }

#endif
