#if canImport(UIKit) && canImport(WebKit)
  import WebKit
#elseif os(Linux)
  import WebKitStandIn
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  extension WKNavigationActionPolicy {
    /// The answer as a scenario's `callbacks` write it: `allow`, `cancel` or `download`.
    var recordedName: String {
      switch self {
      case .cancel: "cancel"
      case .download: "download"
      // `allow`, and `allow` without trying an app link (raw value 3).
      default: "allow"
      }
    }
  }

#endif
