import SessionKit

/// Shadow evaluation before a swap, without an engine: both policies judge the same navigations.
package struct PolicyDiff: Sendable {
  /// The policy in use.
  package let old: CompiledPolicy
  /// The candidate.
  package let new: CompiledPolicy

  /// Compares two compiled policies.
  package init(old: CompiledPolicy, new: CompiledPolicy) {
    self.old = old
    self.new = new
  }

  /// `decisions` steps of the bench's `mixed` workload, as `baseline.direct` runs them: the old policy's
  /// answers decide what each tab commits, so both policies judge the same stream.
  package func workload(decisions: Int, seed: UInt64, tabs count: Int = 64) -> DecisionChanges {
    let catalog = WebCatalog.standard
    var generator = WorkloadGenerator(mix: .mixed, seed: seed, sessions: count)
    var tabs = (0..<count).map { TabHistory(start: catalog.start(pick: UInt64($0))) }
    var changes = DecisionChanges()
    for _ in 0..<decisions {
      let (plan, index) = StepPlan.next(from: &generator, tabs: &tabs, catalog: catalog)
      let context = catalog.pages[tabs[index].current].context
      let before = old.evaluate(plan.action, in: context)
      changes.record(url: plan.action.requestURL, old: before, new: new.evaluate(plan.action, in: context))
      guard let commit = plan.commit else { continue }
      switch before.action {
      case .allow, .popup, .sameView: tabs[index].commit(plan.page, kind: commit)
      case .cancel, .download, .external, .ask, .finish: break
      }
    }
    return changes
  }

  /// Each URL judged as a main-frame link tap and as a new-window request (a `_blank` link) from a page at
  /// `from`.
  package func urls(_ urls: [String], from: String) -> DecisionChanges {
    let page = try? WebAddress(from)
    let context = PolicyContext(currentURL: page)
    let frame = FrameInfo(isMainFrame: true, url: from)
    var changes = DecisionChanges()
    for url in urls {
      for target in [frame, nil] {
        let action = NavigationAction(
          requestURL: url, sourceFrame: frame, targetFrame: target, navigationType: .linkActivated,
          isUserGesture: true)
        changes.record(url: url, old: old.evaluate(action, in: context), new: new.evaluate(action, in: context))
      }
    }
    return changes
  }
}
