import Foundation
import SessionKit

#if canImport(UIKit) && canImport(WebKit)
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  // JavaScript `alert`, `confirm` and `prompt`: payment and 3-D Secure pages use them, and WebKit shows nothing
  // (`alert` returns, `confirm` is false, `prompt` null) unless the UI delegate answers. The app's UI delegate
  // answers when it implements the panel; otherwise the presenter shows one (`UIAlertController`).
  extension WebSessionCoordinator {
    /// The page's `alert(message)`: the app's UI delegate, or the presenter's panel.
    public func webView(
      _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
      completionHandler: @escaping AlertPanelCompletion
    ) {
      let selector = "webView:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:"
      if let app = uiDelegate, Forwarding.implements(app, selector) {
        #if canImport(UIKit) && canImport(WebKit)
          app.webView?(
            webView, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #else
          app.webView(
            webView, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #endif
        return
      }
      runPanel(JavaScriptPanel(kind: .alert, message: message, frameHost: Self.host(of: frame)), in: webView) { _ in
        completionHandler()
      }
    }

    /// The page's `confirm(message)`: the app's UI delegate, or the presenter's panel (OK is true).
    public func webView(
      _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
      completionHandler: @escaping ConfirmPanelCompletion
    ) {
      let selector = "webView:runJavaScriptConfirmPanelWithMessage:initiatedByFrame:completionHandler:"
      if let app = uiDelegate, Forwarding.implements(app, selector) {
        #if canImport(UIKit) && canImport(WebKit)
          app.webView?(
            webView, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #else
          app.webView(
            webView, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #endif
        return
      }
      runPanel(JavaScriptPanel(kind: .confirm, message: message, frameHost: Self.host(of: frame)), in: webView) {
        if case .ok = $0 { completionHandler(true) } else { completionHandler(false) }
      }
    }

    /// The page's `prompt(message, defaultText)`: the app's UI delegate, or the presenter's panel (OK gives the
    /// text, Cancel null).
    public func webView(
      _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
      initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping TextInputPanelCompletion
    ) {
      let selector = "webView:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:"
      if let app = uiDelegate, Forwarding.implements(app, selector) {
        #if canImport(UIKit) && canImport(WebKit)
          app.webView?(
            webView, runJavaScriptTextInputPanelWithPrompt: prompt, defaultText: defaultText, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #else
          app.webView(
            webView, runJavaScriptTextInputPanelWithPrompt: prompt, defaultText: defaultText, initiatedByFrame: frame,
            completionHandler: completionHandler)
        #endif
        return
      }
      let panel = JavaScriptPanel(
        kind: .prompt(defaultText: defaultText), message: prompt, frameHost: Self.host(of: frame))
      runPanel(panel, in: webView) {
        if case .ok(let text) = $0 { completionHandler(text ?? "") } else { completionHandler(nil) }
      }
    }

    /// Shows `panel` through the presenter and answers once: with the user's answer, or `dismissed` when the
    /// coordinator is torn down first (a page waiting on a panel is never left hanging).
    private func runPanel(
      _ panel: JavaScriptPanel, in webView: WKWebView, answer: @escaping @MainActor (JavaScriptPanel.Answer) -> Void
    ) {
      let reply = PanelReply(answer)
      guard !isTornDown else { return reply.send(.dismissed) }
      let id = nextPanel
      nextPanel += 1
      panelReplies[id] = reply
      let presenter = presenter
      panelTasks[id] = Task { [weak self] in
        let result = await presenter.runJavaScriptPanel(panel, in: webView)
        reply.send(result)
        self?.panelReplies[id] = nil
        self?.panelTasks[id] = nil
      }
    }

    /// The host shown as a panel's title: the frame's security origin (never the nil-able `request`).
    private static func host(of frame: WKFrameInfo) -> String {
      frame.securityOrigin.host
    }
  }

  /// One panel's answer, delivered at most once (the presenter's, or `dismissed` at tear-down, whichever is
  /// first).
  @MainActor
  final class PanelReply {
    private var answer: (@MainActor (JavaScriptPanel.Answer) -> Void)?

    init(_ answer: @escaping @MainActor (JavaScriptPanel.Answer) -> Void) {
      self.answer = answer
    }

    func send(_ result: JavaScriptPanel.Answer) {
      let answer = self.answer
      self.answer = nil
      answer?(result)
    }
  }

#endif
