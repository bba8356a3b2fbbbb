import SessionKit

/// One step of a scenario: the session it acts in, the page event, and what its result must have.
package struct ScenarioStep: Sendable, Hashable {
  /// The session the step acts in (`main` by default).
  package var session: SessionID
  /// The page event.
  package var event: PageEvent
  /// Fields the step's replay line must have, in file order (`nil`: no expectation).
  package var expect: JSONValue?
  /// The step's JSON path, e.g. `steps[3]`.
  package var path: String

  /// The keys an `expect` may name: the fields of a replay line.
  static let expectableKeys: Set<String> = [
    "step", "in", "event", "url", "outcome", "session", "frame", "child", "presentation", "via", "reason", "closed",
    "rule", "callbacks", "timedOut", "redirects", "blockedFrames",
  ]

  private static let eventKeys = [
    "load", "click", "open", "assign", "submit", "back", "forward", "reload", "close", "dismiss", "wait",
    "windowName",
  ]
  private static let modifiers: [String: Set<String>] = [
    "target": ["click", "open", "submit"], "frame": ["click", "submit"], "gesture": ["open"], "noopener": ["open"],
    "method": ["submit"], "rel": ["click"], "download": ["click"],
  ]

  /// Creates a step.
  package init(session: SessionID = "main", event: PageEvent, expect: JSONValue? = nil, path: String = "") {
    self.session = session
    self.event = event
    self.expect = expect
    self.path = path
  }

  init(_ reader: JSONReader) throws(ConfigurationError) {
    let members = try reader.object(
      allowing: Set(Self.eventKeys).union(Self.modifiers.keys).union(["in", "expect"]))
    let events = members.map(\.key).filter(Self.eventKeys.contains)
    guard let eventKey = events.first else {
      throw reader.error("a step needs one event: " + Self.eventKeys.map(JSONValue.quoted).joined(separator: ", "))
    }
    guard events.count == 1 else {
      throw ConfigurationError(
        path: reader.path(of: events[1]), problem: "a step has one event; it already has \(JSONValue.quoted(eventKey))")
    }
    for member in members {
      if let events = Self.modifiers[member.key], !events.contains(eventKey) {
        throw ConfigurationError(
          path: reader.path(of: member.key),
          problem: "\(JSONValue.quoted(member.key)) does not apply to \(JSONValue.quoted(eventKey)) "
            + "(only to \(events.sorted().map(JSONValue.quoted).joined(separator: ", ")))")
      }
    }
    path = reader.path
    session = SessionID(try reader.member("in")?.string() ?? "main")
    let value = reader.member(eventKey)!
    let target = try reader.member("target")?.string()
    let frame = try reader.member("frame").map(Self.readFrame)
    switch eventKey {
    case "load": event = .load(try value.string())
    case "assign": event = .assign(try value.string())
    case "click":
      event = .click(
        try value.string(), target: target ?? "_self", frame: frame,
        rel: try reader.member("rel").map(Self.readRel) ?? [],
        download: try reader.member("download")?.bool() ?? false)
    case "submit":
      let method = try reader.member("method").map { (reader) throws(ConfigurationError) in
        FormMethod(rawValue: try reader.choice(of: FormMethod.allCases.map(\.rawValue)))!
      }
      event = .submit(try value.string(), target: target ?? "_self", method: method ?? .get, frame: frame)
    case "open":
      let url: String?
      if case .null = value.value { url = nil } else { url = try value.string() }
      event = .open(
        url, target: target ?? "_blank", gesture: try reader.member("gesture")?.bool() ?? false,
        noopener: try reader.member("noopener")?.bool() ?? false)
    case "wait": event = .wait(milliseconds: try value.integer(in: 0...(1 << 40)))
    case "windowName": event = .windowName(try value.string())
    default:
      guard try value.bool() else { throw value.error("expected true") }
      switch eventKey {
      case "back": event = .back
      case "forward": event = .forward
      case "reload": event = .reload
      case "close": event = .close
      default: event = .dismiss
      }
    }
    if let expectReader = reader.member("expect") {
      _ = try expectReader.object(allowing: Self.expectableKeys)
      expect = expectReader.value
    }
  }

  /// `frame`: the `src` of a page's iframe, or the path to an iframe inside iframes, `["SRC", "SRC", …]` (each an
  /// iframe of the page the one before shows), as the key the simulator names it by (``FrameState/key(_:)``).
  private static func readFrame(_ reader: JSONReader) throws(ConfigurationError) -> String {
    guard case .array = reader.value else {
      let src = try reader.string()
      guard !src.contains(FrameState.separator) else { throw reader.error("a src has no line break") }
      return src
    }
    var path: [String] = []
    for element in try reader.elements() {
      let src = try element.string()
      guard !src.contains(FrameState.separator) else { throw element.error("a src has no line break") }
      path.append(src)
    }
    guard !path.isEmpty else {
      throw reader.error("expected the src of an iframe, or a path of srcs to an iframe inside iframes")
    }
    return FrameState.key(path)
  }

  /// `rel`: space-separated keywords, each `opener`, `noopener` or `noreferrer`.
  private static func readRel(_ reader: JSONReader) throws(ConfigurationError) -> Set<LinkRelation> {
    let text = try reader.string()
    var relations: Set<LinkRelation> = []
    for keyword in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
      guard let relation = LinkRelation(rawValue: keyword.lowercased()) else {
        throw reader.error(
          "\(JSONValue.quoted(String(keyword))) is not a rel keyword the simulator models (expected "
            + LinkRelation.allCases.map { JSONValue.quoted($0.rawValue) }.joined(separator: ", ") + ")")
      }
      relations.insert(relation)
    }
    guard !relations.isEmpty else { throw reader.error("expected at least one keyword") }
    return relations
  }
}
