/// The options of `session-bench run`.
///
/// The defaults are the default latency profile: 10 000 sessions, a closed loop with 64
/// requests in flight, 15 interleaved repetitions of 0.3 seconds, on the `mixed` workload and the built-in policy.
/// Repetitions by default because a single run's figures move with the machine's moments: with repetitions every
/// figure has an interval and every result its ratio to the same repetitions' baselines, which is what lets
/// `compare` tell a slower build from a busier machine (``ProfileComparison``).
package struct BenchOptions: Sendable, Equatable {
  /// What bounds the measured phase of a run.
  package enum Length: Sendable, Equatable {
    /// Run for this long (`--duration`).
    case duration(Duration)
    /// Run until this many decisions have been made (`--decisions`).
    case decisions(Int)
  }

  /// How requests are issued.
  package enum Load: Sendable, Equatable {
    /// A closed loop: this many requests in flight, each started when one finishes
    /// (`--concurrency`).
    case closed(concurrency: Int)
    /// An open loop: requests started at this rate per second whatever the latency, latency
    /// measured from the intended start so that queueing is not hidden (`--rate`).
    case open(ratePerSecond: Double)
  }

  /// The default number of sessions.
  package static let defaultSessions = 10_000
  /// The default length of a run.
  package static let defaultLength = Length.duration(.milliseconds(300))
  /// The default number of interleaved repetitions: 15 (about 13 s in all with the default length).
  package static let defaultRepetitions = 15
  /// The default load.
  package static let defaultLoad = Load.closed(concurrency: 64)
  /// The default workload.
  package static let defaultWorkload = "mixed"
  /// The workloads known by name; any other `--workload` value is a file path.
  package static let namedWorkloads = ["mixed", "decide-only", "popups"]
  /// The default seed.
  package static let defaultSeed: UInt64 = 1

  /// Simulated sessions (`--sessions`).
  package var sessions = defaultSessions
  /// How long the run lasts (`--duration` or `--decisions`).
  package var length = defaultLength
  /// Closed or open loop (`--concurrency` or `--rate`).
  package var load = defaultLoad
  /// A workload name (`mixed`, `decide-only`, `popups`) or a JSON file path (`--workload`).
  package var workload = defaultWorkload
  /// A policy file, or `nil` for the built-in realistic policy (`--policy`).
  package var policy: String?
  /// A candidate policy file the engine shadows in an extra phase (`--shadow`; the `engine.decide.shadowed`
  /// row), or `nil`.
  package var shadow: String?
  /// Extra host rules to pad the policy with, to show scaling (`--rules`).
  package var rules = 0
  /// Generated hosts (registrable domains under real public suffixes, Zipf-distributed) that the destinations
  /// the policy names no rule for are drawn from, instead of the catalogue's 32 advertisers (`--hosts`; 0: the
  /// catalogue's own). A run with `--hosts` also measures ``BenchResult/engineDecideDefault``.
  package var hosts = 0
  /// The workload's random seed (`--seed`).
  package var seed = defaultSeed
  /// Where to write the JSON profile (`--json`).
  package var jsonPath: String?
  /// Where to write the CSV results (`--csv`).
  package var csvPath: String?
  /// Where to write the SVG percentile plot (`--svg`).
  package var svgPath: String?
  /// Whether to print nothing but errors: no table, no progress line (`--quiet`).
  package var quiet = false
  /// Runs a popup storm in one extra tree beside the sessions during the engine phase (`--storm`), reported as
  /// its own result, ``BenchResult/engineStorm``.
  package var storm = false
  /// How many times every phase is measured (`--repeat`), the repetitions interleaved: repetition `r` runs the
  /// phases in the order rotated by `r`. With more than one, each figure is the median over the repetitions, with
  /// a confidence interval (``RepetitionSummary``); `1` is a single run.
  package var repetitions = defaultRepetitions
  /// The directory where the run's profile and plot are saved (``SavedRuns``), or `nil` to save nothing. The
  /// command line sets it to ``SavedRuns/defaultDirectory`` unless `--runs-dir` or `--no-save` says otherwise;
  /// options made in code save nothing unless they set it.
  package var savedRunsDirectory: String?

  /// Creates the default options.
  package init() {}

  /// Whether ``workload`` names a built-in workload rather than a file.
  package var workloadIsNamed: Bool { Self.namedWorkloads.contains(workload) }
}
