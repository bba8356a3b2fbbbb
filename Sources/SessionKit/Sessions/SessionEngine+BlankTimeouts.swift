extension SessionEngine {
  /// How the engine closes the popups whose `popups.blankTimeoutMs` ran out.
  package enum BlankTimeoutChecking: Sendable, Hashable {
    /// One task the engine owns sleeps on the engine's clock until the earliest deadline, closes the popups due
    /// then and sleeps again until the next: what an app wants.
    case timer
    /// Only ``SessionEngine/closeExpiredPopups()`` closes them, when the caller knows time has passed. No task
    /// sleeps on the clock, so a driver that moves a virtual clock only while a decider race is asleep (the
    /// scenario runner) is not disturbed; it calls `closeExpiredPopups()` at the end of each step.
    case manual
  }

  /// Closes every popup that still shows nothing but `about:blank` and whose blank deadline (its creation time
  /// plus `popups.blankTimeoutMs`) is at or before the clock's current time: each is announced by `popupClosed`
  /// (reason ``CloseReason/blankTimeout``), and the popups under it go too (reason
  /// ``CloseReason/openerClosed``). Returns the closed ids, earliest deadline first, each subtree in pre-order.
  @discardableResult
  @_optimize(size)
  package func closeExpiredPopups() -> [SessionID] {
    let now = clock.now
    let trees = state.withLock { $0.blankTrees.compactMap { PopupTree($0, engine: self) } }
    var closed: [SessionID] = []
    for tree in trees { closed += tree.closeBlankPopups(at: now) }
    let next = forgetTreesWithoutDeadlines()
    if let next { scheduleBlankTimer(at: next) }
    return closed
  }

  /// Watches `tree`, which has just created a popup with a blank deadline.
  @_optimize(size)
  func watchBlankDeadline(_ deadline: Duration, in tree: PopupTree) {
    state.withLock { state in
      if !state.blankTrees.contains(where: { $0.storage.map { ObjectIdentifier($0) } == tree.identity }) {
        state.blankTrees.append(tree.weakReference)
      }
    }
    scheduleBlankTimer(at: deadline)
  }

  /// Drops the trees released or without blank popups; the earliest deadline left.
  @_optimize(size)
  private func forgetTreesWithoutDeadlines() -> Duration? {
    let trees = state.withLock { $0.blankTrees.compactMap { PopupTree($0, engine: self) } }
    let deadlines = trees.map { tree in (tree, tree.read { $0.machine.earliestBlankDeadline }) }
    // An array, searched: few trees have blank popups at once, and a `Set` of identifiers is code apps would carry.
    let kept = deadlines.filter { $0.1 != nil }.map { $0.0.identity }
    state.withLock { state in
      state.blankTrees.removeAll { entry in entry.storage.map { !kept.contains(ObjectIdentifier($0)) } ?? true }
    }
    return deadlines.compactMap(\.1).min()
  }

  /// Makes the timer task wake at `deadline` unless it already wakes earlier (`BlankTimeoutChecking.timer`
  /// only). A task it replaces is cancelled; one that wakes after being replaced does nothing.
  @_optimize(size)
  private func scheduleBlankTimer(at deadline: Duration) {
    guard blankTimeoutChecking == .timer else { return }
    let scheduled = state.withLock { state -> (generation: UInt64, replaced: Task<Void, Never>?)? in
      if let timer = state.blankTimer, timer.deadline <= deadline { return nil }
      state.blankTimerGeneration += 1
      let replaced = state.blankTimer?.task
      state.blankTimer = (deadline, state.blankTimerGeneration, nil)
      return (state.blankTimerGeneration, replaced)
    }
    guard let scheduled else { return }
    scheduled.replaced?.cancel()
    let generation = scheduled.generation
    let task = spawn { [self] in
      do {
        try await clock.sleep(for: max(.zero, deadline - clock.now))
      } catch {
        return
      }
      let isCurrent = state.withLock { state -> Bool in
        guard state.blankTimer?.generation == generation else { return false }
        state.blankTimer = nil
        return true
      }
      if isCurrent { closeExpiredPopups() }
    }
    state.withLock { state in
      if state.blankTimer?.generation == generation { state.blankTimer?.task = task }
    }
  }
}
