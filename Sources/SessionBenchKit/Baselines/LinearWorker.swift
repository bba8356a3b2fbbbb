import SessionKit

/// `baseline.linear`: ``LinearPolicy`` (parse, Public Suffix List, every rule in order) on the same requests as
/// the engine's, with the context of the tab's page prepared once per page, as `baseline.direct` has it.
struct LinearWorker: BaselineWorker {
  let policy: LinearPolicy
  let catalog: WebCatalog
  var generator: WorkloadGenerator
  var tabs: [TabHistory]
  var histogram = LatencyHistogram()

  mutating func perform(intendedStart: UInt64?) async {
    let (plan, index) = StepPlan.next(from: &generator, tabs: &tabs, catalog: catalog)
    let context = catalog.pages[tabs[index].current].context

    let started = Timestamp.now()
    let decision = policy.evaluate(plan.action, in: context)
    histogram.record(Timestamp.now() &- (intendedStart ?? started))

    guard let commit = plan.commit else { return }
    switch decision.action {
    case .allow, .popup, .sameView: tabs[index].commit(plan.page, kind: commit)
    case .cancel, .download, .external, .ask, .finish: break
    }
  }
}
