import SessionBenchKit

/// `session-bench run`: drives simulated sessions and prints a latency profile.
enum BenchRun {
  static func main(_ options: BenchOptions) async -> Int32 {
    print("session-bench run: the engine driver is not wired yet")
    return 1
  }
}
