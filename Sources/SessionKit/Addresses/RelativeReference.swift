/// Resolves a URL string against a base as the URL Standard's basic URL parser does with a base URL.
///
/// The standard's relative states only decide which of the base's components the result keeps; so the
/// reference is classified once (scheme, `//`, `/`, `?`, `#`, a path, a Windows drive letter for `file:`),
/// the kept components of the (already serialized) base are put in front of it, and the absolute parser
/// does the rest — percent-encoding, dot segments (which cannot climb above the kept path's root), hosts.
/// Not on the decision path (which judges absolute URLs), so compiled for size.
enum RelativeReference {
  /// `string` resolved against `base`.
  @_optimize(size)
  static func resolve(_ string: String, against base: WebAddress) throws(AddressError) -> WebAddress {
    let input = preprocessed(string)
    let absolute: String
    do {
      absolute = try absoluteString(input, base: base)
    } catch {
      throw error.about(string)
    }
    do {
      return try WebAddressParser.parse(absolute)
    } catch {
      throw error.about(string)
    }
  }

  /// Leading and trailing C0 controls and spaces stripped, tabs and newlines removed (as the parser does).
  @_optimize(size)
  private static func preprocessed(_ string: String) -> Substring.UnicodeScalarView {
    // A loop over the scalars, rather than removing from a view: each of those calls adds its own generic copy.
    var kept = ""
    var spaces = ""
    for scalar in string.unicodeScalars {
      if scalar.value <= 0x20 {
        // Leading ones are dropped; others wait for a scalar after them (trailing ones never get one).
        if !kept.isEmpty && !isTabOrNewline(scalar) { spaces.unicodeScalars.append(scalar) }
      } else {
        kept += spaces
        spaces = ""
        kept.unicodeScalars.append(scalar)
      }
    }
    return kept[...].unicodeScalars
  }

  @_optimize(size)
  private static func absoluteString(_ input: Substring.UnicodeScalarView, base: WebAddress) throws(AddressError)
    -> String
  {
    if let colon = schemeEnd(input) {
      let scheme = String(String.UnicodeScalarView(input[..<colon])).lowercased()
      let rest = input[input.index(after: colon)...]
      if scheme == "file" {
        return fileString(rest, base: base.scheme == "file" ? base : nil)
      }
      let special = SchemeKind(scheme).isSpecial
      // The special relative or authority state: `http:foo` relative to an http base is a relative reference.
      if special && scheme == base.scheme && !startsWithTwoSlashes(rest, special: true) {
        return relativeString(rest, base: base)
      }
      return String(String.UnicodeScalarView(input))
    }
    if base.hasOpaquePath {
      guard input.first == "#" else {
        throw AddressError(.missingScheme, "a relative reference to a URL with an opaque path (\(base.scheme):)")
      }
      return prefix(of: base, through: .query) + text(input)
    }
    if base.scheme == "file" {
      return fileString(input, base: base)
    }
    return relativeString(input, base: base)
  }

  /// The relative state for a base with a hierarchical path.
  @_optimize(size)
  private static func relativeString(_ rest: Substring.UnicodeScalarView, base: WebAddress) -> String {
    let special = base.isSpecial
    guard let first = rest.first else { return prefix(of: base, through: .query) }
    if isSlash(first, special: special) {
      if startsWithTwoSlashes(rest, special: special) {
        return base.scheme + ":" + text(rest)
      }
      return prefix(of: base, through: .authority) + text(rest)
    }
    if first == "?" { return prefix(of: base, through: .path) + text(rest) }
    if first == "#" { return prefix(of: base, through: .query) + text(rest) }
    return prefix(of: base, through: .authority) + directory(of: base) + text(rest)
  }

  /// The file state, with the base when it is a `file:` URL.
  @_optimize(size)
  private static func fileString(_ rest: Substring.UnicodeScalarView, base: WebAddress?) -> String {
    if let first = rest.first, isSlash(first, special: true) {
      guard let base, !startsWithTwoSlashes(rest, special: true) else { return "file:" + text(rest) }
      // The file slash state keeps the base's host and, unless the reference has its own, its drive letter.
      let afterSlash = rest[rest.index(after: rest.startIndex)...]
      var output = "file://" + (base.host?.serialized ?? "")
      if !startsWithWindowsDriveLetter(afterSlash), let drive = driveLetterSegment(of: base.path) {
        output += drive
      }
      return output + text(rest)
    }
    guard let base else { return "file:" + text(rest) }
    guard let first = rest.first else { return prefix(of: base, through: .query) }
    if first == "?" { return prefix(of: base, through: .path) + text(rest) }
    if first == "#" { return prefix(of: base, through: .query) + text(rest) }
    let host = "file://" + (base.host?.serialized ?? "")
    if startsWithWindowsDriveLetter(rest) {
      return host + "/" + text(rest)
    }
    if let drive = driveLetterSegment(of: base.path), base.path.utf8.count <= drive.utf8.count + 1 {
      // Shortening never removes a lone drive letter.
      return host + drive + "/" + text(rest)
    }
    return host + directory(of: base) + text(rest)
  }

