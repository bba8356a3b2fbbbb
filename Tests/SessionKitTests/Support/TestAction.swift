import Foundation
import XCTest

@testable import SessionKit

/// The navigation actions WebKit hands the engine, built the way §2's callback table describes them.
enum TestAction {
  /// The frame info of a main frame showing `url`.
  static func mainFrame(_ url: String) -> FrameInfo {
    FrameInfo(isMainFrame: true, url: url)
  }

  /// A navigation of the main frame (the app's `load(_:)`, a script's `location.href`, a popup's first load):
  /// `other` unless told, no gesture unless told.
  static func load(
    _ url: String, from current: String = "about:blank", type: NavigationType = .other, gesture: Bool = false
  ) -> NavigationAction {
    let frame = mainFrame(current)
    return NavigationAction(
      requestURL: url, sourceFrame: frame, targetFrame: frame, navigationType: type, isUserGesture: gesture)
  }

  /// A link tapped in the main frame, navigating it (`_self`, `_top`): `linkActivated`, with a gesture.
  static func link(_ url: String, from current: String = "https://site.example/") -> NavigationAction {
    load(url, from: current, type: .linkActivated, gesture: true)
  }

  /// A link tapped inside an iframe that navigates the iframe.
  static func subframeLink(_ url: String, frame: String = "https://frame.example/slot") -> NavigationAction {
    let frameInfo = FrameInfo(isMainFrame: false, url: frame)
    return NavigationAction(
      requestURL: url, sourceFrame: frameInfo, targetFrame: frameInfo, navigationType: .linkActivated,
      isUserGesture: true)
  }

  /// A `_blank` link (or a form aimed at a new window): the opener's `decidePolicyFor` with a nil target, then
  /// the `createWebViewWith` request — the same action for both callbacks.
  static func blankLink(
    _ url: String, from current: String = "https://site.example/", type: NavigationType = .linkActivated,
    gesture: Bool = true
  ) -> NavigationAction {
    NavigationAction(
      requestURL: url, sourceFrame: mainFrame(current), targetFrame: nil, navigationType: type,
      isUserGesture: gesture)
  }

  /// `window.open(url)`: `createWebViewWith` with an `other` action and a nil target; `url` empty for
  /// `window.open()`.
  static func windowOpen(
    _ url: String, from current: String = "https://site.example/", gesture: Bool = true
  ) -> NavigationAction {
    blankLink(url, from: current, type: .other, gesture: gesture)
  }
}
