import Foundation
import SessionKit

/// `session-bench instructions --op OP --count N`: prepares a fixed stream of requests (the `mixed` workload
/// from a fixed seed over the standard catalogue, judged by the realistic policy), then performs OP N times on
/// it, cycling through the stream, and prints a checksum so that nothing is optimised away.
///
/// The setup does the same work whatever OP and N are (the policy, its linear form, the engine and its sessions,
/// one per page unless `--sessions` says more, are always built), so that under callgrind
/// `(Ir(N₂) − Ir(N₁)) / (N₂ − N₁)` is the cost of one call.
package enum InstructionRun {
  /// Requests in the stream.
  package static let streamLength = 4_096

  /// One request of the stream. A class, so that taking the next item costs one retain and one release, the
  /// same for every operation, instead of copying (and retaining each string of) the action, context and URL.
  final class Item: Sendable {
    let action: NavigationAction
    let context: PolicyContext
    let address: WebAddress
    let currentHost: String
    /// The catalogue page shown when the request is made (the sessions on that page decide it).
    let page: Int

    init(action: NavigationAction, context: PolicyContext, address: WebAddress, currentHost: String, page: Int) {
      self.action = action
      self.context = context
      self.address = address
      self.currentHost = currentHost
      self.page = page
    }
  }

  /// Runs the command; returns the exit status.
  package static func main(_ options: InstructionOptions) async -> Int32 {
    do {
      let checksum = try await run(options)
      print("\(options.operation.rawValue) \(options.count) checksum \(checksum)")
      return 0
    } catch {
      FileHandle.standardError.write(Data("session-bench instructions: \(error)\n".utf8))
      return 2
    }
  }

  /// Performs the operation `options.count` times; returns the checksum of the results, in order.
  static func run(_ options: InstructionOptions) async throws -> Int {
    if options.operation == .coldStart {
      return try await coldStart(decisions: options.count)
    }
    let policy = try CompiledPolicy(RealisticPolicy.configuration())
    let linear = LinearPolicy(policy)
    let naiveHosts = BenchRunner.naiveHosts(of: policy)
    let catalog = WebCatalog.standard
    let items = stream(policy: policy, catalog: catalog, seed: options.seed)
    let engine = SessionEngine(policy: policy, events: .none)
    let pages = catalog.pages.count
    var sessions: [Session] = []
    for index in 0..<max(options.sessions ?? pages, pages) {
      let page = index % pages
      let session = engine.makeBenchRoot(id: SessionID("i\(index)"))
      try? await session.commit(catalog.pages[page].url, kind: .newEntry(isPost: false))
      sessions.append(session)
    }
    let spread = SessionSpread(sessions: sessions.count, pages: pages)

    var checksum = 0
    var index = 0
    for call in 0..<options.count {
      let item = items[index]
      index = index + 1 == items.count ? 0 : index + 1
      // Order-sensitive: a different result, or the same results in another order, (almost surely) shows.
      if options.operation == .decide {
        let result = await item.decide(in: sessions, at: spread.session(for: item.page, call: call))
        checksum = checksum &* 31 &+ result
      } else {
        checksum =
          checksum &* 31 &+ item.perform(options.operation, policy: policy, linear: linear, naiveHosts: naiveHosts)
      }
    }
    for session in sessions { session.tearDown() }
    await engine.shutdown()
    return checksum
  }

  /// The policy of ``InstructionOperation/coldStart``: the seed apps' (DESIGN §1), Google Pay and sign-in windows
  /// kept in the app and ads sent out, written as the README's policy file writes it.
  static let coldStartPolicy = #"{"version": 1, "include": ["google-pay", "ad-clicks"]}"#

  /// ``InstructionOperation/coldStart``: nothing when `decisions` is 0; else what an app does from launch to its
  /// first answer, as the README's "Adopt" wires it: the policy decoded from JSON bytes and compiled, an engine,
  /// a root session, then `decisions` decisions of the app's first `load(_:)` (`other`, the main frame of a root
  /// that has committed nothing, no gesture), which is what WebKit asks first.
  static func coldStart(decisions: Int) async throws -> Int {
    guard decisions > 0 else { return 0 }
    // The file's bytes as `Data(contentsOf:)` would hand them over, copied in one piece: `Data(someSequence)`
    // would add a dynamic cast (a conformance look-up) that reading a file does not make.
    let json = Array(coldStartPolicy.utf8).withUnsafeBytes { Data(bytes: $0.baseAddress!, count: $0.count) }
    let policy = try CompiledPolicy(PolicyConfiguration(json: json))
    let engine = SessionEngine(policy: policy)
    let session = engine.makeRootSession()
    let blank = FrameInfo(isMainFrame: true, url: "about:blank")
    let action = NavigationAction(
      requestURL: "https://merchant.example/checkout", sourceFrame: blank, targetFrame: blank,
      navigationType: .other, isUserGesture: false)
    var checksum = 0
    for _ in 0..<decisions {
      checksum = checksum &* 31 &+ (await session.decide(action)).policy.rawValue
    }
    return checksum
  }

  /// Which of the sessions on a page a call goes to: session `i` shows page `i % pages`.
  struct SessionSpread {
    let sessions: Int
    let pages: Int

    /// The index of the session that decides call `call`, on `page`: a fixed pseudo-random one of that page's.
    func session(for page: Int, call: Int) -> Int {
      let copies = (sessions - page + pages - 1) / pages
      guard copies > 1 else { return page }
      // SplitMix64's finalizer of the call's number: no session is favoured, and the order is the same each run.
      var mixed = UInt64(call) &+ 0x9E37_79B9_7F4A_7C15
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      mixed ^= mixed >> 31
      return Int(mixed % UInt64(copies)) * pages + page
    }
  }

  /// The stream: the workload's steps for 64 tabs whose histories follow the policy's answers (as the
  /// baselines' do), without `window.open` (which is a popup's life, not a decision).
  static func stream(policy: CompiledPolicy, catalog: WebCatalog, seed: UInt64) -> [Item] {
    var generator = WorkloadGenerator(mix: .mixed, seed: seed, stream: 0, sessions: 64)
    var tabs = (0..<64).map { TabHistory(start: catalog.start(pick: UInt64($0) &* 0x9E37_79B9_7F4A_7C15)) }
    var items: [Item] = []
    while items.count < streamLength {
      let (plan, tab) = StepPlan.next(from: &generator, tabs: &tabs, catalog: catalog)
      let current = tabs[tab].current
      let page = catalog.pages[current]
      let decision = policy.evaluate(plan.action, in: page.context)
      if let commit = plan.commit, decision.action == .allow || decision.action == .sameView {
        tabs[tab].commit(plan.page, kind: commit)
      }
      guard plan.kind != .windowOpen, let address = try? WebAddress(plan.action.requestURL) else { continue }
      items.append(
        Item(action: plan.action, context: page.context, address: address, currentHost: page.host, page: current))
    }
    return items
  }
}

