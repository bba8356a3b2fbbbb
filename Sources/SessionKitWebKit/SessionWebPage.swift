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
  /// SwiftUI apps make one with `@StateObject` in the view that shows the page and pass it to the web view; SwiftUI updates the
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
  /// on the main actor's next turn after each change (never inside a SwiftUI update), so a few changes in one turn
  /// arrive as one; the actions are `WKWebView`'s, so the engine decides each navigation they start as it
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

    /// The root web view this page follows, while a `SessionWebView` shows it.
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

    /// Follows `webView`: its values, then each change (``SessionWebViewModel`` calls it when it makes the view);
    /// `nil` stops following and puts the values back to a page that shows nothing.
    func follow(_ webView: WKWebView?) {
      for observation in observations { observation.invalidate() }
      observations = []
      self.webView = webView
      guard let webView else {
        // On the next turn too: a view lets go of its page while SwiftUI updates views.
        Task { @MainActor [weak self] in
          guard let self, self.webView == nil else { return }
          self.publish(
            isLoading: false, estimatedProgress: 0, title: nil, url: nil, canGoBack: false, canGoForward: false)
        }
        return
      }
      // WKWebView is key-value observing compliant for each (WKWebView.h); KVO calls the handler (@Sendable in the
      // SDK) where the value changed, the main thread for a web view. Each change re-reads them all on the main
      // actor's next turn, never inside the call that changed them: a load SwiftUI starts in `updateUIView` changes
      // `isLoading` at once, and publishing then would be a change made during a view update.
      let changed: @Sendable () -> Void = { [weak self, weak webView] in
        Task { @MainActor in
          guard let self, let webView, self.webView === webView else { return }
          self.read(webView)
        }
      }
      observations = [
        webView.observe(\.isLoading, options: [.new]) { _, _ in changed() },
        webView.observe(\.estimatedProgress, options: [.new]) { _, _ in changed() },
        webView.observe(\.title, options: [.new]) { _, _ in changed() },
        webView.observe(\.url, options: [.new]) { _, _ in changed() },
        webView.observe(\.canGoBack, options: [.new]) { _, _ in changed() },
        webView.observe(\.canGoForward, options: [.new]) { _, _ in changed() },
      ]
      changed()
    }

    /// Stops following `webView`, if this page follows it: a view that goes lets go of its page, but not when the
    /// page already follows another view's web view.
    func stopFollowing(_ webView: WKWebView?) {
      guard let webView, self.webView === webView else { return }
      follow(nil)
    }

    /// Takes the web view's values.
    private func read(_ webView: WKWebView) {
      publish(
        isLoading: webView.isLoading, estimatedProgress: webView.estimatedProgress, title: webView.title,
        url: webView.url, canGoBack: webView.canGoBack, canGoForward: webView.canGoForward)
    }

    /// Sets each value only when it changed, so that SwiftUI hears of real changes only.
    private func publish(
      isLoading: Bool, estimatedProgress: Double, title: String?, url: URL?, canGoBack: Bool, canGoForward: Bool
    ) {
      if self.isLoading != isLoading { self.isLoading = isLoading }
      if self.estimatedProgress != estimatedProgress { self.estimatedProgress = estimatedProgress }
      if self.title != title { self.title = title }
      if self.url != url { self.url = url }
      if self.canGoBack != canGoBack { self.canGoBack = canGoBack }
      if self.canGoForward != canGoForward { self.canGoForward = canGoForward }
    }
  }
#endif
