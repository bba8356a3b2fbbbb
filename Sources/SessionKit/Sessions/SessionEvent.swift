/// Something that happened in the engine, in the order it happened (``SessionEngine/events()``).
/// Apps read them from ``SessionEngine/events()`` (or the coordinator's `onEvent`).
///
/// Events report what the answers to WebKit already did: `SessionKitWebKit`'s `WebSessionCoordinator` presents
/// popups and opens URLs from the decisions themselves, and removes popup views on ``popupClosed(_:reason:)``. An
/// app that uses the coordinator observes events (to log them, say) and never acts on them a second time.
public enum SessionEvent: Sendable, Hashable {
  /// A popup was opened (or a provisional one confirmed by its decider).
  ///
  /// The coordinator presented it when it answered `createWebViewWith` (a provisional one when its first load was
  /// allowed); an app may log it or update its own state, and never presents it again.
  case popupOpened(child: SessionID, opener: SessionID, presentation: PopupPresentation, url: String)
  /// A popup was closed.
  ///
  /// The coordinator removes its web view on this event (never the root's); an app may log it or update its own
  /// state, and never removes the view again. An app with a delegate of its own removes the view here.
  ///
  /// Each popup is closed at most once. A popup closed while still provisional (its decider had not kept it) gets
  /// this event without ever having had ``popupOpened(child:opener:presentation:url:)``, since the app holds a web
  /// view for it all the same: when its decider refuses it (``CloseReason/refused``), its page calls
  /// `window.close()` (``CloseReason/windowClose``), the user dismisses it, it or its root is torn down or the
  /// engine shuts down while its decider is asked (``CloseReason/teardown``, ``CloseReason/openerClosed``), its
  /// opener closes (``CloseReason/openerClosed``), or its blank timeout runs out (``CloseReason/blankTimeout``).
  /// A popup its decider kept is always announced before it closes.
  case popupClosed(SessionID, reason: CloseReason)
  /// A URL was opened outside the app.
  ///
  /// The coordinator opened it (Safari or the system, once) from the decision itself; an app may log it, and never
  /// opens it again.
  case openedExternally(session: SessionID, url: String, via: ExternalApp)
  /// A popup finished with `{"finish": "app"}` at `url` (an OAuth callback, a payment result). The popup's
  /// `popupClosed` comes first.
  ///
  /// The coordinator handed `url` to its `onPopupFinished` closure from the decision; an app handles the URL
  /// there and may log this event, never handle the URL a second time.
  case popupFinished(session: SessionID, url: String)
  /// A navigation was decided.
  ///
  /// The coordinator only hands it to its `onEvent`; an app may log it (the trace says which rule decided) or count
  /// it.
  case navigationDecided(session: SessionID, url: String, decision: NavigationDecision)
  /// The candidate policy given to ``SessionEngine/shadow(_:)`` decides a navigation otherwise than the live
  /// policy did (another rule or another action); `live` is what was applied, `candidate` what would have been.
  /// The coordinator only hands it to its `onEvent`; an app may log or count it to judge the candidate.
  case shadowDisagreement(session: SessionID, url: String, live: PolicyDecision, candidate: PolicyDecision)
}

/// Why a session closed.
/// Apps read it in ``SessionEvent/popupClosed(_:reason:)``.
public enum CloseReason: String, Sendable, Hashable {
  /// Its page called `window.close()`.
  case windowClose
  /// The user dismissed it (its close button).
  case dismissed
  /// An ancestor closed, taking its subtree with it.
  case openerClosed
  /// Its first load refused it: a provisional popup's decider, or the rule or decider that answered the first load
  /// of a real URL in a popup opened blank, gave an answer other than a popup (`external` closes it with
  /// ``openedExternally`` instead when the popup was opened blank).
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
