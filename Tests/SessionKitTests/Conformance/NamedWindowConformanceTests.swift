import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// Window names (DESIGN §5 "Named targets"): a named window keeps its name, a later link or `window.open`
/// aimed at it navigates that window (`noopener` included: it does not skip the lookup), and the first of two
/// same-named windows wins.
final class NamedWindowConformanceTests: XCTestCase {
  private func appWithCheckoutWindow() async throws -> SimulatedApp {
    let app = try SimulatedApp()
    try await app.perform(.load("https://shop.example/cart"))
    let opened = try await app.perform(.open("https://pay.example/start", target: "checkout", gesture: true))
    assertStep(
      opened, .popup(child: "main.1", presentation: .overlay),
      callbacks: [
        WebKitCall.createWebViewWith("main", .other, answer: "main.1"),
        WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow"),
      ])
    return app
  }

  // HTML: a link aimed at an open window's name navigates that window: decidePolicyFor(linkActivated) in it,
  // no createWebViewWith.
  func test_linkAimedAtAnOpenWindowsName_navigatesThatWindow() async throws {
    let app = try await appWithCheckoutWindow()
    let result = try await app.perform(.click("https://pay.example/step-2", target: "checkout"))
    assertStep(
      result, .navigated(session: "main.1", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main.1", .linkActivated, target: "main", answer: "allow")])
    XCTAssertEqual(result.session, "main")
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main https://shop.example/cart 1", "main.1 https://pay.example/step-2 2"])
  }

  // HTML: `window.open(url, name)` with an open window of that name navigates it (other), without the gate.
  func test_windowOpenAimedAtAnOpenWindowsName_navigatesItWithoutThePopupGate() async throws {
    let app = try await appWithCheckoutWindow()
    let result = try await app.perform(.open("https://pay.example/step-3", target: "checkout", gesture: false))
    assertStep(
      result, .navigated(session: "main.1", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow")])
  }

  // DESIGN §5: `window.open()` with no URL aimed at an existing name has nothing to load: ignored.
  func test_windowOpenWithoutURLAimedAtAnOpenWindowsName_isIgnored() async throws {
    let app = try await appWithCheckoutWindow()
    let result = try await app.perform(.open(nil, target: "checkout", gesture: true))
    assertStep(result, .ignored, callbacks: [])
  }

  // WebKit (observed 2026-12-01, as the HTML spec's rules for choosing a navigable): `noopener` does not skip the
  // lookup: the window that carries the name is navigated (no createWebViewWith, no popup gate), and no second
  // window of that name opens.
  func test_noopenerWithAName_navigatesTheWindowOfThatName() async throws {
    let app = try await appWithCheckoutWindow()
    let second = try await app.perform(
      .open("https://pay.example/other", target: "checkout", gesture: false, noopener: true))
    assertStep(
      second, .navigated(session: "main.1", frame: .main),
      callbacks: [WebKitCall.decidePolicyFor("main.1", .other, target: "main", answer: "allow")])
    let lookup = try await app.perform(.click("https://pay.example/step-2", target: "checkout"))
    XCTAssertEqual(lookup.outcome, .navigated(session: "main.1", frame: .main))
  }

  // A closed window no longer answers to its name: the name opens a new window again.
  func test_aClosedWindowsName_opensANewWindow() async throws {
    let app = try await appWithCheckoutWindow()
    try await app.perform(.close, in: "main.1")
    let result = try await app.perform(.click("https://pay.example/again", target: "checkout"))
    assertStep(
      result, .popup(child: "main.2", presentation: .overlay),
      callbacks: [
        WebKitCall.decidePolicyFor("main", .linkActivated, target: "none", answer: "allow"),
        WebKitCall.createWebViewWith("main", .linkActivated, answer: "main.2"),
        WebKitCall.decidePolicyFor("main.2", .other, target: "main", answer: "allow"),
      ])
  }

  // A `noopener` popup is still its opener's child: counted against maxOpen.
  func test_noopenerPopup_isStillCountedInItsOpenersTree() async throws {
    let app = try SimulatedApp(policy: #"{"version": 1, "popups": {"maxOpen": 1}}"#)
    try await app.perform(.load("https://shop.example/cart"))
    try await app.perform(.open("https://pay.example/a", target: "w", gesture: true, noopener: true))
    let refused = try await app.perform(.open("https://pay.example/b", gesture: true))
    XCTAssertEqual(refused.outcome, .blocked(reason: .popupLimit))
  }
}
