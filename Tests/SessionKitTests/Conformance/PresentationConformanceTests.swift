import XCTest

@testable import SessionKit
@testable import SessionKitSimulation

/// The three ways the seeds present a popup — an overlay with a close button in the same view controller
/// (UIKit), a new modal view controller (Objective-C), a SwiftUI overlay — as the presentation hint the engine
/// emits, and what the close button (`dismiss`) and `window.close()` remove.
final class PresentationConformanceTests: XCTestCase {
  private let policy = #"""
    {"version": 1,
     "rules": [
       {"name": "overlay-popups", "match": {"hosts": ["overlay.example"], "target": "newWindow"},
        "action": {"popup": "overlay"}},
       {"name": "modal-popups", "match": {"hosts": ["modal.example"], "target": "newWindow"},
        "action": {"popup": "modal"}}
     ],
     "popups": {"presentation": "modal", "maxDepth": 4}}
    """#

  private func loadedApp(events: SessionEngine.EventDelivery = .none) async throws -> SimulatedApp {
    let app = try SimulatedApp(policy: policy, events: events)
    try await app.perform(.load("https://site.example/"))
    return app
  }

  // UIKit seed: `{"popup": "overlay"}` shows the popup over the opener with a close button; tapping it
  // (`dismiss`) closes the popup and makes no delegate call.
  func test_overlayPopup_isHintedOverlay_andItsCloseButtonClosesIt() async throws {
    let app = try await loadedApp()
    let opened = try await app.perform(.open("https://overlay.example/", gesture: true))
    XCTAssertEqual(opened.outcome, .popup(child: "main.1", presentation: .overlay))
    XCTAssertEqual(opened.rule, "overlay-popups")
    let popup = try await app.simulator.session("main.1")
    XCTAssertEqual(popup.presentation, .overlay)
    let dismissed = try await app.perform(.dismiss, in: "main.1")
    assertStep(dismissed, .closed(["main.1"]), callbacks: [])
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main https://site.example/ 1"])
  }

  // Objective-C seed: `{"popup": "modal"}` presents the popup in a new modal view controller.
  func test_modalPopup_isHintedModal_andClosesWithWindowClose() async throws {
    let app = try await loadedApp()
    let opened = try await app.perform(.click("https://modal.example/", target: "_blank"))
    XCTAssertEqual(opened.outcome, .popup(child: "main.1", presentation: .modal))
    XCTAssertEqual(opened.rule, "modal-popups")
    let closed = try await app.perform(.close, in: "main.1")
    assertStep(closed, .closed(["main.1"]), callbacks: [WebKitCall.webViewDidClose("main.1")])
  }

  // `allow` admits a popup with `popups.presentation`.
  func test_allowedPopup_usesThePolicysDefaultPresentation() async throws {
    let app = try await loadedApp()
    let opened = try await app.perform(.open("https://elsewhere.example/", gesture: true))
    XCTAssertEqual(opened.outcome, .popup(child: "main.1", presentation: .modal))
    XCTAssertEqual(opened.rule, "default")
  }

  // SwiftUI seed: also `overlay`; dismissing the popup closes it and its subtree (pre-order), as dismissing
  // a presenting view controller does, and `dismiss` on main is ignored (the root has no close button).
  func test_swiftUIOverlay_dismissClosesThePopupAndItsSubtree_andDismissOnMainIsIgnored() async throws {
    let app = try await loadedApp(events: .lifecycle)
    let hints = app.engine.events()
    try await app.perform(.open("https://overlay.example/", gesture: true))
    try await app.perform(.open("https://modal.example/", gesture: true), in: "main.1")
    try await app.perform(.open("https://overlay.example/nested", gesture: true), in: "main.1.1")
    try await app.perform(.open("https://overlay.example/sibling", gesture: true))

    let main = try await app.perform(.dismiss)
    assertStep(main, .ignored, callbacks: [])
    let dismissed = try await app.perform(.dismiss, in: "main.1")
    assertStep(dismissed, .closed(["main.1", "main.1.1", "main.1.1.1"]), callbacks: [])
    let sessions = await app.openSessions()
    XCTAssertEqual(sessions, ["main https://site.example/ 1", "main.2 https://overlay.example/sibling 1"])

    // The hints the UI layer applies, in order.
    await app.shutdown()
    var events: [SessionEvent] = []
    for await event in hints { events.append(event) }
    XCTAssertEqual(
      events,
      [
        .popupOpened(child: "main.1", opener: "main", presentation: .overlay, url: "https://overlay.example/"),
        .popupOpened(child: "main.1.1", opener: "main.1", presentation: .modal, url: "https://modal.example/"),
        .popupOpened(
          child: "main.1.1.1", opener: "main.1.1", presentation: .overlay, url: "https://overlay.example/nested"),
        .popupOpened(child: "main.2", opener: "main", presentation: .overlay, url: "https://overlay.example/sibling"),
        .popupClosed("main.1", reason: .dismissed),
        .popupClosed("main.1.1", reason: .openerClosed),
        .popupClosed("main.1.1.1", reason: .openerClosed),
      ])
  }

  // A closed popup cannot be dismissed again: the step names a closed session.
  func test_dismissingAClosedPopup_isAnInvalidStep() async throws {
    let app = try await loadedApp()
    try await app.perform(.open("https://overlay.example/", gesture: true))
    try await app.perform(.dismiss, in: "main.1")
    do {
      try await app.perform(.dismiss, in: "main.1")
      XCTFail("dismiss on a closed popup was performed")
    } catch let error as SimulationError {
      XCTAssertEqual(error.code, .closedSession)
    }
  }
}
