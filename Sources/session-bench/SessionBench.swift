import Foundation
import SessionBenchKit
import SessionKit

/// `session-bench`: latency profiles of the session engine, profile comparison, and scenario replay.
@main
struct SessionBench {
  static func main() async {
    let command: BenchCommand
    do {
      command = try BenchCommandLine.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      FileHandle.standardError.write(Data("session-bench: \(error.message)\n\n\(BenchCommandLine.usage)\n".utf8))
      exit(UsageError.exitCode)
    }
    switch command {
    case .help:
      print(BenchCommandLine.usage)
    case .replay(let file, let policy):
      exit(await Replay.run(file: file, policyFile: policy))
    case .compare(let base, let new, let maxRegression):
      let (output, code) = runCompare(basePath: base, newPath: new, maxRegression: maxRegression)
      if code == 2 && !output.contains("\n") {
        FileHandle.standardError.write(Data((output + "\n").utf8))
      } else {
        print(output)
      }
      exit(code)
    case .run(let options):
      exit(await BenchRun.main(options))
    }
  }
}
