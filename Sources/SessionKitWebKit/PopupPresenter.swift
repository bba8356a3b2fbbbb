import Foundation
import SessionKit

#if canImport(UIKit) && canImport(WebKit)
  import SafariServices
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  /// Shows popups, Safari view controllers and JavaScript panels for a ``WebSessionCoordinator``. Apps pass one to
  /// the coordinator: ``UIKitPopupPresenter`` for a UIKit screen, or a presenter of their own that implements this
  /// protocol (a custom popup chrome, another UI toolkit).
  ///
  /// The coordinator calls ``present(_:as:over:close:)`` once per popup, when the engine admitted it (a provisional
  /// popup when its first load is allowed), and ``remove(_:)`` once when the engine closed it. A popup opened blank
  /// whose first load of a real URL gives it another presentation is removed and presented again then. A presenter that
  /// cannot show a popup throws: the coordinator then closes the popup in the engine at once and reports it
  /// through ``WebSessionCoordinator/onProblem``, and WebKit gets no window (the page's `window.open` returns null,
  /// as for a blocked popup; a provisional popup's first load is cancelled), so a popup is never open without
  /// being on screen.
  @MainActor
  public protocol PopupPresenter: AnyObject {
    /// Shows `popup` over `opener` (`overlay`) or in a new view controller (`modal`). `close` is the popup's close
    /// button action: it tells the engine, which then closes the popup's subtree.
    /// - Throws: ``PopupPresentationError`` when the popup cannot be shown (no container, no host, a host that
    ///   cannot present now).
    func present(
      _ popup: WKWebView, as presentation: PopupPresentation, over opener: WKWebView,
      close: @escaping @MainActor () -> Void) throws(PopupPresentationError)

    /// Removes `popup` (its session was closed).
    func remove(_ popup: WKWebView)

    /// Presents Safari for an `external: safari` decision.
    /// - Throws: ``PopupPresentationError`` when there is no view controller to present it from.
    func presentSafari(_ safari: SFSafariViewController) throws(PopupPresentationError)

    /// Shows a JavaScript `alert`, `confirm` or `prompt` of a page in `webView` and returns the user's answer.
    /// Called only when the app's own UI delegate does not implement that panel.
    func runJavaScriptPanel(_ panel: JavaScriptPanel, in webView: WKWebView) async -> JavaScriptPanel.Answer
  }

  extension PopupPresenter {
    /// Shows nothing and answers as WebKit does for a UI delegate without panels: `alert` returns, `confirm` is
    /// false, `prompt` is `nil`.
    public func runJavaScriptPanel(_ panel: JavaScriptPanel, in webView: WKWebView) async -> JavaScriptPanel.Answer {
      .dismissed
    }
  }

  /// Why a presenter could not show a popup or Safari: presenters throw it, and apps receive it in
  /// ``WebSessionCoordinator/Problem/popupPresentationFailed(_:_:)``.
  public struct PopupPresentationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; more codes may be added.
    public struct Code: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
      /// The code's name, for logs.
      public let rawValue: String
      /// A code named `rawValue`.
      public init(rawValue: String) { self.rawValue = rawValue }
      /// The presenter's host view controller is gone (it is held weakly).
      public static let noHost = Code(rawValue: "no-host")
      /// The host's view is not in a window, so UIKit would refuse (or silently drop) the presentation.
      public static let notInWindow = Code(rawValue: "not-in-window")
      /// The view controller to present from is already presenting, or being dismissed.
      public static let hostBusy = Code(rawValue: "host-busy")
      /// No view to put an overlay in.
      public static let noContainer = Code(rawValue: "no-container")
      /// The code's name.
      public var description: String { rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// A sentence for logs: what could not be shown and why.
    public let message: String

    /// An error with `code` and `message`.
    public init(_ code: Code, _ message: String) {
      self.code = code
      self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
  }

  /// A JavaScript panel a page opened (`alert`, `confirm` or `prompt`), as ``PopupPresenter/runJavaScriptPanel(_:in:)``
  /// receives it: presenters show it and answer it.
  public struct JavaScriptPanel: Sendable, Hashable {
    /// Which panel.
    public enum Kind: Sendable, Hashable {
      /// `alert(message)`: one OK button.
      case alert
      /// `confirm(message)`: OK and Cancel.
      case confirm
      /// `prompt(message, defaultText)`: a text field, OK and Cancel.
      case prompt(defaultText: String?)
    }

    /// What the user answered.
    public enum Answer: Sendable, Hashable {
      /// OK (`confirm` returns true; `prompt` returns the text, `""` when empty).
      case ok(text: String?)
      /// Cancel, or the panel could not be shown (`confirm` returns false, `prompt` null).
      case dismissed
    }

    /// Which panel.
    public let kind: Kind
    /// The page's message.
    public let message: String
    /// The host of the frame that opened the panel (shown as the panel's title, as Safari does).
    public let frameHost: String

    /// A panel of `kind` showing `message`, opened by a frame of `frameHost`.
    public init(kind: Kind, message: String, frameHost: String) {
      self.kind = kind
      self.message = message
      self.frameHost = frameHost
    }
  }

#endif
