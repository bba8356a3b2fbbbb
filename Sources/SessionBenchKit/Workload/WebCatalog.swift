import SessionKit

/// The web a workload browses: every URL a step may visit, with what the engine and the baselines need about
/// it prepared once (its main-frame `FrameInfo`, its `PolicyContext`, its site), and the pools each event kind
/// draws its destination from.
///
/// The URLs are the app's own site (`www.games.example`), partners, CDNs and single-sign-on domains that the
/// realistic policy names, advertisers and shops that it does not (the `ad-clicks` preset sends them to
/// Safari), the App Store, Google Pay and sign-in, and `tel:`/`mailto:` links.
package struct WebCatalog: Sendable {
  /// One URL of the catalog.
  package struct Page: Sendable {
    /// The URL as a page would give it.
    package let url: String
    /// The host, as sample code reads it (empty for `tel:` and `mailto:`).
    package let host: String
    /// The group of pages of one site; same-site clicks stay within it.
    package let group: Int
    /// The main frame of a web view showing this page, as WebKit describes it.
    package let mainFrame: FrameInfo
    /// What a policy compares navigations from this page with.
    package let context: PolicyContext
  }

  /// Every page; steps refer to them by index.
  package let pages: [Page]
  /// The pages of each group.
  let groups: [[Int]]
  /// Where the app's own loads go: its own pages.
  let loads: [Int]
  /// Where cross-site links go: mostly advertisers, then partners, CDNs, the App Store, shops, `tel:`.
  let crossSite: [Int]
  /// Where `_blank` links go.
  let blankLinks: [Int]
  /// Where `window.open` goes.
  let windowOpens: [Int]
  /// The first pages of the app: where a new tab starts.
  let starts: [Int]
  /// The main frame of a popup before its first load (`about:blank`).
  package let blankFrame: FrameInfo
  /// The groups of the advertisers (destinations no rule names), which `--hosts` replaces.
  private let advertiserGroups: Set<Int>
  /// `--hosts`: the generated hosts and the index of the first of their pages (one page each, in rank order).
  private let generated: (hosts: GeneratedHosts, firstPage: Int)?

  /// The catalog of a run without `--hosts`.
  package static let standard = WebCatalog()

  /// The standard catalog, except that a step that would visit an advertiser (a host no rule names: 50 % of
  /// cross-site clicks, 35 % of `_blank` links, 10 % of `window.open`s) visits one of `count` generated hosts
  /// instead (``GeneratedHosts``: real public suffixes, Zipf-distributed), so that unnamed destinations are as
  /// many as a real user's rather than 32.
  package init(generatedHosts count: Int, seed: UInt64) {
    self.init(generating: count > 0 ? GeneratedHosts(count: count, seed: seed) : nil)
  }

  /// The number of generated hosts (`--hosts`), 0 for the standard catalog.
  package var generatedHostCount: Int { generated?.hosts.hosts.count ?? 0 }

  private init(generating generatedHosts: GeneratedHosts? = nil) {
    var builder = Builder()
    let own = builder.group(
      (1...24).map { "https://www.games.example/play/level-\($0)?mode=arcade" }
        + (1...12).map { "https://www.games.example/store/item-\($0 * 37)" }
        + (1...8).map { "https://www.games.example/news/2025/\($0)-patch-notes#comments" }
        + (1...4).map { "https://m.games.example/leaderboard/week-\($0)" })
    let partnerIndices = (1...8).map { 10 * (($0 + 1) / 2) + ($0 + 1) % 2 }  // 10, 11, 20, 21, …
    let partners = partnerIndices.flatMap { index in
      builder.group([
        "https://www.partner-\(index).example/", "https://www.partner-\(index).example/catalog?page=2",
        "https://partner-\(index).example/about", "https://www.partner-\(index).example/deals/today",
      ])
    }
    let cdns = [14, 24, 34].flatMap { index in
      builder.group([
        "https://static.cdn-\(index).example/landing/game-\(index).html",
        "https://img.cdn-\(index).example/promo/banner.html",
      ])
    }
    let advertisers = (1...32).flatMap { index in
      builder.group(["https://www.advertiser-\(index).example/offer?id=\(index * 7919)&utm_source=games"])
    }
    let shops = [16, 17, 26, 27].flatMap { index in
      builder.group(["https://www.shop-\(index).example/product/\(index * 31)"])
    }
    let appStore = builder.group((1...4).map { "https://apps.apple.com/us/app/id\(1_400_000_000 + $0 * 9973)" })
    let schemes = builder.group(["tel:+15550100", "mailto:support@games.example?subject=help"])
    let ownPopups = builder.group((1...8).map { "https://www.games.example/share/score-\($0)?via=popup" }, joining: 0)
    let google = builder.group([
      "https://pay.google.com/gp/p/ui/pay?mid=BCR2DN4T", "https://accounts.google.com/o/oauth2/v2/auth?client_id=games",
    ])
    let sso = [15, 25, 35].flatMap { builder.group(["https://login.sso-\($0).example/authorize?client=games"]) }
    let checkouts = [12, 22, 32].flatMap { builder.group(["https://pay.partner-\($0).example/checkout?cart=17"]) }
    advertiserGroups = Set(advertisers.map { builder.pages[$0].group })
    if let generatedHosts {
      let first = builder.pages.count
      for (rank, host) in generatedHosts.hosts.enumerated() {
        _ = builder.group(["https://\(host)/offer?id=\(rank &* 7919)&utm_source=games"])
      }
      generated = (generatedHosts, first)
    } else {
      generated = nil
    }

    pages = builder.pages
    groups = builder.groups
    loads = own
    starts = Array(own.prefix(8))
    crossSite = Self.pool([
      (advertisers, 50), (partners, 20), (cdns, 8), (appStore, 8), (shops, 8), (schemes, 3), (own, 3),
    ])
    blankLinks = Self.pool([
      (ownPopups, 30), (advertisers, 35), (google, 10), (appStore, 10), (checkouts, 10), (shops, 5),
    ])
    windowOpens = Self.pool([(google, 40), (ownPopups, 25), (sso, 15), (checkouts, 10), (advertisers, 10)])
    blankFrame = FrameInfo(isMainFrame: true, url: "about:blank")
  }

  /// A pool in which each group's share is its weight: each weight unit is four entries, cycling through the
  /// group's pages.
  private static func pool(_ groups: [([Int], Int)]) -> [Int] {
    var entries: [Int] = []
    for (pages, weight) in groups {
      for slot in 0..<(weight * 4) { entries.append(pages[slot % pages.count]) }
    }
    return entries
  }

  /// The destination of a step of `kind` from page `current`, chosen by the step's random `pick`.
  func destination(of kind: WorkloadEventKind, from current: Int, pick: UInt64) -> Int {
    switch kind {
    case .load: Self.choose(loads, pick)
    case .sameSiteClick: Self.choose(groups[pages[current].group], pick)
    case .crossSiteClick: unnamed(Self.choose(crossSite, pick), pick)
    case .blankLink: unnamed(Self.choose(blankLinks, pick), pick)
    case .windowOpen: unnamed(Self.choose(windowOpens, pick), pick)
    case .back, .forward, .reload: current
    }
  }

  /// With `--hosts`, an advertiser's page becomes a generated host's, by rank drawn from the pick's low bits
  /// (mixed, since the high bits chose the pool entry).
  private func unnamed(_ page: Int, _ pick: UInt64) -> Int {
    guard let generated, advertiserGroups.contains(pages[page].group) else { return page }
    var bits = pick &* 0x9E37_79B9_7F4A_7C15
    bits ^= bits >> 29
    return generated.firstPage + generated.hosts.rank(pick: bits &* 0xBF58_476D_1CE4_E5B9)
  }

  /// The page a new tab starts on.
  func start(pick: UInt64) -> Int {
    Self.choose(starts, pick)
  }

  private static func choose(_ pool: [Int], _ pick: UInt64) -> Int {
    pool[Int(truncatingIfNeeded: pick.multipliedFullWidth(by: UInt64(pool.count)).high)]
  }

  private struct Builder {
    var pages: [Page] = []
    var groups: [[Int]] = []

    /// Adds a group of pages of one site (or adds them to group `joining`); returns their indices.
    mutating func group(_ urls: [String], joining existing: Int? = nil) -> [Int] {
      let group = existing ?? groups.count
      if existing == nil { groups.append([]) }
      var indices: [Int] = []
      for url in urls {
        let address = try? WebAddress(url)
        indices.append(pages.count)
        groups[group].append(pages.count)
        pages.append(
          Page(
            url: url, host: address?.host?.serialized ?? "", group: group,
            mainFrame: FrameInfo(isMainFrame: true, url: url), context: PolicyContext(currentURL: address)))
      }
      return indices
    }
  }
}
