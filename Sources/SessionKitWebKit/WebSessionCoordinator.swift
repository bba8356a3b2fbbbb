import Foundation
import SessionKit

#if canImport(UIKit) && canImport(WebKit)
  import UIKit
  import WebKit
#elseif os(Linux)
  // `os(Linux)`, not `canImport(WebKitStandIn)`: on macOS SwiftPM may build the stand-in into the same module
  // directory, and `canImport` would then find a module this target does not link.
  import WebKitStandIn
#endif
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if (canImport(UIKit) && canImport(WebKit)) || os(Linux)

  /// What an app makes for each root web view it wants SessionKit to decide: it becomes (through a delegate object
  /// of its own) the navigation and UI delegate of that web view and of every popup it opens, asks SessionKit about
  /// each navigation and new window, builds and presents popups, removes them when the engine closes them, opens
  /// external URLs and answers JavaScript panels.
  ///
  /// ```swift
  /// let policy = try CompiledPolicy(PolicyConfiguration(json: Data(contentsOf: policyURL)))
  /// coordinator = WebSessionCoordinator(
  ///   engine: SessionEngine(policy: policy), webView: webView, presenter: UIKitPopupPresenter(host: self))
  /// webView.load(URLRequest(url: checkoutURL))
  /// ```
  ///
  /// The coordinator sets an object it owns as `navigationDelegate` and `uiDelegate` of the root web view and of
  /// every popup (so that WebKit's delegate methods are not part of its API); set the app's own delegates on the
  /// coordinator (``navigationDelegate``, ``uiDelegate``), not on its web views. WebKit holds delegates weakly, and
  /// a released delegate leaves WebKit's cached "implements decidePolicyFor" flag set, so every navigation would
  /// wait for an answer that never comes: the root web view therefore keeps its coordinator alive until
  /// ``tearDown()`` (the coordinator holds the root web view weakly, so nothing leaks). It subscribes to the engine's events for
  /// itself (`SessionEngine.events()`), applies those of its own tree and hands them on to ``onEvent``; other
  /// coordinators and the app may subscribe to the same engine. ``tearDown()`` gives the root web view back to the
  /// app's delegates and leaves the engine usable.
  ///
  /// What WebKit is answered, and where:
  /// - `webView(_:decidePolicyFor:) async` only. It never claims the `preferences:` variant or any private
  ///   policy-bearing form, whatever the app's delegates implement (WebKit would call that instead and the policy
  ///   would be bypassed): see `DelegateForwarding`.
  /// - `webView(_:createWebViewWith:for:windowFeatures:)` synchronously, from `Session/admitPopup(for:)`; the
  ///   popup's web view is built from the configuration WebKit passes in. A popup the presenter cannot show is
  ///   closed at once and reported through ``onProblem``.
  /// - `webViewDidClose(_:)` → `Session/windowDidClose()`; views are removed only on the engine's `popupClosed`
  ///   events, so a subtree goes as one and the root web view never does.
  /// - `webView(_:didCommit:)` → `Session/didCommit(_:kind:)` with the kind of the navigation it allowed. Some
  ///   navigations change the back-forward list without a commit any delegate hears of: an iframe's navigation
  ///   (an entry whose main-frame URL stays), a same-document one (a link to a fragment of the page, or
  ///   `history.pushState`: an entry with the page's new URL) and back or forward within one document. The
  ///   coordinator records them (`.subframe`, `.newEntry`, a move) at the session's next callback, from what the
  ///   `backForwardList` shows then.
  /// - Server redirects: each hop is a `decidePolicyFor` like any other, in the same frame; a popup's first load
  ///   keeps its gesture for its hops until it commits.
  /// - Iframe loads (`decidePolicyFor` of type `other` for a subframe, with no gesture) never leave the page: a
  ///   cancelled one leaves the page and its popup as they are, and an `external`, `finish` or `sameView` answer
  ///   to one opens and loads nothing (the engine cancels those as well).
  /// - JavaScript `alert`, `confirm` and `prompt`: the app's ``uiDelegate`` when it implements them, else the
  ///   presenter (`UIAlertController`).
  /// - Load progress, failures, authentication challenges, response policy and process termination go to the
  ///   app's ``navigationDelegate`` when it implements them (WebKit's default otherwise).
  @MainActor
  public final class WebSessionCoordinator {
    /// The engine every session of this web view belongs to.
    package let engine: SessionEngine
    /// The root web view's session.
    public let rootSession: Session
    /// Shows popups and Safari view controllers.
    package let presenter: any PopupPresenter
    /// The app's own navigation delegate, for the callbacks SessionKit does not decide: load progress, failures,
    /// authentication challenges, response policy, downloads (`navigationAction`/`navigationResponse`
    /// `didBecome`), process termination. Never for a navigation decision: its `decidePolicyFor…preferences:`
    /// variant is not called (set per-page preferences with the configuration's `defaultWebpagePreferences`
    /// instead). Held weakly, as WebKit holds delegates. Setting it re-assigns the web views' delegates, so that
    /// WebKit reads again which methods to call.
    public var navigationDelegate: (any WKNavigationDelegate)? {
      get { proxy.navigationDelegate }
      set {
        proxy.navigationDelegate = newValue
        refreshWebKitDelegateCaches()
      }
    }
    /// The app's own UI delegate: asked for JavaScript `alert`, `confirm` and `prompt` when it implements them,
    /// told when the page of the root web view calls `window.close()` (`webViewDidClose`: the root is never
    /// removed, so what closing means is the app's), and forwarded every other `WKUIDelegate` method it
    /// implements — media-capture and device-motion permission, context and edit menus, Lockdown Mode's message
    /// (WebKit's defaults apply to those it does not). Never `createWebViewWith`: SessionKit admits popups.
    /// Held weakly; setting it re-assigns the web views' delegates, as ``navigationDelegate`` does.
    public var uiDelegate: (any WKUIDelegate)? {
      get { proxy.uiDelegate }
      set {
        proxy.uiDelegate = newValue
        refreshWebKitDelegateCaches()
      }
    }
    /// Called when something the coordinator had to do could not be done: a popup it could not present (closed
    /// at once), an external URL that could not be opened, a commit it could not record.
    public var onProblem: (@MainActor (Problem) -> Void)?
    /// Called with each event of this coordinator's tree (its root and popups) after the coordinator applied it
    /// (popups removed, …).
    public var onEvent: (@MainActor (SessionEvent) -> Void)?
    /// Records what reaches the engine as a replayable scenario, while set.
    public var recorder: ScenarioRecorder?

    /// Says whether a `window.open` had a user gesture when WebKit cannot; unset (the default), or answering
    /// `false`, means none.
    ///
    /// WebKit tells a delegate nothing about gestures (`WKNavigationAction` has no public flag on iOS). While
    /// `javaScriptCanOpenWindowsAutomatically` is false (the iOS default) its popup gate lets only a
    /// `window.open` with a gesture reach `createWebViewWith`, so the coordinator knows; once an app sets it
    /// true, every `window.open` arrives alike and is treated as having none, so `requireUserGesture` refuses
    /// them all. An app that knows better — its own pages open windows only from their click handlers, or post a
    /// message when the user taps before they do — answers here, and the answer is what the engine judges and
    /// what a ``recorder`` writes (`gesture`). Return `true` only on evidence the page cannot forge: a page that
    /// can claim a gesture defeats `requireUserGesture`. Called synchronously inside `createWebViewWith` for a
    /// `window.open` (`other`); links and forms always carry a gesture.
    public var newWindowGesture: (@MainActor (WKNavigationAction, WKWebView) -> Bool)?

    /// Whether an allowed main-frame navigation the user started may open the app that claims its URL as a
    /// universal link, instead of loading (WebKit's own behaviour for `allow`, `tryInterceptNavigation`). `false`
    /// (the default): what the policy allowed loads in the web view — the coordinator answers WebKit's
    /// `_WKNavigationActionPolicyAllowWithoutTryingAppLink` (raw value 3) — so a payment or sign-in popup is never
    /// left blank while another app opens. To let an app open for some destinations, answer them `external` with
    /// `"via": "system"` in the policy: `UIApplication.open` opens the app that claims the link, or Safari.
    public var triesAppLinks = false

    /// Called once with the URL a popup finished with (`{"finish": "app"}`: an OAuth callback, a payment
    /// result) and the popup's id, when its navigation is answered; the popup's views go on its `popupClosed`.
    /// A `{"finish": "opener"}` URL is loaded in the opener's web view instead, without calling this.
    public var onPopupFinished: (@MainActor (_ url: String, _ popup: SessionID) -> Void)?

    /// Something the coordinator could not do, reported through ``onProblem``: apps log it, or tell the user.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
      /// The presenter could not show the popup: it was closed in the engine at once (its page's `window.open`
      /// sees a closed window), with its subtree.
      case popupPresentationFailed(SessionID, PopupPresentationError)
      /// A URL the policy sends outside the app could not be opened (not a URL, no app for it, or Safari could
      /// not be presented).
      case externalOpenFailed(url: String, reason: String)
      /// A commit WebKit reported could not be recorded in the session (a URL SessionKit cannot parse), so the
      /// session's page and history miss it.
      case commitNotRecorded(SessionID, url: String, reason: String)
      /// The engine refused a new window from the session because no user gesture started it
      /// (`popups.requireUserGesture`): a script's `window.open` or a scripted click on a `_blank` link, with no
      /// touch on the web view (with `javaScriptCanOpenWindowsAutomatically` on, WebKit's own popup blocker lets
      /// those through to the coordinator). The page's `window.open` got `null`.
      case popupRefusedWithoutGesture(SessionID, url: String)
      /// The policy sent a URL outside the app, but no user gesture started the navigation (a script's
      /// `location`, `a.click()` or `form.submit()`, or an iframe loading), so the coordinator cancelled it instead
      /// of opening Safari or another app: as WebKit asks a gesture before it lets a page open an external app.
      case externalOpenWithoutGesture(SessionID, url: String)

      /// A sentence for logs.
      public var description: String {
        switch self {
        case .popupPresentationFailed(let id, let error): "popup \(id) could not be presented (\(error)); closed"
        case .externalOpenFailed(let url, let reason): "could not open \(url) outside the app: \(reason)"
        case .commitNotRecorded(let id, let url, let reason): "commit of \(url) in \(id) not recorded: \(reason)"
        case .popupRefusedWithoutGesture(let id, let url):
          "new window from \(id) to \(url.isEmpty ? "about:blank" : url) refused: no user gesture started it"
        case .externalOpenWithoutGesture(let id, let url):
          "\(url) not opened outside the app from \(id): no user gesture started the navigation"
        }
      }
    }

    let externalOpener: ExternalURLOpener
    private(set) var isTornDown = false
    /// What WebKit sees as the delegates of every web view this coordinator binds; it holds the app's delegates.
    let proxy = WebKitDelegateProxy()
    /// The root web view, held weakly: it holds the coordinator (``tearDown()`` lets go).
    private weak var rootWebView: WKWebView?
    /// Popups the coordinator removed as their decision closed them, before the engine's `popupClosed` event:
    /// their events are still applied and handed on until that event.
    private var closedAhead: Set<SessionID> = []
    /// JavaScript panels the presenter is showing; each is answered once, also when torn down.
    var panelTasks: [UInt64: Task<Void, Never>] = [:]
    var panelReplies: [UInt64: PanelReply] = [:]
    var nextPanel: UInt64 = 0
    private var sessions: [ObjectIdentifier: Session] = [:]
    private var webViews: [SessionID: WKWebView] = [:]
    /// Provisional popups (an `ask` rule): presented when their first load is allowed.
    private var awaitingPresentation: [SessionID: WKWebView] = [:]
    /// How each popup on screen was presented: a popup opened blank is shown at once, and presented anew when its
    /// first load of a real URL gives it another presentation (DESIGN §9.2).
    private var shownAs: [SessionID: PopupPresentation] = [:]
    /// Each popup's first load until it commits or ends: the gesture it carries (only after a plain `window.open`
    /// with one) and whether it may open an external app (a user gesture opened the popup: a tapped link, a form,
    /// a `window.open`; WebKit propagates the opener's external-URL policy to it).
    private var firstLoads: [SessionID: FirstLoad] = [:]

    struct FirstLoad {
      let carriesGesture: Bool
      let mayOpenOutside: Bool
    }
    /// The kind of commit the last allowed main-frame navigation of each session will make.
    private var expectedCommit: [SessionID: PendingCommit] = [:]
    /// Each web view's back-forward list as its session last recorded it.
    private var recordedList: [SessionID: RecordedList] = [:]
    /// Each session's allowed iframe navigations whose entry the back-forward list has not shown yet (WebKit
    /// reports no commit of a subframe), one a frame (keyed by the frame's URL before it, a redirect hop replacing
    /// its load's record), in the order their last decision was allowed: the order their entries appear in.
    private var pendingSubframes: [SessionID: [PendingSubframe]] = [:]
    /// The most iframe navigations kept waiting for their entries in one session (a load that failed never
    /// shows one).
    private static let pendingSubframeLimit = 8
    /// Commits are recorded on the session actor in order; a decision waits for the ones before it.
    private var commits: [SessionID: Task<Void, Never>] = [:]
    private var eventLoop: Task<Void, Never>?

    enum PendingCommit {
      case newEntry(isPost: Bool)
      case backForward
      case reload
    }

    /// An allowed iframe navigation from `from` to `to`.
    struct PendingSubframe {
      let from: String
      let to: String
    }

    /// A web view's back-forward list as its session recorded it.
    struct RecordedList {
      /// Its items, back to forward; held, so that an item's identity is never that of a dropped item's memory.
      let items: [WKBackForwardListItem]
      /// The current item's position.
      let index: Int

      /// Whether `other` has the same items (by identity) and current item.
      func isSame(as other: RecordedList) -> Bool {
        index == other.index && items.count == other.items.count && zip(items, other.items).allSatisfy { $0 === $1 }
      }

      @MainActor
      init(_ list: WKBackForwardList) {
        let back = list.backList
        items = back + (list.currentItem.map { [$0] } ?? []) + list.forwardList
        index = back.count
      }
    }

    /// Binds `webView` to a new root session of `engine` (with an id no other open root of the engine has) and
    /// becomes its delegates; URLs the policy sends to the system open with `UIApplication.shared`. The engine
    /// must deliver events (`.all` or `.lifecycle`, not `.none`): closed popups leave the screen on `popupClosed`.
    /// - Parameters:
    ///   - engine: the engine; the coordinator subscribes to its events for itself.
    ///   - webView: the root (main) web view. Its current delegates become ``navigationDelegate`` and
    ///     ``uiDelegate``; ``tearDown()`` gives them back.
    ///   - presenter: shows popups, Safari and JavaScript panels (``UIKitPopupPresenter``).
    @available(iOSApplicationExtension, unavailable)
    public convenience init(engine: SessionEngine, webView: WKWebView, presenter: any PopupPresenter) {
      self.init(
        engine: engine, webView: webView, presenter: presenter, root: engine.makeRootSession(),
        openURL: ExternalURLOpener.openWithApplication)
    }

    /// Binds `webView` to a new root session `rootID` of `engine` and becomes its delegates.
    /// - Parameters:
    ///   - engine: the engine; the coordinator subscribes to its events for itself.
    ///   - webView: the root (main) web view. Its current delegates become ``navigationDelegate`` and
    ///     ``uiDelegate``; ``tearDown()`` gives them back.
    ///   - presenter: shows popups, Safari and JavaScript panels (``UIKitPopupPresenter``).
    ///   - rootID: the root session's id, unique among the engine's open roots.
    ///   - openURL: opens a URL outside the app (`system`, and `safari` for a non-web scheme) and reports whether
    ///     it did: `UIApplication.shared.open` in an app, `NSExtensionContext.open` in an app extension, where
    ///     `UIApplication.shared` is unavailable. It takes a `URL` because both of those do; the coordinator makes
    ///     it from the decision's URL and reports one Foundation cannot represent through ``onProblem``.
    /// - Throws: `SessionEngineError` when another open root of `engine` has the id `rootID`.
    public convenience init(
      engine: SessionEngine, webView: WKWebView, presenter: any PopupPresenter, rootID: SessionID,
      openURL: @escaping @MainActor (URL, @escaping @MainActor @Sendable (Bool) -> Void) -> Void
    ) throws(SessionEngineError) {
      self.init(
        engine: engine, webView: webView, presenter: presenter, root: try engine.makeRootSession(id: rootID),
        openURL: openURL)
    }

    private init(
      engine: SessionEngine, webView: WKWebView, presenter: any PopupPresenter, root: Session,
      openURL: @escaping @MainActor (URL, @escaping @MainActor @Sendable (Bool) -> Void) -> Void
    ) {
      self.engine = engine
      self.rootSession = root
      self.presenter = presenter
      self.externalOpener = ExternalURLOpener(presenter: presenter, openURL: openURL)
      proxy.coordinator = self
      // A web view still bound to an earlier coordinator: that one is torn down (its popups closed; it gives the
      // web view back to the app's delegates, which become this one's), rather than released with its popups
      // still asking it.
      if let previous = (webView.navigationDelegate as? WebKitDelegateProxy)?.coordinator { previous.tearDown() }
      proxy.navigationDelegate = webView.navigationDelegate
      proxy.uiDelegate = webView.uiDelegate
      proxy.appDelegatesChanged()
      bind(webView, to: rootSession)
      rootWebView = webView
      objc_setAssociatedObject(webView, &coordinatorLifetimeKey, self, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      let events = engine.events()
      eventLoop = Task { [weak self] in
        for await event in events {
          guard let self, !self.isTornDown else { return }
          self.apply(event)
        }
      }
    }

    /// The session of `webView`, when it is the root web view or one of its popups.
    package func session(for webView: WKWebView) -> Session? {
      sessions[ObjectIdentifier(webView)]
    }

    /// The web view of the session `id`, while it is open.
    public func webView(for id: SessionID) -> WKWebView? {
      id == rootSession.id ? (isTornDown ? nil : rootWebView) : webViews[id]
    }

    /// What WebKit sees as the `navigationDelegate` and `uiDelegate` of every web view this coordinator binds
    /// (tests compare it by identity).
    package var webKitDelegate: AnyObject { proxy }

    /// Waits until every commit reported so far is recorded in its session (decisions wait for it themselves).
    package func commitsRecorded() async {
      if let root = webView(for: rootSession.id) { recordUnreportedChanges(in: root, id: rootSession.id) }
      for (id, webView) in webViews { recordUnreportedChanges(in: webView, id: id) }
      for task in commits.values { await task.value }
    }

    /// Ends this coordinator's part: tears the root session down (closing every popup), removes the popups' views,
    /// unbinds every web view it bound, gives the root web view back to the app's own delegates, answers any
    /// JavaScript panel still showing, and stops reading events. The root web view stays where the app put it and
    /// loads as the app's delegates say; the engine stays usable (a new coordinator may bind the same web view).
    /// Calling it again does nothing.
    public func tearDown() {
      guard !isTornDown else { return }
      isTornDown = true
      rootSession.tearDown()
      // Parents before their children: dismissing a modal takes every modal above it along in one transition,
      // where a child's dismissal first would keep UIKit busy and refuse the parent's.
      for (id, webView) in webViews.sorted(by: { $0.key < $1.key }) {
        unbind(webView, id: id)
        presenter.remove(webView)
      }
      if let root = rootWebView {
        unbind(root, id: rootSession.id)
        // Only while they are still this coordinator: a newer coordinator may have bound the web view since.
        if root.navigationDelegate === proxy { root.navigationDelegate = navigationDelegate }
        if root.uiDelegate === proxy { root.uiDelegate = uiDelegate }
        if objc_getAssociatedObject(root, &coordinatorLifetimeKey) as AnyObject? === self {
          objc_setAssociatedObject(root, &coordinatorLifetimeKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
      }
      for reply in panelReplies.values { reply.send(.dismissed) }
      panelReplies = [:]
      for task in panelTasks.values { task.cancel() }
      eventLoop?.cancel()
      eventLoop = nil
    }

    /// Reports `problem` to the app.
    func report(_ problem: Problem) {
      onProblem?(problem)
    }

    /// Sets every bound web view's delegates again (to `nil`, then to the proxy), so that WebKit reads anew which
    /// methods they respond to, after the app's delegates changed.
    private func refreshWebKitDelegateCaches() {
      proxy.appDelegatesChanged()
      for webView in boundWebViews {
        webView.navigationDelegate = nil
        webView.uiDelegate = nil
        webView.navigationDelegate = proxy
        webView.uiDelegate = proxy
      }
    }

    // MARK: - What WebKit asks (through the proxy)

    /// WebKit's `decidePolicyFor` of a navigation action in `webView`: asks the web view's session (after the
    /// commits before it are recorded) and applies its answer.
    func decidePolicy(for navigationAction: WKNavigationAction, in webView: WKWebView) async
      -> WKNavigationActionPolicy
    {
      // A web view this coordinator no longer binds (a closed popup still alive): nothing loads unjudged.
      guard let session = session(for: webView) else { return .cancel }
      let id = session.id
      let arrival = recorder?.now ?? .zero
      recordUnreportedChanges(in: webView, id: id)
      // Read before any await: the touch that started the navigation is the recent one now.
      let touched = isTouchedRecently
      await commits[id]?.value
      let isMainFrame = navigationAction.targetFrame?.isMainFrame == true
      // A popup's first load, and each redirect hop of it, carries the gesture of the `window.open` that made it.
      let gesture =
        (isMainFrame ? firstLoads[id]?.carriesGesture : nil)
        ?? NavigationActionConversion.isUserGesture(navigationAction, touched: touched)
      let action = NavigationActionConversion.navigationAction(navigationAction, in: webView, isUserGesture: gesture)
      let decision = await session.decide(action)
      // Torn down while the session decided: the web view is the app's again; nothing is opened, loaded or
      // presented on the decision's behalf, and only a plain allow lets the navigation go on.
      guard !isTornDown else { return decision.policy == .allow ? loadPolicy : .cancel }
      // The popup was closed while its session decided, by something else than this decision (another popup's
      // decision, a timeout, its close button): nothing is done on its behalf.
      guard self.session(for: webView) === session || decision.closedSessions.contains(id) else { return .cancel }
      let mayOpenOutside = gesture || (isMainFrame && firstLoads[id]?.mayOpenOutside == true)
      var policy = answer(
        decision, to: navigationAction, isUserGesture: gesture, mayOpenOutside: mayOpenOutside, in: webView)
      let loads = policy == loadPolicy
      // A provisional popup is presented once its first load is allowed; one that cannot be shown loads nothing.
      if loads, navigationAction.targetFrame?.isMainFrame == true,
        let popup = awaitingPresentation.removeValue(forKey: id), let opener = session.opener,
        !present(popup, session: session, over: self.webView(for: opener.id))
      {
        policy = .cancel
      }
      // A popup opened blank whose first load of a real URL was given another presentation moves to it; one that
      // cannot be shown so loads nothing.
      if loads, isMainFrame, let shown = shownAs[id], let wanted = session.presentation, wanted != shown,
        let opener = session.opener
      {
        presenter.remove(webView)
        if !present(webView, session: session, over: self.webView(for: opener.id)) { policy = .cancel }
      }
      // A `download` link the policy allowed is answered `.download` (WebKit's own way with such a link); the
      // recording says `allow`, the policy's answer, as a replay of its `download: true` click does.
      let recorded = policy == .download && decision.policy == .allow ? "allow" : policy.recordedName
      recorder?.decided(
        action, in: id, decision: decision, answer: recorded,
        isBack: isBack(action, in: session, webView: webView), arrival: arrival)
      // A back or forward onto another entry adds none: the list moves, which records it.
      if loads, let frame = navigationAction.targetFrame, !frame.isMainFrame,
        navigationAction.navigationType != .backForward
      {
        let pending = PendingSubframe(from: action.targetFrame?.requestURL ?? "", to: action.requestURL)
        var waiting = pendingSubframes[id, default: []].filter { $0.from != pending.from }
        waiting.append(pending)
        pendingSubframes[id] = Array(waiting.suffix(Self.pendingSubframeLimit))
      }
      if policy == loadPolicy, isMainFrame {
        expectedCommit[id] = NavigationActionConversion.pendingCommit(navigationAction)
      } else if isMainFrame {
        // The load stopped (a hop cancelled stops it too): its gesture is spent.
        firstLoads[id] = nil
      }
      return policy
    }

    /// WebKit's `didCommit` in `webView`: records the commit in the session (new entry, back/forward or reload, from
    /// the navigation it allowed).
    func didCommit(in webView: WKWebView) {
      if let session = session(for: webView), let url = webView.url?.absoluteString {
        let id = session.id
        // An iframe navigation of the page this one replaced, whose entry the list never showed: gone with it.
        pendingSubframes[id] = nil
        let list = RecordedList(webView.backForwardList)
        let before = recordedList[id]
        let expected = expectedCommit.removeValue(forKey: id)
        let kind: CommitKind
        switch expected {
        case .backForward:
          let offset = list.index - (recordedList[id]?.index ?? list.index)
          kind = offset == 0 ? .reload : .backForward(offset: offset)
        case .reload: kind = .reload
        case .newEntry(let isPost): kind = .newEntry(isPost: isPost)
        case nil: kind = .newEntry(isPost: false)
        }
        if expected != nil { firstLoads[id] = nil }
        recordedList[id] = list
        // A new document whose item took the current one's place, the others unchanged: WebKit replaced the entry
        // (a load of the URL the page showed, a script's load of a window that showed only about:blank).
        var replacesCurrent: Bool?
        if case .newEntry = kind, let before, before.items.indices.contains(before.index) {
          replacesCurrent =
            list.index == before.index && list.items.count == before.items.count
            && list.items.indices.allSatisfy { $0 == list.index || list.items[$0] === before.items[$0] }
        }
        record(url, kind: kind, replacesCurrent: replacesCurrent, in: session)
        recorder?.committed(id, url: url)
      }
    }

    /// The main-frame load of `webView` ended without a commit (a network error, a 204, a response turned into a
    /// download): the popup gesture of its first load is spent, and no commit is expected of it. A load cancelled
    /// because another navigation replaced it (`NSURLErrorCancelled`, reported after the new one's decision) ends
    /// nothing: the new load's state stays.
    func loadEnded(in webView: WKWebView, error: (any Error)?) {
      guard let id = session(for: webView)?.id else { return }
      if let error = error as NSError?, error.domain == NSURLErrorDomain, error.code == NSURLErrorCancelled { return }
      firstLoads[id] = nil
      expectedCommit[id] = nil
      recorder?.loadEnded(id)
    }

    /// Records what `webView`'s back-forward list shows happened since its session last recorded it, which no
    /// delegate call reported (WebKit reports main-frame commits only), by comparing the list's items with the
    /// ones recorded:
    /// - items the list gained after the one the session was on: each an iframe's entry (one with its page's URL,
    ///   after an iframe navigation this coordinator allowed) or a same-document navigation (a fragment link,
    ///   `history.pushState`) to its URL;
    /// - another current item: back or forward within one document, or onto an iframe's entry.
    ///
    /// Unchanged items record nothing: an iframe's first load replaces rather than adds an entry.
    private func recordUnreportedChanges(in webView: WKWebView, id: SessionID) {
      guard let session = sessions[ObjectIdentifier(webView)], let recorded = recordedList[id] else { return }
      let list = RecordedList(webView.backForwardList)
      guard !list.isSame(as: recorded) else { return }
      recordedList[id] = list
      recorder?.listChanged(id)
      // A full list drops its oldest items, as the session's does.
      let dropped = list.items.first.flatMap { first in recorded.items.firstIndex { $0 === first } } ?? 0
      var position = recorded.index - dropped
      var common = 0
      while dropped + common < recorded.items.count, common < list.items.count,
        recorded.items[dropped + common] === list.items[common]
      {
        common += 1
      }
      if common < list.items.count {
        if common > 0, common - 1 != position {
          recorder?.moved(id, offset: common - 1 - position)
          record(
            list.items[common - 1].url.absoluteString, kind: .backForward(offset: common - 1 - position), in: session)
        }
        position = common - 1
        for (offset, item) in list.items[common...].enumerated() {
          let previousURL = common + offset > 0 ? list.items[common + offset - 1].url : nil
          // An entry with its page's URL: the iframe navigation allowed first whose entry had not appeared.
          if item.url == previousURL, let pending = pendingSubframes[id]?.first {
            pendingSubframes[id]?.removeFirst()
            record(pending.to, kind: .subframe(previousFrameURL: pending.from), in: session)
          } else {
            recordSameDocumentEntry(item.url.absoluteString, in: session)
          }
          position += 1
        }
      }
      if list.index != position, list.items.indices.contains(list.index) {
        recorder?.moved(id, offset: list.index - position)
        record(
          list.items[list.index].url.absoluteString, kind: .backForward(offset: list.index - position), in: session)
      }
    }

    /// Records a commit in `session` after the ones before it; one it cannot record is reported.
    private func record(_ url: String, kind: CommitKind, replacesCurrent: Bool? = nil, in session: Session) {
      record(url, kind: { _ in kind }, replacesCurrent: replacesCurrent, in: session)
    }

    /// Records a same-document entry (a fragment, `history.pushState`) in `session` after the commits before it,
    /// with the method of the session's current entry once those are recorded: the entry of the page it moves
    /// within. WebKit gives every new item the form data of the document's request (`HistoryController::
    /// initializeItem`, `setFormInfoFromRequest`) and `pushState` keeps it (`Source/WebCore/loader/
    /// HistoryController.cpp`; `post-fragment-entries.json` on the engine), so reloading such an entry of a posted
    /// page resubmits the form. (`replaceState` clears the current item's form data; nothing here records it.)
    private func recordSameDocumentEntry(_ url: String, in session: Session) {
      record(url, kind: { .newEntry(isPost: $0.backForwardList.current?.isPost ?? false) }, in: session)
    }

    /// Records a commit in `session` after the ones before it, of the kind `kind` gives once those are recorded;
    /// one it cannot record is reported.
    private func record(
      _ url: String, kind: @escaping @Sendable (Session) -> CommitKind, replacesCurrent: Bool? = nil,
      in session: Session
    ) {
      let previous = commits[session.id]
      commits[session.id] = Task { [weak self] in
        await previous?.value
        let kind = kind(session)
        do {
          try await session.commit(url, kind: kind, replacesCurrent: replacesCurrent)
        } catch {
          self?.report(.commitNotRecorded(session.id, url: url, reason: "\(error)"))
        }
      }
    }

    /// Whether a `backForward` navigation goes back (for the recorder, which writes `back` or `forward`): onto
    /// the previous entry's URL for the main frame; for an iframe, onto the URL the current entry's iframe
    /// navigation left (the engine's history, which knows the iframes' URLs that `WKBackForwardListItem` hides).
    private func isBack(_ action: NavigationAction, in session: Session, webView: WKWebView) -> Bool {
      guard action.targetFrame?.isMainFrame == false else {
        return webView.backForwardList.backItem?.url.absoluteString == action.requestURL
      }
      let request = (try? WebAddress(action.requestURL))?.serialized
      return session.backForwardList.current?.subframe?.from.serialized == request
    }

    /// WebKit's `didFinish` in `webView`: tells the recorder the page finished loading.
    func didFinish(in webView: WKWebView) {
      if let id = session(for: webView)?.id {
        // The page's own iframe loads, decided before it finished, replace their iframes' entries rather than add.
        pendingSubframes[id] = nil
        recorder?.finished(id)
      }
    }

    /// WebKit's `createWebViewWith` from `webView`: admits (or refuses) the popup synchronously; on admission
    /// returns a web view built from `configuration`, bound to the child session and presented (a provisional popup
    /// once its first load is allowed).
    func createWebView(
      with configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction, in webView: WKWebView
    ) -> WKWebView? {
      guard let session = session(for: webView) else { return nil }
      let arrival = recorder?.now ?? .zero
      recordUnreportedChanges(in: webView, id: session.id)
      let gesture =
        NavigationActionConversion.isUserGesture(
          forNewWindow: navigationAction, in: webView, touched: isTouchedRecently)
        || newWindowGesture?(navigationAction, webView) == true
      let action = NavigationActionConversion.navigationAction(navigationAction, in: webView, isUserGesture: gesture)
      let admission = session.admitPopup(for: action)
      // Only a plain `window.open` (`other`) hands its gesture to the popup's first load.
      let openedByGesture = gesture && navigationAction.navigationType == .other
      let popup = popup(
        for: admission, request: action, configuration: configuration, opener: webView,
        openedByGesture: openedByGesture)
      recorder?.admitted(
        action, in: session.id, outcome: admission.outcome, popup: popup.flatMap { self.session(for: $0)?.id },
        arrival: arrival)
      return popup
    }

    /// WebKit's `webViewDidClose`: the page called `window.close()`; the session decides (a root never closes) and
    /// views go on `popupClosed`. Returns whether it was the root's, which the app's ``uiDelegate`` is told of (the
    /// engine never closes the root).
    func windowDidClose(in webView: WKWebView) -> Bool {
      guard let session = session(for: webView) else { return false }
      recorder?.closed(session.id)
      session.windowDidClose()
      return session.id == rootSession.id
    }

    // MARK: - Binding and presenting

    /// Creates the popup's web view from WebKit's configuration and binds it to `child`.
    func makePopup(
      configuration: WKWebViewConfiguration, opener: WKWebView, child: Session, firstLoadGesture: Bool,
      openedByUser: Bool
    ) -> WKWebView {
      let popup = WKWebView(frame: opener.bounds, configuration: configuration)
      bind(popup, to: child)
      firstLoads[child.id] = FirstLoad(carriesGesture: firstLoadGesture, mayOpenOutside: openedByUser)
      return popup
    }

    /// Presents `popup` as its session says, over its opener; provisional popups wait for their first load.
    /// Returns whether the popup is (or will be) on screen: one the presenter cannot show is closed in the engine
    /// at once (with its subtree), unbound and reported, and WebKit gets no window for it.
    func present(_ popup: WKWebView, session: Session, over opener: WKWebView?, provisional: Bool = false) -> Bool {
      if provisional {
        awaitingPresentation[session.id] = popup
        return true
      }
      guard let presentation = session.presentation else { return true }
      do throws(PopupPresentationError) {
        guard let opener else {
          throw PopupPresentationError(.noContainer, "the opener of \(session.id) has no web view any more")
        }
        shownAs[session.id] = presentation
        try presenter.present(popup, as: presentation, over: opener) { [weak self, weak session, weak popup] in
          guard let self, let popup else { return }
          // A close button whose popup this coordinator no longer binds (closed, torn down) still closes: it
          // removes what is left on screen.
          guard let session, self.session(for: popup) === session else { return self.presenter.remove(popup) }
          self.recorder?.dismissed(session.id)
          session.dismiss()
        }
        return true
      } catch {
        // Never open without being on screen.
        session.tearDown()
        unbind(popup, id: session.id)
        report(.popupPresentationFailed(session.id, error))
        return false
      }
    }

    /// Loads `url` in the session `id`'s web view (a `sameView` answer).
    func load(_ url: String, in id: SessionID) {
      guard let webView = webView(for: id), let url = URL(string: url) else { return }
      webView.load(URLRequest(url: url))
    }

    private func bind(_ webView: WKWebView, to session: Session) {
      sessions[ObjectIdentifier(webView)] = session
      if session.id != rootSession.id { webViews[session.id] = webView }
      webView.navigationDelegate = proxy
      webView.uiDelegate = proxy
      if TouchEvidence.on(webView) == nil { webView.addGestureRecognizer(TouchEvidence()) }
    }

    /// Whether a finger touched one of this coordinator's web views within ``TouchEvidence/window``: a link in one
    /// window may navigate another by its name.
    private var isTouchedRecently: Bool {
      boundWebViews.contains { TouchEvidence.on($0)?.isRecent == true }
    }

    /// The root web view (while bound) and every popup's.
    private var boundWebViews: [WKWebView] {
      (isTornDown ? [] : [rootWebView].compactMap { $0 }) + Array(webViews.values)
    }

    /// WebKit's answer for an allowed load: with ``triesAppLinks`` off, `allow` without trying a universal link
    /// first (`_WKNavigationActionPolicyAllowWithoutTryingAppLink`, which the SDK's Swift enum does not name).
    var loadPolicy: WKNavigationActionPolicy {
      triesAppLinks ? .allow : WKNavigationActionPolicy(rawValue: 3) ?? .allow
    }

    /// Removes the views of popups a decision closed, before its effect is performed (a Safari presentation must
    /// not go on top of a modal that is about to be dismissed); their events are applied when they come.
    func removeClosed(_ ids: [SessionID]) {
      for id in ids where removeView(of: id) { closedAhead.insert(id) }
    }

    /// Unbinds and removes the view of the popup `id`, if this coordinator still binds it (never the root's).
    private func removeView(of id: SessionID) -> Bool {
      guard id != rootSession.id, let webView = webViews[id] else { return false }
      unbind(webView, id: id)
      presenter.remove(webView)
      return true
    }

    private func unbind(_ webView: WKWebView, id: SessionID) {
      // The touch recognizer goes only while the web view is this coordinator's (a newer one may have bound it).
      if webView.navigationDelegate === proxy, let evidence = TouchEvidence.on(webView) {
        webView.removeGestureRecognizer(evidence)
      }
      if id != rootSession.id {
        // A closed popup's web view may outlive its session (an animation, a callback under way): WebKit must not
        // ask this coordinator about it any more, nor keep loading in it.
        if webView.navigationDelegate === proxy { webView.navigationDelegate = nil }
        if webView.uiDelegate === proxy { webView.uiDelegate = nil }
        webView.stopLoading()
      }
      sessions[ObjectIdentifier(webView)] = nil
      shownAs[id] = nil
      webViews[id] = nil
      awaitingPresentation[id] = nil
      firstLoads[id] = nil
      expectedCommit[id] = nil
      recordedList[id] = nil
      pendingSubframes[id] = nil
      commits[id] = nil
    }

    /// Applies one engine event: a closed popup's view is removed (the root's never is). Presentation and external
    /// opens happen where the decision is answered, never here.
    func apply(_ event: SessionEvent) {
      let id = Self.session(of: event)
      guard isInTree(id) || closedAhead.contains(id) else { return }
      if case .popupClosed(let id, _) = event {
        _ = removeView(of: id)
        closedAhead.remove(id)
      }
      onEvent?(event)
    }

    /// The session an event is about.
    private static func session(of event: SessionEvent) -> SessionID {
      switch event {
      case .popupOpened(let child, _, _, _): child
      case .popupClosed(let id, _): id
      case .openedExternally(let id, _, _): id
      case .popupFinished(let id, _): id
      case .navigationDecided(let id, _, _): id
      case .shadowDisagreement(let id, _, _, _): id
      }
    }

    /// Whether `id` is this coordinator's root or one of the popups it bound (by identity, not by the id's text:
    /// another root may have any id).
    private func isInTree(_ id: SessionID) -> Bool {
      id == rootSession.id || webViews[id] != nil
    }
  }

  /// The key under which a root web view holds its coordinator (its address is the key; the value never changes).
  nonisolated(unsafe) private var coordinatorLifetimeKey: UInt8 = 0

#endif
