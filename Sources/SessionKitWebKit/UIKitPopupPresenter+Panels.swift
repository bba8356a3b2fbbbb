import Foundation
import SessionKit

#if canImport(UIKit) && canImport(WebKit)
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  // JavaScript panels as Safari shows them: an alert titled with the frame's host. The page is blocked until it
  // has its answer, so the answer comes exactly once whatever happens to the alert: the user's tap, `dismissed`
  // when it cannot be presented, when the coordinator's task is cancelled (torn down), or when the alert goes away
  // without a tap (dismissed with the modal popup under it).
  extension UIKitPopupPresenter {
    /// Presents the alert ``makeAlertController(for:answer:)`` makes for `panel` from the top-most view controller
    /// and returns the answer (see ``runJavaScriptPanel(_:in:)``).
    func showAlert(for panel: JavaScriptPanel) async -> JavaScriptPanel.Answer {
      let top: UIViewController
      do {
        top = try topViewController()
      } catch {
        return .dismissed
      }
      let showing = ShownAlert()
      showing.presenter = self
      return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          // Owned by the alert's actions only: when the alert goes away untapped, the reply's deinit answers.
          let reply = AnswerOnce(continuation)
          let alert = makeAlertController(for: panel) { reply.send($0) }
          showing.alert = alert
          showing.reply = reply
          top.present(alert, animated: true, completion: nil)
          if alert.presentingViewController == nil { reply.send(.dismissed) }
        }
      } onCancel: {
        Task { @MainActor in showing.cancel() }
      }
    }

    /// The alert ``makeAlertController(for:answer:)`` makes by default.
    static func alertController(
      for panel: JavaScriptPanel, answer: @escaping @MainActor (JavaScriptPanel.Answer) -> Void
    ) -> UIAlertController {
      let alert = UIAlertController(title: panel.frameHost, message: panel.message, preferredStyle: .alert)
      switch panel.kind {
      case .alert:
        alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in answer(.ok(text: nil)) })
      case .confirm:
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in answer(.dismissed) })
        let ok = UIAlertAction(title: "OK", style: .default) { _ in answer(.ok(text: nil)) }
        alert.addAction(ok)
        alert.preferredAction = ok
      case .prompt(let defaultText):
        alert.addTextField { $0.text = defaultText }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in answer(.dismissed) })
        let ok = UIAlertAction(title: "OK", style: .default) { [weak alert] _ in
          answer(.ok(text: alert?.textFields?.first?.text ?? ""))
        }
        alert.addAction(ok)
        alert.preferredAction = ok
      }
      return alert
    }
  }

  /// The one answer of a panel: the first ``send(_:)`` resumes the page; an alert that goes away untapped drops
  /// the last reference, and the deinit answers `dismissed`.
  private final class AnswerOnce {
    private var continuation: CheckedContinuation<JavaScriptPanel.Answer, Never>?

    init(_ continuation: CheckedContinuation<JavaScriptPanel.Answer, Never>) {
      self.continuation = continuation
    }

    func send(_ answer: JavaScriptPanel.Answer) {
      continuation?.resume(returning: answer)
      continuation = nil
    }

    deinit {
      continuation?.resume(returning: .dismissed)
    }
  }

  /// The alert a panel shows and its reply, held weakly, for the cancellation handler.
  @MainActor
  private final class ShownAlert {
    weak var alert: UIAlertController?
    weak var reply: AnswerOnce?
    weak var presenter: UIKitPopupPresenter?

    /// Answers `dismissed` and takes the alert down (when its presentation has ended, if it is still running).
    func cancel() {
      reply?.send(.dismissed)
      if let alert, alert.presentingViewController != nil { presenter?.dismissWhenIdle(alert) }
    }
  }

#endif
