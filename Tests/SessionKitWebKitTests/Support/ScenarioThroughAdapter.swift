#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitSimulation
  import SessionKitWebKit
  import WebKitStandIn

  /// Plays a scenario's page events through the stand-in WebKit into a ``WebSessionCoordinator`` that records
  /// them: the steps become the driver's taps, opens and traversals, the deciders the scenario declares answer on
  /// a virtual clock that moves only while a step waits for one, as `session-bench replay` does.
  @MainActor
  final class ScenarioThroughAdapter {
    /// A URL scheme handler the app registers for a scenario's `schemes`.
    final class ServedScheme: NSObject, WKURLSchemeHandler {
      func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {}
      func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask) {}
    }

    /// Keeps each popup's close action, so that a `dismiss` step can tap it.
    final class ClosingPresenter: PopupPresenter {
      var closers: [ObjectIdentifier: @MainActor () -> Void] = [:]

      func present(
        _ popup: WKWebView, as presentation: PopupPresentation, over opener: WKWebView,
        close: @escaping @MainActor () -> Void
      ) {
        closers[ObjectIdentifier(popup)] = close
      }

      func remove(_ popup: WKWebView) {
        closers[ObjectIdentifier(popup)] = nil
      }

      func presentSafari(_ safari: SFSafariViewController) {}
    }

    let scenario: Scenario
    let recorder: ScenarioRecorder
    let clock = VirtualClock()
    let engine: SessionEngine
    let coordinator: WebSessionCoordinator
    let driver: WebKitDriver
    let raised = RaisedExceptions()
    private let presenter = ClosingPresenter()
    private let mainWebView: WKWebView
    /// Whether the `window.open` being played has a gesture: the scenario knows, as an app that knows its pages
    /// may (``WebSessionCoordinator/newWindowGesture``).
    private var openGesture = false
    /// After ``play()``: the sessions the adapter's engine had open at the end, as a replay's final line.
    private(set) var finalLine = ""

    /// Prepares the scenario file `json` for a recording with `redact`.
    init(json: [UInt8], name: String, redact: ScenarioRecorder.Redaction = .none) throws {
      scenario = try Scenario(json: json)
      let file = try JSONValue(parsing: json)
      let policy = file["policy"] ?? .string(PolicyPreset.webkitDefault.rawValue)
      recorder = try ScenarioRecorder(
        name: name, policy: Array(policy.serialized.utf8), deciders: file["deciders"]?.serialized, redact: redact,
        clock: clock)
      let compiled = try CompiledPolicy(scenario.policy)
      let timeout = compiled.deciders.timeoutMilliseconds
      let clock = clock
      engine = SessionEngine(
        policy: compiled,
        deciders: scenario.deciders.mapValues { $0.decider(timeoutMilliseconds: timeout, clock: clock) },
        clock: clock, blankTimeouts: .manual)
      let configuration = WKWebViewConfiguration()
      configuration.preferences.javaScriptCanOpenWindowsAutomatically =
        scenario.settings.javaScriptCanOpenWindowsAutomatically
      // The schemes the app serves: their pages load (the stand-in serves them; the handler only registers).
      for scheme in scenario.web.schemes.sorted() {
        configuration.setURLSchemeHandler(ServedScheme(), forURLScheme: scheme)
      }
      mainWebView = WKWebView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), configuration: configuration)
      coordinator = WebSessionCoordinator(engine: engine, webView: mainWebView, presenter: presenter)
      coordinator.recorder = recorder
      let raised = raised
      driver = WebKitDriver(implementing: AdapterHarness.coordinatorMethods, raise: { raised.record($0) })
      driver.attach(mainWebView)
      // The web the scenario declares: its pages' iframes and its servers' redirects.
      driver.pages = scenario.web.pages
      driver.redirects = scenario.web.redirects.mapValues { .init(to: $0.to, status: $0.status) }
      coordinator.newWindowGesture = { [weak self] _, _ in self?.openGesture ?? false }
    }

    /// Plays every step; the recording is then in ``recorder``.
    func play() async throws {
      for step in scenario.steps {
        guard let webView = step.session == "main" ? mainWebView : coordinator.webView(for: step.session) else {
          throw PlayError(
            description: "\(recorder.name) \(step.path): session \(step.session) is not open in the adapter")
        }
        await perform(step.event, in: webView)
      }
      finalLine = openSessionsLine()
      coordinator.tearDown()
      await engine.shutdown()
    }

    /// The sessions open in the adapter's engine, in creation order, as the replay's final line writes them.
    private func openSessionsLine() -> String {
      var sessions: [(key: String, value: JSONValue)] = []
      for webView in [mainWebView] + driver.popups {
        guard let session = coordinator.session(for: webView), !session.isClosed else { continue }
        let url = JSONValue.string(session.committedURL?.serialized ?? "about:blank")
        sessions.append(
          (session.id.rawValue, .object([("url", url), ("history", .number(Double(session.historyLength)))])))
      }
      return JSONValue.object([("final", .object([("sessions", .object(sessions))]))]).serialized
    }

    /// Performs `event` while a task moves the clock whenever a decider and its timeout are both asleep, as
    /// the replay runner does; the task ends with the step. Then the step's commits reach the engine, and only
    /// then are blank timeouts checked.
    private func perform(_ event: PageEvent, in webView: WKWebView) async {
      let clock = clock
      let advancing = Task {
        while !Task.isCancelled {
          await clock.waitForSleepers(atLeast: 2)
          if Task.isCancelled { return }
          clock.advanceToNextDeadline()
        }
      }
      await run(event, in: webView)
      advancing.cancel()
      await advancing.value
      // The coordinator hands WebKit's `didCommit` to the session actor in a task: wait for it before checking,
      // as the replay runner's simulator has committed when its step returns. Otherwise a popup whose deadline
      // passed while its first load was decided (`lifecycle-blank-timeout.json`'s `main.4`) still looks blank
      // here whenever that task has not run yet, and is closed although its page loaded.
      await coordinator.commitsRecorded()
      // A device's blank-timeout timer, checked when the step ends as the replay runner does: a timer asleep on
      // the virtual clock would pass for half of a decider's race and move the clock early.
      _ = engine.closeExpiredPopups()
    }

    private func run(_ event: PageEvent, in webView: WKWebView) async {
      switch event {
      case .load(let url):
        webView.load(URLRequest(url: URL(string: url)!))
        await driver.settle()
      case .assign(let url): await driver.assignLocation(url, in: webView)
      case .click(let url, let target, let frame, let rel, let download):
        await driver.tapLink(
          url, target: target, in: webView, frameURL: frame, rel: Set(rel.map(\.rawValue)), download: download)
      case .submit(let url, let target, let method, let frame):
        await driver.submitForm(
          url, method: method.rawValue.uppercased(), target: target, in: webView, frameURL: frame)
      case .open(let url, let target, let gesture, let noopener):
        // What the app knows of the gesture when WebKit's popup gate is off (newWindowGesture).
        openGesture = gesture
        await driver.windowOpen(url, target: target, gesture: gesture, noopener: noopener, in: webView)
        openGesture = false
      case .back: await driver.go(-1, in: webView)
      case .forward: await driver.go(1, in: webView)
      case .reload: await driver.reload(in: webView)
      case .close: driver.windowClose(in: webView)
      case .dismiss: presenter.closers[ObjectIdentifier(webView)]?()
      case .windowName(let name): driver.setWindowName(name, in: webView)
      case .wait(let milliseconds):
        clock.advance(by: .milliseconds(milliseconds))
      }
    }

    struct PlayError: Error, CustomStringConvertible {
      var description: String
    }
  }
#endif
