import SessionKit
import XCTest

@testable import SessionBenchKit

final class TestGeneratedHosts: XCTestCase {
  func test_everySuffix_isAPublicSuffixOfTheList() {
    for suffix in Set(GeneratedHosts.suffixes) {
      XCTAssertTrue(PublicSuffixList.shared.isPublicSuffix(suffix), suffix)
    }
  }

  func test_hostsAreDistinctRegistrableDomains_underThoseSuffixes_andRepeatForASeed() throws {
    let hosts = GeneratedHosts(count: 20_000, seed: 1)
    XCTAssertEqual(hosts.hosts.count, 20_000)
    XCTAssertEqual(Set(hosts.hosts).count, 20_000)
    XCTAssertEqual(GeneratedHosts(count: 20_000, seed: 1).hosts, hosts.hosts)
    XCTAssertNotEqual(GeneratedHosts(count: 100, seed: 2).hosts, Array(hosts.hosts.prefix(100)))
    var sites: Set<String> = []
    for host in hosts.hosts.prefix(2_000) {
      let address = try WebAddress("https://\(host)/")
      let site = try XCTUnwrap(address.site(using: .shared), host)
      let suffix = try XCTUnwrap(PublicSuffixList.shared.publicSuffix(of: site.description))
      XCTAssertTrue(GeneratedHosts.suffixes.contains(suffix), "\(host): \(suffix)")
      sites.insert(site.description)
    }
    XCTAssertEqual(sites.count, 2_000, "one site per host")
  }

  func test_ranksAreZipfDistributed() {
    let hosts = GeneratedHosts(count: 100_000, seed: 1)
    var random = WorkloadRandom(seed: 3)
    var counts = [Int](repeating: 0, count: 100_000)
    let draws = 200_000
    for _ in 0..<draws { counts[hosts.rank(pick: random.next())] += 1 }
    // Rank 1 has weight 1/H(100 000) ≈ 8.3 %; rank 2 half of it; the tail is long.
    XCTAssertEqual(Double(counts[0]) / Double(draws), 0.083, accuracy: 0.005)
    XCTAssertEqual(Double(counts[1]) / Double(counts[0]), 0.5, accuracy: 0.05)
    XCTAssertGreaterThan(counts.filter { $0 > 0 }.count, 30_000, "distinct hosts visited")
  }

  func test_theCatalog_sendsAdvertiserVisits_toGeneratedHosts() {
    let catalog = WebCatalog(generatedHosts: 10_000, seed: 1)
    XCTAssertEqual(catalog.generatedHostCount, 10_000)
    XCTAssertEqual(catalog.pages.count, WebCatalog.standard.pages.count + 10_000)
    var generator = WorkloadGenerator(mix: .mixed, seed: 1, sessions: 1)
    var hosts: Set<String> = []
    for _ in 0..<20_000 {
      let step = generator.next()
      guard step.kind == .crossSiteClick else { continue }
      hosts.insert(catalog.pages[catalog.destination(of: step.kind, from: 0, pick: step.pick)].host)
    }
    XCTAssertGreaterThan(hosts.count, 500, "cross-site clicks reach many hosts, not 69")
  }
}
