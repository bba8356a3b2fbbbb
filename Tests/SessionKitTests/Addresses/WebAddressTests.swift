import Foundation
import SessionKit
import XCTest

final class WebAddressTests: XCTestCase {
  private func parse(_ string: String, file: StaticString = #filePath, line: UInt = #line) throws -> WebAddress {
    do {
      return try WebAddress(string)
    } catch {
      XCTFail("\(error)", file: file, line: line)
      throw error
    }
  }

  private func assertFails(
    _ string: String, with code: AddressError.Code, file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let address = try WebAddress(string)
      XCTFail("\"\(string)\" parsed as \(address)", file: file, line: line)
    } catch {
      XCTAssertEqual(error.code, code, "\(error)", file: file, line: line)
      XCTAssertEqual(error.input, string, file: file, line: line)
    }
  }

  // MARK: Case, dots and ports

  func test_schemeAndHost_areLowerCased_pathIsNot() throws {
    let address = try parse("HTTPS://WWW.Example.COM/Path/X?Q=1#F")
    XCTAssertEqual(address.scheme, "https")
    XCTAssertEqual(address.host, .domain("www.example.com"))
    XCTAssertEqual(address.path, "/Path/X")
    XCTAssertEqual(address.query, "Q=1")
    XCTAssertEqual(address.fragment, "F")
    XCTAssertEqual(address.serialized, "https://www.example.com/Path/X?Q=1#F")
  }

  func test_trailingDotOfTheHost_isKept_asBrowsersKeepIt_butNotInItsDNSName() throws {
    let address = try parse("https://example.com./a")
    XCTAssertEqual(address.host, .domain("example.com."))
    XCTAssertEqual(address.serialized, "https://example.com./a")
    XCTAssertEqual(address.origin.description, "https://example.com.")
    XCTAssertNotEqual(address, try parse("https://example.com/a"))
    XCTAssertEqual(address.host?.dnsName, "example.com")
    XCTAssertEqual(address.site()?.description, "example.com")
    XCTAssertEqual(try parse("http://../").host?.serialized, "..", "only a domain's DNS name drops the dot")
    XCTAssertEqual(try parse("http://../").host?.dnsName, ".")
  }

  func test_serializingAndParsingAgain_givesTheSameAddress_forRandomURLs() throws {
    // Pieces that stress the host and path: dots and empty labels, IDNA mappings, punycode, IPv4 forms, escapes.
    let hostPieces = [
      "a", ".", "..", "xn--", "bcher-kva", "ß", "É", "\u{3002}", "%2e", "0x", "1", "09", "-", "ｅ", "\u{E0100}",
      "\u{200D}", "\u{64A}", "[::1]", "%41",
    ]
    let pathPieces = ["/", "\\", ".", "..", "%2e", "a", " ", "?", "#", "é", "//"]
    var generator = SeededGenerator(seed: 11)
    var parsed = 0
    for _ in 0..<4_000 {
      let scheme = ["http", "https", "file", "foo", "web+demo"].randomElement(using: &generator)!
      let host = (0..<Int.random(in: 1...5, using: &generator)).map { _ in hostPieces.randomElement(using: &generator)!
      }
      let path = (0..<Int.random(in: 0...4, using: &generator)).map { _ in pathPieces.randomElement(using: &generator)!
      }
      let separator = ["://", ":", ":/", ":///"].randomElement(using: &generator)!
      let string = scheme + separator + host.joined() + path.joined()
      guard let first = try? WebAddress(string) else { continue }
      parsed += 1
      XCTAssertEqual(try WebAddress(first.serialized), first, "\(string.debugDescription) → \(first.serialized)")
    }
    XCTAssertGreaterThan(parsed, 2_000, "too few random URLs parse for the property to mean much")
    XCTAssertEqual(try WebAddress(try WebAddress("http://a../").serialized).serialized, "http://a../")
  }

  func test_defaultPorts_areFolded_otherPortsKept() throws {
    XCTAssertNil(try parse("http://example.com:80/").port)
    XCTAssertNil(try parse("https://example.com:443/").port)
    XCTAssertNil(try parse("wss://example.com:443/").port)
    XCTAssertNil(try parse("https://example.com:0443/").port, "leading zeros are allowed")
    XCTAssertEqual(try parse("http://example.com:443/").port, 443)
    XCTAssertEqual(try parse("https://example.com:8443/").port, 8443)
    XCTAssertEqual(try parse("https://example.com:8443/").serialized, "https://example.com:8443/")
    XCTAssertNil(try parse("https://example.com:/").port, "an empty port is no port")
    XCTAssertEqual(try parse("foo://example.com:80/").port, 80, "non-special schemes have no default port")
  }

  func test_emptyPath_ofASpecialURL_isSlash() throws {
    XCTAssertEqual(try parse("https://example.com").path, "/")
    XCTAssertEqual(try parse("https://example.com?q").serialized, "https://example.com/?q")
    XCTAssertEqual(try parse("https:example.com").serialized, "https://example.com/")
  }

  // MARK: Credentials and backslashes

  func test_lastAtSign_endsTheCredentials_soTheHostIsWhatFollowsIt() throws {
    let address = try parse("https://example.com@evil.net/")
    XCTAssertEqual(address.host, .domain("evil.net"))
    XCTAssertEqual(address.username, "example.com")
    XCTAssertEqual(try parse("https://a@b@evil.net/").username, "a%40b")
  }

  func test_usernameAndPassword_areSplitAtTheFirstColon() throws {
    let address = try parse("https://user:pass@host/")
    XCTAssertEqual(address.username, "user")
    XCTAssertEqual(address.password, "pass")
    XCTAssertEqual(address.host, .domain("host"))
    XCTAssertEqual(address.serialized, "https://user:pass@host/")
    XCTAssertEqual(try parse("http://a:b@c:d@e/").password, "b%40c%3Ad")
  }

  func test_backslashAfterHost_endsTheAuthority_likeABrowser() throws {
    let address = try parse("https://evil.net\\@example.com/")
    XCTAssertEqual(address.host, .domain("evil.net"))
    XCTAssertEqual(address.username, "")
    XCTAssertEqual(address.path, "/@example.com/")
  }

  func test_backslashes_areSlashes_inSpecialURLs() throws {
    XCTAssertEqual(try parse("https:\\\\example.com\\a\\b").serialized, "https://example.com/a/b")
    XCTAssertEqual(try parse("https:/\\/\\example.com/").host, .domain("example.com"))
  }

  func test_backslashes_areData_inNonSpecialURLs() throws {
    XCTAssertEqual(try parse("foo://host/a\\b").path, "/a\\b")
  }

  func test_anyHostThatParses_isLowerCaseASCII_andParsesToItself_forRandomUnicodeHosts() throws {
    // Code points that exercise every UTS #46 step: case, width and compatibility mappings, ignorables,
    // joiners and viramas, combining marks, Hangul jamo, right-to-left letters and digits, full-stop variants.
    let pieces: [String] = [
      "a", "Z", "0", "9", "-", ".", "ß", "ς", "Σ", "ｅ", "\u{3002}", "\u{FF61}", "\u{AD}", "\u{E0100}", "\u{200C}",
      "\u{200D}", "\u{94D}", "\u{915}", "\u{301}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{5D0}", "\u{627}",
      "\u{644}", "\u{661}", "\u{6F1}", "\u{2488}", "\u{2024}", "例", "😀", "xn--", "\u{16D63}", "\u{16D67}",
      "İ", "\u{130}", "Å", "Ω", "%C3%BC", "%2E",
    ]
    var generator = SeededGenerator(seed: 46)
    var parsed = 0
    for _ in 0..<6_000 {
      let host = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      guard let first = try? WebHost(host) else { continue }
      parsed += 1
      let serialized = first.serialized
      XCTAssertTrue(
        serialized.utf8.allSatisfy { $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A) },
        "\(host.debugDescription) → \(serialized)")
      XCTAssertEqual(try? WebHost(serialized), first, "\(host.debugDescription) → \(serialized)")
    }
    XCTAssertGreaterThan(parsed, 1_000, "too few random hosts parse for the property to mean much")
  }

  // MARK: Relative references

  func test_relativeReferences_resolveAgainstTheBase_asInABrowser() throws {
    let base = try parse("https://user:pw@shop.example:8443/a/b/c?q=1#top")
    let cases: [(String, String)] = [
      ("d", "https://user:pw@shop.example:8443/a/b/d"),
      ("../d", "https://user:pw@shop.example:8443/a/d"),
      ("../../../../d", "https://user:pw@shop.example:8443/d"),
      ("/d", "https://user:pw@shop.example:8443/d"),
      ("\\d", "https://user:pw@shop.example:8443/d"),
      ("//other.example/d", "https://other.example/d"),
      ("\\\\other.example\\d", "https://other.example/d"),
      ("?x", "https://user:pw@shop.example:8443/a/b/c?x"),
      ("#x", "https://user:pw@shop.example:8443/a/b/c?q=1#x"),
      ("", "https://user:pw@shop.example:8443/a/b/c?q=1"),
      ("https:d", "https://user:pw@shop.example:8443/a/b/d"),
      ("http:d", "http://d/"),
      ("mailto:a@b", "mailto:a@b"),
      ("  \t/d\n ", "https://user:pw@shop.example:8443/d"),
    ]
    for (reference, expected) in cases {
      XCTAssertEqual(try WebAddress(reference, relativeTo: base).serialized, expected, reference.debugDescription)
    }
  }

  func test_aURLWithAnOpaquePath_acceptsOnlyAFragmentAsAReference() throws {
    let base = try parse("mailto:someone@example.com?subject=hi")
    XCTAssertEqual(try WebAddress("#x", relativeTo: base).serialized, "mailto:someone@example.com?subject=hi#x")
    do {
      _ = try WebAddress("other", relativeTo: base)
      XCTFail("resolved")
    } catch {
      XCTAssertEqual(error.code, .missingScheme)
      XCTAssertEqual(error.input, "other")
    }
  }

  func test_fileReferences_keepTheBasesDriveLetter() throws {
    let base = try parse("file:///C:/dir/file.txt")
    XCTAssertEqual(try WebAddress("other.txt", relativeTo: base).serialized, "file:///C:/dir/other.txt")
    XCTAssertEqual(try WebAddress("/root.txt", relativeTo: base).serialized, "file:///C:/root.txt")
    XCTAssertEqual(try WebAddress("../../..", relativeTo: base).serialized, "file:///C:/")
    XCTAssertEqual(try WebAddress("D|/x", relativeTo: base).serialized, "file:///D:/x")
  }

  // MARK: IP addresses

  func test_ipv4Variants_areTheSameAddress() throws {
    for string in [
      "http://127.0.0.1/", "http://0x7f.0.0.1/", "http://127.1/", "http://2130706433/", "http://0177.0.0.1/",
    ] {
      let address = try parse(string)
      XCTAssertEqual(address.host, .ipv4(0x7F00_0001), string)
      XCTAssertEqual(address.serialized, "http://127.0.0.1/", string)
    }
    XCTAssertEqual(try parse("http://0x7f.1/").host, .ipv4(0x7F00_0001))
    XCTAssertEqual(try parse("http://1.2.3.4./").host, .ipv4(0x0102_0304))
    XCTAssertTrue(try XCTUnwrap(try parse("http://10.0.0.1/").host).isIPAddress)
  }

  func test_invalidIPv4_isAnError_notADomain() {
    assertFails("http://1.2.3.256/", with: .invalidIPv4)
    assertFails("http://1.2.3.4.5/", with: .invalidIPv4)
    assertFails("http://256.1/", with: .invalidIPv4)
    assertFails("http://foo.0x/", with: .invalidIPv4)
    assertFails("http://example.123/", with: .invalidIPv4)
    assertFails("http://4294967296/", with: .invalidIPv4)
  }

  func test_ipv6_isParsed_andSerializedCompressed() throws {
    let loopback = try parse("http://[::1]:8080/")
    XCTAssertEqual(loopback.host, .ipv6([0, 0, 0, 0, 0, 0, 0, 1]))
    XCTAssertEqual(loopback.port, 8080)
    XCTAssertEqual(loopback.serialized, "http://[::1]:8080/")
    XCTAssertEqual(try parse("http://[2001:db8::1]/").host?.serialized, "[2001:db8::1]")
    XCTAssertEqual(try parse("http://[2001:0DB8:0:0:0:0:0:1]/").host?.serialized, "[2001:db8::1]")
    XCTAssertEqual(try parse("http://[0:0:1:0:0:0:0:1]/").host?.serialized, "[0:0:1::1]", "the longest zero run")
    XCTAssertEqual(try parse("http://[1:0:0:2:0:0:3:4]/").host?.serialized, "[1::2:0:0:3:4]", "the first one on a tie")
    XCTAssertEqual(try parse("http://[1:2:3:4:5:6:0:8]/").host?.serialized, "[1:2:3:4:5:6:0:8]", "no :: for one zero")
  }

  func test_ipv6WithEmbeddedIPv4_isSerializedInHex() throws {
    let address = try parse("http://[::ffff:1.2.3.4]/")
    XCTAssertEqual(address.host, .ipv6([0, 0, 0, 0, 0, 0xFFFF, 0x0102, 0x0304]))
    XCTAssertEqual(address.host?.serialized, "[::ffff:102:304]")
  }

  func test_invalidIPv6_isAnError() {
    assertFails("https://[::1/", with: .invalidIPv6)
    assertFails("http://[1:2:3:4:5:6:7:8:9]/", with: .invalidIPv6)
    assertFails("http://[1::2::3]/", with: .invalidIPv6)
    assertFails("http://[:1]/", with: .invalidIPv6)
    assertFails("http://[1:2:3]/", with: .invalidIPv6)
    assertFails("http://[::1.2.3.256]/", with: .invalidIPv6)
    assertFails("http://[::01.2.3.4]/", with: .invalidIPv6)
    assertFails("http://[g::1]/", with: .invalidIPv6)
  }

  // MARK: Internationalised and encoded hosts

  func test_unicodeHost_becomesPunycode() throws {
    XCTAssertEqual(try parse("https://bücher.example/").host, .domain("xn--bcher-kva.example"))
    XCTAssertEqual(try parse("https://食狮.com.cn/").host, .domain("xn--85x722f.com.cn"))
    XCTAssertEqual(try parse("https://bücher.example/").serialized, "https://xn--bcher-kva.example/")
  }

  func test_upperCaseAndDecomposedUnicode_mapToTheSameHost() throws {
    XCTAssertEqual(try parse("https://BÜCHER.example/").host, .domain("xn--bcher-kva.example"))
    XCTAssertEqual(try parse("https://bu\u{308}cher.example/").host, .domain("xn--bcher-kva.example"))
    XCTAssertEqual(try parse("https://ｅｘａｍｐｌｅ．ｃｏｍ/").host, .domain("example.com"))
    XCTAssertEqual(try parse("https://example\u{3002}com/").host, .domain("example.com"))
  }

  func test_punycodeHost_isKept_whenValid() throws {
    XCTAssertEqual(try parse("https://XN--BCHER-KVA.example/").host, .domain("xn--bcher-kva.example"))
    assertFails("https://xn--/", with: .invalidPunycode)
    assertFails("https://xn--abc-/", with: .invalidPunycode)
    assertFails("https://xn--a.example/", with: .invalidPunycode)
    assertFails("https://\u{301}b.example/", with: .invalidHost)
    assertFails("https://a\u{80}b.example/", with: .invalidHost)
  }

  func test_punycode_matchesTheRFC3492Samples() throws {
    let samples = [
      ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
      ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
      ("למההםפשוטלאמדבריםעברית", "4dbcagdahymbxekheh6e0a7fei0b"),
      ("почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"),
      ("3年b組金八先生", "3b-ww4c5e180e575a65lsy2b"),
    ]
    for (unicode, punycode) in samples {
      XCTAssertEqual(try WebHost(unicode), .domain("xn--" + punycode), unicode)
      XCTAssertEqual(try WebHost("xn--" + punycode), .domain("xn--" + punycode), punycode)
    }
  }

  func test_percentEncodedHost_isDecoded() throws {
    XCTAssertEqual(try parse("https://%65xample.com/").host, .domain("example.com"))
    XCTAssertEqual(try parse("https://ex%41mple.com/").host, .domain("example.com"))
    XCTAssertEqual(try parse("https://b%C3%BCcher.example/").host, .domain("xn--bcher-kva.example"))
    XCTAssertEqual(try parse("http://%31%32%37.0.0.1/").host, .ipv4(0x7F00_0001))
    assertFails("https://exa%20mple.com/", with: .forbiddenHostCodePoint)
    assertFails("https://%zz.com/", with: .forbiddenHostCodePoint)
  }

  func test_forbiddenHostCodePoints_areErrors() {
    for string in ["https://exa mple.com/", "https://a<b/", "https://a^b/", "https://a|b/", "https://a%00b/"] {
      assertFails(string, with: .forbiddenHostCodePoint)
    }
  }

  func test_emptyLabels_areAllowed_asTheStandardSays() throws {
    XCTAssertEqual(try parse("https://a..b/").host, .domain("a..b"))
  }

  // MARK: Stripping

  func test_tabsAndNewlines_areRemovedAnywhere() throws {
    let address = try parse("ht\ttps://exa\nmple.com/a\rb?c\td#e\nf")
    XCTAssertEqual(address.serialized, "https://example.com/ab?cd#ef")
  }

  func test_leadingAndTrailingSpacesAndControls_areStripped() throws {
    XCTAssertEqual(try parse("  https://example.com/  ").serialized, "https://example.com/")
    XCTAssertEqual(try parse("\u{0}\u{1F} https://example.com/x\u{7} ").serialized, "https://example.com/x")
  }

  // MARK: Paths, queries, fragments

  func test_dotSegments_areRemoved() throws {
    XCTAssertEqual(try parse("https://example.com/a/./b/../c").path, "/a/c")
    XCTAssertEqual(try parse("https://example.com/a/%2e/b/%2E%2e/c").path, "/a/c")
    XCTAssertEqual(try parse("https://example.com/../../a").path, "/a")
    XCTAssertEqual(try parse("https://example.com/a/b/..").path, "/a/")
    XCTAssertEqual(try parse("https://example.com/a/.").path, "/a/")
    XCTAssertEqual(try parse("https://example.com/a/.b/..c").path, "/a/.b/..c")
  }

  func test_path_isPercentEncoded_withThePathSet() throws {
    XCTAssertEqual(try parse("https://example.com/a b/ü/{x}^`\"<>").path, "/a%20b/%C3%BC/%7Bx%7D%5E%60%22%3C%3E")
    XCTAssertEqual(try parse("https://example.com/%41%zz").path, "/%41%zz", "existing escapes are kept")
  }

  func test_queryAndFragment_useTheirOwnEncodeSets() throws {
    let address = try parse("https://example.com/?a b'c\"<>#d e`f'")
    XCTAssertEqual(address.query, "a%20b%27c%22%3C%3E")
    XCTAssertEqual(address.fragment, "d%20e%60f'")
    XCTAssertEqual(try parse("foo://h/?'").query, "'", "only special URLs encode ' in the query")
    XCTAssertEqual(try parse("https://example.com/?").query, "")
    XCTAssertNil(try parse("https://example.com/").query)
  }

  // MARK: Non-special schemes

  func test_urlsWithoutHost_haveOpaquePaths() throws {
    let cases: [(String, String, String)] = [
      ("tel:+123", "tel", "+123"),
      ("mailto:a@b.c", "mailto", "a@b.c"),
      ("about:blank", "about", "blank"),
      ("about:srcdoc", "about", "srcdoc"),
      ("data:text/html,hi", "data", "text/html,hi"),
      ("javascript:alert(1)", "javascript", "alert(1)"),
    ]
    for (string, scheme, path) in cases {
      let address = try parse(string)
      XCTAssertEqual(address.scheme, scheme, string)
      XCTAssertNil(address.host, string)
      XCTAssertEqual(address.path, path, string)
      XCTAssertTrue(address.hasOpaquePath, string)
      XCTAssertFalse(address.isSpecial, string)
      XCTAssertEqual(address.serialized, string)
      XCTAssertNil(address.site(), string)
    }
  }

  func test_opaquePath_keepsSpacesButEncodesOneBeforeQuery() throws {
    XCTAssertEqual(try parse("javascript:alert('a b')").path, "alert('a b')")
    XCTAssertEqual(try parse("data:x ?q").serialized, "data:x%20?q")
  }

  func test_nonSpecialSchemesWithSlashes_haveOpaqueHosts() throws {
    let appStore = try parse("itms-apps://apps.apple.com/app/id1")
    XCTAssertEqual(appStore.host, .opaque("apps.apple.com"))
    XCTAssertEqual(appStore.path, "/app/id1")
    XCTAssertFalse(appStore.hasOpaquePath)
    XCTAssertEqual(appStore.serialized, "itms-apps://apps.apple.com/app/id1")
    let intent = try parse("intent://scan/#Intent;scheme=zxing;end")
    XCTAssertEqual(intent.host, .opaque("scan"))
    XCTAssertEqual(intent.fragment, "Intent;scheme=zxing;end")
    XCTAssertEqual(try parse("foo://").host, .empty)
    XCTAssertEqual(try parse("foo://").path, "")
    XCTAssertEqual(try parse("web+demo:/.//not-a-host/").serialized, "web+demo:/.//not-a-host/")
    XCTAssertNil(try parse("web+demo:/.//not-a-host/").host)
  }

  func test_fileURLs_haveAnEmptyHost_andKeepDriveLetters() throws {
    XCTAssertEqual(try parse("file:///etc/hosts").host, .empty)
    XCTAssertEqual(try parse("file://localhost/etc/hosts").serialized, "file:///etc/hosts")
    XCTAssertEqual(try parse("file:///C|/x/../..").serialized, "file:///C:/")
    XCTAssertEqual(try parse("file://server/share").host, .domain("server"))
    XCTAssertTrue(try parse("file:///").isSpecial)
  }

  func test_aboutBlankAndSrcdoc_areRecognised() throws {
    XCTAssertTrue(try parse("about:blank").isAboutBlankOrSrcdoc)
    XCTAssertTrue(try parse("ABOUT:blank#top").isAboutBlankOrSrcdoc)
    XCTAssertTrue(try parse("about:srcdoc").isAboutBlankOrSrcdoc)
    XCTAssertFalse(try parse("about:blank2").isAboutBlankOrSrcdoc)
    XCTAssertFalse(try parse("about:config").isAboutBlankOrSrcdoc)
    XCTAssertFalse(try parse("https://blank/").isAboutBlankOrSrcdoc)
  }

  // MARK: Origins

  func test_httpURLs_haveTupleOrigins_withDefaultPortsFolded() throws {
    let origin = try parse("https://user@Example.com:443/a?b#c").origin
    XCTAssertEqual(origin, .tuple(scheme: "https", host: .domain("example.com"), port: nil))
    XCTAssertEqual(origin.description, "https://example.com")
    XCTAssertTrue(origin.isSameOrigin(as: try parse("https://example.com/other").origin))
    XCTAssertFalse(origin.isSameOrigin(as: try parse("http://example.com/").origin))
    XCTAssertFalse(origin.isSameOrigin(as: try parse("https://example.com:8443/").origin))
    XCTAssertEqual(try parse("http://localhost:3000/").origin.description, "http://localhost:3000")
  }

  func test_urlsWithoutTupleOrigins_areOpaque_andSameOriginWithNothing() throws {
    for string in ["about:blank", "about:srcdoc", "data:text/html,hi", "javascript:alert(1)", "file:///x", "foo://h/"] {
      let origin = try parse(string).origin
      XCTAssertEqual(origin, .opaque, string)
      XCTAssertTrue(origin.isOpaque, string)
      XCTAssertFalse(origin.isSameOrigin(as: origin), string)
    }
    XCTAssertEqual(try parse("blob:https://a.com/uuid").origin.description, "https://a.com")
  }

  // MARK: Errors

  func test_stringsWithoutScheme_areMissingScheme() {
    for string in ["", "   ", "example.com/path", "//x", "not a url", ":foo", "/path"] {
      assertFails(string, with: .missingScheme)
    }
  }

  func test_malformedSchemes_areInvalidScheme() {
    assertFails("1http://x", with: .invalidScheme)
    assertFails("ht tp://x", with: .invalidScheme)
  }

  func test_specialURLsWithoutHost_areEmptyHost() {
    for string in ["http://", "https:///", "https://user@/", "https://:443/", "https://?q", "foo://user@/"] {
      assertFails(string, with: .emptyHost)
    }
  }

  func test_badPorts_areInvalidPort() {
    assertFails("https://example.com:99999/", with: .invalidPort)
    assertFails("https://example.com:65536/", with: .invalidPort)
    assertFails("https://example.com:8a/", with: .invalidPort)
    assertFails("https://example.com:-1/", with: .invalidPort)
    XCTAssertEqual(try parse("https://example.com:65535/").port, 65_535)
  }

  func test_errorDescription_saysWhatAndWhere() {
    do {
      _ = try WebAddress("https://exa mple.com")
      XCTFail("parsed")
    } catch {
      XCTAssertEqual(error.description, #""https://exa mple.com": invalid host: forbidden code point " ""#)
    }
  }

  func test_hostInitializer_parsesLikeAnHTTPHost() throws {
    XCTAssertEqual(try WebHost("Pay.Google.COM."), .domain("pay.google.com."))
    XCTAssertEqual(try WebHost("[::1]"), .ipv6([0, 0, 0, 0, 0, 0, 0, 1]))
    XCTAssertEqual(try WebHost("0x7f.1"), .ipv4(0x7F00_0001))
    XCTAssertThrowsError(try WebHost(""))
    XCTAssertEqual(try WebHost("*.example.com"), .domain("*.example.com"), "the standard allows * in hosts")
    XCTAssertThrowsError(try WebHost("a/b"))
  }
}
