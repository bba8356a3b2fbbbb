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

  // The only code that reads the engine's answer types (`NavigationDecision`, `NavigationOutcome`,
  // `PopupAdmission`). When their shape changes, this file is what changes.

  extension WebSessionCoordinator {
    /// WebKit's policy for `decision`, after performing its effect (an external open or a load elsewhere) once.
    /// A page's `download` attribute (`shouldPerformDownload`) turns an allowed navigation of an existing frame
    /// into a download, as WebKit would without a delegate.
    ///
    /// An iframe's navigation without a gesture (its load after the page commits, a script's) has no effect
    /// outside its frame whatever the answer: a page cannot open Safari or another app, or load a URL elsewhere,
    /// by embedding an iframe (WritingScenarios.md, "Pages and their iframes"; the engine answers those with cancel as
    /// well).
    ///
    /// Only a user gesture opens anything outside the app (WebKit itself asks one before a page may open an
    /// external app): an `external` answer to a navigation no gesture started is cancelled and reported
    /// (``WebSessionCoordinator/Problem/externalOpenWithoutGesture(_:url:)``). The views of popups the decision
    /// closed go first, so that Safari is presented from what stays on screen.
    /// `mayOpenOutside`: a gesture started the navigation, or it is the first load of a popup a gesture opened.
    func answer(
      _ decision: NavigationDecision, to navigationAction: WKNavigationAction, isUserGesture: Bool,
      mayOpenOutside: Bool, in webView: WKWebView
    ) -> WKNavigationActionPolicy {
      let finishedPopup = decision.closedSessions.first
      removeClosed(decision.closedSessions)
      let isPageLoad = navigationAction.targetFrame?.isMainFrame != false
      if case .openExternally(let url, _) = decision.outcome, !mayOpenOutside {
        // An iframe's own load opening nothing is no news; a page's navigation is.
        if isPageLoad, let id = session(for: webView)?.id { report(.externalOpenWithoutGesture(id, url: url)) }
      } else if isUserGesture || isPageLoad {
        // A finished popup is the first session the decision closed (its subtree follows it).
        perform(decision.outcome, finishedPopup: finishedPopup)
      }
      switch decision.policy {
      case .cancel: return .cancel
      case .download: return .download
      case .allow:
        let isDownload = navigationAction.shouldPerformDownload && navigationAction.targetFrame != nil
        return isDownload ? .download : loadPolicy
      }
    }

    /// The web view to return from `createWebViewWith` for `admission`: a new one built from `configuration`,
    /// bound to the child session and presented; or `nil` after performing the refusal's effect once, and when the
    /// presenter cannot show the popup (the page's `window.open` then returns null, as for a blocked popup).
    /// A refusal for want of a gesture, and an `external` answer to a request no gesture started, are reported
    /// and open nothing.
    func popup(
      for admission: PopupAdmission, request: NavigationAction, configuration: WKWebViewConfiguration,
      opener: WKWebView, openedByGesture: Bool
    ) -> WKWebView? {
      guard let child = admission.child else {
        let id = session(for: opener)?.id ?? rootSession.id
        switch admission.outcome {
        case .blocked(.noUserGesture): report(.popupRefusedWithoutGesture(id, url: request.requestURL))
        case .openExternally(let url, _) where !request.isUserGesture:
          report(.externalOpenWithoutGesture(id, url: url))
        default: perform(admission.outcome, finishedPopup: nil)
        }
        return nil
      }
      let popup = makePopup(
        configuration: configuration, opener: opener, child: child, firstLoadGesture: openedByGesture,
        openedByUser: request.isUserGesture)
      guard present(popup, session: child, over: opener, provisional: admission.isProvisional) else { return nil }
      return popup
    }

    /// The one place that opens URLs outside the app, loads them elsewhere or hands a finished popup's URL to
    /// the app; the event stream never does.
    private func perform(_ outcome: NavigationOutcome, finishedPopup: SessionID?) {
      switch outcome {
      case .openExternally(let url, let via):
        externalOpener.open(url, via: via) { [weak self] reason in
          self?.report(.externalOpenFailed(url: url, reason: reason))
        }
      case .loadInstead(let url, let id): load(url, in: id)
      case .finished(let url, .opener, let id?): load(url, in: id)
      case .finished(let url, _, _):
        guard let finishedPopup else { return }
        onPopupFinished?(url, finishedPopup)
      case .allow, .download, .blocked, .popup, .provisionalPopup: break
      }
    }
  }

#endif
