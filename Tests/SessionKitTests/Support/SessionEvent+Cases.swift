@testable import SessionKit

extension SessionEvent {
  /// The closed session and reason, for a `popupClosed` event.
  var closed: (id: SessionID, reason: CloseReason)? {
    if case .popupClosed(let id, let reason) = self { return (id, reason) }
    return nil
  }

  /// The child, opener and presentation, for a `popupOpened` event.
  var opened: (child: SessionID, opener: SessionID, presentation: PopupPresentation, url: String)? {
    if case .popupOpened(let child, let opener, let presentation, let url) = self {
      return (child, opener, presentation, url)
    }
    return nil
  }

  /// The session, URL and app, for an `openedExternally` event.
  var external: (session: SessionID, url: String, via: ExternalApp)? {
    if case .openedExternally(let session, let url, let via) = self { return (session, url, via) }
    return nil
  }

  /// The session, URL and decision, for a `navigationDecided` event.
  var decided: (session: SessionID, url: String, decision: NavigationDecision)? {
    if case .navigationDecided(let session, let url, let decision) = self { return (session, url, decision) }
    return nil
  }
}
