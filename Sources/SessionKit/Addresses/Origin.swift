/// The origin of a ``WebAddress``, as the URL Standard defines it.
///
/// Two opaque origins compare equal with `==` because an enum case carries no identity; use
/// ``isSameOrigin(as:)`` for the browser's notion, in which an opaque origin is same-origin
/// with nothing.
package enum Origin: Sendable, Hashable, CustomStringConvertible {
  /// A scheme, host and port; `port` is `nil` for the scheme's default port.
  case tuple(scheme: String, host: WebHost, port: Int?)
  /// An opaque origin (`data:`, `javascript:`, `about:blank`, `file:` …).
  case opaque

  /// Whether the two origins are the same tuple; an opaque origin is never same-origin.
  package func isSameOrigin(as other: Origin) -> Bool {
    guard case .tuple = self else { return false }
    return self == other
  }

  /// Whether the origin is opaque.
  package var isOpaque: Bool {
    if case .opaque = self { true } else { false }
  }

  /// The ASCII serialization: `https://example.com`, `http://localhost:8080`, or `null`.
  package var description: String {
    switch self {
    case .tuple(let scheme, let host, let port):
      port.map { "\(scheme)://\(host.serialized):\($0)" } ?? "\(scheme)://\(host.serialized)"
    case .opaque:
      "null"
    }
  }
}
