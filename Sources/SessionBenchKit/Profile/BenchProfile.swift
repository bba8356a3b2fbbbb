import Foundation

/// The latency profile of a session-bench run, as written by `--json` (Benchmarks/README.md).
///
/// ```json
/// {"tool":"session-bench","version":"1.0","machine":{…},"config":{…},
///  "results":[{"name":"engine.decide","samples":…,"throughputPerSec":…,"latencyNs":{…}},…],
///  "memory":{"bytesPerSession":…,"peakResidentBytes":…}}
/// ```
///
/// Optional values are written as `null` rather than left out, so that every profile has the
/// same keys.
package struct BenchProfile: Codable, Sendable, Equatable {
  /// The value of ``tool`` in every profile.
  package static let toolName = "session-bench"
  /// The version of session-bench that writes profiles.
  package static let toolVersion = "1.0"

  /// Always `"session-bench"`.
  package var tool: String
  /// The version of session-bench that wrote the profile.
  package var version: String
  /// The machine the run was made on.
  package var machine: Machine
  /// The options of the run.
  package var config: Config
  /// One result per operation measured: the engine's and the baselines'.
  package var results: [BenchResult]
  /// The memory the sessions used.
  package var memory: Memory

  /// Creates a profile; `tool` and `version` are those of this build.
  package init(machine: Machine = .current(), config: Config, results: [BenchResult], memory: Memory) {
    self.tool = Self.toolName
    self.version = Self.toolVersion
    self.machine = machine
    self.config = config
    self.results = results
    self.memory = memory
  }

  /// The result named `name`, if the profile has one.
  package func result(named name: String) -> BenchResult? {
    results.first { $0.name == name }
  }

  /// The profile as pretty-printed JSON with sorted keys, ending in a newline.
  package func encode() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain structs of strings and numbers cannot fail; non-finite doubles are the
    // only exception, and they are replaced before they get here.
    var data = (try? encoder.encode(self.sanitised())) ?? Data("{}".utf8)
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// Decodes a profile from JSON.
  ///
  /// - Throws: `DecodingError` when the data is not a session-bench profile.
  package static func decode(from data: Data) throws -> BenchProfile {
    try JSONDecoder().decode(BenchProfile.self, from: data)
  }

  /// JSON has no infinity or NaN; a zero-duration run could produce them.
  private func sanitised() -> BenchProfile {
    var copy = self
    for index in copy.results.indices where !copy.results[index].throughputPerSec.isFinite {
      copy.results[index].throughputPerSec = 0
    }
    if let bytes = copy.memory.bytesPerSession, !bytes.isFinite {
      copy.memory.bytesPerSession = nil
    }
    if let seconds = copy.config.durationSeconds, !seconds.isFinite {
      copy.config.durationSeconds = nil
    }
    if let rate = copy.config.rate, !rate.isFinite {
      copy.config.rate = nil
    }
    return copy
  }
}

extension BenchProfile {
  /// The machine a run was made on.
  package struct Machine: Codable, Sendable, Equatable {
    /// Active processor cores.
    package var cores: Int
    /// Physical memory, in bytes.
    package var memoryBytes: UInt64
    /// The operating system, as `ProcessInfo` describes it.
    package var os: String
    /// The CPU architecture, e.g. `x86_64` or `arm64`.
    package var arch: String
    /// The Swift language version the tool was compiled with, e.g. `6.3`.
    package var swiftVersion: String
    /// The machine's host name.
    package var hostname: String
    /// When the run was made, in ISO 8601 (UTC).
    package var date: String

    /// Creates a machine description from its fields.
    package init(
      cores: Int, memoryBytes: UInt64, os: String, arch: String, swiftVersion: String, hostname: String, date: String
    ) {
      self.cores = cores
      self.memoryBytes = memoryBytes
      self.os = os
      self.arch = arch
      self.swiftVersion = swiftVersion
      self.hostname = hostname
      self.date = date
    }

    /// The machine this process runs on, dated now.
    package static func current(date: Date = Date()) -> Machine {
      let info = ProcessInfo.processInfo
      return Machine(
        cores: info.activeProcessorCount,
        memoryBytes: info.physicalMemory,
        os: info.operatingSystemVersionString,
        arch: Self.architecture,
        swiftVersion: Self.compilerSwiftVersion,
        hostname: info.hostName,
        date: date.ISO8601Format()
      )
    }

    private static var architecture: String {
      #if arch(x86_64)
        "x86_64"
      #elseif arch(arm64)
        "arm64"
      #else
        "unknown"
      #endif
    }

    private static var compilerSwiftVersion: String {
      #if swift(>=6.4)
        "6.4+"
      #elseif swift(>=6.3)
        "6.3"
      #elseif swift(>=6.2)
        "6.2"
      #elseif swift(>=6.1)
        "6.1"
      #else
        "6.0"
      #endif
    }
  }