extension InstructionRun.Item {
  /// Decides this item's action in its session; returns its share of the checksum. A method for the same reason
  /// as ``perform(_:policy:linear:naiveHosts:)``: the action is passed borrowed, not copied out of the item.
  func decide(in sessions: [Session], at index: Int) async -> Int {
    await sessions[index].decide(action).policy.rawValue
  }

  /// Performs a synchronous operation on this item; returns its share of the checksum. Outside the async
  /// `main`, where the compiler copied the action and the context out of the item for every call (about 1 000
  /// instructions of copying and destroying counted against the operation); here they are passed borrowed.
  func perform(
    _ operation: InstructionOperation, policy: CompiledPolicy, linear: LinearPolicy,
    naiveHosts: [NaiveWorker.HostEntry]
  ) -> Int {
    switch operation {
    case .evaluate:
      return policy.evaluate(action, in: context).trace.ruleIndex ?? -1
    case .decide, .coldStart:
      preconditionFailure("\(operation) is asynchronous: InstructionRun.run performs it")
    case .parse:
      return (try? WebAddress(action.requestURL))?.path.utf8.count ?? -1
    case .request:
      return (try? PolicyRequest(action))?.address.path.utf8.count ?? -1
    case .site:
      return address.site(using: .shared)?.description.utf8.count ?? -1
    case .naive:
      return NaiveWorker.decide(action.requestURL, currentHost: currentHost, hosts: naiveHosts) ? 1 : 0
    case .linear:
      return linear.evaluate(action, in: context).ruleIndex ?? -1
    }
  }
}
