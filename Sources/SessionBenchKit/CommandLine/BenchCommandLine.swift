import SessionKit

/// Parses session-bench command lines; ``BenchCommandName`` lists the commands, their options and exit
/// statuses (`session-bench help COMMAND`).
///
/// Options take their value either as the next argument (`--sessions 500`) or after an equals
/// sign (`--sessions=500`).
package enum BenchCommandLine {
  /// The general usage, printed by `session-bench help` and after a ``UsageError``: the commands and where to
  /// find each one's options and exit statuses.
  package static let usage: String = {
    var lines = ["USAGE:"]
    lines += BenchCommandName.listed.map { "  \($0.synopsis)" }
    lines += [
      "",
      "Measures the latency of the session engine's decisions against baselines and prints a latency profile",
      "(p0 … p100, throughput, memory per session); replays, lints and compares policies and scenarios.",
      "",
      "COMMANDS:",
    ]
    lines += BenchCommandName.listed.map { BenchCommandName.row($0.rawValue, $0.summary) }
    lines += [
      "",
      "Run `session-bench help COMMAND` (or `session-bench COMMAND --help`) for a command's options and exit",
      "statuses. A file argument given as - is read from standard input. Every input is read up to \(InputFile.limitDescription):",
      "a longer or endless one (/dev/zero) is an error; a named pipe is read once its writer opens it, as cat reads it.",
      "",
      "EXIT STATUS:",
      "  0  all is well",
      "  1  a check failed: a regression (compare), an expect (replay), a lint error, a changed decision (diff),",
      "     a violation (soak)",
      "  2  invalid input or usage",
    ]
    return lines.joined(separator: "\n")
  }()

  /// The help for `command`, or the general ``usage`` for `nil`.
  package static func help(_ command: BenchCommandName?) -> String {
    command?.help ?? usage
  }

  /// Parses the arguments that follow the program name.
  ///
  /// No argument, or `run` alone, gives ``BenchCommand/run(_:)`` with default options; `-h` or `--help`
  /// after a command asks for that command's help.
  ///
  /// - Parameter arguments: The arguments without the program name, e.g.
  ///   `Array(CommandLine.arguments.dropFirst())`.
  /// - Throws: ``UsageError`` naming the option and value at fault.
  package static func parse(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    guard let first = arguments.first else { return try parseRun([]) }
    if first == "-h" || first == "--help" { return .help(nil) }
    let name: BenchCommandName
    var rest = Array(arguments.dropFirst())
    if first.hasPrefix("-") {
      name = .run
      rest = arguments
    } else if let command = BenchCommandName(rawValue: first) {
      name = command
    } else {
      throw UsageError(unknownCommand(first))
    }
    if name != .help, rest.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help(name) }
    switch name {
    case .run: return try parseRun(rest)
    case .replay: return try parseReplay(rest)
    case .compare: return try parseCompare(rest)
    case .lint: return try ToolingCommandLine.parseLint(rest)
    case .diff: return try ToolingCommandLine.parseDiff(rest)
    case .instructions: return try parseInstructions(rest)
    case .soak: return .soak(try SoakOptions.parse(rest))
    case .help: return try parseHelp(rest)
    }
  }

  /// `unknown command "x"; expected run, replay, …` with the near miss, if any.
  private static func unknownCommand(_ text: String) -> String {
    let names = BenchCommandName.listed.map(\.rawValue)
    let expected = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    let suggestion = NearMiss.closest(to: text, among: names).map { "did you mean \($0)? " } ?? ""
    return "unknown command \"\(text)\"; \(suggestion)expected \(expected)"
  }

  private static func parseHelp(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    guard let topic = arguments.first else { return .help(nil) }
    guard arguments.count == 1 else { throw UsageError("help takes one command, not \(arguments.count)") }
    if topic == "-h" || topic == "--help" { return .help(.help) }
    guard let command = BenchCommandName(rawValue: topic) else { throw UsageError(unknownCommand(topic)) }
    return .help(command)
  }

  // MARK: Commands

  private static func parseRun(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    var options = BenchOptions()
    var cursor = ArgumentCursor(arguments, command: .run)
    var seen: Set<String> = []
    var duration: Duration?
    var decisions: Int?
    var concurrency: Int?
    var rate: Double?
    var runsDirectory: String?
    var noSave = false
    while let argument = try cursor.next() {
      guard case .option(let name, let inlineValue) = argument else {
        throw UsageError("unexpected argument \"\(argument.text)\"; run takes only options")
      }
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
      case "--repeat":
        options.repetitions = try positiveInteger(cursor.value(for: name, inline: inlineValue), option: name)
      case "--runs-dir":
        runsDirectory = try nonEmpty(cursor.value(for: name, inline: inlineValue), option: name, what: "directory")
      case "--no-save":
        guard inlineValue == nil else { throw UsageError("--no-save takes no value") }
        noSave = true
      default:
        throw ArgumentCursor.unparsed(name, command: .run)
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
    if noSave && runsDirectory != nil {
      throw UsageError("--runs-dir and --no-save cannot both be given: save in DIR, or save nothing")
    }
    options.savedRunsDirectory = noSave ? nil : runsDirectory ?? SavedRuns.defaultDirectory
    let outputs = [("--json", options.jsonPath), ("--csv", options.csvPath), ("--svg", options.svgPath)]
      .compactMap { option, path in path.map { (option, $0) } }
    if let standardOutput = outputs.first(where: { $0.1 == InputFile.standardInput }) {
      throw UsageError(
        "\(standardOutput.0) -: the report goes to standard output; give a file (or /dev/stdout with --quiet)")
    }
    for (index, output) in outputs.enumerated() {
      if let other = outputs[..<index].first(where: { $0.1 == output.1 }) {
        throw UsageError("\(other.0) and \(output.0) name the same file, \(output.1): give each its own")
      }
    }
    return .run(options)
  }

  /// `instructions --op OP --count N [--seed S] [--sessions N]`: internal, for `Benchmarks/instructions.sh`.
  private static func parseInstructions(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    var cursor = ArgumentCursor(arguments, command: .instructions)
    var operation: InstructionOperation?
    var count: Int?
    var seedValue: UInt64?
    var sessions: Int?
    let operations = InstructionOperation.allCases.map(\.rawValue).joined(separator: ", ")
    while let argument = try cursor.next() {
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
        throw ArgumentCursor.unparsed(name, command: .instructions)
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
    // The one flag, taken out before the files and `--policy` are read.
    let flag = "--callback-details"
    let details = arguments.filter { $0 == flag }.count
    guard details <= 1 else { throw UsageError("\(flag) is given twice") }
    let rest = arguments.filter { $0 != flag }
    let (files, policy) = try filesAndOption(
      rest, command: .replay, option: "--policy",
      parse: { (text, name) throws(UsageError) in try nonEmpty(text, option: name, what: "file path") })
    guard files.count == 1, let file = files.first, !file.isEmpty else {
      throw UsageError(
        files.isEmpty
          ? "replay needs a scenario file: session-bench replay FILE [--policy FILE]"
          : "replay takes one scenario file, not \(files.count)"
      )
    }
    try readsStandardInputOnce([file] + (policy.map { [$0] } ?? []))
    return .replay(file: file, policy: policy, callbackDetails: details == 1)
  }

  private static func parseCompare(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    var cursor = ArgumentCursor(arguments, command: .compare)
    var files: [String] = []
    var threshold: Double?
    var runsDirectory: String?
    while let argument = try cursor.next() {
      switch argument {
      case .positional(let text):
        files.append(text)
      case .option(let name, let inlineValue) where name == "--max-regression":
        guard threshold == nil else { throw UsageError("\(name) is given twice") }
        threshold = try percentage(try cursor.value(for: name, inline: inlineValue), option: name)
      case .option(let name, let inlineValue) where name == "--runs-dir":
        guard runsDirectory == nil else { throw UsageError("\(name) is given twice") }
        runsDirectory = try nonEmpty(try cursor.value(for: name, inline: inlineValue), option: name, what: "directory")
      case .option(let name, _):
        throw ArgumentCursor.unparsed(name, command: .compare)
      }
    }
    let maxRegression = threshold ?? ProfileComparison.defaultMaxRegressionPercent
    if files.isEmpty {
      return .compareSavedRuns(
        directory: runsDirectory ?? SavedRuns.defaultDirectory, maxRegressionPercent: maxRegression)
    }
    guard files.count == 2, runsDirectory == nil else {
      throw UsageError(
        (runsDirectory != nil
          ? "compare takes two profiles or --runs-dir, not both"
          : "compare needs two profiles, BASE.json and NEW.json, or none (the last two runs), but got \(files.count)")
          + ": session-bench compare [BASE.json NEW.json | --runs-dir DIR] [--max-regression PCT]"
      )
    }
    try readsStandardInputOnce(files)
    return .compare(base: files[0], new: files[1], maxRegressionPercent: maxRegression)
  }

  /// Rejects a command line that names standard input (`-`) as more than one file: it can be read only once.
  static func readsStandardInputOnce(_ files: [String]) throws(UsageError) {
    guard files.filter({ $0 == InputFile.standardInput }).count <= 1 else {
      throw UsageError("only one file can be read from standard input (-): it can be read only once")
    }
  }

  /// The positional arguments of `replay` and `compare` and the value of their one option (at most once).
  private static func filesAndOption<Value>(
    _ arguments: [String], command: BenchCommandName, option: String,
    parse: (String, String) throws(UsageError) -> Value
  ) throws(UsageError) -> (files: [String], value: Value?) {
    var cursor = ArgumentCursor(arguments, command: command)
    var files: [String] = []
    var value: Value?
    while let argument = try cursor.next() {
      switch argument {
      case .positional(let text):
        files.append(text)
      case .option(let name, let inlineValue) where name == option:
        guard value == nil else { throw UsageError("\(option) is given twice") }
        value = try parse(try cursor.value(for: name, inline: inlineValue), name)
      case .option(let name, _):
        throw ArgumentCursor.unparsed(name, command: command)
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
///
/// Only the options the command declares (``BenchCommandName/options``) come out of ``next()``: any other is a
/// ``UsageError`` naming the near miss, so every option a parser handles is described in the command's help.
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
  private let command: BenchCommandName
  private var position = 0

  init(_ arguments: [String], command: BenchCommandName) {
    self.arguments = arguments
    self.command = command
  }

  mutating func next() throws(UsageError) -> Argument? {
    guard position < arguments.count else { return nil }
    let argument = arguments[position]
    position += 1
    // A lone "-" (standard input) or a negative number is a value, not an option.
    guard argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil else {
      return .positional(argument)
    }
    let option: Argument
    if let equals = argument.firstIndex(of: "=") {
      option = .option(
        name: String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...]))
    } else {
      option = .option(name: argument, inlineValue: nil)
    }
    if case .option(let name, _) = option { try Self.check(name, command: command) }
    return option
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

  /// Throws unless `command` declares the option `name`.
  static func check(_ name: String, command: BenchCommandName) throws(UsageError) {
    let declared = command.options.map(\.name)
    guard !declared.contains(name) else { return }
    let suggestion = NearMiss.closest(to: name, among: declared).map { "; did you mean \($0)?" } ?? ""
    let prefix = command == .run ? "unknown option \"\(name)\"" : "unknown option \"\(name)\" for \(command.rawValue)"
    throw UsageError("\(prefix)\(suggestion) (see session-bench help \(command.rawValue))")
  }

  /// A declared option its parser does not handle: a programming error that the tests catch.
  static func unparsed(_ name: String, command: BenchCommandName) -> UsageError {
    UsageError("\(name) is declared for \(command.rawValue) but not parsed")
  }
}