  private enum Component {
    case authority, path, query
  }

  /// The base serialized up to and including `component`.
  @_optimize(size)
  private static func prefix(of base: WebAddress, through component: Component) -> String {
    var output = base.scheme + ":"
    if let host = base.host {
      output += "//"
      if !base.username.isEmpty || !base.password.isEmpty {
        output += base.username
        if !base.password.isEmpty { output += ":" + base.password }
        output += "@"
      }
      output += host.serialized
      if let port = base.port { output += ":" + String(port) }
    }
    if component == .authority { return output }
    if base.host == nil && !base.hasOpaquePath && base.path.hasPrefix("//") {
      output += "/."
    }
    output += base.path
    if component == .path { return output }
    if let query = base.query { output += "?" + query }
    return output
  }

  /// The base's path without its last segment, ending in `/`; `/./` in front when a URL without a host would
  /// otherwise start with `//` (an authority).
  @_optimize(size)
  private static func directory(of base: WebAddress) -> String {
    guard let slash = base.path.lastIndex(of: "/") else { return "/" }
    let directory = String(base.path[...slash])
    if base.host == nil && directory.hasPrefix("//") {
      return "/." + directory
    }
    return directory
  }

  /// `/C:` when the path starts with a normalized Windows drive letter segment.
  @_optimize(size)
  private static func driveLetterSegment(of path: String) -> String? {
    let bytes = Array(path.utf8.prefix(4))
    guard bytes.count >= 3, bytes[0] == UInt8(ascii: "/"), isASCIIAlpha(bytes[1]), bytes[2] == UInt8(ascii: ":"),
      bytes.count == 3 || bytes[3] == UInt8(ascii: "/")
    else { return nil }
    return String(decoding: bytes[0..<3], as: UTF8.self)
  }

  @_optimize(size)
  private static func startsWithWindowsDriveLetter(_ scalars: Substring.UnicodeScalarView) -> Bool {
    let first = leading(3, of: scalars)
    guard first.count >= 2, first[0].isASCII, isASCIIAlpha(UInt8(first[0].value)), first[1] == ":" || first[1] == "|"
    else { return false }
    guard first.count == 3 else { return true }
    return first[2] == "/" || first[2] == "\\" || first[2] == "?" || first[2] == "#"
  }

  /// The first `count` scalars (fewer when there are not that many): one loop that decodes them, where each
  /// `next()` of an iterator compiled its own decoding.
  @inline(never)
  @_optimize(size)
  private static func leading(_ count: Int, of scalars: Substring.UnicodeScalarView) -> [Unicode.Scalar] {
    var first: [Unicode.Scalar] = []
    for scalar in scalars {
      guard first.count < count else { break }
      first.append(scalar)
    }
    return first
  }

  /// The end of a scheme (the index of its `:`), as the scheme start and scheme states find it.
  @_optimize(size)
  private static func schemeEnd(_ input: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView.Index? {
    guard let first = input.first, first.isASCII, isASCIIAlpha(UInt8(first.value)) else { return nil }
    var index = input.index(after: input.startIndex)
    while index < input.endIndex {
      let scalar = input[index]
      if scalar == ":" { return index }
      guard scalar.isASCII, isSchemeByte(UInt8(scalar.value)) else { return nil }
      index = input.index(after: index)
    }
    return nil
  }

  @_optimize(size)
  private static func startsWithTwoSlashes(_ scalars: Substring.UnicodeScalarView, special: Bool) -> Bool {
    let first = leading(2, of: scalars)
    return first.count == 2 && isSlash(first[0], special: special) && isSlash(first[1], special: special)
  }

  @_optimize(size)
  private static func isSlash(_ scalar: Unicode.Scalar, special: Bool) -> Bool {
    scalar == "/" || (special && scalar == "\\")
  }

  @_optimize(size)
  private static func isTabOrNewline(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar == "\n" || scalar == "\r"
  }

  @_optimize(size)
  private static func text(_ scalars: Substring.UnicodeScalarView) -> String {
    String(String.UnicodeScalarView(scalars))
  }
}
