import Foundation
import SessionKit
import SessionKitWebKit

#if canImport(UIKit) && canImport(WebKit)
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  /// A checkout screen: the merchant page in a web view whose navigations and popups SessionKit decides with the
  /// policy file. Google Pay opens over the page and closes itself; the ad opens in Safari; the page keeps its
  /// state throughout.
  @MainActor
  final class CheckoutViewController: UIViewController {
    let webView: WKWebView
    private(set) var coordinator: WebSessionCoordinator?
    /// What the coordinator reported through `onProblem`, for the app's log.
    private(set) var problems: [String] = []
    private let policyURL: URL

    /// A screen deciding with the policy at `policyURL` (in an app: `Bundle.main.url(forResource:
    /// "checkout-policy", withExtension: "json")`).
    init(policyURL: URL) {
      self.policyURL = policyURL
      self.webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      super.init(nibName: nil, bundle: nil)
    }

    #if canImport(UIKit) && canImport(WebKit)
      @available(*, unavailable)
      required init?(coder: NSCoder) {
        return nil
      }
    #endif

    override func loadView() {
      let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      webView.frame = root.bounds
      webView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      root.addSubview(webView)
      view = root
    }

    /// Compiles the policy and starts the page. A policy that cannot be read or is invalid is an error the app
    /// shows, never a crash.
    func start() throws {
      _ = view
      // The adoption: a compiled policy, an engine, a coordinator, a load.
      let policy = try CompiledPolicy(PolicyConfiguration(json: Data(contentsOf: policyURL)))
      let coordinator = WebSessionCoordinator(
        engine: SessionEngine(policy: policy), webView: webView, presenter: UIKitPopupPresenter(host: self))
      // What could not be done, and what a page tried without the user (an ad's scripted click): log it.
      coordinator.onProblem = { [weak self] problem in self?.problems.append("\(problem)") }
      self.coordinator = coordinator
      webView.loadHTMLString(CheckoutPage.html, baseURL: CheckoutPage.baseURL)
    }
  }

#endif