  /// The options of a run, as recorded in a profile.
  ///
  /// Exactly one of ``durationSeconds`` and ``decisions`` is set, and exactly one of
  /// ``concurrency`` (closed loop) and ``rate`` (open loop).
  package struct Config: Codable, Sendable, Equatable {
    /// The number of simulated sessions.
    package var sessions: Int
    /// How long the measured phase ran, when the run was bounded by time.
    package var durationSeconds: Double?
    /// How many decisions were made, when the run was bounded by a count.
    package var decisions: Int?
    /// Requests in flight, in a closed-loop run.
    package var concurrency: Int?
    /// Requests started per second, in an open-loop run.
    package var rate: Double?
    /// The workload name (`mixed`, `decide-only`, `popups`) or file.
    package var workload: String
    /// The policy file, or `null` for the built-in realistic policy.
    package var policy: String?
    /// Extra host rules the policy was padded with.
    package var rules: Int
    /// The random seed of the workload.
    package var seed: UInt64
    /// Generated hosts the unnamed destinations were drawn from (`--hosts`; 0: the catalogue's own); `null` in
    /// profiles written before the option existed.
    package var hosts: Int?
    /// Repetitions of every phase, interleaved (`--repeat`); `null` in profiles written before the option existed,
    /// which were single runs.
    package var `repeat`: Int?

    /// Creates a configuration from its fields.
    package init(
      sessions: Int, durationSeconds: Double?, decisions: Int?, concurrency: Int?, rate: Double?, workload: String,
      policy: String?, rules: Int, seed: UInt64, hosts: Int? = 0, repeat repetitions: Int? = 1
    ) {
      self.repeat = repetitions
      self.hosts = hosts
      self.sessions = sessions
      self.durationSeconds = durationSeconds
      self.decisions = decisions
      self.concurrency = concurrency
      self.rate = rate
      self.workload = workload
      self.policy = policy
      self.rules = rules
      self.seed = seed
    }

    /// The configuration of a run made with `options`.
    package init(_ options: BenchOptions) {
      var durationSeconds: Double?
      var decisions: Int?
      switch options.length {
      case .duration(let duration): durationSeconds = duration.seconds
      case .decisions(let count): decisions = count
      }
      var concurrency: Int?
      var rate: Double?
      switch options.load {
      case .closed(let inFlight): concurrency = inFlight
      case .open(let perSecond): rate = perSecond
      }
      self.init(
        sessions: options.sessions, durationSeconds: durationSeconds, decisions: decisions,
        concurrency: concurrency, rate: rate, workload: options.workload, policy: options.policy,
        rules: options.rules, seed: options.seed, hosts: options.hosts, repeat: options.repetitions
      )
    }

    /// Writes every key, with `null` for absent values, so that profiles share one schema.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(sessions, forKey: .sessions)
      try container.encode(durationSeconds, forKey: .durationSeconds)
      try container.encode(decisions, forKey: .decisions)
      try container.encode(concurrency, forKey: .concurrency)
      try container.encode(rate, forKey: .rate)
      try container.encode(workload, forKey: .workload)
      try container.encode(policy, forKey: .policy)
      try container.encode(rules, forKey: .rules)
      try container.encode(seed, forKey: .seed)
      try container.encode(hosts, forKey: .hosts)
      try container.encode(self.repeat, forKey: .repeat)
    }
  }

  /// The memory the simulated sessions used.
  package struct Memory: Codable, Sendable, Equatable {
    /// Resident-memory growth over creating the sessions divided by their number, or `null`
    /// where resident memory cannot be read.
    package var bytesPerSession: Double?
    /// The peak resident set size of the process, or `null` where it cannot be read.
    package var peakResidentBytes: UInt64?

    /// Creates a memory measurement.
    package init(bytesPerSession: Double?, peakResidentBytes: UInt64?) {
      self.bytesPerSession = bytesPerSession
      self.peakResidentBytes = peakResidentBytes
    }

    /// Writes both keys, with `null` for values that could not be measured.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(bytesPerSession, forKey: .bytesPerSession)
      try container.encode(peakResidentBytes, forKey: .peakResidentBytes)
    }
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
