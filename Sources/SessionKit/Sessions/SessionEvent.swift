/// Something that happened in the engine, for a UI layer to apply on the main actor.
public enum SessionEvent: Sendable, Hashable {
  /// A popup was opened (or a provisional one confirmed) and should be presented.
  case popupOpened(child: SessionID, opener: SessionID, presentation: PopupPresentation, url: String)
  /// A popup was closed and its web view should be removed.
  ///
  /// Each popup is closed at most once. A popup closed while still provisional (its decider had not kept it) gets
  /// this event without ever having had ``popupOpened(child:opener:presentation:url:)``, since the app holds a web
  /// view for it all the same: when its decider refuses it (``CloseReason/refused``), its page calls
  /// `window.close()` (``CloseReason/windowClose``), the user dismisses it, it or its root is torn down or the
  /// engine shuts down while its decider is asked (``CloseReason/teardown``, ``CloseReason/openerClosed``), its
  /// opener closes (``CloseReason/openerClosed``), or its blank timeout runs out (``CloseReason/blankTimeout``).
  /// A popup its decider kept is always announced before it closes.
  case popupClosed(SessionID, reason: CloseReason)
  /// A URL should be opened outside the app.
  case openedExternally(session: SessionID, url: String, via: ExternalApp)
  /// A popup finished with `{"finish": "app"}`: the app handles `url` (an OAuth callback, a payment result).
  /// The popup's `popupClosed` comes first.
  case popupFinished(session: SessionID, url: String)
  /// A navigation was decided.
  case navigationDecided(session: SessionID, url: String, decision: NavigationDecision)
  /// The candidate policy given to ``SessionEngine/shadow(_:)`` decides a navigation otherwise than the live
  /// policy did (another rule or another action); `live` is what was applied, `candidate` what would have been.
  /// Yielded unless events are ``SessionEngine/EventDelivery/none``.
  case shadowDisagreement(session: SessionID, url: String, live: PolicyDecision, candidate: PolicyDecision)
}

/// Why a session closed.
public enum CloseReason: String, Sendable, Hashable {
  /// Its page called `window.close()`.
  case windowClose
  /// The user dismissed it (its close button).
  case dismissed
  /// An ancestor closed, taking its subtree with it.
  case openerClosed
  /// A provisional popup was refused by its decider.
  case refused
  /// The app tore the session down.
  case teardown
  /// A `finish` answer to its main-frame navigation finished it.
  case finished
  /// Its first load was opened outside the app (an `external` answer), which would have left it blank.
  case openedExternally
  /// It still showed nothing but `about:blank` when `popups.blankTimeoutMs` ran out.
  case blankTimeout = "blank-timeout"
}
