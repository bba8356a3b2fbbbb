import SessionKit

/// The conditions of a rule's `match` that no new-window request meets, behind the `popup-never-new-window`
/// check: a `popup` action answers only new-window requests, so on such a rule it is a plain allow.
///
/// Each follows from the engine or from WebKit, not from a guess:
/// - `target` other than `newWindow`: a new-window request's target frame is `nil` (``NavigationTarget``).
/// - `popupFirstLoad: true`: the engine sets it only for a main-frame navigation in a blank popup
///   (`RequestFacts` in `CompiledPolicy.swift`), never for the new-window request that opens one.
/// - `navigationTypes` without `linkActivated`, `formSubmitted` and `other`: WebKit asks for a new window only
///   for a `_blank` (or unknown-name) link, a form aimed at a new window, or `window.open`
///   (WebKitBehavior.md, the callback table; the simulator's `newWindow` and `newWindowFromLink`); back, forward
///   and reload navigate a frame that exists.
/// - `userGesture: false` while `popups.requireUserGesture` holds: the engine refuses a new window without a
///   gesture before it consults any rule (`PopupTreeState.popupRefusal`, checked in `admitPopup(for:)`).
enum NewWindowExclusion {
  /// One condition that keeps new windows out: its key under `match` and why.
  struct Condition: Equatable {
    var key: String
    var reason: String
  }

  /// The navigation types WebKit gives a new-window request.
  static let newWindowTypes: Set<NavigationType> = [.linkActivated, .formSubmitted, .other]

  /// The conditions of `match` that no new-window request meets under `limits`, in the order of the format.
  static func conditions(of match: RuleMatch, limits: PopupLimits) -> [Condition] {
    var found: [Condition] = []
    if let types = match.navigationTypes, newWindowTypes.isDisjoint(with: types) {
      let names = types.map { JSONValue.quoted($0.description) }.joined(separator: ", ")
      found.append(
        Condition(
          key: "navigationTypes",
          reason: "is \(names): WebKit asks for a new window only as linkActivated, formSubmitted or other"))
    }
    if let target = match.target, target != .newWindow {
      found.append(
        Condition(key: "target", reason: "is \(JSONValue.quoted(target.rawValue)): a new window's target is nil"))
    }
    if match.userGesture == false, limits.requireUserGesture {
      found.append(
        Condition(
          key: "userGesture",
          reason: "is false, and popups.requireUserGesture (true unless the file says otherwise) refuses every "
            + "new window without a gesture before any rule is consulted"))
    }
    if match.popupFirstLoad == true {
      found.append(
        Condition(
          key: "popupFirstLoad",
          reason: "is true: a popup's first load is a main-frame navigation in the popup, not a new-window request"))
    }
    return found
  }
}
