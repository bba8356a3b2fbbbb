import Foundation
import SessionKit

/// How often each ``WorkloadEventKind`` happens in a workload: relative weights, any scale.
///
/// The named workloads (`mixed`, `decide-only`, `popups`) are defined here and, with the same numbers, in
/// `Benchmarks/workloads/NAME.json`; a test keeps the two in step. A `--workload FILE` has the same format:
///
/// ```json
/// { "name": "checkout-heavy", "weights": { "sameSiteClick": 50, "windowOpen": 30, "back": 20 } }
/// ```
///
/// `weights` is required; its keys are event kinds, its values numbers ≥ 0, at least one positive; kinds left
/// out weigh 0. `name` and `description` are optional strings. Any other key is an error naming its JSON path.
package struct WorkloadMix: Sendable, Equatable {
  /// The workload's name, shown in reports.
  package var name: String
  /// What the workload stands for.
  package var description: String
  /// The weight of each kind; kinds absent weigh 0.
  package var weights: [WorkloadEventKind: Double]

  /// Creates a mix; at least one weight must be positive for a generator to use it.
  package init(name: String, description: String = "", weights: [WorkloadEventKind: Double]) {
    self.name = name
    self.description = description
    self.weights = weights
  }

  /// The sum of the weights.
  package var totalWeight: Double { weights.values.reduce(0, +) }

  /// The share of `kind` in the mix, from 0 to 1.
  package func probability(of kind: WorkloadEventKind) -> Double {
    let total = totalWeight
    return total > 0 ? (weights[kind] ?? 0) / total : 0
  }

  // MARK: Named workloads

  /// The default: what a page with a game or a shop and its ads does.
  package static let mixed = WorkloadMix(
    name: "mixed",
    description: "Page loads, same-site and cross-site clicks, _blank links and window.open popups (each "
      + "admitted, first-loaded and closed again), back/forward and reloads.",
    weights: [
      .load: 8, .sameSiteClick: 34, .crossSiteClick: 14, .blankLink: 8, .windowOpen: 6, .back: 16, .forward: 6,
      .reload: 8,
    ])

  /// Navigations of existing frames only: no popup is ever opened.
  package static let decideOnly = WorkloadMix(
    name: "decide-only",
    description: "Navigations of existing frames only (loads, clicks, back/forward, reloads); no popups.",
    weights: [.load: 10, .sameSiteClick: 40, .crossSiteClick: 18, .back: 18, .forward: 6, .reload: 8])

  /// Mostly popups: `_blank` links and `window.open`, with a few clicks so that pages change.
  package static let popups = WorkloadMix(
    name: "popups",
    description: "Mostly popups (_blank links and window.open, each admitted, first-loaded and closed), with "
      + "some same-site clicks so that openers change pages.",
    weights: [.blankLink: 45, .windowOpen: 45, .sameSiteClick: 10])

  /// The workloads `--workload` knows by name, in the order of ``BenchOptions/namedWorkloads``.
  package static let named: [WorkloadMix] = [mixed, decideOnly, popups]

  /// The named workload called `name`, if there is one.
  package static func named(_ name: String) -> WorkloadMix? {
    named.first { $0.name == name }
  }

  // MARK: Files

  /// Reads a workload file.
  ///
  /// - Throws: ``BenchSetupError`` naming the file and, for invalid contents, the JSON path.
  package static func load(fromFile path: String) throws(BenchSetupError) -> WorkloadMix {
    let data: [UInt8]
    do throws(InputFileError) {
      data = try InputFile.read(path)
    } catch {
      throw BenchSetupError(
        file: InputFile.displayName(path), problem: "cannot read the workload file: \(error.reason)")
    }
    do {
      return try WorkloadMix(json: data, defaultName: path)
    } catch {
      throw BenchSetupError(file: InputFile.displayName(path), problem: error.description)
    }
  }

  /// Decodes a workload from JSON.
  ///
  /// - Parameter defaultName: The name when the file gives none.
  /// - Throws: `ConfigurationError` naming the JSON path of the first problem.
  package init(json: some Collection<UInt8>, defaultName: String = "custom") throws(ConfigurationError) {
    let reader = JSONReader(try JSONValue(parsing: json))
    _ = try reader.object(allowing: ["name", "description", "weights"])
    let name = try reader.member("name")?.string() ?? defaultName
    let description = try reader.member("description")?.string() ?? ""
    guard let weightsReader = reader.member("weights") else {
      throw reader.error("a workload needs \"weights\": an object of event kinds and their weights")
    }
    let members = try weightsReader.object(allowing: Set(WorkloadEventKind.allCases.map(\.name)))
    var weights: [WorkloadEventKind: Double] = [:]
    for member in members {
      let value = JSONReader(member.value, path: weightsReader.path(of: member.key))
      guard case .number(let weight) = member.value else {
        throw value.error("expected a number, found \(member.value.typeName)")
      }
      guard weight.isFinite, weight >= 0 else {
        throw value.error("\(member.value.excerpt) is not a weight (expected a number of 0 or more)")
      }
      // `object(allowing:)` has checked the key.
      if let kind = WorkloadEventKind(rawValue: member.key) { weights[kind] = weight }
    }
    guard weights.values.contains(where: { $0 > 0 }) else {
      throw weightsReader.error("at least one weight must be positive")
    }
    guard weights.values.reduce(0, +).isFinite else {
      throw weightsReader.error("the weights sum to more than the largest finite number: scale them down")
    }
    self.init(name: name, description: description, weights: weights)
  }

  /// The mix as a workload file: pretty-printed, kinds in declaration order, ending in a newline.
  package var json: String {
    var text = "{\n  \"name\": \(JSONValue.quoted(name)),\n"
    if !description.isEmpty { text += "  \"description\": \(JSONValue.quoted(description)),\n" }
    let lines = WorkloadEventKind.allCases.compactMap { kind in
      weights[kind].map { "    \(JSONValue.quoted(kind.name)): \(JSONValue.number($0).excerpt)" }
    }
    text += "  \"weights\": {\n" + lines.joined(separator: ",\n") + "\n  }\n}\n"
    return text
  }
}
