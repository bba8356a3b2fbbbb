/// A frame's security origin, mirroring `WKSecurityOrigin`: protocol, host and port.
package struct SecurityOrigin: Sendable, Hashable, Codable {
  /// The scheme without `:`, e.g. `https`; empty for an opaque origin.
  package var `protocol`: String
  /// The host, empty for an opaque origin.
  package var host: String
  /// The port, `0` when it is the scheme's default (as WebKit reports it).
  package var port: Int

  /// Creates an origin from its parts.
  package init(protocol: String, host: String, port: Int) {
    self.protocol = `protocol`
    self.host = host
    self.port = port
  }

  /// The origin of a parsed address, or an opaque (empty) origin when it has none.
  package init(_ address: WebAddress) {
    switch address.origin {
    case .tuple(let scheme, let host, let port):
      self.init(protocol: scheme, host: host.serialized, port: port ?? 0)
    case .opaque:
      self.init(protocol: "", host: "", port: 0)
    }
  }
}
