import Foundation
import SessionKit
import SessionKitSimulation
import XCTest

/// The simulator says what the WebKit adapter does: a page's navigation that no user gesture started (a script's
/// `location`) opens nothing outside the app, whatever the policy answers; the first load of a window a gesture
/// opened may.
final class NoGestureNoExternalAppTests: XCTestCase {
  private let policy = #"""
    {"version": 1, "rules": [
      {"name": "store", "match": {"schemes": ["itms-apps"]}, "action": {"external": "system"}},
      {"name": "out", "match": {"hosts": ["advertiser.example"]}, "action": {"external": "safari"}}]}
    """#

  private func simulator() throws -> WebKitSimulator {
    WebKitSimulator(engine: SessionEngine(policy: try CompiledPolicy(json: Array(policy.utf8))))
  }

  func test_aScriptsLocation_toTheAppStore_isBlockedForWantOfAGesture_whileATapOpensIt() async throws {
    let simulator = try simulator()
    _ = try await simulator.perform(.load("https://games.example/play"))
    let scripted = try await simulator.perform(.assign("itms-apps://apps.apple.com/app/id1"))
    XCTAssertEqual(scripted.outcome, .blocked(reason: .noUserGesture))
    let tapped = try await simulator.perform(.click("itms-apps://apps.apple.com/app/id1", target: "_top"))
    XCTAssertEqual(tapped.outcome, .external(via: .system))
  }

  func test_aScriptsWindowOpen_thatThePolicySendsOut_opensNothing_whenScriptsMayOpenWindows() async throws {
    let engine = SessionEngine(
      policy: try CompiledPolicy(
        json: Array(
          #"""
          {"version": 1, "popups": {"requireUserGesture": false},
           "rules": [{"name": "out", "match": {"hosts": ["advertiser.example"]}, "action": {"external": "safari"}}]}
          """#.utf8)))
    let simulator = WebKitSimulator(
      engine: engine, settings: SimulatorSettings(javaScriptCanOpenWindowsAutomatically: true))
    _ = try await simulator.perform(.load("https://games.example/play"))
    let scripted = try await simulator.perform(.open("https://advertiser.example/offer", gesture: false))
    XCTAssertEqual(scripted.outcome, .blocked(reason: .noUserGesture))
    let tapped = try await simulator.perform(.open("https://advertiser.example/offer", gesture: true))
    XCTAssertEqual(tapped.outcome, .external(via: .safari))
  }

  func test_aBlankWindowAUserOpened_mayStillSendItsFirstLoadOut_butNotItsSecond() async throws {
    let simulator = try simulator()
    _ = try await simulator.perform(.load("https://games.example/play"))
    // The ad pattern: a blank window on the tap, then the script sends it to the advertiser.
    _ = try await simulator.perform(.open(nil, gesture: true))
    let sentOut = try await simulator.perform(.assign("https://advertiser.example/offer"), in: "main.1")
    XCTAssertEqual(sentOut.outcome, .external(via: .safari, closed: ["main.1"]))

    _ = try await simulator.perform(.open(nil, gesture: true))
    let first = try await simulator.perform(.assign("https://shop.example/landing"), in: "main.2")
    XCTAssertEqual(first.outcome, .navigated(session: "main.2", frame: .main))
    let second = try await simulator.perform(.assign("https://advertiser.example/offer"), in: "main.2")
    XCTAssertEqual(second.outcome, .blocked(reason: .noUserGesture))
  }
}
