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

  /// Converts WebKit's navigation actions into SessionKit's, and infers what WebKit does not say.
  ///
  /// WebKit has no public user-gesture flag before iOS 18.4, and reports a script's `a.click()` and
  /// `form.submit()` as `linkActivated` and `formSubmitted`, as it reports a tap (`NavigationAction.cpp`). The
  /// inference, from what a page cannot forge:
  /// - `decidePolicyFor`: `linkActivated` and `formSubmitted` carry a gesture when a finger touched the web view
  ///   just before (``TouchEvidence``); every other type (`other`: scripts, `load(_:)`, iframes; back, forward,
  ///   reload) carries none. A popup's first load is the exception: it carries a gesture after a `window.open`
  ///   that had one, as WebKit propagates it.
  /// - `createWebViewWith`: links and forms as above; for `window.open` (`other`), WebKit's popup gate lets a
  ///   script without a gesture reach the delegate only when `javaScriptCanOpenWindowsAutomatically` is true, so
  ///   with it false (the iOS default) the request is a gesture, and with it true it is one when a finger touched
  ///   the web view just before, or when the app answers ``WebSessionCoordinator/newWindowGesture``.
  enum NavigationActionConversion {
    /// The gesture of a `decidePolicyFor` action; `touched`: a touch on the web view just before.
    @MainActor
    static func isUserGesture(_ action: WKNavigationAction, touched: Bool) -> Bool {
      touched && (action.navigationType == .linkActivated || action.navigationType == .formSubmitted)
    }

    /// The gesture of a `createWebViewWith` action in `webView`; `touched`: a touch on the web view just before.
    @MainActor
    static func isUserGesture(forNewWindow action: WKNavigationAction, in webView: WKWebView, touched: Bool) -> Bool {
      if action.navigationType != .other { return isUserGesture(action, touched: touched) }
      return touched || !webView.configuration.preferences.javaScriptCanOpenWindowsAutomatically
    }

    /// SessionKit's copy of `action` in `webView`, `shouldPerformDownload` included (a same-origin link with a
    /// `download` attribute: policies and deciders see it). An action without a URL (`window.open()`) has an empty
    /// `requestURL`; one whose `sourceFrame` is nil at run time has an unknown iframe as its source (not the main
    /// frame, which rules may trust more: an ad iframe's `window.open` must not pass for the page's own).
    @MainActor
    static func navigationAction(_ action: WKNavigationAction, in webView: WKWebView, isUserGesture: Bool)
      -> NavigationAction
    {
      let source =
        sourceFrame(of: action).map { frameInfo($0) }
        ?? FrameInfo(isMainFrame: false, url: "")
      return NavigationAction(
        requestURL: action.request.url?.absoluteString ?? "", httpMethod: action.request.httpMethod ?? "GET",
        sourceFrame: source, targetFrame: action.targetFrame.map { frameInfo($0) },
        navigationType: navigationType(action.navigationType), isUserGesture: isUserGesture,
        shouldPerformDownload: action.shouldPerformDownload)
    }

    @MainActor
    static func frameInfo(_ frame: WKFrameInfo) -> FrameInfo {
      let origin = frame.securityOrigin
      return FrameInfo(
        isMainFrame: frame.isMainFrame, requestURL: requestURL(of: frame),
        securityOrigin: SecurityOrigin(protocol: origin.protocol, host: origin.host, port: origin.port))
    }

    /// `action.sourceFrame`, which Swift declares non-optional but WebKit has sent as nil (DuckDuckGo's
    /// BrowserServicesKit reads it through an optional accessor for the same reason): read without assuming it.
    @MainActor
    static func sourceFrame(of action: WKNavigationAction) -> WKFrameInfo? {
      #if canImport(UIKit) && canImport(WebKit)
        // Key-value coding returns the Objective-C property as it is, nil included.
        return action.value(forKey: "sourceFrame") as? WKFrameInfo
      #else
        return action.standInSourceFrame
      #endif
    }

    /// The URL of `frame.request`, which Swift declares non-optional but WebKit has sent as nil; empty then.
    @MainActor
    static func requestURL(of frame: WKFrameInfo) -> String {
      #if canImport(UIKit) && canImport(WebKit)
        let request = frame.value(forKey: "request") as? URLRequest
      #else
        let request = frame.standInRequest
      #endif
      return request?.url?.absoluteString ?? ""
    }

    static func navigationType(_ type: WKNavigationType) -> NavigationType {
      switch type {
      case .linkActivated: .linkActivated
      case .formSubmitted: .formSubmitted
      case .backForward: .backForward
      case .reload: .reload
      case .formResubmitted: .formResubmitted
      default: .other
      }
    }

    /// How an allowed main-frame navigation of this type will change the back-forward list when it commits.
    @MainActor
    static func pendingCommit(_ action: WKNavigationAction) -> WebSessionCoordinator.PendingCommit {
      switch action.navigationType {
      case .backForward: .backForward
      case .reload, .formResubmitted: .reload
      default: .newEntry(isPost: action.request.httpMethod?.uppercased() == "POST")
      }
    }
  }

#endif
