import Foundation

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

  /// Calls the app's own delegate for the callbacks the coordinator implements and forwards. In WebKit these are
  /// Objective-C `optional` requirements, called with `?` (`nil` when the delegate does not implement one, or is
  /// gone); in the stand-in they have default implementations that give WebKit's default answer.
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
  }

  // MARK: - Forwarded to the app's navigation delegate

  // Claimed only when the app's delegate implements them (`DelegateForwarding.forwarded`); each gives WebKit's
  // default answer when that delegate has gone away since WebKit cached the claim.
  extension WebSessionCoordinator {
    /// Forwarded to the app's navigation delegate.
    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webView?(webView, didStartProvisionalNavigation: navigation)
      #else
        navigationDelegate?.webView(webView, didStartProvisionalNavigation: navigation)
      #endif
    }

    /// Forwarded to the app's navigation delegate.
    public func webView(
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
    public func webView(
      _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {
      loadEnded(in: webView, error: error)
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webView?(webView, didFailProvisionalNavigation: navigation, withError: error)
      #else
        navigationDelegate?.webView(webView, didFailProvisionalNavigation: navigation, withError: error)
      #endif
    }

    /// Forwarded to the app's navigation delegate.
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
      loadEnded(in: webView, error: error)
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webView?(webView, didFail: navigation, withError: error)
      #else
        navigationDelegate?.webView(webView, didFail: navigation, withError: error)
      #endif
    }

    /// Forwarded to the app's navigation delegate; `allow` (WebKit's default) when it is gone.
    public func webView(
      _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
      decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void
    ) {
      // A main-frame response answered with anything but allow (a download, a cancel) commits nothing.
      let isForMainFrame = navigationResponse.isForMainFrame
      let observed: @MainActor @Sendable (WKNavigationResponsePolicy) -> Void = { [weak self, weak webView] policy in
        if policy != .allow, isForMainFrame, let self, let webView { self.loadEnded(in: webView, error: nil) }
        decisionHandler(policy)
      }
      #if canImport(UIKit) && canImport(WebKit)
        let answered: Void? = navigationDelegate?.webView?(
          webView, decidePolicyFor: navigationResponse, decisionHandler: observed)
      #else
        let answered: Void? = navigationDelegate?.webView(
          webView, decidePolicyFor: navigationResponse, decisionHandler: observed)
      #endif
      if answered == nil { decisionHandler(.allow) }
    }

    /// Forwarded to the app's navigation delegate; default handling (WebKit's default) when it is gone.
    public func webView(
      _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
      completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
      #if canImport(UIKit) && canImport(WebKit)
        let answered: Void? = navigationDelegate?.webView?(
          webView, didReceive: challenge, completionHandler: completionHandler)
      #else
        let answered: Void? = navigationDelegate?.webView(
          webView, didReceive: challenge, completionHandler: completionHandler)
      #endif
      if answered == nil { completionHandler(.performDefaultHandling, nil) }
    }

    /// Forwarded to the app's navigation delegate (a navigation the policy answered `download`).
    public func webView(_ webView: WKWebView, navigationAction: WKNavigationAction, didBecome download: WKDownload) {
      if navigationAction.targetFrame?.isMainFrame == true { loadEnded(in: webView, error: nil) }
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webView?(webView, navigationAction: navigationAction, didBecome: download)
      #else
        navigationDelegate?.webView(webView, navigationAction: navigationAction, didBecome: download)
      #endif
    }

    /// Forwarded to the app's navigation delegate.
    public func webView(
      _ webView: WKWebView, navigationResponse: WKNavigationResponse, didBecome download: WKDownload
    ) {
      if navigationResponse.isForMainFrame { loadEnded(in: webView, error: nil) }
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webView?(webView, navigationResponse: navigationResponse, didBecome: download)
      #else
        navigationDelegate?.webView(webView, navigationResponse: navigationResponse, didBecome: download)
      #endif
    }

    /// Forwarded to the app's navigation delegate.
    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
      #if canImport(UIKit) && canImport(WebKit)
        navigationDelegate?.webViewWebContentProcessDidTerminate?(webView)
      #else
        navigationDelegate?.webViewWebContentProcessDidTerminate(webView)
      #endif
    }
  }

  // MARK: - What WebKit is told the coordinator implements

  #if canImport(UIKit) && canImport(WebKit)
    extension WebSessionCoordinator {
      /// Answers WebKit's `respondsToSelector:` for delegate methods by `DelegateForwarding.answer`, never by what
      /// the app's delegates implement alone; every other selector as `NSObject` does. A claim also needs the
      /// class to implement the method, so WebKit is never told yes for a message nobody would answer. WebKit asks
      /// on the main thread when a delegate is set; asked on another thread, only the coordinator's own methods
      /// are claimed (the app's delegates are main-actor state).
      nonisolated public override func responds(to aSelector: Selector!) -> Bool {
        guard let aSelector else { return false }
        let name = NSStringFromSelector(aSelector)
        let answer =
          Thread.isMainThread
          ? MainActor.assumeIsolated { self.answer(for: name) }
          : DelegateForwarding.answer(for: name) { _, _ in false }
        switch answer {
        case .claim, .askSuper: return super.responds(to: aSelector)
        case .refuse: return false
        }
      }
    }
  #else
    extension WebSessionCoordinator: SelectorResponding {
      /// The stand-in's `respondsToSelector:`, answered by the same rule as on Apple platforms.
      public func responds(toSelector selector: String) -> Bool {
        claims(selector)
      }
    }
  #endif

  extension WebSessionCoordinator {
    /// What the coordinator answers WebKit's `respondsToSelector:` for `selector`.
    func answer(for selector: String) -> DelegateForwarding.Answer {
      DelegateForwarding.answer(for: selector) { side, selector in
        Forwarding.implements(side == .navigation ? navigationDelegate : uiDelegate, selector)
      }
    }

    /// Whether the coordinator tells WebKit it implements `selector`.
    func claims(_ selector: String) -> Bool {
      answer(for: selector) == .claim
    }
  }

#endif
