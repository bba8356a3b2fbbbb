import Foundation

/// Threads that spin until stopped, to saturate the machine's cores while a test checks that a result does not
/// depend on the load.
final class CPUHog: Sendable {
  private let running = TestLock(true)

  /// Starts `threads` spinning threads.
  init(threads: Int) {
    for _ in 0..<threads {
      let thread = Thread { [running] in
        var spin: UInt64 = 0
        while running.withLock({ $0 }) {
          for _ in 0..<10_000 { spin &+= 1 }
        }
        _ = spin
      }
      thread.start()
    }
  }

  /// Stops every thread (each ends at its next check).
  func stop() {
    running.withLock { $0 = false }
  }
}
