import Foundation

/// What makes two profiles incomparable: the options of their runs or the machines they were made on.
///
/// A latency is the code's only when everything else is equal. Two profiles made with other options (another
/// duration, number of repetitions, workload, policy, seed, sessions or load) or on another machine (another
/// number of cores, architecture or memory; a host name alone is a note, since it changes with the network or the
/// container) differ for those reasons too, and a single run's figures cannot
/// be judged against a repeated run's intervals. `compare` judges neither: it says what differs and what to run
/// instead.
package struct ProfileDifferences: Sendable, Equatable {
  /// One difference: what it is, and its value in each profile.
  package struct Difference: Sendable, Equatable {
    /// What differs, e.g. `repetitions` or `machine`.
    package var name: String
    /// Its value in the base profile, as a person reads it.
    package var base: String
    /// Its value in the new profile.
    package var new: String
  }

  /// The differences in the runs' options.
  package let options: [Difference]
  /// The differences in the machines.
  package let machine: [Difference]

  /// The differences between `base` and `new`.
  package init(base: BenchProfile, new: BenchProfile) {
    let a = base.config
    let b = new.config
    options = Self.differing([
      ("repetitions", Self.repetitions(a.repeat), Self.repetitions(b.repeat)),
      ("length of a phase", Self.length(a), Self.length(b)),
      ("load", Self.load(a), Self.load(b)),
      ("sessions", "\(a.sessions)", "\(b.sessions)"),
      ("workload", a.workload, b.workload),
      ("policy", a.policy ?? "built-in", b.policy ?? "built-in"),
      ("extra rules (--rules)", "\(a.rules)", "\(b.rules)"),
      ("generated hosts (--hosts)", "\(a.hosts ?? 0)", "\(b.hosts ?? 0)"),
      ("seed", "\(a.seed)", "\(b.seed)"),
    ])
    machine = Self.differing([
      ("cores", "\(base.machine.cores)", "\(new.machine.cores)"),
      ("architecture", base.machine.arch, new.machine.arch),
      ("memory", Format.bytes(Double(base.machine.memoryBytes)), Format.bytes(Double(new.machine.memoryBytes))),
    ])
    // The host name alone changes with the network (macOS) or the container: shown, not judged.
    notes =
      base.machine.hostname == new.machine.hostname
      ? []
      : [
        "the profiles name different hosts (\(base.machine.hostname), \(new.machine.hostname)) with the same cores, "
          + "architecture and memory: judged as one machine"
      ]
  }

  /// What differs without making the profiles incomparable, e.g. the host name.
  package let notes: [String]

  /// Whether the profiles can be judged against each other: same options, same machine.
  package var areComparable: Bool { options.isEmpty && machine.isEmpty }

  /// Why the profiles cannot be judged and what to run instead; empty when they can be.
  package var explanation: String {
    guard !areComparable else { return "" }
    let how =
      switch (options.isEmpty, machine.isEmpty) {
      case (false, false): "they were made with other options on another machine"
      case (false, true): "they were made with other options"
      default: "they were made on another machine"
      }
    var text =
      "cannot judge these profiles against each other: \(how), so their figures differ for reasons other than the code.\n"
    for difference in options + machine {
      text += "  \(difference.name): base \(difference.base), new \(difference.new)\n"
    }
    if !machine.isEmpty {
      text +=
        "Make both profiles on one machine: build the base commit there, `swift run -c release session-bench`, "
        + "then the new commit, `swift run -c release session-bench`, then `session-bench compare` (each run is "
        + "saved in \(SavedRuns.defaultDirectory); compare with no paths takes the last two).\n"
    } else {
      text +=
        "Make both profiles with the same options: run the base and the new build with the same command, such as "
        + "`swift run -c release session-bench` (the defaults: \(BenchOptions.defaultRepetitions) interleaved "
        + "repetitions, which compare judges against their own noise), then `session-bench compare` (each run is "
        + "saved in \(SavedRuns.defaultDirectory); compare with no paths takes the last two).\n"
    }
    return text
  }

  /// The pairs whose two values differ, as differences.
  private static func differing(_ pairs: [(name: String, base: String, new: String)]) -> [Difference] {
    pairs.filter { $0.base != $0.new }.map { Difference(name: $0.name, base: $0.base, new: $0.new) }
  }

  private static func repetitions(_ count: Int?) -> String {
    let count = count ?? 1
    return count == 1 ? "1 (a single run)" : "\(count) (interleaved)"
  }

  private static func length(_ config: BenchProfile.Config) -> String {
    if let seconds = config.durationSeconds { return String(format: "%g s", seconds) }
    if let decisions = config.decisions { return "\(decisions) decisions" }
    return "unknown"
  }

  private static func load(_ config: BenchProfile.Config) -> String {
    if let concurrency = config.concurrency { return "closed loop, \(concurrency) in flight" }
    if let rate = config.rate { return "open loop, \(Format.throughput(perSecond: rate))" }
    return "unknown"
  }
}
