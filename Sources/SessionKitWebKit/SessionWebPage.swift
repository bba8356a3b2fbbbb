import Foundation
import SessionKit

#if canImport(UIKit) && canImport(WebKit)
  import Combine
  import UIKit
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)
  /// The state of a `SessionWebView`'s page and what a person can do with it, for SwiftUI: whether it is loading
  /// and how far, its title and URL, whether it can go back or forward; go back, forward, reload, stop, load.
  ///
  /// Make one with `@StateObject` in the view that shows the page and pass it to the web view; SwiftUI updates the
  /// views that read it as the page changes (it is an `ObservableObject`, its properties `@Published`):
  ///
  /// ```swift
  /// struct CheckoutScreen: View {
  ///   let engine: SessionEngine
  ///   @StateObject private var page = SessionWebPage()
  ///
  ///   var body: some View {
  ///     SessionWebView(engine: engine, url: URL(string: "https://shop.example/checkout")!, page: page)
  ///       .navigationTitle(page.title ?? "")
  ///       .toolbar {
  ///         Button("Back", action: page.goBack).disabled(!page.canGoBack)
  ///         if page.isLoading { ProgressView(value: page.estimatedProgress) }
  ///       }
  ///   }
  /// }
  /// ```
  ///
  /// It follows the root web view only: popups have their own pages, which the engine decides and the coordinator
  /// shows and closes. The values are the web view's own (`WKWebView` reports each by key-value observing), read
  /// when it changes; the actions are `WKWebView`'s, so the engine decides each navigation they start as it
  /// decides every other (back and forward as `backForward`, a reload as `reload`).
  @MainActor
  public final class SessionWebPage: ObservableObject {
    /// Whether the page is loading: from a main-frame load's start until it finishes, fails or is stopped.
    @Published public private(set) var isLoading = false
    /// How much of the current load is done, from 0 to 1.
    @Published public private(set) var estimatedProgress = 0.0
    /// The page's title, once a page with one has loaded.
    @Published public private(set) var title: String?
    /// The page's URL: where it is now, after redirects and the page's own navigations (not only the one the view
    /// was given).
    @Published public private(set) var url: URL?
    /// Whether there is a page to go back to.
    @Published public private(set) var canGoBack = false
    /// Whether there is a page to go forward to.
    @Published public private(set) var canGoForward = false

    /// The root web view this page follows, while a `SessionWebView` (or ``SessionWebViewModel``) shows it.
    public private(set) weak var webView: WKWebView?
    private var observations: [NSKeyValueObservation] = []

    /// A page that follows nothing yet: give it to a `SessionWebView`. Nonisolated, so that a view can make it in
    /// a property's initial value (`@StateObject private var page = SessionWebPage()`) whatever the SDK says of
    /// `View`'s isolation (the iOS 17 SDK's is not `@MainActor`).
    public nonisolated init() {}

    /// Goes back one page, when ``canGoBack``.
    public func goBack() { webView?.goBack() }

    /// Goes forward one page, when ``canGoForward``.
    public func goForward() { webView?.goForward() }

    /// Reloads the current page.
    public func reload() { webView?.reload() }

    /// Stops the current load.
    public func stopLoading() { webView?.stopLoading() }

    /// Loads `url` in the root web view; the engine decides it as any load the app starts. (The view's `url`
    /// still says what it shows first and when the view loads again: a change of it loads it.)
    public func load(_ url: URL) {
      webView?.load(URLRequest(url: url))
    }

    /// Follows `webView`: its values now, then each change (``SessionWebViewModel`` calls it when it makes the
    /// view, and with `nil` when the view goes).
    func follow(_ webView: WKWebView?) {
      for observation in observations { observation.invalidate() }
      observations = []
      self.webView = webView
      guard let webView else { return }
      // WKWebView is key-value observing compliant for each (WKWebView.h) and changes them on the main thread,
      // where KVO calls the handler (it is @Sendable in the SDK): each change re-reads them all.
      let changed: @Sendable (WKWebView) -> Void = { [weak self] webView in
        Self.onMainActor { self?.read(webView) }
      }
      observations = [
        webView.observe(\.isLoading, options: [.new]) { webView, _ in changed(webView) },
        webView.observe(\.estimatedProgress, options: [.new]) { webView, _ in changed(webView) },
        webView.observe(\.title, options: [.new]) { webView, _ in changed(webView) },
        webView.observe(\.url, options: [.new]) { webView, _ in changed(webView) },
        webView.observe(\.canGoBack, options: [.new]) { webView, _ in changed(webView) },
        webView.observe(\.canGoForward, options: [.new]) { webView, _ in changed(webView) },
      ]
      read(webView)
    }

    /// Runs `body` on the main actor: at once when called on the main thread, where WebKit changes these
    /// properties and KVO calls the handlers; else (never seen) as a task on the main actor.
    ///
    /// `MainActor.assumeIsolated` does the same but needs iOS 17; on the main thread, code of the main actor may
    /// run synchronously, and the function's isolation is not part of its calling convention, so after the same
    /// check the closure is called as a plain one, as `assumeIsolated` itself does.
    private nonisolated static func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
      guard Thread.isMainThread else {
        Task { @MainActor in body() }
        return
      }
      let run = unsafeBitCast(body, to: (@Sendable () -> Void).self)
      run()
    }

    /// Takes the web view's values, each only when it changed, so that SwiftUI hears of real changes only.
    private func read(_ webView: WKWebView) {
      if isLoading != webView.isLoading { isLoading = webView.isLoading }
      if estimatedProgress != webView.estimatedProgress { estimatedProgress = webView.estimatedProgress }
      if title != webView.title { title = webView.title }
      if url != webView.url { url = webView.url }
      if canGoBack != webView.canGoBack { canGoBack = webView.canGoBack }
      if canGoForward != webView.canGoForward { canGoForward = webView.canGoForward }
    }
  }
#endif
