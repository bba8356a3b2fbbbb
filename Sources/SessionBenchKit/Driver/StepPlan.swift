import SessionKit

/// A workload step made concrete for one tab: the navigation WebKit would ask about, and what commits if it is
/// allowed. The engine and the baselines execute the same plans, so that they judge the same requests.
struct StepPlan: Sendable {
  /// How a load that is allowed changes the tab's history.
  enum Commit: Sendable, Equatable {
    case newEntry
    case backForward(Int)
    case reload

    var commitKind: CommitKind {
      switch self {
      case .newEntry: .newEntry(isPost: false)
      case .backForward(let offset): .backForward(offset: offset)
      case .reload: .reload
      }
    }
  }

  /// The event, after `back`/`forward` without an entry became a reload.
  var kind: WorkloadEventKind
  /// The destination page.
  var page: Int
  /// The navigation as WebKit reports it (`targetFrame` nil for a new window).
  var action: NavigationAction
  /// What the tab commits when the navigation of its main frame is allowed; `nil` for a new window.
  var commit: Commit?

  /// Plans `step` for a tab showing `history.current`.
  init(_ step: WorkloadStep, history: TabHistory, catalog: WebCatalog) {
    let current = history.current
    var kind = step.kind
    var commit: Commit? = .newEntry
    var page = catalog.destination(of: kind, from: current, pick: step.pick)
    switch kind {
    case .back, .forward:
      let offset = kind == .back ? -1 : 1
      if let target = history.page(at: offset) {
        page = target
        commit = .backForward(offset)
      } else {
        kind = .reload
        commit = .reload
      }
    case .reload:
      commit = .reload
    case .blankLink, .windowOpen:
      commit = nil
    case .load, .sameSiteClick, .crossSiteClick:
      break
    }
    let type: NavigationType =
      switch kind {
      case .load, .windowOpen: .other
      case .sameSiteClick, .crossSiteClick, .blankLink: .linkActivated
      case .back, .forward: .backForward
      case .reload: .reload
      }
    let frame = catalog.pages[current].mainFrame
    self.kind = kind
    self.page = page
    self.commit = commit
    self.action = NavigationAction(
      requestURL: catalog.pages[page].url, sourceFrame: frame, targetFrame: commit == nil ? nil : frame,
      navigationType: type, isUserGesture: kind != .load && kind != .reload && type != .backForward)
  }

  /// The popup's first load: `decidePolicyFor` other in its main frame, with the opening request's gesture.
  func firstLoad(catalog: WebCatalog) -> NavigationAction {
    NavigationAction(
      requestURL: action.requestURL, sourceFrame: catalog.blankFrame, targetFrame: catalog.blankFrame,
      navigationType: .other, isUserGesture: action.isUserGesture)
  }
}

extension StepPlan {
  /// The next step of a baseline worker's stream as a plan for its tab, replacing a tab whose history is full
  /// first (untimed), exactly as the engine phase does; returns the plan and the tab's index.
  static func next(
    from generator: inout WorkloadGenerator, tabs: inout [TabHistory], catalog: WebCatalog
  ) -> (plan: StepPlan, tab: Int) {
    let step = generator.next()
    let index = step.session
    if tabs[index].isFull { tabs[index] = TabHistory(start: catalog.start(pick: step.pick)) }
    return (StepPlan(step, history: tabs[index], catalog: catalog), index)
  }
}
