import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// The README's policy file and its "evaluating one navigation in code" example, run as written, so the
/// documentation cannot drift from the API or from what the policy decides.
final class ReadmeExampleTests: XCTestCase {
  private static let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("README.md")

  /// The README's ```json blocks, in order: the policy file, then the scenario.
  private func readmeJSONBlocks() throws -> [String] {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    var blocks: [String] = []
    var searchFrom = text.startIndex
    while let start = text.range(of: "```json\n", range: searchFrom..<text.endIndex) {
      let end = try XCTUnwrap(text.range(of: "```", range: start.upperBound..<text.endIndex))
      blocks.append(String(text[start.upperBound..<end.lowerBound]))
      searchFrom = end.upperBound
    }
    return blocks
  }

  private func readmePolicyJSON() throws -> String {
    try XCTUnwrap(try readmeJSONBlocks().first)
  }

  func test_readmeScenario_replays_withEveryExpectationHolding() async throws {
    let blocks = try readmeJSONBlocks()
    XCTAssertEqual(blocks.count, 2, "the README shows one policy and one scenario")
    let scenario = try Scenario(json: Array(try XCTUnwrap(blocks.last).utf8))
    let report = try await ScenarioRunner(scenario: scenario).run()
    XCTAssertEqual(report.failures, [])
    XCTAssertEqual(report.exitCode, 0)
  }

  func test_readmePolicy_compiles_andItsBlankLinkExample_opensInSafari_byTheCrossSiteNewWindowRule() throws {
    let policyJSON = try readmePolicyJSON()
    let policy = try CompiledPolicy(json: Array(policyJSON.utf8))
    let decision = policy.evaluate(
      "https://advertiser.example/offer", from: "https://games.example/play", target: .newWindow)
    XCTAssertEqual(decision.action.description, #"{"external":"safari"}"#)
    XCTAssertEqual(decision.trace.rule, "ad-clicks/cross-site-new-window")
  }

  func test_readmePolicy_sendsPhoneLinksToTheSystem_andCheckoutPopupsModal() throws {
    let policy = try CompiledPolicy(json: Array(try readmePolicyJSON().utf8))
    let context = PolicyContext(currentURL: try WebAddress("https://shop.example/cart"))
    let phone = policy.evaluate(
      NavigationAction(
        requestURL: "tel:+15551234", sourceFrame: FrameInfo(isMainFrame: true, url: "https://shop.example/cart"),
        targetFrame: FrameInfo(isMainFrame: true, url: "https://shop.example/cart"), navigationType: .linkActivated,
        isUserGesture: true), in: context)
    XCTAssertEqual(phone.action, .external(.system))
    XCTAssertEqual(phone.trace.rule, "phone-and-mail")
    let checkout = policy.evaluate(
      NavigationAction(
        requestURL: "https://pay.example.com/session",
        sourceFrame: FrameInfo(isMainFrame: true, url: "https://shop.example/cart"),
        targetFrame: nil, navigationType: .other, isUserGesture: true), in: context)
    XCTAssertEqual(checkout.action, .popup(.modal))
    XCTAssertEqual(checkout.trace.rule, "checkout-popups")
  }
}
