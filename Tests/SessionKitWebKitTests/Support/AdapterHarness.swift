#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// Collects what the stand-in WebKit raises, instead of crashing the test process.
  final class RaisedExceptions: @unchecked Sendable {
    // @unchecked: `messages` is only touched under `lock`.
    private let lock = NSLock()
    private var messages: [String] = []

    func record(_ message: String) {
      lock.withLock { messages.append(message) }
    }

    var all: [String] { lock.withLock { messages } }
  }

  /// A root web view in a host view controller on screen (the root of a window), its coordinator, and the stand-in
  /// WebKit driving them; events the coordinator applied can be awaited one by one.
  @MainActor
  final class AdapterHarness {
    /// What `WebSessionCoordinator` implements.
    static let coordinatorMethods: Set<WebKitDriver.DelegateMethod> = [
      .decidePolicyAsync, .createWebView, .webViewDidClose, .didCommit, .didFinish,
    ]

    let engine: SessionEngine
    let host = UIViewController()
    /// The host's window: a presenter shows nothing from a view controller whose view is not in one.
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let mainWebView: WKWebView
    let coordinator: WebSessionCoordinator
    let driver: WebKitDriver
    let raised = RaisedExceptions()
    private var applied: [SessionEvent] = []
    private var waiter: CheckedContinuation<Void, Never>?

    init(
      policy json: String, deciders: [String: any NavigationDecider] = [:],
      javaScriptCanOpenWindowsAutomatically: Bool = false,
      blankTimeouts: SessionEngine.BlankTimeoutChecking = .timer, clock: any Clock<Duration> = ContinuousClock()
    ) throws {
      engine = SessionEngine(
        policy: try CompiledPolicy(PolicyConfiguration(json: Array(json.utf8))), deciders: deciders, clock: clock,
        blankTimeouts: blankTimeouts)
      window.rootViewController = host
      let configuration = WKWebViewConfiguration()
      configuration.preferences.javaScriptCanOpenWindowsAutomatically = javaScriptCanOpenWindowsAutomatically
      mainWebView = WKWebView(frame: host.view.bounds, configuration: configuration)
      host.view.addSubview(mainWebView)
      coordinator = WebSessionCoordinator(
        engine: engine, webView: mainWebView, presenter: UIKitPopupPresenter(host: host))
      let raised = raised
      driver = WebKitDriver(implementing: Self.coordinatorMethods, raise: { raised.record($0) })
      driver.attach(mainWebView)
      coordinator.onEvent = { [unowned self] event in
        applied.append(event)
        waiter?.resume()
        waiter = nil
      }
      UIApplication.shared.resetOpenedURLs()
    }

    /// The app loads `url` in the main web view.
    func load(_ url: String) async {
      mainWebView.load(URLRequest(url: URL(string: url)!))
      await driver.settle()
    }

    /// Waits for the next applied event that `matches` (dropping the ones before it).
    @discardableResult
    func event(_ matches: (SessionEvent) -> Bool) async -> SessionEvent {
      while true {
        if let index = applied.firstIndex(where: matches) {
          let event = applied[index]
          applied.removeFirst(index + 1)
          return event
        }
        await withCheckedContinuation { waiter = $0 }
      }
    }

    /// Waits until the coordinator applied `popupClosed` for `id`, then lets UIKit's transitions end (a modal's
    /// dismissal takes time, as on a device).
    func closed(_ id: SessionID) async {
      await event {
        if case .popupClosed(let closed, _) = $0 { return closed == id }
        return false
      }
      UIKitStandIn.finishTransitions()
    }

    /// The callbacks since `start`, as text.
    func callbacks(from start: Int = 0) -> [String] {
      driver.callbacks[start...].map(\.description)
    }

    /// Whether `webView` is on screen: in the host's view tree, or in a presented controller's.
    func isShown(_ webView: WKWebView) -> Bool {
      var controller: UIViewController? = host
      while let current = controller {
        if contains(current.view, webView) { return true }
        controller = current.presentedViewController
      }
      return false
    }

    private func contains(_ view: UIView, _ target: UIView) -> Bool {
      view === target || view.subviews.contains { contains($0, target) }
    }

    /// The view controllers presented over the host, bottom to top.
    var presented: [UIViewController] {
      var result: [UIViewController] = []
      var top = host.presentedViewController
      while let current = top {
        result.append(current)
        top = current.presentedViewController
      }
      return result
    }
  }
#endif
