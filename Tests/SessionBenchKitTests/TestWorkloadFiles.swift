import Foundation
import SessionBenchKit
import SessionKit
import XCTest

final class TestWorkloadFiles: XCTestCase {
  private func error(decoding json: String) -> String? {
    do {
      _ = try WorkloadMix(json: Array(json.utf8))
      return nil
    } catch {
      return error.description
    }
  }

  func test_aWorkloadFile_givesItsWeights() throws {
    let mix = try WorkloadMix(json: Array(#"{"name": "pay", "weights": {"windowOpen": 3, "back": 1.5}}"#.utf8))
    XCTAssertEqual(mix.name, "pay")
    XCTAssertEqual(mix.weights, [.windowOpen: 3, .back: 1.5])
    XCTAssertEqual(mix.probability(of: .windowOpen), 2.0 / 3.0, accuracy: 1e-12)
  }

  func test_errorsInAWorkloadFile_nameTheJSONPath() {
    XCTAssertEqual(error(decoding: #"{"weights": {"load": "x"}}"#), "weights.load: expected a number, found string")
    XCTAssertEqual(
      error(decoding: #"{"weights": {"load": -1}}"#),
      "weights.load: -1 is not a weight (expected a number of 0 or more)")
    XCTAssertTrue(error(decoding: #"{"weights": {"jump": 1}}"#)?.hasPrefix("weights.jump: unknown key") ?? false)
    XCTAssertTrue(error(decoding: #"{"weights": {}, "mode": 1}"#)?.hasPrefix("mode: unknown key") ?? false)
    XCTAssertEqual(error(decoding: #"{"weights": {"load": 0}}"#), "weights: at least one weight must be positive")
    XCTAssertEqual(error(decoding: #"{"name": 3, "weights": {"load": 1}}"#), "name: expected a string, found number")
    XCTAssertEqual(
      error(decoding: #"{"name": "x"}"#), "a workload needs \"weights\": an object of event kinds and their weights")
  }

  func test_anInvalidWorkloadFile_stopsTheRun_withExitStatus2_andTheFileAndPath() async throws {
    let path = try ProfileFixtures.temporaryFile(Data(#"{"weights": {"back": true}}"#.utf8), name: "mix.json")
    var options = BenchOptions()
    options.workload = path
    options.quiet = true
    let errors = Lines()
    let status = await runBench(options, standardOutput: { _ in }, standardError: { errors.append($0) })
    XCTAssertEqual(status, 2)
    XCTAssertEqual(errors.text, "session-bench: \(path): weights.back: expected a number, found boolean\n")
  }

  func test_anInvalidPolicyFile_stopsTheRun_withExitStatus2_andTheFileAndPath() async throws {
    let policy = #"{"version": 1, "rules": [{"name": "a", "match": {"hosts": ["*.*"]}, "action": "allow"}]}"#
    let path = try ProfileFixtures.temporaryFile(Data(policy.utf8), name: "policy.json")
    var options = BenchOptions()
    options.policy = path
    options.quiet = true
    let errors = Lines()
    let status = await runBench(options, standardOutput: { _ in }, standardError: { errors.append($0) })
    XCTAssertEqual(status, 2)
    XCTAssertEqual(errors.text, "session-bench: \(path): rules[0].match.hosts[0]: \"*.*\" is not a host pattern\n")
  }

  func test_theNamedWorkloads_areTheOptionsNames() {
    XCTAssertEqual(WorkloadMix.named.map(\.name), BenchOptions.namedWorkloads)
  }

  func test_theCheckedInWorkloads_haveTheNumbersTheCodeUses() throws {
    for mix in WorkloadMix.named {
      let file = try WorkloadMix(json: RepositoryFiles.data("Benchmarks/workloads/\(mix.name).json"))
      XCTAssertEqual(file, mix, mix.name)
    }
  }

  func test_theCheckedInRealisticPolicy_isTheBuiltInOne() throws {
    let file = String(decoding: try RepositoryFiles.data("Benchmarks/policies/realistic.json"), as: UTF8.self)
    XCTAssertEqual(file, RealisticPolicy.json)
  }
}

/// Text written from `@Sendable` callbacks, collected for assertions.
final class Lines: @unchecked Sendable {
  // Guarded by `lock`; the callbacks may run on any thread.
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) {
    lock.withLock { lines.append(line) }
  }

  var text: String { lock.withLock { lines.joined() } }
}

final class TestStrictWorkloadAndProfileFiles: XCTestCase {
  func test_weightsThatSumToInfinity_areAnErrorNamingTheWeights() {
    XCTAssertThrowsError(
      try WorkloadMix(json: Array(#"{"weights": {"load": 1e308, "back": 1e308, "reload": 1e308}}"#.utf8))
    ) { error in
      XCTAssertEqual(
        "\(error)", "weights: the weights sum to more than the largest finite number: scale them down")
    }
  }

  func test_aWorkloadFileWithInvalidUTF8_isRejectedWithLineAndColumn() {
    let bytes: [UInt8] = Array(#"{"name": ""#.utf8) + [0xFE] + Array(#"", "weights": {"load": 1}}"#.utf8)
    XCTAssertThrowsError(try WorkloadMix(json: bytes)) { error in
      XCTAssertTrue("\(error)".contains("line 1, column 11: invalid UTF-8"), "\(error)")
    }
  }

  func test_aProfileFileWithInvalidUTF8_isRejectedWithLineAndColumn() throws {
    let bytes = Data(Array("{\n  \"tool\": \"session-".utf8) + [0xC0, 0x80] + Array("bench\"\n}".utf8))
    let path = try ProfileFixtures.temporaryFile(bytes, name: "bad-utf8.json")
    XCTAssertThrowsError(try BenchProfile.load(fromFile: path)) { error in
      XCTAssertTrue("\(error)".contains("line 2, column 20: invalid UTF-8"), "\(error)")
    }
  }
}
