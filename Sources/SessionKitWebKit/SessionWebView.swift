#if canImport(SwiftUI) && canImport(UIKit) && canImport(WebKit)
  import Foundation
  import SessionKit
  import SwiftUI
  import UIKit
  import WebKit

  /// The root web view SwiftUI apps put on screen: a web view whose navigations and popups an engine decides. Popups
  /// appear over the web view inside this view (`overlay`) or are presented from the window's root view controller
  /// (`modal`, Safari, JavaScript panels). Everything it does is a model's that tests drive without SwiftUI.
  ///
  /// ```swift
  /// SessionWebView(engine: engine, url: checkoutURL)
  ///   .onPopupFinished { url, popup in handleReturn(url) }
  /// ```
  ///
  /// Give it a ``SessionWebPage`` (`@StateObject`) to show loading, progress, title and back/forward in SwiftUI and
  /// to act on them; configure the web view before its first load with a `WKWebViewConfiguration` (the JavaScript
  /// window setting, data store, media playback) and ``configureWebView(_:)`` (the user agent, inspectability):
  ///
  /// ```swift
  /// let configuration = WKWebViewConfiguration()
  /// configuration.preferences.javaScriptCanOpenWindowsAutomatically = true
  /// SessionWebView(engine: engine, url: checkoutURL, page: page, configuration: configuration)
  ///   .configureWebView { webView in webView.customUserAgent = "Shop/2.1" }
  /// ```
  ///
  /// Make the engine once per screen, outside `body` (`@State` in the view that owns the screen, the environment,
  /// or the app's model): a view rebuilt with the same engine gets a new coordinator and root session on it. The
  /// page is loaded when the view appears and again only when `url` changes; the root session is torn down
  /// (closing every popup) when SwiftUI removes the view. Unavailable in app extensions, where `UIApplication.shared`
  /// (which opens the URLs the policy sends to the system) is.
  @MainActor
  @available(iOSApplicationExtension, unavailable)
  public struct SessionWebView: UIViewRepresentable {
    /// The engine the root session belongs to.
    public let engine: SessionEngine
    /// The page to show: loaded when the view appears, and again whenever it changes. A `URL`, as SwiftUI's views
    /// take one (`Link`, `AsyncImage`), since it goes to `WKWebView.load` as it is; the engine judges the load, as
    /// every navigation, by WebKit's request URL, a `String` parsed as browsers parse it.
    public let url: URL
    private var settings: SessionWebViewModel.Settings

    /// A web view that loads `url`, deciding with `engine`; `page`, when given, follows its state (loading,
    /// progress, title, back/forward) and acts on it; `configuration` is the root web view's, read once when the
    /// view is made (popups use the one WebKit derives from it).
    public init(
      engine: SessionEngine, url: URL, page: SessionWebPage? = nil,
      configuration: WKWebViewConfiguration = WKWebViewConfiguration()
    ) {
      self.engine = engine
      self.url = url
      self.settings = SessionWebViewModel.Settings(configuration: configuration)
      self.settings.page = page
    }

    /// What SwiftUI keeps for one view identity: the model that holds the ``WebSessionCoordinator`` for the view's
    /// lifetime. SwiftUI makes and passes it; apps never use it.
    @MainActor
    public final class Coordinator {
      let model: SessionWebViewModel

      init(model: SessionWebViewModel) {
        self.model = model
      }
    }

    /// The model that holds the coordinator for the view's lifetime.
    public func makeCoordinator() -> Coordinator {
      Coordinator(model: SessionWebViewModel(engine: engine))
    }

    /// The container with the root web view; loads `url`.
    public func makeUIView(context: Context) -> UIView {
      let view = context.coordinator.model.makeView(settings: settings)
      context.coordinator.model.update(url: url, settings: settings)
      return view
    }

    /// Applies the settings; loads `url` when it changed.
    public func updateUIView(_ uiView: UIView, context: Context) {
      context.coordinator.model.update(url: url, settings: settings)
    }

    /// Tears the root session down (closing every popup) when SwiftUI removes the view.
    public static func dismantleUIView(_ uiView: UIView, coordinator: Coordinator) {
      coordinator.model.dismantle()
    }

    /// Calls `action` with each event of this view's sessions (``WebSessionCoordinator/onEvent``).
    public func onEvent(_ action: @escaping @MainActor (SessionEvent) -> Void) -> SessionWebView {
      var view = self
      view.settings.onEvent = action
      return view
    }

    /// Calls `action` with the URL a popup finished with (`{"finish": "app"}`) and the popup's id
    /// (``WebSessionCoordinator/onPopupFinished``).
    public func onPopupFinished(_ action: @escaping @MainActor (_ url: String, _ popup: SessionID) -> Void)
      -> SessionWebView
    {
      var view = self
      view.settings.onPopupFinished = action
      return view
    }

    /// Says whether a `window.open` had a user gesture when WebKit cannot (``WebSessionCoordinator/newWindowGesture``).
    public func newWindowGesture(_ answer: @escaping @MainActor (WKNavigationAction, WKWebView) -> Bool)
      -> SessionWebView
    {
      var view = self
      view.settings.newWindowGesture = answer
      return view
    }

    /// Calls `action` with what the coordinator could not do (``WebSessionCoordinator/onProblem``).
    public func onProblem(_ action: @escaping @MainActor (WebSessionCoordinator.Problem) -> Void) -> SessionWebView {
      var view = self
      view.settings.onProblem = action
      return view
    }

    /// The app's UI delegate, for what SessionKit does not answer (its own JavaScript panels, menus…); the view
    /// keeps it alive.
    public func uiDelegate(_ delegate: any WKUIDelegate) -> SessionWebView {
      var view = self
      view.settings.uiDelegate = delegate
      return view
    }

    /// The app's navigation delegate, for what SessionKit does not decide (load progress, failures…); the view
    /// keeps it alive.
    public func navigationDelegate(_ delegate: any WKNavigationDelegate) -> SessionWebView {
      var view = self
      view.settings.navigationDelegate = delegate
      return view
    }

    /// Calls `configure` once with the root web view when it is made, before its first load: for what a
    /// `WKWebViewConfiguration` cannot say, such as `customUserAgent` or `isInspectable`.
    public func configureWebView(_ configure: @escaping @MainActor (WKWebView) -> Void) -> SessionWebView {
      var view = self
      view.settings.configureWebView = configure
      return view
    }

    /// Records what reaches the engine as a replayable scenario (``WebSessionCoordinator/recorder``).
    public func recorder(_ recorder: ScenarioRecorder?) -> SessionWebView {
      var view = self
      view.settings.recorder = recorder
      return view
    }
  }
#endif
