import Foundation

/// `baseline.naive`: what the guides' sample code does in `decidePolicyFor`, per call: `URL(string:)`, take
/// `.host`, and compare it with string equality or `hasSuffix` against the hosts the policy names, one after
/// another, then with the current page's host ("a link to another domain opens outside").
struct NaiveWorker: BaselineWorker {
  /// A host as sample code lists it: compared with `==`, or with `hasSuffix` for a `*.domain` pattern
  /// (stored as `.domain`).
  struct HostEntry: Sendable {
    var text: String
    var isSuffix: Bool
  }

  let hosts: [HostEntry]
  let catalog: WebCatalog
  var generator: WorkloadGenerator
  var tabs: [TabHistory]
  var histogram = LatencyHistogram()

  mutating func perform(intendedStart: UInt64?) async {
    let (plan, index) = StepPlan.next(from: &generator, tabs: &tabs, catalog: catalog)
    let currentHost = catalog.pages[tabs[index].current].host

    let started = Timestamp.now()
    let staysInApp = Self.decide(plan.action.requestURL, currentHost: currentHost, hosts: hosts)
    histogram.record(Timestamp.now() &- (intendedStart ?? started))

    if staysInApp, let commit = plan.commit { tabs[index].commit(plan.page, kind: commit) }
  }

  /// Whether sample code keeps the navigation in the app: a listed host, or the current page's host.
  @inline(never)
  static func decide(_ url: String, currentHost: String, hosts: [HostEntry]) -> Bool {
    guard let host = URL(string: url)?.host else { return false }
    for entry in hosts {
      if entry.isSuffix ? host.hasSuffix(entry.text) : host == entry.text { return true }
    }
    return host == currentHost
  }
}
