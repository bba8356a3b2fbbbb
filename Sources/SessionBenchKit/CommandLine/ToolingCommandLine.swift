/// Parses the arguments of `lint` and `diff` (what follows the command name).
enum ToolingCommandLine {
  /// `lint POLICY [--json] [--strict] [--probe] [--all] [--deciders NAME,…]`.
  static func parseLint(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    var files: [String] = []
    var flags: Set<String> = []
    var deciders: Set<String>?
    var cursor = ArgumentCursor(arguments, command: .lint)
    while let argument = try cursor.next() {
      guard case .option(let name, let inline) = argument else {
        files.append(argument.text)
        continue
      }
      switch name {
      case "--json", "--strict", "--probe", "--all":
        guard inline == nil else { throw UsageError("\(name) takes no value") }
        guard flags.insert(name).inserted else { throw UsageError("\(name) is given twice") }
      case "--deciders":
        guard deciders == nil else { throw UsageError("--deciders is given twice") }
        let value = try cursor.value(for: name, inline: inline)
        let names = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !names.contains(where: \.isEmpty) else {
          throw UsageError("--deciders: \"\(value)\" is not a comma-separated list of names")
        }
        deciders = Set(names)
      default:
        throw ArgumentCursor.unparsed(name, command: .lint)
      }
    }
    guard files.count == 1, let file = files.first, !file.isEmpty else {
      throw UsageError(
        files.isEmpty
          ? "lint needs a policy file: session-bench lint POLICY [--json] [--strict] [--probe] [--all] [--deciders NAME,…]"
          : "lint takes one policy file, not \(files.count)")
    }
    var options = LintOptions(file: file)
    options.json = flags.contains("--json")
    options.strict = flags.contains("--strict")
    options.probe = flags.contains("--probe")
    options.all = flags.contains("--all")
    options.deciders = deciders
    return .lint(options)
  }

  /// `diff OLD NEW [--scenarios FILE…] [--urls FILE] [--from URL] [--decisions N] [--seed S] [--json]`; the
  /// scenario files are the arguments after `--scenarios` up to the next option.
  static func parseDiff(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    var files: [String] = []
    var scenarios: [String]?
    var values: [String: String] = [:]
    var json = false
    var collectingScenarios = false
    var cursor = ArgumentCursor(arguments, command: .diff)
    while let argument = try cursor.next() {
      guard case .option(let name, let inline) = argument else {
        if collectingScenarios {
          scenarios?.append(argument.text)
        } else {
          files.append(argument.text)
        }
        continue
      }
      switch name {
      case "--json":
        guard inline == nil else { throw UsageError("--json takes no value") }
        json = true
        collectingScenarios = false
      case "--scenarios":
        guard scenarios == nil else { throw UsageError("--scenarios is given twice") }
        scenarios = inline.map { [$0] } ?? []
        collectingScenarios = true
      case "--urls", "--from", "--decisions", "--seed":
        guard values[name] == nil else { throw UsageError("\(name) is given twice") }
        values[name] = try cursor.value(for: name, inline: inline)
        collectingScenarios = false
      default:
        throw ArgumentCursor.unparsed(name, command: .diff)
      }
    }
    guard files.count == 2 else {
      throw UsageError("diff needs two policy files, OLD and NEW, but got \(files.count): session-bench diff OLD NEW")
    }
    let sources = [scenarios != nil, values["--urls"] != nil].filter { $0 }.count
    guard sources <= 1 else { throw UsageError("--scenarios and --urls cannot both be given") }
    if values["--from"] != nil && values["--urls"] == nil { throw UsageError("--from applies only to --urls") }
    if (values["--decisions"] != nil || values["--seed"] != nil) && sources > 0 {
      throw UsageError("--decisions and --seed apply only to the workload stream, not to --scenarios or --urls")
    }
    try BenchCommandLine.readsStandardInputOnce(files + (scenarios ?? []) + (values["--urls"].map { [$0] } ?? []))
    var options = DiffOptions(old: files[0], new: files[1])
    options.json = json
    if let scenarios {
      guard !scenarios.isEmpty else { throw UsageError("--scenarios needs at least one file") }
      options.source = .scenarios(scenarios)
    } else if let urls = values["--urls"] {
      options.source = .urls(file: urls, from: values["--from"] ?? DiffOptions.defaultFrom)
    } else {
      let decisions =
        try values["--decisions"].map { (text) throws(UsageError) in
          try BenchCommandLine.positiveInteger(text, option: "--decisions")
        } ?? DiffOptions.defaultDecisions
      let seed =
        try values["--seed"].map { (text) throws(UsageError) in
          try BenchCommandLine.seed(text, option: "--seed")
        } ?? 1
      options.source = .workload(decisions: decisions, seed: seed)
    }
    return .diff(options)
  }
}
