#if os(Linux)
  /// Holds a decider's answer until the test releases it.
  actor DeciderGate {
    private var isOpen = false
    private var entered = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var enteredWaiters: [CheckedContinuation<Void, Never>] = []

    func pass() async {
      entered = true
      for waiter in enteredWaiters { waiter.resume() }
      enteredWaiters = []
      if isOpen { return }
      await withCheckedContinuation { waiters.append($0) }
    }

    func untilEntered() async {
      if entered { return }
      await withCheckedContinuation { enteredWaiters.append($0) }
    }

    func open() {
      isOpen = true
      for waiter in waiters { waiter.resume() }
      waiters = []
    }
  }
#endif
