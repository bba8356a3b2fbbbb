import SessionKit

/// Something a page or its user does, which the simulator turns into WebKit's callback sequence.
package enum PageEvent: Sendable, Hashable {
  /// The app calls `load(_:)`.
  case load(String)
  /// The user taps a link to `url` aimed at `target` (`_self`, `_blank`, `_top`, `_parent` or a window name),
  /// in the iframe `frame` names (its `src`, or for an iframe inside iframes the key of its path, ``FrameState/key(_:)``;
  /// `nil`: the main frame), with the link's `rel` keywords and whether it
  /// has a `download` attribute.
  case click(
    String, target: String = "_self", frame: String? = nil, rel: Set<LinkRelation> = [], download: Bool = false)
  /// The page calls `window.open(url, target)` (`url` `nil` for `window.open()`).
  case open(String?, target: String = "_blank", gesture: Bool = false, noopener: Bool = false)
  /// The page sets `location.href`.
  case assign(String)
  /// The user submits a form to `url` aimed at `target`, with method GET or POST, from the iframe `frame` names (as
  /// for ``click(_:target:frame:rel:download:)``; `nil`: the main frame).
  case submit(String, target: String = "_self", method: FormMethod = .get, frame: String? = nil)
  /// History back.
  case back
  /// History forward.
  case forward
  /// Reload.
  case reload
  /// The page calls `window.close()`.
  case close
  /// The user taps the popup's close button.
  case dismiss
  /// The page's script sets `window.name` (a `windowName` step): the window's main frame is called so from then on,
  /// for links, forms and `window.open` that aim at that name (an empty name: no name). It makes no callback.
  case windowName(String)
  /// Scenario time passes by `milliseconds` (a `wait` step). The driver moves the clock; the simulator then
  /// has the engine close the popups whose blank timeout ran out.
  case wait(milliseconds: Int)

  /// The event's name as scenario files and replay output spell it.
  package var name: String {
    switch self {
    case .load: "load"
    case .click: "click"
    case .open: "open"
    case .assign: "assign"
    case .submit: "submit"
    case .back: "back"
    case .forward: "forward"
    case .reload: "reload"
    case .close: "close"
    case .dismiss: "dismiss"
    case .wait: "wait"
    case .windowName: "windowName"
    }
  }

  /// Whether the event carries a user gesture (a click, a form, a dismissal, or `window.open` with `gesture`).
  package var carriesUserGesture: Bool {
    switch self {
    case .click, .submit, .dismiss: true
    case .open(_, _, let gesture, _): gesture
    case .load, .assign, .back, .forward, .reload, .close, .wait, .windowName: false
    }
  }
}

/// A form's method.
package enum FormMethod: String, Sendable, Hashable, CaseIterable {
  /// GET.
  case get
  /// POST: going back to or reloading its entry is `formResubmitted`.
  case post
}

/// A link's `rel` keyword that changes how a new window is opened.
package enum LinkRelation: String, Sendable, Hashable, CaseIterable {
  /// `rel=opener`: a `_blank` link's window keeps its opener (it is familiar with its creator).
  case opener
  /// `rel=noopener`: the new window has no opener and, for a named target, carries no name; wins over `opener`.
  case noopener
  /// `rel=noreferrer`: as `noopener` for the opener and the name (and no `Referer`).
  case noreferrer
}

extension Set<LinkRelation> {
  /// Whether the keywords cut the new window's opener (`noopener` or `noreferrer`, whatever `opener` says).
  var cutsOpener: Bool { contains(.noopener) || contains(.noreferrer) }
}
