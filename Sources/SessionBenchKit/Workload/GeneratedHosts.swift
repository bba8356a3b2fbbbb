import Foundation
import SessionKit

/// The hosts of `--hosts N`: N registrable domains under real public suffixes, with a `www.`, `m.`, `shop.` or no
/// subdomain, visited with Zipf-distributed popularity (rank k has weight 1/k, as web traffic has it) so that a
/// few hosts are frequent and most are rare: a cache keyed by host or site cannot hold them all.
///
/// Names are made from the seed and the rank (pronounceable syllables), so a seed gives the same hosts on every
/// machine.
package struct GeneratedHosts: Sendable {
  /// Public suffixes of the Public Suffix List the domains are registered under: ICANN ones of one, two and
  /// three labels and private ones (`github.io`, `blogspot.com`, `herokuapp.com`), as real traffic mixes them.
  package static let suffixes = [
    "com", "com", "com", "com", "net", "org", "de", "co.uk", "com.au", "fr", "jp", "co.jp", "io", "github.io",
    "com.br", "ru", "es", "ca", "in", "pl", "blogspot.com", "org.uk", "nl", "it", "herokuapp.com", "ch", "se",
    "ac.jp", "net.br", "us",
  ]
  private static let syllables = [
    "ka", "lo", "mi", "ra", "ten", "vo", "shi", "ne", "bu", "dar", "el", "po", "qui", "sa", "tor", "un", "ze",
    "fi", "gal", "ho", "ji", "mor", "nu", "pel", "ri", "sta", "tu", "ven", "wa", "yo", "cor", "dex",
  ]
  private static let subdomains = ["www.", "", "m.", "shop."]

  /// The hosts, most popular first.
  package let hosts: [String]
  /// `cumulative[k]`: the probability of ranks 0…k.
  private let cumulative: [Double]

  /// `count` hosts (at least 1) named from `seed`.
  package init(count: Int, seed: UInt64) {
    let count = max(count, 1)
    var random = WorkloadRandom(seed: seed ^ 0x4057_5EED_0000_0000)
    var hosts: [String] = []
    hosts.reserveCapacity(count)
    var seen: Set<String> = []
    while hosts.count < count {
      var label = ""
      for _ in 0..<(2 + random.below(3)) { label += Self.syllables[random.below(Self.syllables.count)] }
      let suffix = Self.suffixes[random.below(Self.suffixes.count)]
      // Unique: the rank is appended when the syllables repeat a name already drawn.
      var name = label + "." + suffix
      if seen.contains(name) { name = label + String(hosts.count) + "." + suffix }
      guard seen.insert(name).inserted else { continue }
      hosts.append(Self.subdomains[random.below(Self.subdomains.count)] + name)
    }
    self.hosts = hosts
    var cumulative: [Double] = []
    cumulative.reserveCapacity(count)
    var total = 0.0
    for rank in 1...count {
      total += 1 / Double(rank)
      cumulative.append(total)
    }
    self.cumulative = cumulative.map { $0 / total }
  }

  /// The rank (an index into ``hosts``) that the random bits `pick` choose, Zipf-distributed.
  package func rank(pick: UInt64) -> Int {
    let unit = Double(pick >> 11) * 0x1p-53
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] <= unit { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
