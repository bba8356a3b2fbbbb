/// What a session-bench command line asks for.
package enum BenchCommand: Sendable, Equatable {
  /// Run the benchmark (`session-bench` or `session-bench run`).
  case run(BenchOptions)
  /// Replay a scenario file (`session-bench replay FILE [--policy FILE]`; the WritingScenarios article).
  case replay(file: String, policy: String?, callbackDetails: Bool = false)
  /// Compare two profiles (`session-bench compare BASE.json NEW.json [--max-regression PCT]`).
  case compare(base: String, new: String, maxRegressionPercent: Double)
  /// Compare the last two runs saved in a directory (`session-bench compare [--runs-dir DIR]`; ``SavedRuns``).
  case compareSavedRuns(directory: String, maxRegressionPercent: Double)
  /// Lint a policy (`session-bench lint POLICY [--json] [--strict] [--probe] [--all] [--deciders NAME,…]`).
  case lint(LintOptions)
  /// Compare the decisions of two policies (`session-bench diff OLD NEW …`).
  case diff(DiffOptions)
  /// Soak the engine with faults (`session-bench soak [options]`; ``SoakOptions``).
  case soak(SoakOptions)
  /// Repeat one operation on a fixed request stream, for instruction counts under callgrind
  /// (`session-bench instructions --op OP --count N [--seed S] [--sessions N]`; internal, run by
  /// `Benchmarks/instructions.sh`).
  case instructions(InstructionOptions)
  /// Print the general usage (`session-bench --help`, `-h` or `help`; `nil`) or a command's
  /// (`session-bench help COMMAND`, `session-bench COMMAND --help`).
  case help(BenchCommandName?)
}
