import Foundation
import SessionKit

#if canImport(UIKit) && canImport(WebKit)
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  // JavaScript `alert`, `confirm` and `prompt` that the app's UI delegate does not answer (the proxy asks it first):
  // the presenter shows them (`UIAlertController`).
  extension WebSessionCoordinator {
    /// Shows `panel` through the presenter and answers once: with the user's answer, or `dismissed` when the
    /// coordinator is torn down first (a page waiting on a panel is never left hanging).
    func runPanel(
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
