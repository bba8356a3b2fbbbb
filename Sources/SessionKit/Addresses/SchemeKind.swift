/// The schemes the URL Standard treats specially, with their default ports.
enum SchemeKind: Sendable {
  case http, https, ws, wss, ftp, file, other

  init(_ scheme: String) {
    // By length, then bytes: `String`'s `==` is slow for every unequal pair (see `UTF8Bytes`).
    var scheme = scheme
    self = scheme.withUTF8 { bytes in
      func bytesAre(_ literal: StaticString) -> Bool {
        UTF8Bytes.equal(bytes, literal)
      }
      switch bytes.count {
      case 2: return bytesAre("ws") ? .ws : .other
      case 3: return bytesAre("wss") ? .wss : bytesAre("ftp") ? .ftp : .other
      case 4: return bytesAre("http") ? .http : bytesAre("file") ? .file : .other
      case 5: return bytesAre("https") ? .https : .other
      default: return .other
      }
    }
  }

  var isSpecial: Bool { self != .other }

  /// Whether a URL of this scheme with a host has a tuple origin (`file:` has an opaque one; `blob:` is
  /// `.other`: its origin is its inner URL's).
  var hasTupleOrigin: Bool {
    switch self {
    case .http, .https, .ws, .wss, .ftp: true
    case .file, .other: false
    }
  }

  var defaultPort: Int? {
    switch self {
    case .http, .ws: 80
    case .https, .wss: 443
    case .ftp: 21
    case .file, .other: nil
    }
  }
}
