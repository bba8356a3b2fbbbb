import Foundation

@testable import SessionKit

/// A bounded model checker for ``PopupTreeState``: explores, breadth first, every sequence of operations up to a
/// depth (opening popups from every live node with and without a gesture, with each kind of first load; first
/// loads begun; confirmations; expected loads; commits of each kind; closes for every reason; the clock stepping
/// past the rate window and blank deadlines; outbox takes; the engine shutting down), deduplicating states by a
/// canonical projection, and checks issue #26's invariants after every step, on the state and on the event history.
/// Breadth first, the first violation found comes with a shortest trace.
struct PopupTreeModelChecker {
  typealias Key = PopupTreeState.Key

  /// One exploration's bounds.
  struct Settings: CustomStringConvertible {
    var name: String
    var limits: PopupLimits
    var depth: Int
    #if DEBUG
      var faults: PopupTreeState.Faults = []
    #endif

    var description: String { "\(name) (depth \(depth))" }
  }

  /// What an exploration found.
  struct Report {
    var states = 0
    var transitions = 0
    var depthReached = 0
    var seconds = 0.0
    /// The first violation, with the operations that lead to it from a new tree (shortest).
    var violation: (message: String, trace: [String])?
  }

  /// The pages the operations use: `a` is every first load's, `b` another.
  enum Page: CaseIterable, Hashable {
    case a, b

    var address: WebAddress {
      switch self {
      case .a: Self.first
      case .b: Self.other
      }
    }

    // Force-unwrapped constants: both are valid URLs.
    private static let first = try! WebAddress("https://a.example/")
    private static let other = try! WebAddress("https://b.example/")
  }

  enum FirstLoad: CaseIterable, Hashable { case none, engineStarted, provisional }

  enum Commit: Hashable {
    case newEntry(Page)
    case subframe, backForward, reload
  }

  /// One step of the alphabet.
  enum Operation: Hashable {
    case open(from: Key, gesture: Bool, firstLoad: FirstLoad, staleClock: Bool)
    case beginFirstLoad(in: Key, Page)
    case confirm(Key)
    case expectLoad(in: Key, Page)
    case commit(in: Key, Commit)
    case close(Key, CloseReason)
    case closeBlankPopupsDue
    case tick(seconds: Int)
    case takeOutbox
    case shutDown
  }

  /// What the checker remembers of the history besides the state.
  struct Ghost: Hashable {
    var announced: Set<SessionID> = []
    var closed: Set<SessionID> = []
    var confirmed: Set<SessionID> = []
    var created: Set<SessionID> = []
    /// When popups were created (relative to the clock, within the last minute).
    var creations: [Duration] = []
    var rootTornDown = false
    var isShutDown = false
    var createdKeys = 0
  }

  struct World {
    var machine: PopupTreeState
    var ghost = Ghost()
    var clock: Duration = .zero
  }

  /// The canonical projection states are deduplicated by: keys replaced by ids, times made relative to the clock,
  /// the outbox's content left out (its events were checked when queued; only whether it is empty matters).
  struct Fingerprint: Hashable {
    struct Node: Hashable {
      var id: SessionID
      var parent: SessionID?
      var depth: Int
      var children: [SessionID]
      var nextChild: Int
      var hasCommittedPage: Bool
      var presentation: PopupPresentation?
      var pending: String
      var history: BackForwardList
      var blankDeadline: Duration?
      var approval: WebAddress?
    }
    var nodes: [Node]
    var openPopups: Int
    var outboxIsEmpty: Bool
    var ghost: Ghost
  }

  static let rootID: SessionID = "main"
  let settings: Settings
  private let question: ProvisionalQuestion
  private let trace = PolicyDecision.Trace(source: .rule(name: "model", index: 0), snapshot: 1)

