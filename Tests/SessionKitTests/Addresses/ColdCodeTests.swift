import XCTest

@testable import SessionKit

/// The cold code written by hand instead of the standard library's generic functions (to keep their copies out
/// of apps) answers as those functions do: a custom list's lines, the one sort, arrays' equality and hashing.
final class ColdCodeTests: XCTestCase {
  private static let customList = """
    // A custom list: comments, rules with words after them, upper case, Unicode and punycode forms.
    com
    *.ck
    !www.ck
    co.uk
    blogspot.com extra words
    Example.ORG
    食狮.公司.cn
    xn--55qx5d.cn
    a..b
    \(String(repeating: "l", count: 64)).com
    // ===BEGIN PRIVATE DOMAINS===
    github.io

    """

  /// The same list with CRLF line endings, without its last newline, or with a tab and spaces after its rules
  /// builds the same table and counts the same rules.
  func test_aCustomList_buildsOneTable_whateverItsLineEndingsAndTrailingSpace() throws {
    let list = Self.customList
    let variants = [
      "CRLF": list.replacingOccurrences(of: "\n", with: "\r\n"),
      "no last newline": String(list.dropLast()),
      "tab and spaces after rules": list.replacingOccurrences(of: "\n", with: "\t  \n"),
    ]
    let reference = PublicSuffixList(contents: list)
    XCTAssertEqual(reference.ruleCount, 11)
    for (name, text) in variants {
      let variant = PublicSuffixList(contents: text)
      XCTAssertEqual(variant.ruleCount, reference.ruleCount, name)
      XCTAssertTrue(variant.table.bytes.elementsEqual(reference.table.bytes), name)
    }
    XCTAssertEqual(reference.registrableDomain(of: "a.b.ck"), "a.b.ck")
    XCTAssertEqual(reference.registrableDomain(of: "x.www.ck"), "www.ck")
    XCTAssertEqual(reference.registrableDomain(of: "me.blogspot.com"), "me.blogspot.com")
    XCTAssertEqual(reference.registrableDomain(of: "shop.example.org"), "shop.example.org", "rules are lower-cased")
    XCTAssertEqual(reference.registrableDomain(of: "www.食狮.公司.cn"), "www.食狮.公司.cn")
    XCTAssertEqual(reference.registrableDomain(of: "www.xn--85x722f.xn--55qx5d.cn"), "www.xn--85x722f.xn--55qx5d.cn")
    XCTAssertEqual(reference.registrableDomain(of: "a.公司.cn"), "a.公司.cn", "a punycode rule matches its Unicode form")
    XCTAssertEqual(reference.registrableDomain(of: "x.a.b"), "a.b", "a rule with an empty label is left out")
    XCTAssertEqual(reference.registrableDomain(of: "me.github.io"), "me.github.io")
  }

