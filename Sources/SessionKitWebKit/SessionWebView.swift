#if canImport(SwiftUI) && canImport(UIKit) && canImport(WebKit)
  import SessionKit
  import SwiftUI
  import UIKit
  import WebKit

  /// A SwiftUI root web view bound to a SessionKit engine. Popups appear as overlays inside this view (the
  /// SwiftUI presentation of the Google Pay guide) or, for `modal` rules, over the window's root view controller.
  /// `dismantleUIView` tears the root session down, closing every popup.
  ///
  /// ```swift
  /// SessionWebView(engine: engine, url: URL(string: "https://shop.example/checkout")!)
  /// ```
  @MainActor
  public struct SessionWebView: UIViewRepresentable {
    /// The engine the root session belongs to (one `SessionWebView` per engine: it consumes the events).
    public let engine: SessionEngine
    /// The page loaded when the view appears.
    public let url: URL
    /// A configuration for the root web view (popups use the one WebKit derives from it).
    public let configuration: WKWebViewConfiguration

    /// A web view that loads `url`, deciding with `engine`.
    public init(engine: SessionEngine, url: URL, configuration: WKWebViewConfiguration = WKWebViewConfiguration()) {
      self.engine = engine
      self.url = url
      self.configuration = configuration
    }

    /// Holds the ``WebSessionCoordinator`` for the view's lifetime.
    @MainActor
    public final class Holder {
      /// The coordinator, once the view is made.
      public fileprivate(set) var coordinator: WebSessionCoordinator?
    }

    /// Creates the holder.
    public func makeCoordinator() -> Holder {
      Holder()
    }

    /// A container with the root web view; overlays are added to the container over it.
    public func makeUIView(context: Context) -> UIView {
      let container = UIView()
      let webView = WKWebView(frame: container.bounds, configuration: configuration)
      webView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      container.addSubview(webView)
      let presenter = UIKitPopupPresenter(host: { [weak container] in container?.window?.rootViewController })
      context.coordinator.coordinator = WebSessionCoordinator(engine: engine, webView: webView, presenter: presenter)
      webView.load(URLRequest(url: url))
      return container
    }

    /// Nothing to update: the page owns its navigation.
    public func updateUIView(_ uiView: UIView, context: Context) {}

    /// Tears the root session down (closing every popup) when SwiftUI removes the view.
    public static func dismantleUIView(_ uiView: UIView, coordinator: Holder) {
      coordinator.coordinator?.tearDown()
      coordinator.coordinator = nil
    }
  }
#endif
