import Foundation
import SessionBenchKit
import SessionKit

/// `session-bench`: latency profiles of the session engine, profile comparison, scenario replay, policy lint and
/// diff, and the soak (`SessionBenchKit.BenchCommandRunner` runs each command; `session-bench help COMMAND`).
@main
struct SessionBench {
  /// A synchronous entry point that waits for the command on a semaphore. An `async` main parks the main
  /// thread in dispatch's `sigsuspend`, which valgrind cannot run, and callgrind is how the decide path is
  /// profiled (Benchmarks/README.md). The task is detached so that it runs on the global executor, not on the
  /// main actor that the waiting thread would block; `main` owns it and waits for it.
  static func main() {
    let finished = DispatchSemaphore(value: 0)
    let status = Locked<Int32>(0)
    let arguments = Array(CommandLine.arguments.dropFirst())
    Task.detached {
      let code = await BenchCommandRunner.run(arguments)
      status.withLock { $0 = code }
      finished.signal()
    }
    finished.wait()
    exit(status.withLock { $0 })
  }
}
