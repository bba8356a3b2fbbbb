// Combine is not on Linux. These two stand in for what SessionKitWebKit's SwiftUI state uses, so that the same
// source builds on Linux and its behaviour is tested there; nothing subscribes to them on Linux (tests read the
// properties).

/// Combine's `ObservableObject`: a class SwiftUI watches for changes.
public protocol ObservableObject: AnyObject {}

/// Combine's `@Published`: a property whose changes an `ObservableObject` announces (on Linux, a plain value).
@propertyWrapper
public struct Published<Value> {
  /// The value.
  public var wrappedValue: Value

  /// A published property starting at `wrappedValue`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}
