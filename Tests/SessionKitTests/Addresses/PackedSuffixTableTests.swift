import Foundation
import XCTest

@testable import SessionKit

/// The table's layout (`PackedSuffixTable`: a block of perfect-hashed records per node with children, labels
/// overlapped in a pool) answers as the list's algorithm on a plain dictionary of the same nodes does, on the
/// compiled-in list and on small lists made to reach the layout's edges.
final class PackedSuffixTableTests: XCTestCase {
  /// The walk over a dictionary from each node (every rule's key and its suffixes) to its flags: the algorithm
  /// `PublicSuffixList` follows, with no table.
  private struct Reference {
    var nodes: [[UInt8]: UInt32] = [:]

    init(_ contents: String) {
      for (key, flags) in PublicSuffixList.entries(of: contents).entries {
        let labels = key.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !key.isEmpty, labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 }) else { continue }
        nodes[key, default: 0] |= flags
        for index in 1..<labels.count {
          nodes[Array(labels[index...].joined(separator: [UInt8(ascii: ".")])), default: 0] |= 0
        }
      }
    }

    /// Where the public suffix of a normalized name starts.
    func publicSuffixStart(_ name: [UInt8]) -> Int {
      var starts: [Int] = []
      var index = name.count
      while index > 0 {
        var start = index
        while start > 0 && name[start - 1] != UInt8(ascii: ".") { start -= 1 }
        starts.append(start)
        index = start - 1
      }
      guard let last = starts.first else { return 0 }
      var result = last
      var parentHasWildcard = false
      var suffix = name.count
      for start in starts {
        if parentHasWildcard { result = start }
        guard let flags = nodes[Array(name[start...])] else { break }
        if flags & PackedSuffixTable.exceptionFlag != 0 { return suffix == name.count ? start : suffix }
        if flags & PackedSuffixTable.ruleFlag != 0 { result = start }
        parentHasWildcard = flags & PackedSuffixTable.wildcardFlag != 0
        suffix = start
      }
      return result
    }
  }

  private func assertSameAnswers(
    _ list: PublicSuffixList, _ reference: Reference, _ names: [String], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    var failures = 0
    for name in names {
      var bytes = Array(name.utf8)
      let expected = reference.publicSuffixStart(bytes)
      let actual = bytes.withUnsafeMutableBufferPointer { list.publicSuffixStart(in: UnsafeBufferPointer($0)) }
      if actual != expected {
        failures += 1
        XCTFail("\(name): \(actual) instead of \(expected)", file: file, line: line)
        if failures > 20 { return }
      }
    }
  }

  /// Names around every node of a list: the node, one and two labels under it, its first label changed by one
  /// byte (same length and not), an unlisted label under its parent.
  private func namesAround(_ reference: Reference) -> [String] {
    var names: [String] = []
    for key in reference.nodes.keys {
      let name = String(decoding: key, as: UTF8.self)
      let dot = key.firstIndex(of: UInt8(ascii: ".")) ?? key.endIndex
      let parent = dot == key.endIndex ? "" : "." + String(decoding: key[(dot + 1)...], as: UTF8.self)
      var changed = Array(key[..<dot])
      changed[changed.count - 1] =
        changed[changed.count - 1] == UInt8(ascii: "q") ? UInt8(ascii: "z") : UInt8(ascii: "q")
      names += [name, "a." + name, "www.b." + name, "x" + name, String(decoding: changed, as: UTF8.self) + parent]
      names.append(String(decoding: key[..<dot].dropLast(), as: UTF8.self) + parent)
      names.append("zz9" + parent)
    }
    return names.filter { !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("..") }
  }

  func test_theCompiledList_answersAsTheListAlgorithmOnAPlainDictionary() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Scripts/Data/public_suffix_list.dat")
    let reference = Reference(String(decoding: try Data(contentsOf: url), as: UTF8.self))
    XCTAssertGreaterThan(reference.nodes.count, 11_000)
    let names = namesAround(reference)
    XCTAssertGreaterThan(names.count, 70_000)
    assertSameAnswers(.shared, reference, names)
  }

  /// A block of one child has one slot: every probe of that block lands on it, whatever the label's hash, so a
  /// label of the same length with other bytes must not match (nor a longer or shorter one).
  func test_aProbeLandingOnAnotherLabelsSlot_matchesNothing() {
    let contents = "one\naaa.one\n*.two\n!ok.two\n"
    let list = PublicSuffixList(contents: contents)
    for label in ["aab", "baa", "zzz", "aa", "aaaa", "two", "tw0"] {
      XCTAssertEqual(list.publicSuffix(of: "x.\(label).one"), "one", label)
    }
    XCTAssertEqual(list.publicSuffix(of: "x.aaa.one"), "aaa.one")
    XCTAssertEqual(list.publicSuffix(of: "x.y.two"), "y.two")
    XCTAssertEqual(list.publicSuffix(of: "x.ok.two"), "two")
    XCTAssertEqual(list.publicSuffix(of: "x.oj.two"), "oj.two")
    XCTAssertEqual(list.publicSuffix(of: "x.owe"), "owe")
    assertSameAnswers(list, Reference(contents), namesAround(Reference(contents)))
  }

  /// Wildcards on nodes with and without children, exceptions under them, a rule under a wildcard, labels found
  /// inside others and labels overlapping others in the pool, the same label under several parents (a node with
  /// children, whose header sits before its label, and leaves), Unicode and punycode forms.
  func test_smallListsAtTheLayoutsEdges_answerAsTheListAlgorithm() {
    let contents = """
      ck
      *.ck
      !www.ck
      *.leaf.example
      example
      co.example
      abcdef.example
      cdefgh.example
      bcd.example
      def.co.example
      co.co.example
      *.co.co.example
      !co.x.co.co.example
      github.io
      // ===BEGIN PRIVATE DOMAINS===
      alice.github.io
      食狮.公司.cn
      xn--55qx5d.cn
      """
    let list = PublicSuffixList(contents: contents)
    XCTAssertEqual(list.registrableDomain(of: "a.b.leaf.example"), "a.b.leaf.example")
    XCTAssertEqual(list.registrableDomain(of: "b.leaf.example"), nil)
    XCTAssertEqual(list.publicSuffix(of: "www.ck"), "ck")
    XCTAssertEqual(list.publicSuffix(of: "m.cdefgh.example"), "cdefgh.example")
    XCTAssertEqual(list.publicSuffix(of: "m.cdef.example"), "example")
    XCTAssertEqual(list.publicSuffix(of: "www.食狮.公司.cn"), "食狮.公司.cn")
    XCTAssertEqual(list.publicSuffix(of: "www.xn--85x722f.xn--55qx5d.cn"), "xn--85x722f.xn--55qx5d.cn")
    let reference = Reference(contents)
    assertSameAnswers(list, reference, namesAround(reference))
  }

  /// Nodes whose children are alike share one block; nodes whose children differ only by a flag, a grandchild or
  /// a label do not, and each answers as its own rules say.
  func test_nodesWithAlikeChildren_shareABlock_andOnlyThey() {
    let contents = """
      cloud
      s3.r1.cloud
      *.web.r1.cloud
      app.r1.cloud
      s3.r2.cloud
      *.web.r2.cloud
      app.r2.cloud
      s3.r3.cloud
      web.r3.cloud
      app.r3.cloud
      s3.r4.cloud
      *.web.r4.cloud
      !x.web.r4.cloud
      app.r4.cloud
      s3.r5.cloud
      *.web.r5.cloud
      apq.r5.cloud
      """
    let list = PublicSuffixList(contents: contents)
    XCTAssertEqual(list.publicSuffix(of: "a.b.web.r2.cloud"), "b.web.r2.cloud")
    XCTAssertEqual(list.publicSuffix(of: "a.b.web.r3.cloud"), "web.r3.cloud")
    XCTAssertEqual(list.publicSuffix(of: "a.x.web.r4.cloud"), "web.r4.cloud")
    XCTAssertEqual(list.publicSuffix(of: "a.x.web.r1.cloud"), "x.web.r1.cloud")
    XCTAssertEqual(list.publicSuffix(of: "a.app.r5.cloud"), "cloud")
    XCTAssertEqual(list.publicSuffix(of: "a.apq.r1.cloud"), "cloud")
    let reference = Reference(contents)
    assertSameAnswers(list, reference, namesAround(reference))
    // Regions alike take one block: one more region alike adds no block (a displacement and three records at
    // least), one more region with other children does.
    let alike = PublicSuffixList(contents: contents + "\ns3.r6.cloud\n*.web.r6.cloud\napp.r6.cloud\n")
    let other = PublicSuffixList(contents: contents + "\ns3.r6.cloud\n*.web.r6.cloud\nap.r6.cloud\n")
    XCTAssertGreaterThanOrEqual(other.table.bytes.count - alike.table.bytes.count, 2 + 3 * 4)
  }

  /// A label of 63 bytes, the longest DNS allows, is kept; one of 64 is left out, and a name with a 64-byte label
  /// matches no longer rule.
  func test_theLongestLabel_isKept_andALongerOneLeftOut() {
    let longest = String(repeating: "a", count: 62) + "b"
    let tooLong = String(repeating: "a", count: 63) + "b"
    let contents = "test\n\(longest).test\n\(tooLong).test\n*.\(longest).test\n"
    let list = PublicSuffixList(contents: contents)
    XCTAssertEqual(list.publicSuffix(of: "x.\(longest).test"), "x.\(longest).test")
    XCTAssertEqual(list.publicSuffix(of: "x.\(tooLong).test"), "test")
    XCTAssertEqual(list.publicSuffix(of: "x.\(String(longest.dropLast())).test"), "test")
    assertSameAnswers(list, Reference(contents), namesAround(Reference(contents)))
  }

  /// A node with many children spreads them over several buckets of its block; every child is found, and
  /// unlisted names fall back to the default rule. The same entries build the same bytes every time.
  func test_aLargeBlock_findsEveryChild_andIsBuiltTheSameEveryTime() {
    var contents = "big\n"
    for number in 0..<2_000 {
      contents += "n\(number * 7919 % 100_003).big\n"
    }
    contents += "*.n0.big\n!x.n0.big\n"
    let list = PublicSuffixList(contents: contents)
    let again = PublicSuffixList(contents: contents)
    XCTAssertTrue(list.table.bytes.elementsEqual(again.table.bytes))
    XCTAssertEqual(list.publicSuffix(of: "a.n7919.big"), "n7919.big")
    XCTAssertEqual(list.publicSuffix(of: "a.x.n0.big"), "n0.big")
    XCTAssertEqual(list.publicSuffix(of: "a.y.n0.big"), "y.n0.big")
    let reference = Reference(contents)
    assertSameAnswers(list, reference, namesAround(reference))
  }

  /// An empty list has a root block with no child: every name's public suffix is its last label.
  func test_anEmptyList_hasTheDefaultRuleOnly() {
    let list = PublicSuffixList(contents: "// nothing\n")
    XCTAssertEqual(list.ruleCount, 0)
    XCTAssertEqual(list.publicSuffix(of: "a.b.c"), "c")
    XCTAssertEqual(list.registrableDomain(of: "a.b.c"), "b.c")
  }
}
