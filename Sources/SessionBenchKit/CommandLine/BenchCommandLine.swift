/// Parses session-bench command lines.
///
/// ```
/// session-bench [run] [--sessions N] [--duration 5s | --decisions N] [--concurrency N | --rate R] …
/// session-bench replay FILE [--policy FILE]
/// session-bench compare BASE.json NEW.json [--max-regression PCT]
/// session-bench lint POLICY [--json] [--strict] [--probe] [--deciders NAME,…]
/// session-bench diff OLD NEW [--scenarios FILE… | --urls FILE [--from URL]] [--decisions N] [--seed S] [--json]
/// ```
///
/// Options take their value either as the next argument (`--sessions 500`) or after an equals
/// sign (`--sessions=500`).
public enum BenchCommandLine {
  /// The usage text printed by `--help` and after a ``UsageError``.
  public static let usage = """
    USAGE: session-bench [run] [options]
           session-bench compare BASE.json NEW.json [--max-regression PCT]
           session-bench replay FILE [--policy FILE]
           session-bench lint POLICY [--json] [--strict] [--probe] [--deciders NAME,…]
           session-bench diff OLD NEW [--scenarios FILE… | --urls FILE [--from URL]]
                              [--decisions N] [--seed S] [--json]
           session-bench soak [--decisions N] [--roots N] [--concurrency N] [--RATE-rate P …]
           session-bench help

    Measures the latency of the session engine's decisions against baselines and prints a
    latency profile (p0 … p100, throughput, memory per session).

    RUN OPTIONS:
      --sessions N        simulated sessions (default 10000)
      --duration T        measure for T: 5, 5s, 500ms, 1m (default 5s)
      --decisions N       measure N decisions instead of a duration
      --concurrency N     closed loop with N requests in flight (default 64)
      --rate R            open loop at R requests per second, latency from the intended start
      --workload W        mixed (default), decide-only, popups, or a workload JSON file
      --policy FILE       policy file (default: the built-in realistic policy)
      --shadow FILE       also measure engine.decide on an engine shadowing this policy
      --rules N           pad the policy with N extra host rules (default 0)
      --hosts N           draw the destinations no rule names from N generated hosts
                          (Zipf-distributed, real public suffixes) instead of 32 (default 0)
                          (--rules and --hosts add engine.decide.default: the same phase
                          without them, which their targets divide by)
      --seed N            random seed of the workload (default 1)
      --json FILE         write the JSON profile to FILE
      --csv FILE          write the results as CSV to FILE
      --svg FILE          write a latency-by-percentile plot to FILE
      --quiet             print nothing but errors
      --storm             also run a popup storm in one more tree during the engine phase
                          (its own row, engine.storm; compare engine.decide with a run without)
      -h, --help          show this help

    COMPARE OPTIONS:
      --max-regression PCT  latency or throughput change, in per cent, that fails the
                            comparison with exit status 2 (default 10)

    Options accept --option value and --option=value.
    """

