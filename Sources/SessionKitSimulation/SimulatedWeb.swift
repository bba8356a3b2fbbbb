import SessionKit

/// The web a scenario declares (its top-level `pages`, `redirects` and `schemes`): the iframes of its pages, its
/// servers' redirects, which reach `decidePolicyFor` on a device as they do in the simulator, and the URL schemes
/// the app serves itself.
///
/// Page keys, iframe sources and redirect keys are compared as serialized URLs without the fragment.
package struct SimulatedWeb: Sendable, Hashable {
  /// A server redirect of one URL.
  package struct Redirect: Sendable, Hashable {
    /// Where the server sends the request (the `Location`).
    package var to: String
    /// The HTTP status: 301, 302 and 303 turn a POST into a GET, 307 and 308 keep it.
    package var status: Int

    /// The statuses a redirect may have.
    package static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Creates a redirect.
    package init(to: String, status: Int) {
      self.to = to
      self.status = status
    }

    /// Whether the hop turns a POST into a GET (301, 302, 303).
    var dropsPost: Bool { status == 301 || status == 302 || status == 303 }
  }

  /// The iframe sources of each declared page, in document order, keyed by the page's URL.
  package private(set) var pages: [String: [String]]
  /// The names of the declared pages' named iframes (the `name` attribute, which names the iframe's browsing
  /// context: links, forms and `window.open` aim at it by that name), keyed by the page's URL, then by `src`.
  package private(set) var frameNames: [String: [String: String]] = [:]
  /// The redirects, keyed by the redirected URL.
  package private(set) var redirects: [String: Redirect]
  /// The schemes the app serves with a `WKURLSchemeHandler` (`setURLSchemeHandler(_:forURLScheme:)`), lower-cased:
  /// a page at one of them loads and commits like a web page.
  package private(set) var schemes: Set<String> = []

  /// The most redirect hops WebKit follows: the first request and 20 hops are decided, a 21st redirect fails
  /// the load (observed in WebKitGTK 2.50, as in WebKit's network loader).
  package static let maximumHops = 20

  /// Creates a web; keys and sources are normalised (serialized, fragment dropped; a string that is no URL is
  /// kept as it is).
  package init(pages: [String: [String]] = [:], redirects: [String: Redirect] = [:]) {
    self.pages = Dictionary(
      pages.map { (Self.key($0.key), $0.value.map(Self.key)) }, uniquingKeysWith: { first, _ in first })
    self.redirects = Dictionary(redirects.map { (Self.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// Whether the web declares nothing.
  package var isEmpty: Bool { pages.isEmpty && redirects.isEmpty && schemes.isEmpty }

  /// Whether a main-frame load of `url` can commit: WebKit loads its scheme (``WebKitSchemes/loaded``), or the app
  /// serves it. An allowed
  /// navigation to any other URL (`otherapp://open`, `tel:`, `mailto:`) fails provisionally: the page stays and
  /// its history is unchanged; a popup opened to it stays at about:blank.
  func canLoad(_ url: String) -> Bool {
    guard let address = try? WebAddress(url) else { return false }
    return WebKitSchemes.loaded.contains(address.scheme) || schemes.contains(address.scheme)
  }

  /// The iframe sources of the page at `url`, `nil` when the page is not declared.
  func frames(of url: WebAddress?) -> [String]? {
    guard let url, !pages.isEmpty else { return nil }
    return pages[Self.key(url)]
  }

  /// The named iframes of the page at `url`, in document order (none when the page is not declared).
  func namedFrames(of url: WebAddress?) -> [(src: String, name: String)] {
    guard let url, !frameNames.isEmpty, let sources = pages[Self.key(url)], let names = frameNames[Self.key(url)]
    else { return [] }
    var seen: Set<String> = []
    return sources.compactMap { src in
      guard seen.insert(src).inserted, let name = names[src] else { return nil }
      return (src, name)
    }
  }

  /// The redirect of `url`, if the web has one.
  func redirect(from url: String) -> Redirect? {
    redirects.isEmpty ? nil : redirects[Self.key(url)]
  }

  /// `url` serialized without its fragment; a string that is no URL as it is.
  static func key(_ url: String) -> String {
    guard let address = try? WebAddress(url) else { return url }
    return key(address)
  }

  static func key(_ address: WebAddress) -> String {
    let serialized = address.serialized
    guard address.fragment != nil, let hash = serialized.firstIndex(of: "#") else { return serialized }
    return String(serialized[..<hash])
  }

  // MARK: - Reading a scenario's `pages`, `redirects` and `schemes`

  /// `["SCHEME", …]`: schemes the app serves; each a URL scheme (a letter, then letters, digits, `+`, `-`, `.`),
  /// compared lower-cased, named once, and not one WebKit handles itself.
  mutating func readSchemes(_ reader: JSONReader) throws(ConfigurationError) {
    for element in try reader.elements() {
      let text = try element.string()
      let scheme = text.lowercased()
      guard RuleMatch.isLowerCaseScheme(scheme) else {
        throw element.error(
          "\(JSONValue.quoted(text)) is not a URL scheme (a letter, then letters, digits, \"+\", \"-\" or \".\"; "
            + "no \":\")")
      }
      guard !WebKitSchemes.handled.contains(scheme) else {
        throw element.error(
          "\(JSONValue.quoted(text)) is a scheme WebKit handles itself: setURLSchemeHandler(_:forURLScheme:) "
            + "refuses it")
      }
      guard schemes.insert(scheme).inserted else {
        throw element.error("\(JSONValue.quoted(text)) is named twice")
      }
    }
  }

  /// `{"URL": {"frames": ["SRC" | {"src": "SRC", "name": "NAME"}, …]}, …}`: an iframe is its `src`, or an object
  /// with its `src` and the `name` attribute that names its browsing context.
  mutating func readPages(_ reader: JSONReader) throws(ConfigurationError) {
    for (key, value, path) in try Self.urlKeyedMembers(reader) {
      let page = JSONReader(value, path: path)
      _ = try page.object(allowing: ["frames"])
      guard let framesReader = page.member("frames") else {
        throw page.error("a page needs \"frames\": the src of each of its iframes, in document order")
      }
      var frames: [String] = []
      var names: [String: String] = [:]
      for element in try framesReader.elements() {
        guard case .object = element.value else {
          frames.append(Self.key(try Self.url(element)))
          continue
        }
        _ = try element.object(allowing: ["src", "name"])
        guard let srcReader = element.member("src") else {
          throw element.error("an iframe needs \"src\": a URL (\"about:srcdoc\" for a srcdoc iframe)")
        }
        let src = Self.key(try Self.url(srcReader))
        if let nameReader = element.member("name") {
          let name = try nameReader.string()
          guard !name.isEmpty else { throw nameReader.error("a name is not empty (leave \"name\" out instead)") }
          guard !Self.targetKeywords.contains(name.lowercased()) else {
            throw nameReader.error(
              "\(JSONValue.quoted(name)) is a target keyword, not a name: no link, form or window.open finds a frame by it"
            )
          }
          names[src] = name
        }
        frames.append(src)
      }
      // The simulator tells a page's iframes apart by their `src`.
      for src in names.keys.sorted() where frames.filter({ $0 == src }).count > 1 {
        throw framesReader.error(
          "two iframes have the src \(JSONValue.quoted(src)) and one of them a name: a named iframe's src must be "
            + "its own on the page (the simulator tells iframes apart by their src)")
      }
      pages[key] = frames
      if !names.isEmpty { frameNames[key] = names }
    }
  }

  /// The target keywords, which name no frame (`FrameTree::find` answers them before it looks at names).
  static let targetKeywords: Set<String> = ["_self", "_blank", "_parent", "_top"]

  /// `{"URL": {"to": "URL", "status": 301|302|303|307|308}, …}`.
  mutating func readRedirects(_ reader: JSONReader) throws(ConfigurationError) {
    for (key, value, path) in try Self.urlKeyedMembers(reader) {
      let redirect = JSONReader(value, path: path)
      _ = try redirect.object(allowing: ["to", "status"])
      guard let toReader = redirect.member("to") else { throw redirect.error("a redirect needs \"to\": a URL") }
      guard let statusReader = redirect.member("status") else {
        throw redirect.error("a redirect needs \"status\": 301, 302, 303, 307 or 308")
      }
      let to = try Self.url(toReader)
      let status = try statusReader.integer(in: 300...399)
      guard Redirect.statuses.contains(status) else {
        throw statusReader.error("\(status) is not a redirect status (expected 301, 302, 303, 307 or 308)")
      }
      redirects[key] = Redirect(to: to, status: status)
    }
  }

  /// The members of an object keyed by URL, each with its normalised key and its path (`NAME["URL"]`); two keys
  /// naming one URL are an error.
  private static func urlKeyedMembers(_ reader: JSONReader) throws(ConfigurationError) -> [(String, JSONValue, String)]
  {
    guard case .object(let members) = reader.value else {
      throw reader.error("expected an object keyed by URL, found \(reader.value.typeName)")
    }
    var taken: [String: String] = [:]
    var out: [(String, JSONValue, String)] = []
    for member in members {
      let path = "\(reader.path)[\(JSONValue.quoted(member.key))]"
      let address: WebAddress
      do {
        address = try WebAddress(member.key)
      } catch {
        throw ConfigurationError(path: path, problem: "\(JSONValue.quoted(member.key)) is not a URL: \(error)")
      }
      let key = Self.key(address)
      if let earlier = taken[key] {
        throw ConfigurationError(
          path: path, problem: "names the same URL as \(JSONValue.quoted(earlier)) (compared without the fragment)")
      }
      taken[key] = member.key
      out.append((key, member.value, path))
    }
    return out
  }

  /// A string member that must parse as a URL.
  private static func url(_ reader: JSONReader) throws(ConfigurationError) -> String {
    let string = try reader.string()
    do {
      _ = try WebAddress(string)
    } catch {
      throw reader.error("\(JSONValue.quoted(string)) is not a URL: \(error)")
    }
    return string
  }
}
