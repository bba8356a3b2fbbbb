import Foundation
import SessionBenchKit
import SessionKit

/// `session-bench`: latency profiles of the session engine, profile comparison, and scenario replay.
@main
struct SessionBench {
  /// A synchronous entry point that waits for the command on a semaphore. An `async` main parks the main
  /// thread in dispatch's `sigsuspend`, which valgrind cannot run, and callgrind is how the decide path is
  /// profiled (Benchmarks/README.md). The task is detached so that it runs on the global executor, not on the
  /// main actor that the waiting thread would block; `main` owns it and waits for it.
  static func main() {
    let finished = DispatchSemaphore(value: 0)
    let status = Locked<Int32>(0)
    Task.detached {
      let code = await run()
      status.withLock { $0 = code }
      finished.signal()
    }
    finished.wait()
    exit(status.withLock { $0 })
  }

  /// Prints a command's output (to standard error when it failed to run, exit 2) and returns its status.
  private nonisolated static func report(_ result: (output: String, exitCode: Int32)) -> Int32 {
    if result.exitCode == 2 {
      FileHandle.standardError.write(Data(result.output.utf8))
    } else {
      FileHandle.standardOutput.write(Data(result.output.utf8))
    }
    return result.exitCode
  }

  private nonisolated static func run() async -> Int32 {
    let command: BenchCommand
    do {
      command = try BenchCommandLine.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      FileHandle.standardError.write(Data("session-bench: \(error.message)\n\n\(BenchCommandLine.usage)\n".utf8))
      return UsageError.exitCode
    }
    switch command {
    case .help:
      print(BenchCommandLine.usage)
      return 0
    case .replay(let file, let policy):
      return await Replay.run(file: file, policyFile: policy)
    case .compare(let base, let new, let maxRegression):
      let (output, code) = runCompare(basePath: base, newPath: new, maxRegression: maxRegression)
      if code == 2 && !output.contains("\n") {
        FileHandle.standardError.write(Data((output + "\n").utf8))
      } else {
        print(output)
      }
      return code
    case .lint(let options):
      return report(runLint(options))
    case .diff(let options):
      return report(await runDiff(options))
    case .run(let options):
      return await BenchRun.main(options)
    case .soak(let options):
      return await SoakRun.main(options)
    case .instructions(let options):
      return await InstructionRun.main(options)
    }
  }
}
