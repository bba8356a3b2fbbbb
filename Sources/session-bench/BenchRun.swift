import SessionBenchKit

/// `session-bench run`: drives simulated sessions and prints a latency profile (the driver is
/// `SessionBenchKit.runBench`).
enum BenchRun {
  static func main(_ options: BenchOptions) async -> Int32 {
    await runBench(options)
  }
}
