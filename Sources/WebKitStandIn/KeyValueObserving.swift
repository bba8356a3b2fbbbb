import Foundation

// Foundation on Linux has no key-value observing; these are the parts of Apple's Swift overlay that code observing
// a WKWebView uses (`NSObject.observe(_:options:changeHandler:)`), for the stand-in's ``WKWebView`` only: its
// `isLoading`, `estimatedProgress`, `title`, `url`, `canGoBack` and `canGoForward` report their changes, as
// WebKit's do (`WKWebView.h`: "WKWebView is key-value observing (KVO) compliant for this property").

/// `NSKeyValueObservingOptions`: what a change handler is told.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
  /// The raw bits.
  public let rawValue: UInt
  /// Options from raw bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The new value is passed.
  public static let new = NSKeyValueObservingOptions(rawValue: 1)
  /// The old value is passed.
  public static let old = NSKeyValueObservingOptions(rawValue: 2)
  /// The handler is called once at once, before any change.
  public static let initial = NSKeyValueObservingOptions(rawValue: 4)
  /// Not modelled: accepted and ignored.
  public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// `NSKeyValueObservedChange`: one change of an observed property.
public struct NSKeyValueObservedChange<Value> {
  /// The value after the change, when `.new` was asked for.
  public let newValue: Value?
  /// The value before the change, when `.old` was asked for.
  public let oldValue: Value?
}

/// `NSKeyValueObservation`: keeps an observation alive until it is invalidated or released.
public final class NSKeyValueObservation {
  private var invalidation: (() -> Void)?

  init(invalidation: @escaping () -> Void) {
    self.invalidation = invalidation
  }

  /// Stops the observation.
  public func invalidate() {
    invalidation?()
    invalidation = nil
  }

  deinit {
    invalidation?()
  }
}

extension WKWebView {
  /// `NSObject.observe(_:options:changeHandler:)` for the stand-in's observable properties: `changeHandler` is
  /// called on every change of `keyPath`'s value (and once at once with `.initial`) until the returned observation
  /// is invalidated or released. `@Sendable`, as the SDK's Foundation overlay declares it: KVO calls it on the
  /// thread that changed the value.
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<WKWebView, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping @Sendable (WKWebView, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    if lastObservedValues.isEmpty { lastObservedValues = observableValues() }
    let identifier = standInObservers.add { [keyPath] webView, old in
      let new = webView[keyPath: keyPath]
      guard let old = old[keyPath] as? Value else { return }
      if old != new {
        changeHandler(
          webView,
          NSKeyValueObservedChange(
            newValue: options.contains(.new) ? new : nil, oldValue: options.contains(.old) ? old : nil))
      }
    }
    if options.contains(.initial) {
      let value = self[keyPath: keyPath]
      changeHandler(
        self, NSKeyValueObservedChange(newValue: options.contains(.new) ? value : nil, oldValue: nil))
    }
    return NSKeyValueObservation { [weak self] in
      MainActor.assumeIsolated { self?.standInObservers.remove(identifier) }
    }
  }
}

/// The stand-in web view's observers, called with the observable values as they were before a change.
@MainActor
final class StandInObservers {
  typealias Handler = (WKWebView, [AnyKeyPath: Any]) -> Void
  private var handlers: [(id: Int, handler: Handler)] = []
  private var nextID = 0

  func add(_ handler: @escaping Handler) -> Int {
    nextID += 1
    handlers.append((nextID, handler))
    return nextID
  }

  func remove(_ id: Int) {
    handlers.removeAll { $0.id == id }
  }

  func notify(_ webView: WKWebView, before: [AnyKeyPath: Any]) {
    for entry in handlers { entry.handler(webView, before) }
  }
}
