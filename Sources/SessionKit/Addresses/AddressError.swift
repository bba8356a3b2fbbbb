/// Why a string could not be parsed as a ``WebAddress`` or a ``WebHost``, and where.
///
/// The error keeps the whole input and a human-readable detail so that a trace or a policy
/// validation message can say exactly what was rejected:
/// `"https://exa mple.com": invalid host: forbidden code point " "`.
package struct AddressError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kind of problem. New codes may be added; switch over them with a `default` case.
  package enum Code: String, Sendable, CaseIterable {
    /// The input does not start with a scheme followed by `:` (`example.com/path`, `//x`, ``).
    case missingScheme
    /// Something that looks like a scheme precedes `:` but is not one (`1http://x`, `ht tp://x`).
    case invalidScheme
    /// A host is required but absent (`http://`, `https://user@/`, `https://:443/`).
    case emptyHost
    /// The host could not be turned into an ASCII domain (for example it maps to nothing).
    case invalidHost
    /// The host contains a code point the URL Standard forbids in hosts (space, `<`, `%` after decoding, …).
    case forbiddenHostCodePoint
    /// An `xn--` label is not valid punycode, or does not decode to a non-ASCII label.
    case invalidPunycode
    /// The host ends in a number, so it must be an IPv4 address, and it is not a valid one.
    case invalidIPv4
    /// The host is bracketed, so it must be an IPv6 address, and it is not a valid one.
    case invalidIPv6
    /// The port has a character other than an ASCII digit, or is greater than 65535.
    case invalidPort
    /// The host is a domain with an empty label other than one trailing dot (`a..example.com`): a valid URL
    /// that no DNS resolves, judged invalid by policies (``PolicyRequest``'s initializers), never by the parser.
    case emptyLabel
    /// The URL's serialization would be 2³² − 1 bytes (4 GiB) or longer, more than a ``WebAddress`` can index.
    case tooLong

    /// A short phrase naming the problem, used in ``AddressError/description``.
    package var summary: String {
      switch self {
      case .missingScheme: "missing scheme"
      case .invalidScheme: "invalid scheme"
      case .emptyHost: "empty host"
      case .invalidHost, .forbiddenHostCodePoint, .invalidPunycode: "invalid host"
      case .invalidIPv4: "invalid IPv4 address"
      case .invalidIPv6: "invalid IPv6 address"
      case .invalidPort: "invalid port"
      case .emptyLabel: "empty label in host"
      case .tooLong: "URL too long"
      }
    }
  }

  /// What went wrong.
  package let code: Code
  /// The complete string that was being parsed.
  package let input: String
  /// Where and how it went wrong, for example `forbidden code point " "`.
  package let detail: String

  /// Creates an error for `input` with the given code and detail.
  package init(code: Code, input: String, detail: String) {
    self.code = code
    self.input = input
    self.detail = detail
  }

  /// The input in quotes, the summary of the code and the detail:
  /// `"https://exa mple.com": invalid host: forbidden code point " "`.
  package var description: String {
    "\"\(input)\": \(code.summary): \(detail)"
  }
}

extension AddressError {
  /// An error whose input is filled in later by the entry point that knows the whole string.
  init(_ code: Code, _ detail: String) {
    self.init(code: code, input: "", detail: detail)
  }

  /// The same error about another input string.
  func about(_ input: String) -> AddressError {
    AddressError(code: code, input: input, detail: detail)
  }

  /// How a single byte is shown in a detail: printable ASCII in quotes, anything else as `U+XXXX`.
  static func show(byte: UInt8) -> String {
    if byte > 0x20 && byte < 0x7F || byte == 0x20 {
      return "\"\(Character(Unicode.Scalar(byte)))\""
    }
    let hex = String(byte, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
