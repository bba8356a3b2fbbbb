import Foundation
import SessionKit

/// The policy a run decides with: the built-in ``RealisticPolicy`` or a `--policy` file, padded with
/// `--rules N` extra host rules.
package enum BenchPolicy {
  /// The name of the `n`th padding rule's host: `padding-n.example`.
  package static func paddingHost(_ index: Int) -> String { "padding-\(index).example" }

  /// The configuration `options` ask for, compiled.
  ///
  /// - Throws: ``BenchSetupError`` naming the policy file, and the JSON path of the problem when it is invalid.
  package static func load(_ options: BenchOptions) throws(BenchSetupError) -> CompiledPolicy {
    var configuration: PolicyConfiguration
    if let path = options.policy {
      let data: [UInt8]
      do throws(InputFileError) {
        data = try InputFile.read(path)
      } catch {
        throw BenchSetupError(
          file: InputFile.displayName(path), problem: "cannot read the policy file: \(error.reason)")
      }
      do {
        configuration = try PolicyConfiguration(json: data)
      } catch {
        throw BenchSetupError(file: InputFile.displayName(path), problem: error.description)
      }
    } else {
      do {
        configuration = try RealisticPolicy.configuration()
      } catch {
        throw BenchSetupError(file: nil, problem: "the built-in realistic policy is invalid: \(error.description)")
      }
    }
    do {
      return try CompiledPolicy(padded(configuration, extraRules: options.rules))
    } catch {
      throw BenchSetupError(file: options.policy.map(InputFile.displayName), problem: error.description)
    }
  }

  /// `configuration` with `extraRules` exact-host rules (`padding-N` allows `padding-N.example`) placed
  /// before its own rules, so that every one of them precedes the rules that decide the workload's requests.
  package static func padded(_ configuration: PolicyConfiguration, extraRules: Int) -> PolicyConfiguration {
    guard extraRules > 0 else { return configuration }
    var padded = configuration
    var rules: [PolicyRule] = []
    rules.reserveCapacity(extraRules + configuration.rules.count)
    for index in 0..<extraRules {
      rules.append(
        PolicyRule(name: "padding-\(index)", match: RuleMatch(hosts: [.exact(paddingHost(index))]), action: .allow))
    }
    padded.rules = rules + configuration.rules
    return padded
  }
}