  init(_ settings: Settings) throws {
    self.settings = settings
    question = ProvisionalQuestion(
      decider: "confirm", trace: trace, policy: try CompiledPolicy(json: Array(#"{"version": 1}"#.utf8)))
  }

  // MARK: - Exploring

  func run() -> Report {
    let start = DispatchTime.now()
    var report = Report()
    var initial = World(machine: PopupTreeState(root: Self.rootID))
    #if DEBUG
      initial.machine.faults = settings.faults
    #endif
    var seen: Set<Fingerprint> = [fingerprint(initial)]
    // Parent index and operation of each state, for the traces.
    var origins: [(parent: Int, operation: Operation?)] = [(-1, nil)]
    var frontier: [(world: World, index: Int)] = [(initial, 0)]
    var depth = 0
    explore: while depth < settings.depth && !frontier.isEmpty {
      depth += 1
      var next: [(world: World, index: Int)] = []
      for (world, index) in frontier {
        for operation in operations(in: world) {
          report.transitions += 1
          var successor = world
          if let message = apply(operation, to: &successor) {
            origins.append((index, operation))
            report.violation = (message, self.trace(to: origins.count - 1, origins: origins))
            report.depthReached = depth
            break explore
          }
          guard seen.insert(fingerprint(successor)).inserted else { continue }
          origins.append((index, operation))
          next.append((successor, origins.count - 1))
        }
      }
      report.depthReached = depth
      frontier = next
    }
    report.states = seen.count
    report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return report
  }

  /// The operations tried from `world`.
  func operations(in world: World) -> [Operation] {
    let limits = settings.limits
    var operations: [Operation] = []
    let keys = world.machine.nodes.entries.map(\.key).sorted()
    for key in keys {
      for gesture in [true, false] {
        for firstLoad in FirstLoad.allCases {
          operations.append(.open(from: key, gesture: gesture, firstLoad: firstLoad, staleClock: false))
        }
      }
      // An admission whose clock read came before the last clock step: what a read outside the lock amounts to.
      if limits.maxPerMinute != nil {
        operations.append(.open(from: key, gesture: true, firstLoad: .none, staleClock: true))
      }
      for page in Page.allCases { operations.append(.beginFirstLoad(in: key, page)) }
      operations.append(.confirm(key))
      operations.append(.expectLoad(in: key, .b))
      for commit in [Commit.newEntry(.a), .newEntry(.b), .subframe, .backForward, .reload] {
        operations.append(.commit(in: key, commit))
      }
      for reason in Self.closeReasons { operations.append(.close(key, reason)) }
    }
    if limits.maxPerMinute != nil || limits.blankTimeout != nil {
      operations.append(.tick(seconds: 1))
      operations.append(.tick(seconds: 61))
    }
    if limits.blankTimeout != nil { operations.append(.closeBlankPopupsDue) }
    if !world.machine.outbox.isEmpty { operations.append(.takeOutbox) }
    if !world.ghost.isShutDown { operations.append(.shutDown) }
    return operations
  }

  static let closeReasons: [CloseReason] = [
    .windowClose, .dismissed, .openerClosed, .refused, .teardown, .finished, .openedExternally, .blankTimeout,
  ]

  // MARK: - Stepping and checking

  /// Applies `operation` and checks every invariant; the violation found, if any.
  func apply(_ operation: Operation, to world: inout World) -> String? {
    let before = world
    let queued = world.machine.outbox.count
    var postcondition: String?
    switch operation {
    case .open(let key, let gesture, let firstLoad, let staleClock):
      let pending: PendingLoad?
      switch firstLoad {
      case .none: pending = nil
      case .engineStarted: pending = .engineStarted(Page.a.address, trace)
      case .provisional: pending = .provisional(question)
      }
      let now = staleClock ? max(.zero, world.clock - .seconds(1)) : world.clock
      let result = world.machine.openPopup(
        under: key, presentation: .overlay, firstLoad: pending, limits: settings.limits, url: Page.a.address.serialized,
        now: now, userGesture: gesture, isShutDown: world.ghost.isShutDown)
      if case .opened(let childKey, let id) = result {
        if world.ghost.isShutDown { postcondition = "\(id) created after the engine shut down" }
        if world.ghost.created.contains(id) { postcondition = "id \(id) reused" }
        if childKey <= world.ghost.createdKeys { postcondition = "key \(childKey) reused" }
        if before.machine.nodes.read(key, \.isProvisional) == true {
          postcondition = postcondition ?? "\(id) opened by provisional \(idOf(key, in: before))"
        }
        world.ghost.created.insert(id)
        world.ghost.createdKeys = childKey
        world.ghost.creations.append(.zero)
        if firstLoad != .provisional { world.ghost.confirmed.insert(id) }
      }
    case .beginFirstLoad(let key, let page):
      // The one-read start must agree with the full path, in the main frame and in a subframe.
      for isMainFrame in [true, false] {
        var full = before
        var quick = before
        let fullStart = full.machine.beginDecisionInFull(
          in: key, serialized: page.address.serialized, isMainFrame: isMainFrame)
        let quickStart = quick.machine.beginDecision(in: key, address: page.address, isMainFrame: isMainFrame)
        if !Self.sameStart(quickStart, fullStart) || fingerprint(quick) != fingerprint(full) {
          postcondition = "beginDecision in \(idOf(key, in: before)) differs from the full path"
        }
      }
      _ = world.machine.beginDecision(in: key, address: page.address, isMainFrame: true)
    case .confirm(let key):
      if world.machine.confirmProvisional(key, presentation: .modal, url: Page.a.address.serialized),
        let id = world.machine.nodes.read(key, \.id)
      {
        world.ghost.confirmed.insert(id)
      }
    case .expectLoad(let key, let page):
      let result = world.machine.expectLoad(of: page.address, trace: trace, in: key)
      if result == .expected {
        let pendingBefore = before.machine.nodes.read(key, \.pendingLoad) ?? nil
        let isBlankPopup = before.machine.nodes.read(key, \.isBlankPopup) == true
        if isBlankPopup, case .engineStarted(let earlier, _)? = pendingBefore, earlier != page.address {
          postcondition = "expectLoad replaced \(idOf(key, in: before))'s pending first load of \(earlier)"
        } else if case .engineStarted(let recorded, _)? = world.machine.nodes.read(key, \.pendingLoad) ?? nil,
          recorded == page.address
        {
        } else {
          postcondition = "expectLoad in \(idOf(key, in: before)) reported expected but recorded nothing"
        }
      }
    case .commit(let key, let commit):
      let change: PopupTreeState.HistoryChange
      var address = Page.a.address
      switch commit {
      case .newEntry(let page):
        change = .newEntry(isPost: false)
        address = page.address
      case .subframe: change = .subframe(previous: Page.b.address)
      case .backForward: change = .backForward(offset: -1)
      case .reload: change = .reload
      }
      _ = world.machine.commit(address, site: nil, kind: change, in: key)
      if case .newEntry = commit,
        case .engineStarted(let expected, _)? = world.machine.nodes.read(key, \.pendingLoad) ?? nil,
        expected != address
      {
        postcondition = "\(idOf(key, in: before)) still expects \(expected) after committing \(address)"
      }
    case .close(let key, let reason):
      if key == PopupTreeState.rootKey && reason == .teardown && world.machine.nodes.contains(key) {
        world.ghost.rootTornDown = true
      }
      _ = world.machine.close(key, reason: reason)
    case .closeBlankPopupsDue:
      for key in world.machine.blankPopupsDue(at: world.clock) { _ = world.machine.close(key, reason: .blankTimeout) }
    case .tick(let seconds):
      world.clock += .seconds(seconds)
      world.ghost.creations = world.ghost.creations.map { $0 - .seconds(seconds) }.filter { $0 > .seconds(-60) }
    case .takeOutbox:
      _ = world.machine.takeOutbox()
    case .shutDown:
      world.ghost.isShutDown = true
    }
    if let postcondition { return postcondition }
    if case .takeOutbox = operation {
    } else if let message = checkEvents(Array(world.machine.outbox[queued...]), ghost: &world.ghost) {
      return message
    }
    return checkState(world)
  }

  /// The history's invariants on the events one step queued.
  private func checkEvents(_ events: [SessionEvent], ghost: inout Ghost) -> String? {
    for event in events {
      switch event {
      case .popupOpened(let child, let opener, _, _):
        if ghost.announced.contains(child) { return "\(child) announced twice" }
        if ghost.closed.contains(child) { return "\(child) announced after it closed" }
        if opener != Self.rootID && !ghost.announced.contains(opener) {
          return "\(child) announced before its opener \(opener)"
        }
        if ghost.closed.contains(opener) { return "\(child) announced after its opener \(opener) closed" }
        ghost.announced.insert(child)
      case .popupClosed(let id, _):
        if id == Self.rootID { return "the root announced as a closed popup" }
        if ghost.closed.contains(id) { return "\(id) closed twice" }
        if !ghost.announced.contains(id) && ghost.confirmed.contains(id) {
          return "\(id) closed unannounced although it was confirmed"
        }
        ghost.closed.insert(id)
      default:
        return "unexpected event \(event)"
      }
    }
    return nil
  }

  /// The state's invariants.
  private func checkState(_ world: World) -> String? {
    let machine = world.machine
    let limits = settings.limits
    let entries = machine.nodes.entries
    let live = Set(entries.map(\.key))
    if !live.contains(PopupTreeState.rootKey) && !world.ghost.rootTornDown {
      return "the root closed by something other than its teardown"
    }
    var popups = 0
    for (key, node) in entries {
      if let parent = node.parent {
        popups += 1
        guard let parentNode = machine.nodes[parent] else { return "\(node.id) outlived its opener" }
        if !parentNode.children.contains(key) { return "\(node.id) missing from its opener's children" }
        if node.depth != parentNode.depth + 1 { return "\(node.id) at depth \(node.depth) under \(parentNode.depth)" }
        if node.depth > limits.maxDepth { return "\(node.id) deeper than maxDepth \(limits.maxDepth)" }
      } else if key != PopupTreeState.rootKey {
        return "\(node.id) has no opener"
      }
      if Set(node.children).count != node.children.count { return "\(node.id) lists a child twice" }
      for child in node.children where machine.nodes.read(child, \.parent) != key {
        return "\(node.id) lists a child that is gone or not its own"
      }
    }
    if popups != machine.openPopups { return "open count \(machine.openPopups) but \(popups) live popups" }
    if machine.openPopups > limits.maxOpen { return "\(machine.openPopups) popups open, maxOpen \(limits.maxOpen)" }
    if let maxPerMinute = limits.maxPerMinute, world.ghost.creations.count > maxPerMinute {
      return "\(world.ghost.creations.count) popups created within a minute, maxPerMinute \(maxPerMinute)"
    }
    if !Set(machine.blankPopupsDue(at: .seconds(1_000_000))).isSubset(of: live) {
      return "a blank deadline left for a removed popup"
    }
    return nil
  }

  // MARK: - Projection and traces

  func fingerprint(_ world: World) -> Fingerprint {
    let machine = world.machine
    let nodes = machine.nodes.entries.sorted { $0.key < $1.key }.map { key, node in
      let pending: String
      switch node.pendingLoad {
      case nil: pending = ""
      case .engineStarted(let address, _)?: pending = "expect " + address.serialized
      case .provisional?: pending = "provisional"
      case .asking?: pending = "asking"
      }
      return Fingerprint.Node(
        id: node.id, parent: node.parent.flatMap { machine.nodes.read($0, \.id) }, depth: node.depth,
        children: node.children.compactMap { machine.nodes.read($0, \.id) }, nextChild: node.nextChildNumber,
        hasCommittedPage: node.hasCommittedPage, presentation: node.presentation, pending: pending,
        history: node.history, blankDeadline: node.blankDeadline.map { $0 - world.clock },
        approval: node.newWindowApproval?.address)
    }
    var ghost = world.ghost
    ghost.creations.sort()
    return Fingerprint(
      nodes: nodes, openPopups: machine.openPopups, outboxIsEmpty: machine.outbox.isEmpty, ghost: ghost)
  }

  /// Whether two decision starts are the same: the same case, with the same page and flag, trace or question.
  private static func sameStart(_ lhs: PopupTreeState.DecisionStart, _ rhs: PopupTreeState.DecisionStart) -> Bool {
    switch (lhs, rhs) {
    case (.closed, .closed): true
    case (.engineStarted(let lhs), .engineStarted(let rhs)), (.waitingForDecider(let lhs), .waitingForDecider(let rhs)):
      lhs == rhs
    case (.ask(let lhs), .ask(let rhs)): lhs === rhs
    case (.evaluate(let lhs), .evaluate(let rhs)): lhs.page === rhs.page && lhs.isBlankPopup == rhs.isBlankPopup
    default: false
    }
  }

  private func idOf(_ key: Key, in world: World) -> String {
    world.machine.nodes.read(key, \.id).map(\.description) ?? "#\(key)"
  }

  /// The operations from a new tree to state `index`, replayed to name each session by its id.
  private func trace(to index: Int, origins: [(parent: Int, operation: Operation?)]) -> [String] {
    var operations: [Operation] = []
    var current = index
    while current > 0 {
      if let operation = origins[current].operation { operations.append(operation) }
      current = origins[current].parent
    }
    operations.reverse()
    var world = World(machine: PopupTreeState(root: Self.rootID))
    #if DEBUG
      world.machine.faults = settings.faults
    #endif
    var lines: [String] = []
    for operation in operations {
      lines.append(describe(operation, in: world))
      _ = apply(operation, to: &world)
    }
    return lines
  }

  private func describe(_ operation: Operation, in world: World) -> String {
    switch operation {
    case .open(let key, let gesture, let firstLoad, let stale):
      return "open from \(idOf(key, in: world))\(gesture ? "" : " without gesture") first load \(firstLoad)"
        + (stale ? " (clock read 1 s earlier)" : "")
    case .beginFirstLoad(let key, let page):
      return "main-frame load of \(page.address) begins in \(idOf(key, in: world))"
    case .confirm(let key): return "confirm \(idOf(key, in: world))"
    case .expectLoad(let key, let page): return "expectLoad \(page.address) in \(idOf(key, in: world))"
    case .commit(let key, let commit): return "commit \(commit) in \(idOf(key, in: world))"
    case .close(let key, let reason): return "close \(idOf(key, in: world)) (\(reason))"
    case .closeBlankPopupsDue: return "close blank popups due"
    case .tick(let seconds): return "clock +\(seconds) s"
    case .takeOutbox: return "take outbox"
    case .shutDown: return "engine shuts down"
    }
  }
}