  /// Parses the arguments that follow the program name.
  ///
  /// No argument, or `run` alone, gives ``BenchCommand/run(_:)`` with default options.
  ///
  /// - Parameter arguments: The arguments without the program name, e.g.
  ///   `Array(CommandLine.arguments.dropFirst())`.
  /// - Throws: ``UsageError`` naming the option and value at fault.
  public static func parse(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    guard let first = arguments.first else { return .run(BenchOptions()) }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "run": return try parseRun(rest)
    case "replay": return try parseReplay(rest)
    case "compare": return try parseCompare(rest)
    case "lint": return try ToolingCommandLine.parseLint(rest)
    case "diff": return try ToolingCommandLine.parseDiff(rest)
    case "instructions": return try parseInstructions(rest)
    case "soak": return rest.contains { $0 == "--help" || $0 == "-h" } ? .help : .soak(try SoakOptions.parse(rest))
    case "help", "-h", "--help": return .help
    default:
      if first.hasPrefix("-") { return try parseRun(arguments) }
      throw UsageError("unknown command \"\(first)\"; expected run, compare, replay, lint, diff or help")
    }
  }

  // MARK: Commands

  private static func parseRun(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    var options = BenchOptions()
    var cursor = ArgumentCursor(arguments)
    var seen: Set<String> = []
    var duration: Duration?
    var decisions: Int?
    var concurrency: Int?
    var rate: Double?
    while let argument = cursor.next() {
      guard case .option(let name, let inlineValue) = argument else {
        throw UsageError("unexpected argument \"\(argument.text)\"; run takes only options")
      }
      if name == "--help" || name == "-h" { return .help }
      guard seen.insert(name).inserted else { throw UsageError("\(name) is given twice") }
      switch name {
      case "--sessions":
        options.sessions = try positiveInteger(cursor.value(for: name, inline: inlineValue), option: name)
      case "--duration":
        duration = try parseDuration(cursor.value(for: name, inline: inlineValue), option: name)
      case "--decisions":
        decisions = try positiveInteger(cursor.value(for: name, inline: inlineValue), option: name)
      case "--concurrency":
        concurrency = try positiveInteger(cursor.value(for: name, inline: inlineValue), option: name)
      case "--rate":
        rate = try positiveRate(cursor.value(for: name, inline: inlineValue), option: name)
      case "--workload":
        options.workload = try nonEmpty(cursor.value(for: name, inline: inlineValue), option: name, what: "workload")
      case "--policy":
        options.policy = try nonEmpty(cursor.value(for: name, inline: inlineValue), option: name, what: "file path")
      case "--shadow":
        options.shadow = try nonEmpty(cursor.value(for: name, inline: inlineValue), option: name, what: "file path")
      case "--rules":
        options.rules = try nonNegativeInteger(cursor.value(for: name, inline: inlineValue), option: name)
      case "--hosts":
        options.hosts = try nonNegativeInteger(cursor.value(for: name, inline: inlineValue), option: name)
      case "--seed":
        options.seed = try seed(cursor.value(for: name, inline: inlineValue), option: name)
      case "--json":
        options.jsonPath = try nonEmpty(cursor.value(for: name, inline: inlineValue), option: name, what: "file path")
      case "--csv":
        options.csvPath = try nonEmpty(cursor.value(for: name, inline: inlineValue), option: name, what: "file path")
      case "--svg":
        options.svgPath = try nonEmpty(cursor.value(for: name, inline: inlineValue), option: name, what: "file path")
      case "--quiet":
        guard inlineValue == nil else { throw UsageError("--quiet takes no value") }
        options.quiet = true
      case "--storm":
        guard inlineValue == nil else { throw UsageError("--storm takes no value") }
        options.storm = true
      default:
        throw UsageError("unknown option \"\(name)\"")
      }
    }
    if duration != nil && decisions != nil {
      throw UsageError("--duration and --decisions cannot both be given: choose one way to bound the run")
    }
    if concurrency != nil && rate != nil {
      throw UsageError("--concurrency and --rate cannot both be given: choose a closed or an open loop")
    }
    if let duration { options.length = .duration(duration) }
    if let decisions { options.length = .decisions(decisions) }
    if let concurrency { options.load = .closed(concurrency: concurrency) }
    if let rate { options.load = .open(ratePerSecond: rate) }
    return .run(options)
  }

  /// `instructions --op OP --count N [--seed S] [--sessions N]`: internal, for `Benchmarks/instructions.sh`;
  /// not in the usage.
  private static func parseInstructions(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    var cursor = ArgumentCursor(arguments)
    var operation: InstructionOperation?
    var count: Int?
    var seedValue: UInt64?
    var sessions: Int?
    let operations = InstructionOperation.allCases.map(\.rawValue).joined(separator: ", ")
    while let argument = cursor.next() {
      guard case .option(let name, let inlineValue) = argument else {
        throw UsageError(
          "unexpected argument \"\(argument.text)\"; instructions takes --op, --count, --seed and --sessions")
      }
      switch name {
      case "--op":
        let text = try cursor.value(for: name, inline: inlineValue)
        guard let value = InstructionOperation(rawValue: text) else {
          throw UsageError("--op: \"\(text)\" is not one of \(operations)")
        }
        operation = value
      case "--count":
        let text = try cursor.value(for: name, inline: inlineValue)
        guard let value = Int(text), value >= 0 else {
          throw UsageError("--count: \"\(text)\" is not a whole number (0 or more)")
        }
        count = value
      case "--seed":
        seedValue = try seed(cursor.value(for: name, inline: inlineValue), option: name)
      case "--sessions":
        sessions = try positiveInteger(cursor.value(for: name, inline: inlineValue), option: name)
      default:
        throw UsageError(
          "unknown option \"\(name)\" for instructions; it takes --op OP --count N [--seed S] [--sessions N]")
      }
    }
    guard let operation, let count else {
      throw UsageError("instructions needs --op (\(operations)) and --count N")
    }
    var options = InstructionOptions(operation: operation, count: count)
    if let seedValue { options.seed = seedValue }
    if let sessions {
      guard operation == .decide else {
        throw UsageError("--sessions applies to --op decide only (the other operations use no session)")
      }
      let pages = WebCatalog.standard.pages.count
      guard sessions >= pages else {
        throw UsageError(
          "--sessions: \(sessions) is fewer than the catalogue's \(pages) pages; decide needs a session per page")
      }
      options.sessions = sessions
    }
    return .instructions(options)
  }

  private static func parseReplay(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    guard
      let (files, policy) = try filesAndOption(
        arguments, command: "replay", option: "--policy", usage: "--policy FILE",
        parse: { (text, name) throws(UsageError) in try nonEmpty(text, option: name, what: "file path") })
    else { return .help }
    guard files.count == 1, let file = files.first, !file.isEmpty else {
      throw UsageError(
        files.isEmpty
          ? "replay needs a scenario file: session-bench replay FILE [--policy FILE]"
          : "replay takes one scenario file, not \(files.count)"
      )
    }
    return .replay(file: file, policy: policy)
  }

  private static func parseCompare(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    guard
      let (files, threshold) = try filesAndOption(
        arguments, command: "compare", option: "--max-regression", usage: "--max-regression PCT",
        parse: { (text, name) throws(UsageError) in try percentage(text, option: name) })
    else { return .help }
    guard files.count == 2 else {
      throw UsageError(
        "compare needs two profiles, BASE.json and NEW.json, but got \(files.count): "
          + "session-bench compare BASE.json NEW.json [--max-regression PCT]"
      )
    }
    return .compare(
      base: files[0], new: files[1],
      maxRegressionPercent: threshold ?? ProfileComparison.defaultMaxRegressionPercent
    )
  }

  /// The positional arguments of `replay` and `compare` and the value of their one option (at most once);
  /// `nil` when `--help` was asked for.
  private static func filesAndOption<Value>(
    _ arguments: [String], command: String, option: String, usage: String,
    parse: (String, String) throws(UsageError) -> Value
  ) throws(UsageError) -> (files: [String], value: Value?)? {
    var cursor = ArgumentCursor(arguments)
    var files: [String] = []
    var value: Value?
    while let argument = cursor.next() {
      switch argument {
      case .positional(let text):
        files.append(text)
      case .option(let name, _) where name == "--help" || name == "-h":
        return nil
      case .option(let name, let inlineValue) where name == option:
        guard value == nil else { throw UsageError("\(option) is given twice") }
        value = try parse(try cursor.value(for: name, inline: inlineValue), name)
      case .option(let name, _):
        throw UsageError("unknown option \"\(name)\" for \(command); it takes only \(usage)")
      }
    }
    return (files, value)
  }

  // MARK: Values

  static func positiveInteger(_ text: String, option: String) throws(UsageError) -> Int {
    guard let value = Int(text), value > 0 else {
      throw UsageError("\(option): \"\(text)\" is not a positive whole number")
    }
    return value
  }

  private static func nonNegativeInteger(_ text: String, option: String) throws(UsageError) -> Int {
    guard let value = Int(text), value >= 0 else {
      throw UsageError("\(option): \"\(text)\" is not a whole number (0 or more)")
    }
    return value
  }

  static func seed(_ text: String, option: String) throws(UsageError) -> UInt64 {
    guard let value = UInt64(text) else {
      throw UsageError("\(option): \"\(text)\" is not a whole number from 0 to \(UInt64.max)")
    }
    return value
  }

  private static func positiveRate(_ text: String, option: String) throws(UsageError) -> Double {
    guard let value = Double(text), value.isFinite, value > 0 else {
      throw UsageError("\(option): \"\(text)\" is not a positive number of requests per second")
    }
    return value
  }

  private static func percentage(_ text: String, option: String) throws(UsageError) -> Double {
    let number = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let value = Double(number), value.isFinite, value >= 0 else {
      throw UsageError("\(option): \"\(text)\" is not a percentage (0 or more, such as 10 or 10%)")
    }
    return value
  }

  private static func nonEmpty(_ text: String, option: String, what: String) throws(UsageError) -> String {
    guard !text.isEmpty else { throw UsageError("\(option): the \(what) is empty") }
    return text
  }

  /// Seconds by default; `ns`, `us`, `µs`, `ms`, `s`, `m` and `min` suffixes are accepted.
  static func parseDuration(_ text: String, option: String) throws(UsageError) -> Duration {
    let units: [(suffix: String, seconds: Double)] = [
      ("ns", 1e-9), ("us", 1e-6), ("µs", 1e-6), ("ms", 1e-3), ("min", 60), ("s", 1), ("m", 60),
    ]
    var number = Substring(text)
    var scale = 1.0
    if let unit = units.first(where: { text.hasSuffix($0.suffix) }) {
      number = number.dropLast(unit.suffix.count)
      scale = unit.seconds
    }
    let invalid = UsageError("\(option): \"\(text)\" is not a positive duration such as 5, 5s or 500ms")
    guard let value = Double(number), value.isFinite, value > 0 else { throw invalid }
    let seconds = value * scale
    guard seconds <= 86_400 else { throw UsageError("\(option): \"\(text)\" is longer than a day") }
    let nanoseconds = Int64((seconds * 1e9).rounded())
    guard nanoseconds > 0 else { throw invalid }
    return .nanoseconds(nanoseconds)
  }
}

/// Walks a command line, splitting `--name=value` and fetching values that follow options.
struct ArgumentCursor {
  enum Argument {
    case option(name: String, inlineValue: String?)
    case positional(String)

    var text: String {
      switch self {
      case .option(let name, let value): value.map { "\(name)=\($0)" } ?? name
      case .positional(let text): text
      }
    }
  }

  private let arguments: [String]
  private var position = 0

  init(_ arguments: [String]) {
    self.arguments = arguments
  }

  mutating func next() -> Argument? {
    guard position < arguments.count else { return nil }
    let argument = arguments[position]
    position += 1
    // A lone "-" or a negative number is a value, not an option.
    guard argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil else {
      return .positional(argument)
    }
    if let equals = argument.firstIndex(of: "=") {
      return .option(
        name: String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...])
      )
    }
    return .option(name: argument, inlineValue: nil)
  }

  /// The option's value: after `=`, or else the next argument unless that is an option.
  mutating func value(for option: String, inline: String?) throws(UsageError) -> String {
    if let inline { return inline }
    guard position < arguments.count, !arguments[position].hasPrefix("--") else {
      throw UsageError("\(option) needs a value")
    }
    defer { position += 1 }
    return arguments[position]
  }
}
