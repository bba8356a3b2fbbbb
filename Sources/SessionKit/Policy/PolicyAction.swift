/// What a policy rule (or the default) does with a navigation.
/// Apps write it in Swift rules (``PolicyRule``), return it from deciders and read it in decisions and events.
///
/// How each action answers each WebKit callback (an existing frame, a new window asked in the opener,
/// `createWebViewWith`) is the actions table of the PolicyFormat article, applied by the engine.
public enum PolicyAction: Sendable, Hashable, CustomStringConvertible {
  /// Let the navigation proceed (a new-window request becomes a popup with the policy's presentation).
  case allow
  /// Stop the navigation.
  case cancel
  /// Turn the navigation into a download (a new-window request is blocked).
  case download
  /// Load a new-window request in the requesting web view instead of opening a window.
  case sameView
  /// Cancel the navigation and open the URL outside the app.
  case external(ExternalApp)
  /// Open the navigation as an in-app popup with this presentation.
  case popup(PopupPresentation)
  /// Ask the named asynchronous decider, bounded by the policy's decider timeout.
  case ask(String)
  /// Finish a popup: cancel its main-frame navigation, close its subtree, and hand the URL to its opener (which
  /// loads it) or to the app (``SessionEvent/popupFinished(session:url:)``). Outside a popup's main frame it
  /// does not finish anything: see the PolicyFormat article.
  case finish(FinishDestination)

  /// The policy-file spelling: `allow`, `{"external":"safari"}`, ….
  @_optimize(size)
  public var description: String {
    switch self {
    case .allow: "allow"
    case .cancel: "cancel"
    case .download: "download"
    case .sameView: "sameView"
    case .external(let app): "{\"external\":\"\(app.rawValue)\"}"
    case .popup(let presentation): "{\"popup\":\"\(presentation.rawValue)\"}"
    case .ask(let name): "{\"ask\":\(JSONValue.quoted(name))}"
    case .finish(let destination): "{\"finish\":\"\(destination.rawValue)\"}"
    }
  }

  /// Reads an action at `reader`'s path: a string (`"allow"`) or a one-key object (`{"popup": "modal"}`).
  @_optimize(size)
  package static func read(_ reader: JSONReader) throws(ConfigurationError) -> PolicyAction {
    switch reader.value {
    case .string(let name):
      switch name {
      case "allow": return .allow
      case "cancel": return .cancel
      case "download": return .download
      case "sameView": return .sameView
      default:
        throw reader.error(
          "\(reader.value.excerpt) is not an action (expected \"allow\", \"cancel\", \"download\", \"sameView\", "
            + "{\"external\": …}, {\"popup\": …}, {\"ask\": …} or {\"finish\": …})")
      }
    case .object(let members):
      _ = try reader.object(allowing: ["external", "popup", "ask", "finish"])
      guard members.count == 1, let member = members.first else {
        throw reader.error("an action object has exactly one key: \"external\", \"popup\", \"ask\" or \"finish\"")
      }
      let value = JSONReader(member.value, path: reader.path(of: member.key))
      switch member.key {
      case "external":
        return .external(ExternalApp(rawValue: try value.choice(of: ExternalApp.allCases.map(\.rawValue)))!)
      case "popup":
        return .popup(PopupPresentation(rawValue: try value.choice(of: PopupPresentation.allCases.map(\.rawValue)))!)
      case "finish":
        return .finish(
          FinishDestination(rawValue: try value.choice(of: FinishDestination.allCases.map(\.rawValue)))!)
      default:
        let name = try value.string()
        guard !name.isEmpty else { throw value.error("a decider name cannot be empty") }
        return .ask(name)
      }
    default:
      throw reader.error("expected an action (a string or an object), found \(reader.value.typeName)")
    }
  }
}

/// Where a URL opened outside the app goes.
/// Apps read it in ``PolicyAction/external(_:)`` and in ``SessionEvent/openedExternally(session:url:via:)``.
public enum ExternalApp: String, Sendable, Hashable, CaseIterable {
  /// An `SFSafariViewController` (http and https only).
  case safari
  /// The system (`UIApplication.open`): the default browser, or the app that handles the scheme.
  case system
}

/// Where a finished popup's URL goes (`{"finish": "opener"}` or `{"finish": "app"}`).
/// Apps name it in `finish` rules and read it in ``NavigationOutcome/finished(url:via:opener:)``.
public enum FinishDestination: String, Sendable, Hashable, CaseIterable {
  /// The popup's opener loads the URL (a load the engine started, allowed without being judged again).
  case opener
  /// The app receives the URL (an OAuth callback, a payment result) through
  /// ``SessionEvent/popupFinished(session:url:)``.
  case app
}

/// How the app should present a popup web view (a hint the engine emits; the app applies it).
/// Apps choose it in rules and ``PopupLimits``; a custom popup presenter receives it.
public enum PopupPresentation: String, Sendable, Hashable, CaseIterable {
  /// On top of the opener inside the same container, with a close button.
  case overlay
  /// In a new view controller presented modally.
  case modal
}