  /// `ColdSort.strings` is `sorted()`, scalar for scalar, canonically equivalent spellings included.
  func test_coldSort_ordersStringsAsSortedDoes() {
    let pieces = ["a", "b", "B", "é", "e\u{301}", "\u{212B}", "\u{C5}", "A\u{30A}", "0", "-", "z", "食", ""]
    var generator = SeededGenerator(seed: 27)
    for _ in 0..<500 {
      let strings = (0..<Int(generator.next() % 12)).map { _ in
        (0..<Int(generator.next() % 4)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
      }
      let expected = strings.sorted().map { Array($0.unicodeScalars) }
      XCTAssertEqual(ColdSort.strings(strings).map { Array($0.unicodeScalars) }, expected, "\(strings)")
    }
  }

  /// Indices whose comparison ties keep their order, as the standard library's stable sort keeps elements'.
  func test_coldSort_keepsTiesInTheirOrder() {
    let keys = (0..<200).map { ($0 * 7919) % 5 }
    let order = ColdSort.sortedIndices(count: keys.count) { keys[$0] < keys[$1] }
    XCTAssertEqual(order.map { keys[$0] }, keys.sorted())
    for (first, second) in zip(order, order.dropFirst()) where keys[first] == keys[second] {
      XCTAssertLessThan(first, second)
    }
  }

  /// `JSONValue`'s arrays compare as `Array.==` does: element by element, and an array equals itself even when
  /// it holds a NaN (shared storage), but not a separate copy of it.
  func test_jsonArrays_compareAndHashAsArraysDo() {
    let nan = JSONValue.array([.number(.nan)])
    XCTAssertTrue(nan == nan)
    XCTAssertFalse(nan == .array([.number(.nan)]))
    let doubles = [Double.nan]
    XCTAssertEqual(nan == nan, doubles == doubles)

    let value = JSONValue.array([.array([]), .array([.null, .string("a")]), .object([(key: "k", value: .bool(true))])])
    let copy = JSONValue.array([.array([]), .array([.null, .string("a")]), .object([(key: "k", value: .bool(true))])])
    XCTAssertEqual(value, copy)
    XCTAssertEqual(value.hashValue, copy.hashValue)
    XCTAssertNotEqual(
      value, .array([.array([.null, .string("a")]), .array([]), .object([(key: "k", value: .bool(true))])]))
    XCTAssertNotEqual(value, .array([.array([]), .array([.null, .string("a")])]))
    XCTAssertNotEqual(JSONValue.array([.null]), JSONValue.array([.null, .null]))
    XCTAssertEqual(Set([value, copy, .array([]), .array([.array([])])]).count, 3)
  }

  /// Back-forward lists are equal when their entries and current index are, and then hash alike.
  func test_backForwardLists_compareEntriesAndIndex() throws {
    let first = BackForwardList.Entry(url: try WebAddress("https://a.example/"), isPost: false)
    let second = BackForwardList.Entry(url: try WebAddress("https://b.example/"), isPost: false)
    var list = BackForwardList()
    list.push(first)
    list.push(second)
    var same = BackForwardList()
    same.push(BackForwardList.Entry(url: try WebAddress("https://a.example/"), isPost: false))
    same.push(BackForwardList.Entry(url: try WebAddress("https://b.example/"), isPost: false))
    XCTAssertEqual(list, same)
    XCTAssertEqual(list.hashValue, same.hashValue)

    var back = same
    XCTAssertTrue(back.go(-1))
    XCTAssertNotEqual(list, back, "the current index differs")
    var other = BackForwardList()
    other.push(first)
    other.push(BackForwardList.Entry(url: try WebAddress("https://b.example/"), isPost: true))
    XCTAssertNotEqual(list, other, "an entry differs")
    var shorter = BackForwardList()
    shorter.push(first)
    XCTAssertNotEqual(list, shorter)
    XCTAssertEqual(Set([list, same, back, other]).count, 3)
  }

  /// Rewriting an entry changes only its URL: its method and iframe change stay, the list does not move, and an index
  /// past the list changes nothing.
  func test_rewritingABackForwardEntry_keepsItsMethodAndIframeChange() throws {
    let change = BackForwardList.FrameChange(
      from: try WebAddress("https://w.example/"), to: try WebAddress("https://b.example/"))
    var list = BackForwardList()
    list.push(BackForwardList.Entry(url: try WebAddress("https://a.example/"), isPost: true, subframe: change))
    list.push(BackForwardList.Entry(url: try WebAddress("https://a.example/#x"), isPost: false))
    let fragment = try WebAddress("https://a.example/#top")
    list.rewrite(at: 0, page: CommittedPage(url: fragment, list: .shared))
    XCTAssertEqual(list.entries[0].url, fragment)
    XCTAssertTrue(list.entries[0].isPost)
    XCTAssertEqual(list.entries[0].subframe, change)
    XCTAssertEqual(list.currentIndex, 1)
    let unchanged = list
    list.rewrite(at: 2, page: CommittedPage(url: fragment, list: .shared))
    XCTAssertEqual(list, unchanged)
    list.rewrite(at: 1, page: CommittedPage(url: fragment, list: .shared))
    XCTAssertEqual(list.current?.url, fragment)
  }
}
