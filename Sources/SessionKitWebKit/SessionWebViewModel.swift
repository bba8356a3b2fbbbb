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

  /// What `SessionWebView` does, in a class UIKit code and tests can drive too: makes a container with the root
  /// web view and its ``WebSessionCoordinator``, configures the web view before its first load, applies the view's
  /// settings, keeps its ``SessionWebPage`` current, loads the view's URL (again only when it changes), and tears
  /// the coordinator down when the view goes.
  ///
  /// SwiftUI keeps one model per view identity (it is the representable's coordinator): ``makeView(settings:)``
  /// from `makeUIView`, ``update(url:settings:)`` from `makeUIView` and `updateUIView`, ``dismantle()`` from
  /// `dismantleUIView`. A view made again on the same engine gets a new model and a new coordinator with its own
  /// root session; the engine itself is read once, when the model is made.
  ///
  /// Popups go over the web view inside the container (overlays) or are presented from the window's root view
  /// controller, or what it presents (modals, Safari, JavaScript panels). URLs the policy sends to the system open
  /// with `UIApplication.shared`, which app extensions cannot use: the model is unavailable there.
  @MainActor
  @available(iOSApplicationExtension, unavailable)
  package final class SessionWebViewModel {
    /// What the view passes on to the coordinator, and the root web view's configuration.
    @MainActor
    package struct Settings {
      /// The root web view's configuration, read when the view is made (popups get the one WebKit derives).
      package var configuration: WKWebViewConfiguration
      /// ``WebSessionCoordinator/onEvent``.
      package var onEvent: (@MainActor (SessionEvent) -> Void)?
      /// ``WebSessionCoordinator/onPopupFinished``.
      package var onPopupFinished: (@MainActor (_ url: String, _ popup: SessionID) -> Void)?
      /// ``WebSessionCoordinator/newWindowGesture``.
      package var newWindowGesture: (@MainActor (WKNavigationAction, WKWebView) -> Bool)?
      /// ``WebSessionCoordinator/onProblem``.
      package var onProblem: (@MainActor (WebSessionCoordinator.Problem) -> Void)?
      /// The app's UI delegate (``WebSessionCoordinator/uiDelegate``), held strongly while set: the coordinator
      /// holds it weakly, as WebKit does, and a view's value is the only owner a SwiftUI app has.
      package var uiDelegate: (any WKUIDelegate)?
      /// The app's navigation delegate (``WebSessionCoordinator/navigationDelegate``), held strongly while set.
      package var navigationDelegate: (any WKNavigationDelegate)?
      /// ``WebSessionCoordinator/recorder``.
      package var recorder: ScenarioRecorder?
      /// The page state the view keeps current (``SessionWebPage``): loading, progress, title, back and forward.
      package var page: SessionWebPage?
      /// Called once with the root web view when it is made, before its first load: for what the configuration
      /// cannot say (`customUserAgent`, `isInspectable`, the scroll view, gesture settings).
      package var configureWebView: (@MainActor (WKWebView) -> Void)?

      /// Settings with `configuration` and nothing else set.
      package init(configuration: WKWebViewConfiguration = WKWebViewConfiguration()) {
        self.configuration = configuration
      }
    }

    /// The engine the root session belongs to.
    package let engine: SessionEngine
    /// The container ``makeView(settings:)`` returned, while the view exists.
    package private(set) var container: UIView?
    /// The root web view, while the view exists.
    package private(set) var webView: WKWebView?
    /// The coordinator, from ``makeView(settings:)`` until ``dismantle()``.
    package private(set) var coordinator: WebSessionCoordinator?
    /// The URL loaded last by ``update(url:settings:)`` (not where the page navigated since).
    package private(set) var loadedURL: URL?
    /// The settings applied last; it keeps the app's delegates alive.
    private var settings = Settings()

    /// A model for a view on `engine`.
    package init(engine: SessionEngine) {
      self.engine = engine
    }

    /// Makes the container, the root web view filling it and the coordinator with `settings` applied; loads
    /// nothing (``update(url:settings:)`` does). Made once: a second call returns the same container.
    package func makeView(settings: Settings) -> UIView {
      if let container { return container }
      let container = UIView()
      let webView = WKWebView(frame: .zero, configuration: settings.configuration)
      UIKitPopupPresenter.fill(container, with: webView)
      let presenter = UIKitPopupPresenter(
        host: { [weak container] in container?.window?.rootViewController },
        overlayContainer: { [weak container] in container })
      settings.configureWebView?(webView)
      coordinator = WebSessionCoordinator(engine: engine, webView: webView, presenter: presenter)
      self.container = container
      self.webView = webView
      apply(settings)
      return container
    }

    /// Applies `settings` to the coordinator and loads `url` when it differs from the URL loaded last (the first
    /// time, always). Does nothing before ``makeView(settings:)`` or after ``dismantle()``.
    package func update(url: URL, settings: Settings) {
      guard coordinator != nil, let webView else { return }
      apply(settings)
      guard url != loadedURL else { return }
      loadedURL = url
      webView.load(URLRequest(url: url))
    }

    /// Tears the coordinator down (closing every popup and removing their views) and lets go of the views and the
    /// app's delegates. Calling it again does nothing.
    package func dismantle() {
      settings.page?.stopFollowing(webView)
      coordinator?.tearDown()
      coordinator = nil
      webView = nil
      container = nil
      settings = Settings()
    }

    private func apply(_ settings: Settings) {
      if self.settings.page !== settings.page {
        self.settings.page?.stopFollowing(webView)
        settings.page?.follow(webView)
      }
      self.settings = settings
      guard let coordinator else { return }
      coordinator.onEvent = settings.onEvent
      coordinator.onPopupFinished = settings.onPopupFinished
      coordinator.newWindowGesture = settings.newWindowGesture
      coordinator.onProblem = settings.onProblem
      coordinator.recorder = settings.recorder
      // Setting a delegate makes WebKit read anew which methods it implements: only when it changed.
      if coordinator.navigationDelegate !== settings.navigationDelegate {
        coordinator.navigationDelegate = settings.navigationDelegate
      }
      if coordinator.uiDelegate !== settings.uiDelegate {
        coordinator.uiDelegate = settings.uiDelegate
      }
    }
  }

#endif
