/// A session's identity: a root's is the one the app gave it, or `main` for the engine's first root made
/// without one (`main-2`, `main-3`, … for the next), unique among the engine's open roots; a popup's is its
/// opener's id plus a per-opener counter (`main.1`, `main.2`, `main.1.1`). Counters are never reused.
/// Apps read it in events and name a root web view with it.
public struct SessionID: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The id as text, e.g. `main.1`.
  public let rawValue: String

  /// Wraps an id.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Wraps a literal id.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  /// The id of the `number`th child of this session.
  package func child(_ number: Int) -> SessionID {
    SessionID("\(rawValue).\(number)")
  }

  /// The id as text.
  public var description: String { rawValue }

  /// Orders ids as text.
  public static func < (lhs: SessionID, rhs: SessionID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
