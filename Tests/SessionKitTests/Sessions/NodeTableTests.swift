import XCTest

@testable import SessionKit

/// The tree's table of live nodes: the root in a slot with a liveness flag (not an optional, which a decision
/// paid for with a copy of the whole node), its popups in a dictionary.
final class NodeTableTests: XCTestCase {
  private let root = PopupTreeState.rootKey

  private func page(_ url: String) throws -> CommittedPage {
    let address = try WebAddress(url)
    return CommittedPage(url: address, site: address.site())
  }

  private func table() -> NodeTable {
    NodeTable(root: SessionNode(id: "main", parent: nil, depth: 0))
  }

  func test_aNewTable_holdsOnlyItsRoot() {
    let nodes = table()
    XCTAssertTrue(nodes.contains(root))
    XCTAssertFalse(nodes.contains(1))
    XCTAssertEqual(nodes.read(root, \.id), "main")
    XCTAssertNil(nodes.read(1, \.id))
    XCTAssertEqual(nodes[root]?.id, "main")
    XCTAssertEqual(nodes.count, 1)
    XCTAssertEqual(nodes.entries.map(\.key), [root])
  }

  func test_theRootIsChangedInPlace_andKeepsWhatWasNotChanged() throws {
    var nodes = table()
    nodes[root]?.history.push(.init(page: try page("https://shop.example/"), isPost: false))
    nodes[root]?.hasCommittedPage = true
    XCTAssertEqual(nodes.read(root, \.history.currentPage?.url.serialized), "https://shop.example/")
    XCTAssertEqual(nodes.read(root, \.hasCommittedPage), true)
    XCTAssertEqual(nodes[root]?.id, "main")
    XCTAssertTrue(nodes.contains(root))
  }

  func test_aRemovedRoot_isGone_andAChangeThroughItsKeyDoesNotBringItBack() throws {
    var nodes = table()
    nodes[root]?.history.push(.init(page: try page("https://shop.example/"), isPost: false))
    let removed = nodes.removeValue(forKey: root)
    XCTAssertEqual(removed?.history.currentPage?.url.serialized, "https://shop.example/")
    XCTAssertFalse(nodes.contains(root))
    XCTAssertNil(nodes.read(root, \.id))
    XCTAssertNil(nodes[root])
    XCTAssertTrue(nodes.isEmpty)
    XCTAssertEqual(nodes.entries.count, 0)

    nodes[root]?.hasCommittedPage = true
    XCTAssertFalse(nodes.contains(root))
    XCTAssertNil(nodes.removeValue(forKey: root))
  }

  func test_settingTheRootToNil_removesIt_andReleasesItsPages() throws {
    var nodes = table()
    weak var released: CommittedPage?
    do {
      let page = try page("https://shop.example/")
      released = page
      nodes[root]?.history.push(.init(page: page, isPost: false))
    }
    XCTAssertNotNil(released)
    nodes[root] = nil
    XCTAssertFalse(nodes.contains(root))
    XCTAssertNil(released, "the slot of a removed root must not keep its history alive")
  }

  func test_popups_liveBesideTheRoot_andLeaveWithoutTouchingIt() {
    var nodes = table()
    nodes[1] = SessionNode(id: "main.1", parent: root, depth: 1)
    XCTAssertEqual(nodes.count, 2)
    XCTAssertEqual(nodes.read(1, \.parent), root)
    XCTAssertEqual(nodes.entries.map(\.key), [root, 1])
    nodes[1] = nil
    XCTAssertFalse(nodes.contains(1))
    XCTAssertTrue(nodes.contains(root))
    XCTAssertEqual(nodes.count, 1)
  }
}
