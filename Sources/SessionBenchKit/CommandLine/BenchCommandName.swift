/// A session-bench command: what it takes and what its exit statuses mean, for `session-bench help COMMAND`.
///
/// Every command exits 0 when all is well, 1 when a check it makes failed (a regression, an `expect`, a lint
/// error, a changed decision, a soak violation) and 2 on invalid input or usage (``UsageError/exitCode``).
package enum BenchCommandName: String, Sendable, CaseIterable {
  /// Drives simulated sessions and prints a latency profile.
  case run
  /// Replays a scenario file.
  case replay
  /// Compares two latency profiles.
  case compare
  /// Reports a valid policy's probable mistakes.
  case lint
  /// Compares the decisions of two policies.
  case diff
  /// Makes many decisions with faults injected and checks exactly-once delivery.
  case soak
  /// Repeats one operation for instruction counts (run by `Benchmarks/instructions.sh`).
  case instructions
  /// Prints the general help or a command's.
  case help

  /// The commands in the order the general help lists them.
  static let listed: [BenchCommandName] = [.run, .replay, .compare, .lint, .diff, .soak, .instructions, .help]

  /// The options the command accepts, each with its description; `-h`/`--help` is implied.
  package var options: [CommandOption] {
    switch self {
    case .run:
      [
        CommandOption("--sessions", "N", "simulated sessions (default 10000)"),
        CommandOption("--duration", "T", "measure each repetition for T: 5, 5s, 300ms, 1m (default 300ms)"),
        CommandOption("--decisions", "N", "measure N decisions a repetition instead of a duration"),
        CommandOption("--concurrency", "N", "closed loop with N requests in flight (default 64)"),
        CommandOption("--rate", "R", "open loop at R requests per second, latency from the intended start"),
        CommandOption("--workload", "W", "mixed (default), decide-only, popups, or a workload JSON file (- : stdin)"),
        CommandOption("--policy", "FILE", "policy file (default: the built-in realistic policy; - : stdin)"),
        CommandOption("--shadow", "FILE", "also measure engine.decide on an engine shadowing this policy"),
        CommandOption(
          "--rules", "N", "pad the policy with N extra host rules (default 0; adds engine.decide.default)"),
        CommandOption(
          "--hosts", "N",
          "draw the destinations no rule names from N generated Zipf-distributed hosts instead of 32 (default 0)"),
        CommandOption("--seed", "N", "random seed of the workload (default 1)"),
        CommandOption("--json", "FILE", "also write the JSON profile to FILE"),
        CommandOption("--csv", "FILE", "write the results as CSV to FILE"),
        CommandOption("--svg", "FILE", "also write the latency-by-percentile plot to FILE"),
        CommandOption(
          "--runs-dir", "DIR", "save every run's profile and plot in DIR (default \(SavedRuns.defaultDirectory))"),
        CommandOption("--no-save", nil, "save nothing in the runs directory"),
        CommandOption("--quiet", nil, "print nothing but errors"),
        CommandOption("--storm", nil, "also run a popup storm in one more tree (its own row, engine.storm)"),
        CommandOption(
          "--repeat", "N",
          "measure every phase N times, interleaved: medians with 95 % intervals (default 15; 1: a single run)"),
      ]
    case .replay:
      [
        CommandOption("--policy", "FILE", "judge the steps with this policy instead of the scenario's own"),
        CommandOption(
          "--callback-details", nil,
          "add each callback's url, gesture and method (GET/POST) to the lines, and mark the steps whose result "
            + "WebKit leaves to an order (`ambiguousName`, `unpredictableFrames`) or to real time "
            + "(`unpredictableTiming`), for a conformance run"),
      ]
    case .compare:
      [
        CommandOption(
          "--max-regression", "PCT",
          "change in per cent past which NEW regresses, judged by the in-run ratios and intervals (default 10)"),
        CommandOption(
          "--runs-dir", "DIR",
          "without paths, compare the last two runs saved in DIR (default \(SavedRuns.defaultDirectory))"),
      ]
    case .lint:
      [
        CommandOption("--json", nil, "one JSON object a line: level, path, code, message (every finding)"),
        CommandOption("--strict", nil, "warnings fail too (exit 1), those grouped on one line included"),
        CommandOption(
          "--probe", nil,
          "also judge hostile spellings of each rule's hosts: a summary, then those a host rule decides as the true host"
        ),
        CommandOption(
          "--all", nil, "every finding one a line (not grouped); with --probe every spelling judged and true host"),
        CommandOption("--deciders", "NAME,…", "the deciders the app registers: an ask naming another is a warning"),
      ]
    case .diff:
      [
        CommandOption("--scenarios", "FILE…", "replay these scenario files under both policies, step by step"),
        CommandOption("--urls", "FILE", "judge the URLs of FILE (one a line) as link taps and new-window requests"),
        CommandOption("--from", "URL", "the page the --urls navigations start from (default https://app.example/)"),
        CommandOption("--decisions", "N", "steps of the mixed workload to judge (default 100000)"),
        CommandOption("--seed", "S", "random seed of the workload (default 1)"),
        CommandOption("--json", nil, "one JSON object a change"),
      ]
    case .soak:
      [
        CommandOption("--decisions", "N", "decisions to make (default 1000000)"),
        CommandOption("--roots", "N", "root sessions alive at any time (default 2000; at least --engines)"),
        CommandOption("--engines", "N", "engines alive at any time (default 4)"),
        CommandOption("--concurrency", "N", "decisions in flight at once (default 64)"),
        CommandOption("--seed", "N", "seed of the fault and workload choices (default 1)"),
        CommandOption("--timeout-ms", "N", "the policy's decider timeout, in real milliseconds (default 2)"),
        CommandOption("--timeout-rate", "P", "a decider answers after the timeout (default 0.02)"),
        CommandOption("--throw-rate", "P", "a decider throws (default 0.02)"),
        CommandOption("--hang-rate", "P", "a decider hangs until cancelled (default 0.01)"),
        CommandOption("--cancel-rate", "P", "the caller is cancelled (default 0.02)"),
        CommandOption("--popup-rate", "P", "a popup is opened and decides (default 0.1)"),
        CommandOption("--dismiss-rate", "P", "the popup deciding is dismissed mid-decision (default 0.02)"),
        CommandOption("--close-rate", "P", "the popup deciding calls window.close() mid-decision (default 0.02)"),
        CommandOption("--teardown-rate", "P", "the root deciding is torn down and replaced (default 0.002)"),
        CommandOption("--swap-rate", "P", "the engine's policy is swapped (default 0.005)"),
        CommandOption("--shutdown-rate", "P", "the engine is shut down mid-decision and replaced (default 0.00002)"),
        CommandOption("--quiet", nil, "print nothing but the result and violations"),
      ]
    case .instructions:
      [
        CommandOption(
          "--op", "OP", "the operation: \(InstructionOperation.allCases.map(\.rawValue).joined(separator: ", "))"),
        CommandOption("--count", "N", "how many times to perform it"),
        CommandOption("--seed", "S", "seed of the request stream (default 1)"),
        CommandOption("--sessions", "N", "sessions for --op decide (at least the catalogue's pages)"),
      ]
    case .help:
      []
    }
  }

  /// The command line, e.g. `session-bench replay FILE [--policy FILE]`.
  package var synopsis: String {
    switch self {
    case .run: "session-bench [run] [options]"
    case .replay: "session-bench replay FILE [--policy FILE] [--callback-details]"
    case .compare: "session-bench compare [BASE.json NEW.json | --runs-dir DIR] [--max-regression PCT]"
    case .lint: "session-bench lint POLICY [--json] [--strict] [--probe] [--all] [--deciders NAME,…]"
    case .diff:
      "session-bench diff OLD NEW [--scenarios FILE… | --urls FILE [--from URL]] [--decisions N] [--seed S] [--json]"
    case .soak: "session-bench soak [--decisions N] [--roots N] [--engines N] [--concurrency N] [--RATE-rate P …]"
    case .instructions: "session-bench instructions --op OP --count N [--seed S] [--sessions N]"
    case .help: "session-bench help [COMMAND]"
    }
  }

  /// One line on what the command does.
  package var summary: String {
    switch self {
    case .run: "Drives simulated sessions through a realistic mix and prints a latency profile."
    case .replay: "Replays a scenario: one JSON line a step and a final line; checks every expect."
    case .compare:
      "Compares two profiles (by default the last two runs) and reports regressions past the threshold and the noise."
    case .lint:
      "Reports a valid policy's probable mistakes, errors first, one finding a line (LEVEL PATH: message); "
        + "a kind found more than 3 times is one line that counts it and names its first paths."
    case .diff: "Has two policies judge the same navigations and prints each changed decision with examples."
    case .soak: "Makes many decisions with faults injected and checks that every handler is called exactly once."
    case .instructions: "Repeats one operation on a fixed request stream, for callgrind (Benchmarks/instructions.sh)."
    case .help: "Prints the general help, or a command's options and exit statuses."
    }
  }

  /// The positional arguments, each with its description.
  var arguments: [(name: String, summary: String)] {
    switch self {
    case .run, .soak, .instructions: []
    case .replay: [("FILE", "the scenario file (-: standard input)")]
    case .compare:
      [
        ("BASE.json", "the reference profile (default: the second newest run saved)"),
        ("NEW.json", "the profile judged (default: the newest run saved; either may be -: standard input)"),
      ]
    case .lint: [("POLICY", "the policy file (-: standard input)")]
    case .diff: [("OLD", "the policy in use"), ("NEW", "the candidate (any one file may be -: standard input)")]
    case .help: [("COMMAND", "the command to describe: \(Self.listed.map(\.rawValue).joined(separator: ", "))")]
    }
  }

  /// What each exit status means for this command.
  package var exitStatuses: [(status: Int32, meaning: String)] {
    let invalid = "invalid input or usage: a bad option, a file that cannot be read or is invalid"
    switch self {
    case .run:
      return [
        (0, "the run completed and every output file was written"),
        (2, invalid + ", an output file that cannot be written"),
      ]
    case .replay:
      return [
        (0, "every expect held"), (1, "an expect failed (the differences go to standard error)"),
        (2, invalid + ", a step that cannot run"),
      ]
    case .compare:
      return [
        (0, "no regression"), (1, "a regression past --max-regression and the noise"),
        (
          2,
          invalid
            + ", or profiles that cannot be compared (other options, another machine): the message says what differs"
        ),
      ]
    case .lint:
      return [
        (0, "no errors (warnings allowed unless --strict)"), (1, "errors, or warnings with --strict"), (2, invalid),
      ]
    case .diff:
      return [(0, "no decision changed"), (1, "some decision changed"), (2, invalid)]
    case .soak:
      return [(0, "no violation"), (1, "a violation (listed on standard error)"), (2, invalid)]
    case .instructions:
      return [(0, "the operation ran; its checksum is printed"), (2, invalid)]
    case .help:
      return [(0, "the help was printed"), (2, "an unknown command")]
    }
  }

  /// The command's help: synopsis, arguments, every option with its meaning, and the exit statuses.
  package var help: String {
    var lines = ["USAGE: \(synopsis)", "", summary]
    if self == .soak {
      lines += [
        "Checks that no session's popupOpened follows its popupClosed or comes twice and that no popup is",
        "admitted after its engine shut down; prints RSS at start, peak and end. Rates are per decision, 0 to 1.",
      ]
    }
    if self == .diff {
      lines += ["Judges --decisions steps of the mixed workload unless --scenarios or --urls is given."]
    }
    if !arguments.isEmpty {
      lines += ["", "ARGUMENTS:"]
      lines += arguments.map { Self.row($0.name, $0.summary) }
    }
    lines += ["", "OPTIONS:"]
    lines += options.map { Self.row($0.synopsis, $0.summary) }
    lines.append(Self.row("-h, --help", "show this help"))
    if self != .help { lines += ["", "Options accept --option value and --option=value."] }
    lines += ["", "EXIT STATUS:"]
    lines += exitStatuses.map { "  \($0.status)  \($0.meaning)" }
    return lines.joined(separator: "\n")
  }

  /// An indented row: the term, padded to a column, then its description.
  static func row(_ term: String, _ summary: String) -> String {
    let padded = term.count < 22 ? term + String(repeating: " ", count: 22 - term.count) : term + "  "
    return "  " + padded + summary
  }
}
