/// The schemes the URL Standard treats specially, with their default ports.
enum SchemeKind: Sendable {
  case http, https, ws, wss, ftp, file, other

  init(_ scheme: String) {
    switch scheme {
    case "http": self = .http
    case "https": self = .https
    case "ws": self = .ws
    case "wss": self = .wss
    case "ftp": self = .ftp
    case "file": self = .file
    default: self = .other
    }
  }

  var isSpecial: Bool { self != .other }

  var defaultPort: Int? {
    switch self {
    case .http, .ws: 80
    case .https, .wss: 443
    case .ftp: 21
    case .file, .other: nil
    }
  }
}
