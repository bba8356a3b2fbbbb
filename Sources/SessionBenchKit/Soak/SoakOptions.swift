/// What `session-bench soak` runs: how many decisions, over how many roots and workers, with which faults.
///
/// Each rate is a probability per decision (0 to 1) that the fault is injected around it.
package struct SoakOptions: Sendable, Equatable {
  /// Decisions to make (default 1 000 000).
  package var decisions = 1_000_000
  /// Root sessions alive at any time (default 2 000), spread over ``engines`` engines.
  package var roots = 2_000
  /// Engines alive at any time (default 4); each shut down is replaced by a new one.
  package var engines = 4
  /// Decisions in flight at once (default 64).
  package var concurrency = 64
  /// The seed of the fault and workload choices (default 1).
  package var seed: UInt64 = 1
  /// The policy's decider timeout, in real milliseconds (default 2).
  package var timeoutMilliseconds = 2
  /// A decision's decider answers after the timeout (`--timeout-rate`).
  package var timeoutRate = 0.02
  /// A decision's decider throws (`--throw-rate`).
  package var throwRate = 0.02
  /// A decision's decider hangs until cancelled (`--hang-rate`).
  package var hangRate = 0.01
  /// A decision's caller is cancelled (async form) (`--cancel-rate`).
  package var cancelRate = 0.02
  /// A popup is opened and a decision is made in it (`--popup-rate`).
  package var popupRate = 0.1
  /// The popup deciding is dismissed by the user mid-decision (`--dismiss-rate`).
  package var dismissRate = 0.02
  /// The popup deciding calls `window.close()` mid-decision (`--close-rate`).
  package var closeRate = 0.02
  /// The root deciding is torn down mid-decision and replaced (`--teardown-rate`).
  package var teardownRate = 0.002
  /// The engine's policy is swapped (`--swap-rate`).
  package var swapRate = 0.005
  /// The engine is shut down mid-decision and replaced (`--shutdown-rate`).
  package var shutdownRate = 0.00002
  /// Print nothing but the result and violations (`--quiet`).
  package var quiet = false

  /// The defaults.
  package init() {}

  /// The usage of `session-bench soak`: its options, what it checks and its exit statuses.
  package static var usage: String { BenchCommandName.soak.help }

  /// Parses the arguments after `soak`.
  /// - Throws: ``UsageError`` naming the option and value at fault.
  package static func parse(_ arguments: [String]) throws(UsageError) -> SoakOptions {
    var options = SoakOptions()
    var index = 0
    func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw UsageError("\(name) needs a value") }
      return arguments[index]
    }
    func count(_ name: String, _ text: String, minimum: Int = 1) throws(UsageError) -> Int {
      guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number >= minimum else {
        throw UsageError("\(name): \"\(text)\" is not a whole number of \(minimum) or more")
      }
      return number
    }
    func rate(_ name: String, _ text: String) throws(UsageError) -> Double {
      guard let number = Double(text), number.isFinite, (0...1).contains(number) else {
        throw UsageError("\(name): \"\(text)\" is not a rate from 0 to 1")
      }
      return number
    }
    while index < arguments.count {
      let argument = arguments[index]
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
      let name = parts[0]
      let inline = parts.count > 1 ? parts[1] : nil
      guard name.hasPrefix("-") else {
        throw UsageError("unexpected argument \"\(argument)\"; soak takes only options")
      }
      try ArgumentCursor.check(name, command: .soak)
      switch name {
      case "--decisions": options.decisions = try count(name, value(name, inline))
      case "--roots": options.roots = try count(name, value(name, inline))
      case "--engines": options.engines = try count(name, value(name, inline))
      case "--concurrency": options.concurrency = try count(name, value(name, inline))
      case "--seed": options.seed = UInt64(try count(name, value(name, inline), minimum: 0))
      case "--timeout-ms": options.timeoutMilliseconds = try count(name, value(name, inline))
      case "--timeout-rate": options.timeoutRate = try rate(name, value(name, inline))
      case "--throw-rate": options.throwRate = try rate(name, value(name, inline))
      case "--hang-rate": options.hangRate = try rate(name, value(name, inline))
      case "--cancel-rate": options.cancelRate = try rate(name, value(name, inline))
      case "--popup-rate": options.popupRate = try rate(name, value(name, inline))
      case "--dismiss-rate": options.dismissRate = try rate(name, value(name, inline))
      case "--close-rate": options.closeRate = try rate(name, value(name, inline))
      case "--teardown-rate": options.teardownRate = try rate(name, value(name, inline))
      case "--swap-rate": options.swapRate = try rate(name, value(name, inline))
      case "--shutdown-rate": options.shutdownRate = try rate(name, value(name, inline))
      case "--quiet":
        guard inline == nil else { throw UsageError("--quiet takes no value") }
        options.quiet = true
      default: throw ArgumentCursor.unparsed(name, command: .soak)
      }
      index += 1
    }
    guard options.timeoutRate + options.throwRate + options.hangRate <= 1 else {
      throw UsageError("--timeout-rate, --throw-rate and --hang-rate add up to more than 1")
    }
    guard options.roots >= options.engines else { throw UsageError("--roots must be at least --engines") }
    return options
  }
}
