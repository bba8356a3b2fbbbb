/// Parses the arguments of `lint` and `diff` (what follows the command name).
enum ToolingCommandLine {
  /// `lint POLICY [--json] [--strict] [--probe] [--deciders NAME,…]`.
  static func parseLint(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    var files: [String] = []
    var flags: Set<String> = []
    var deciders: Set<String>?
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      let (name, inline) = split(argument)
      switch name {
      case "--help", "-h": return .help
      case "--json", "--strict", "--probe":
        guard inline == nil else { throw UsageError("\(name) takes no value") }
        guard flags.insert(name).inserted else { throw UsageError("\(name) is given twice") }
      case "--deciders":
        guard deciders == nil else { throw UsageError("--deciders is given twice") }
        let value = try value(of: name, inline: inline, arguments, &index)
        let names = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !names.contains(where: \.isEmpty) else {
          throw UsageError("--deciders: \"\(value)\" is not a comma-separated list of names")
        }
        deciders = Set(names)
      default:
        guard !name.hasPrefix("-") || name == "-" else {
          throw UsageError(
            "unknown option \"\(name)\" for lint; it takes --json, --strict, --probe and --deciders NAME,…")
        }
        files.append(argument)
      }
    }
    guard files.count == 1, let file = files.first, !file.isEmpty else {
      throw UsageError(
        files.isEmpty
          ? "lint needs a policy file: session-bench lint POLICY [--json] [--strict] [--probe] [--deciders NAME,…]"
          : "lint takes one policy file, not \(files.count)")
    }
    var options = LintOptions(file: file)
    options.json = flags.contains("--json")
    options.strict = flags.contains("--strict")
    options.probe = flags.contains("--probe")
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
    var index = 0
    var collectingScenarios = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      let (name, inline) = split(argument)
      switch name {
      case "--help", "-h": return .help
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
        values[name] = try value(of: name, inline: inline, arguments, &index)
        collectingScenarios = false
      default:
        guard !name.hasPrefix("-") || name == "-" else {
          throw UsageError(
            "unknown option \"\(name)\" for diff; it takes --scenarios FILE…, --urls FILE, --from URL, "
              + "--decisions N, --seed S and --json")
        }
        if collectingScenarios {
          scenarios?.append(argument)
        } else {
          files.append(argument)
        }
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
    var options = DiffOptions(old: files[0], new: files[1])
    options.json = json
    if let scenarios {
      guard !scenarios.isEmpty else { throw UsageError("--scenarios needs at least one file") }
      options.source = .scenarios(scenarios)
    } else if let urls = values["--urls"] {
      options.source = .urls(file: urls, from: values["--from"] ?? DiffOptions.defaultFrom)
    } else {
      var decisions = DiffOptions.defaultDecisions
      if let text = values["--decisions"] {
        guard let value = Int(text), value > 0 else {
          throw UsageError("--decisions: \"\(text)\" is not a positive whole number")
        }
        decisions = value
      }
      var seed: UInt64 = 1
      if let text = values["--seed"] {
        guard let value = UInt64(text) else {
          throw UsageError("--seed: \"\(text)\" is not a whole number from 0 to \(UInt64.max)")
        }
        seed = value
      }
      options.source = .workload(decisions: decisions, seed: seed)
    }
    return .diff(options)
  }

  private static func split(_ argument: String) -> (name: String, inline: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func value(
    of option: String, inline: String?, _ arguments: [String], _ index: inout Int
  ) throws(UsageError) -> String {
    if let inline { return inline }
    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
      throw UsageError("\(option) needs a value")
    }
    defer { index += 1 }
    return arguments[index]
  }
}
