import Foundation
import SessionKit
import XCTest

@testable import SessionBenchKit

/// `session-bench lint`: the findings of §7.2, their JSON paths and levels, the soundness of `unreachable`, the
/// probe of hostile spellings, and the exit statuses.
final class TestPolicyLint: XCTestCase {
  private func findings(_ json: String, deciders: Set<String>? = nil) throws -> [LintFinding] {
    try PolicyLint(json: Array(json.utf8), declaredDeciders: deciders).findings()
  }

  private func temporaryFile(_ contents: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).json")
    try Data(contents.utf8).write(to: url)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url.path
  }

  private static let threeMistakes = #"""
    {"version": 1,
     "rules": [
       {"name": "uk-shops", "match": {"hosts": ["*.co.uk"]}, "action": "allow"},
       {"name": "our-sites", "match": {"hosts": ["*.example.com"]}, "action": "allow"},
       {"name": "pay", "match": {"hosts": ["pay.example.com"], "target": "newWindow"}, "action": {"popup": "modal"}},
       {"name": "phones", "match": {"schemes": ["tel"]}, "action": {"external": "safari"}}
     ]}
    """#

  func test_wildcardOnAPublicSuffix_ruleShadowedByAnEarlierOne_andSafariOnTel_areTheThreeErrors() throws {
    let found = try findings(Self.threeMistakes)

    XCTAssertEqual(found.map(\.code), [.publicSuffixWildcard, .unreachable, .safariScheme])
    XCTAssertEqual(found.map(\.path), ["rules[0].match.hosts[0]", "rules[2]", "rules[3].action"])
    XCTAssertEqual(found.map(\.level), [.error, .error, .error])
    XCTAssertTrue(found[1].message.contains("rules[1] (\"our-sites\")"), found[1].message)
  }

  func test_theLintCommand_printsTheErrors_andExitsOne_orAsJSONLines() throws {
    let path = try temporaryFile(Self.threeMistakes)
    var options = LintOptions(file: path)
    let text = runLint(options)
    options.json = true
    let json = runLint(options)

    XCTAssertEqual(text.exitCode, 1)
    XCTAssertTrue(text.output.hasPrefix("error rules[0].match.hosts[0]: \"*.co.uk\" matches every site"), text.output)
    XCTAssertEqual(json.exitCode, 1)
    let lines = json.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3)
    let first = try JSONValue(parsing: lines[0])
    XCTAssertEqual(first["level"], .string("error"))
    XCTAssertEqual(first["path"], .string("rules[0].match.hosts[0]"))
    XCTAssertEqual(first["code"], .string("public-suffix-wildcard"))
  }

  func test_aPresetRuleShadowedByAnEarlierPreset_isUnreachable_andNamedByItsInclude() throws {
    let found = try findings(#"{"version": 1, "include": ["webkit-default", "google-pay"]}"#)

    XCTAssertEqual(found.map(\.code), [.unreachable])
    XCTAssertEqual(found.first?.path, "include[1]")
    XCTAssertTrue(found.first?.message.contains("google-pay/pay-and-sign-in-popups") == true)
    XCTAssertTrue(found.first?.message.contains("\"webkit-default/new-windows\"") == true)
  }

  func test_anOwnRuleThatCatchesEveryNewWindow_shadowsThePresetsNewWindowRules() throws {
    let found = try findings(
      #"""
      {"version": 1, "include": ["ad-clicks"],
       "rules": [{"name": "no-windows", "match": {"target": "newWindow"}, "action": "cancel"}]}
      """#)

    XCTAssertEqual(found.filter { $0.code == .unreachable }.map(\.message).count, 2)
    XCTAssertTrue(found.allSatisfy { $0.path == "include[0]" })
  }

  func test_narrowerConditionsThatDoNotFollowFromTheEarlierRule_areNotUnreachable() throws {
    let found = try findings(
      #"""
      {"version": 1, "rules": [
        {"name": "a", "match": {"hosts": ["pay.example.com"], "paths": ["/checkout/*"]}, "action": "allow"},
        {"name": "b", "match": {"hosts": ["pay.example.com"]}, "action": "cancel"},
        {"name": "c", "match": {"sites": ["example.com"], "crossSite": true}, "action": "cancel"},
        {"name": "d", "match": {"hosts": ["example.com", "*.example.com"]}, "action": "allow"},
        {"name": "e", "match": {"sites": ["example.com"]}, "action": "cancel"}
      ]}
      """#)

    let unreachable = found.filter { $0.code == .unreachable }
    XCTAssertEqual(unreachable.map(\.path), ["rules[4]"], "the site is covered by the exact host and *. together")
    XCTAssertEqual(found.filter { $0.code == .cancelsEmbeddedIframes }, [], "rules named to hosts or sites")
  }

  func test_warnings_nameTheCanonicalHost_aPopupOffNewWindows_andAnUndeclaredDecider() throws {
    let found = try findings(
      #"""
      {"version": 1, "rules": [
        {"name": "shop", "match": {"hosts": ["Shop.Example.com."], "target": "mainFrame"}, "action": {"popup": "modal"}},
        {"name": "idn", "match": {"sites": ["bücher.example"]}, "action": {"ask": "confirm"}}
      ], "default": {"ask": "review"}}
      """#, deciders: ["confirm"])

    XCTAssertEqual(found.map(\.code), [.nonCanonicalHost, .popupNeverNewWindow, .nonCanonicalHost, .undeclaredDecider])
    XCTAssertEqual(
      found.map(\.path), ["rules[0].match.hosts[0]", "rules[0].action", "rules[1].match.sites[0]", "default"])
    XCTAssertTrue(found[0].message.contains("write \"shop.example.com\""), found[0].message)
    XCTAssertTrue(found[2].message.contains("xn--bcher-kva.example"), found[2].message)
    XCTAssertTrue(found.allSatisfy { $0.level == .warning })
  }

  /// A `popup` action answers only new-window requests; on any other it is a plain allow. A popup's first load is
  /// a main-frame navigation (`CompiledPolicy` sets `popupFirstLoad` only for target `mainFrame`); WebKit sends a
  /// new-window request as `linkActivated`, `formSubmitted` or `other` only (WebKitBehavior.md, the callback
  /// table); and with `popups.requireUserGesture` (the default) a new window without a gesture is refused before
  /// any rule is consulted.
  func test_aPopupActionWhoseMatchNeverMeetsANewWindow_isReported_naming_theConditionAndItsPath() throws {
    let found = try findings(
      #"""
      {"version": 1, "rules": [
        {"name": "first-load", "match": {"hosts": ["pay.example"], "popupFirstLoad": true}, "action": {"popup": "modal"}},
        {"name": "history", "match": {"hosts": ["a.example"], "navigationTypes": ["backForward", "reload"]},
         "action": {"popup": "overlay"}},
        {"name": "frames", "match": {"hosts": ["b.example"], "target": "subframe"}, "action": {"popup": "overlay"}},
        {"name": "no-gesture", "match": {"hosts": ["c.example"], "userGesture": false}, "action": {"popup": "modal"}},
        {"name": "windows", "match": {"hosts": ["d.example"], "popupFirstLoad": false,
         "navigationTypes": ["other", "reload"], "userGesture": true}, "action": {"popup": "modal"}}
      ]}
      """#)
    let popups = found.filter { $0.code == .popupNeverNewWindow }

    XCTAssertEqual(popups.map(\.path), ["rules[0].action", "rules[1].action", "rules[2].action", "rules[3].action"])
    XCTAssertTrue(popups.allSatisfy { $0.level == .warning })
    guard popups.count == 4 else { return }
    XCTAssertTrue(popups[0].message.contains("rules[0].match.popupFirstLoad"), popups[0].message)
    XCTAssertTrue(popups[1].message.contains("rules[1].match.navigationTypes"), popups[1].message)
    XCTAssertTrue(popups[2].message.contains("rules[2].match.target"), popups[2].message)
    XCTAssertTrue(popups[3].message.contains("rules[3].match.userGesture"), popups[3].message)
    XCTAssertTrue(popups[3].message.contains("popups.requireUserGesture"), popups[3].message)

    let allowed = try findings(
      #"""
      {"version": 1, "popups": {"requireUserGesture": false}, "rules": [
        {"name": "no-gesture", "match": {"hosts": ["c.example"], "userGesture": false}, "action": {"popup": "modal"}}
      ]}
      """#)
    XCTAssertEqual(allowed.filter { $0.code == .popupNeverNewWindow }, [], "gestureless windows may open then")
  }

  func test_warningsPass_unlessStrict_andAnInvalidFileExitsTwo() throws {
    let warned = try temporaryFile(
      #"{"version": 1, "rules": [{"name": "a", "match": {"hosts": ["A.example"]}, "action": "allow"}]}"#)
    var options = LintOptions(file: warned)
    XCTAssertEqual(runLint(options).exitCode, 0)
    options.strict = true
    XCTAssertEqual(runLint(options).exitCode, 1)

    let invalid = runLint(LintOptions(file: try temporaryFile(#"{"version": 1, "rules": [{"name": "a"}]}"#)))
    XCTAssertEqual(invalid.exitCode, 2)
    XCTAssertTrue(invalid.output.contains("rules[0]: a rule needs an \"action\""), invalid.output)
    XCTAssertEqual(runLint(LintOptions(file: "/nonexistent/policy.json")).exitCode, 2)
  }

  func test_adClicksBeforeGooglePay_warnsAtItsInclude_thatThePaymentWindowsGoToSafari() throws {
    let found = try findings(#"{"version": 1, "include": ["ad-clicks", "google-pay"]}"#)

    XCTAssertEqual(found.map(\.code), [.paymentWindowsSentOut])
    XCTAssertEqual(found.map(\.path), ["include[0]"])
    XCTAssertEqual(found.map(\.level), [.warning])
    let message = found.first?.message ?? ""
    XCTAssertTrue(message.hasPrefix("\"ad-clicks\" sends "), message)
    XCTAssertTrue(message.contains("and 11 more Google Pay and sign-in windows to Safari"), message)
    XCTAssertTrue(message.contains("before include[1] (\"google-pay/"), message)
    XCTAssertTrue(message.contains("list \"google-pay\" before \"ad-clicks\" in include"), message)
  }

  func test_googlePayBeforeAdClicks_asTheDocsWriteIt_lintsClean() throws {
    XCTAssertEqual(try findings(#"{"version": 1, "include": ["google-pay", "ad-clicks"]}"#), [])
    XCTAssertEqual(try findings(#"{"version": 1, "include": ["google-pay", "ad-clicks", "webkit-default"]}"#), [])
  }

  func test_anAppRuleThatSendsCrossSiteWindowsToSafari_beforeGooglePay_warnsAtTheRule() throws {
    let found = try findings(
      #"""
      {"version": 1, "include": ["google-pay"],
       "rules": [{"name": "out", "match": {"target": "newWindow", "crossSite": true}, "action": {"external": "safari"}}]}
      """#)

    XCTAssertEqual(found.map(\.code), [.paymentWindowsSentOut])
    XCTAssertEqual(found.first?.path, "rules[0]")
    XCTAssertTrue(found.first?.message.contains("narrow this rule") == true, found.first?.message ?? "")
  }

  func test_anAppRuleThatKeepsPaymentWindowsIn_makesTheOrderOfThePresetsHarmless() throws {
    let found = try findings(
      #"""
      {"version": 1, "include": ["ad-clicks", "google-pay"],
       "rules": [{"name": "pay", "match": {"hosts": ["pay.google.com", "payments.google.com",
                  "accounts.google.com", "accounts.youtube.com"]}, "action": "allow"}]}
      """#)

    XCTAssertEqual(found.filter { $0.code == .paymentWindowsSentOut }, [])
  }

  /// The realistic benchmark policy's 91 rules that send help, support and shop pages to Safari, each named to
  /// its hosts or site, were each reported as cancelling iframes embedded from there, which no page does; a rule
  /// named to hosts or sites is no longer reported for it, and the policy lints clean, `--strict` included.
  func test_theRealisticBenchmarkPolicy_lintsClean_evenStrict() throws {
    let path = RepositoryFiles.root.appendingPathComponent("Benchmarks/policies/realistic.json").path
    var options = LintOptions(file: path)
    options.strict = true
    let result = runLint(options)

    XCTAssertEqual(result.exitCode, 0, result.output)
    XCTAssertEqual(result.output, "")
  }

  func test_probe_showsThatHostileSpellingsOfAHost_areNotDecidedByItsRule() throws {
    let lint = try PolicyLint(
      json: Array(
        #"""
        {"version": 1, "default": "cancel",
         "rules": [{"name": "shop", "match": {"hosts": ["example.com"]}, "action": "allow"}]}
        """#.utf8))
    let lines = try PolicyProbe(lint).lines()
    let decidedBy = Dictionary(uniqueKeysWithValues: lines.map { ($0.spelling, $0.decidedBy) })

    XCTAssertEqual(lines.map(\.url).prefix(2), ["https://example.com/", "https://example.com.evil.net/"])
    XCTAssertEqual(decidedBy["true-host"], "shop")
    XCTAssertEqual(decidedBy["suffix-extension"], "default")
    XCTAssertEqual(decidedBy["userinfo"], "default")
    XCTAssertEqual(decidedBy["path-at"], "default")
    XCTAssertEqual(decidedBy["backslash-at"], "default")
    XCTAssertEqual(decidedBy["homograph"], "default")
    XCTAssertEqual(decidedBy["case-and-trailing-dot"], "shop", "the same host, spelled otherwise")
    XCTAssertEqual(lines.filter(\.differsFromTrueHost).map(\.spelling).contains("case-and-trailing-dot"), false)
  }

  func test_theLintCommandWithProbe_printsTheSummary_andWithAllEverySpelling() throws {
    let path = try temporaryFile(
      #"""
      {"version": 1, "rules": [{"name": "shop", "match": {"hosts": ["example.com"], "target": "mainFrame"},
                                "action": "cancel"}]}
      """#)
    var options = LintOptions(file: path)
    options.probe = true
    let text = runLint(options)
    options.all = true
    let all = runLint(options)
    options.all = false
    options.json = true
    let json = runLint(options)

    XCTAssertEqual(text.exitCode, 0)
    let lines = text.output.split(separator: "\n").map(String.init)
    XCTAssertTrue(
      lines[0].hasPrefix(
        "probe: 1 rules, 1 hosts, 6 hostile spellings; 0 decided by a host or site rule as the true host (each "
          + "listed); 5 decided otherwise than the true host, 1 as it"), lines[0])
    XCTAssertTrue(lines[0].hasSuffix("0 true hosts not reaching their rule"), lines[0])
    XCTAssertEqual(
      lines.dropFirst(),
      ["--all adds 7 probe lines (each true host, and every spelling no host or site rule decides as it)"],
      "the default decides the spellings, which no host rule takes: nothing deserves a look")
    let allLines = all.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(allLines.count, 8, "the summary, the true host and six spellings")
    XCTAssertTrue(allLines.contains("probe rules[0] \"shop\" true-host: https://example.com/ → shop (cancel)"))
    XCTAssertTrue(
      allLines.contains("probe rules[0] \"shop\" suffix-extension: https://example.com.evil.net/ → default (allow)"))
    XCTAssertFalse(all.output.contains("--all adds"))
    let jsonLines = json.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(jsonLines.count, 1, "the summary object; no spelling deserves a look")
    let summary = try JSONValue(parsing: jsonLines[0])
    XCTAssertEqual(summary["probeSummary"]?["differing"], .number(5))
    XCTAssertEqual(summary["probeSummary"]?["deserveALook"], .number(0))
  }

  /// A spelling that deserves a look is one that a rule with hosts or sites decides as the true host: here the
  /// partner rule's `*.evil.net` takes `bank.example.evil.net`, which an attacker registers, and allows it as
  /// `bank.example` is allowed. A spelling the default or a host-less rule decides is not listed by default.
  func test_probe_listsByDefault_theSpellingsAHostRuleDecidesAsTheTrueHost() throws {
    let path = try temporaryFile(
      #"""
      {"version": 1, "default": "cancel", "rules": [
        {"name": "bank", "match": {"hosts": ["bank.example"]}, "action": "allow"},
        {"name": "partners", "match": {"hosts": ["*.evil.net"]}, "action": "allow"},
        {"name": "links", "match": {"navigationTypes": ["linkActivated"]}, "action": "allow"}]}
      """#)
    var options = LintOptions(file: path)
    options.probe = true
    let text = runLint(options)
    options.json = true
    let json = runLint(options)
    let lint = try PolicyLint(json: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    let (summary, lines) = try PolicyProbe(lint).probe()

    let bank = lines.filter { $0.rule == "bank" }
    XCTAssertEqual(bank.filter(\.deservesALook).map(\.spelling), ["suffix-extension"])
    XCTAssertEqual(
      bank.first { $0.spelling == "userinfo" }?.decidedBy, "links",
      "decided as the true host, but by a rule without hosts: not an attacker's gain over a host check")
    XCTAssertFalse(bank.first { $0.spelling == "userinfo" }?.deservesALook ?? true)
    XCTAssertEqual(summary.deserveALook, lines.filter(\.deservesALook).count)
    let textLines = text.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(
      textLines[1],
      "probe rules[0] \"bank\" suffix-extension: https://bank.example.evil.net/ → partners (allow): decided as the "
        + "true host")
    XCTAssertEqual(textLines.count, 2 + summary.deserveALook, "the summary, the lines that deserve a look, --all")
    XCTAssertTrue(textLines.last?.hasPrefix("--all adds ") == true, text.output)
    let jsonLines = json.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(jsonLines.count, 1 + summary.deserveALook)
    XCTAssertEqual(try JSONValue(parsing: jsonLines[1])["deservesALook"], .bool(true))
  }

  // MARK: what lint prints

  /// Fifty hosts in upper case and two other findings: the error first, the lone warning, then the fifty on one
  /// line that counts them and names the first three paths, then what `--all` adds.
  private static let manyAlike: String = {
    let shops = (0..<50).map {
      #"{"name": "shop-\#($0)", "match": {"hosts": ["Shop-\#($0).Example"]}, "action": "allow"}"#
    }
    let others = [
      #"{"name": "first", "match": {"hosts": ["pay.example"], "popupFirstLoad": true}, "action": {"popup": "modal"}}"#,
      #"{"name": "uk", "match": {"hosts": ["*.co.uk"]}, "action": "allow"}"#,
    ]
    return #"{"version": 1, "rules": ["# + (shops + others).joined(separator: ",\n") + "]}"
  }()

  func test_aKindFoundMoreThanThreeTimes_isOneLine_afterTheErrorsAndTheLoneWarnings() throws {
    let result = runLint(LintOptions(file: try temporaryFile(Self.manyAlike)))
    let lines = result.output.split(separator: "\n").map(String.init)

    XCTAssertEqual(result.exitCode, 1, "the error")
    XCTAssertEqual(lines.count, 4, result.output)
    XCTAssertTrue(lines[0].hasPrefix("error rules[51].match.hosts[0]: \"*.co.uk\""), lines[0])
    XCTAssertTrue(lines[1].hasPrefix("warning rules[50].action: a popup action"), lines[1])
    XCTAssertEqual(
      lines[2],
      "warning non-canonical-host, 50 alike: rules[0].match.hosts[0], rules[1].match.hosts[0], "
        + "rules[2].match.hosts[0] and 47 more (--all lists each); rules[0].match.hosts[0]: \"Shop-0.Example\" is "
        + "not how browsers write this host; write \"shop-0.example\"")
    XCTAssertEqual(lines[3], "--all adds the 50 findings grouped above, one a line")
  }

  func test_all_printsEveryFindingOneALine_andJSONAlwaysDoes() throws {
    let path = try temporaryFile(Self.manyAlike)
    let found = try findings(Self.manyAlike)
    var options = LintOptions(file: path)
    options.all = true
    let all = runLint(options)
    options.all = false
    options.json = true
    let json = runLint(options)

    XCTAssertEqual(found.count, 52)
    let lines = all.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines, found.map(\.description), "every finding, in rule order, as before grouping")
    XCTAssertEqual(all.exitCode, 1)
    XCTAssertEqual(json.output, found.map { $0.json + "\n" }.joined(), "every finding, in rule order")
  }

  func test_threeOfAKind_areEachPrinted_andStrictCountsTheGroupedWarnings() throws {
    let three = try temporaryFile(
      #"""
      {"version": 1, "rules": [
        {"name": "a", "match": {"hosts": ["A.example"]}, "action": "allow"},
        {"name": "b", "match": {"hosts": ["B.example"]}, "action": "allow"},
        {"name": "c", "match": {"hosts": ["C.example"]}, "action": "allow"}]}
      """#)
    let four = try temporaryFile(
      #"""
      {"version": 1, "rules": [
        {"name": "a", "match": {"hosts": ["A.example"]}, "action": "allow"},
        {"name": "b", "match": {"hosts": ["B.example"]}, "action": "allow"},
        {"name": "c", "match": {"hosts": ["C.example"]}, "action": "allow"},
        {"name": "d", "match": {"hosts": ["D.example"]}, "action": "allow"}]}
      """#)

    let printed = runLint(LintOptions(file: three))
    XCTAssertEqual(printed.output.split(separator: "\n").count, 3)
    XCTAssertFalse(printed.output.contains("--all"))
    XCTAssertEqual(printed.exitCode, 0)
    var strict = LintOptions(file: four)
    strict.strict = true
    let grouped = runLint(strict)
    XCTAssertEqual(grouped.output.split(separator: "\n").count, 2, "the group and what --all adds")
    XCTAssertEqual(grouped.exitCode, 1, "warnings grouped on one line fail --strict too")
  }

  /// On the realistic benchmark policy the findings were 91 lines (34 KB) and `--probe` 1 712; by default lint
  /// now fits a screen, and `--all` still gives every probe line.
  func test_theRealisticPolicy_fitsAScreen_byDefault_andAllGivesEveryProbeLine() throws {
    let path = RepositoryFiles.root.appendingPathComponent("Benchmarks/policies/realistic.json").path
    var options = LintOptions(file: path)
    let plain = runLint(options)
    options.probe = true
    let probed = runLint(options)
    options.all = true
    let all = runLint(options)

    let screen = 40
    XCTAssertLessThanOrEqual(plain.output.split(separator: "\n").count, screen, plain.output)
    let probedLines = probed.output.split(separator: "\n")
    XCTAssertLessThanOrEqual(probedLines.count, screen, probed.output)
    XCTAssertTrue(probedLines.first?.hasPrefix("probe: 258 rules, 324 hosts, 1944 hostile spellings") == true)
    let allLines = all.output.split(separator: "\n")
    XCTAssertEqual(allLines.count, 1 + 324 + 1944, "the summary, each true host and every spelling")
    XCTAssertEqual(
      probedLines.last.map(String.init),
      "--all adds 2268 probe lines (each true host, and every spelling no host or site rule decides as it)")
    XCTAssertEqual(plain.exitCode, 0)
    XCTAssertEqual(probed.exitCode, 0)
  }

  func test_probe_judgesEachSpellingUnderTheRulesOwnConditions() throws {
    let lint = try PolicyLint(
      json: Array(
        #"""
        {"version": 1, "include": ["ad-clicks"],
         "rules": [
           {"name": "help", "match": {"hosts": ["www.games.example"], "paths": ["/help/*"]},
            "action": {"external": "safari"}},
           {"name": "insecure", "match": {"schemes": ["http"], "hosts": ["old.example"]}, "action": "cancel"},
           {"name": "own-popups", "match": {"sites": ["games.example"], "popupFirstLoad": true, "crossSite": false},
            "action": "allow"}
         ]}
        """#.utf8))
    let lines = try PolicyProbe(lint).lines()
    func line(_ rule: String, _ spelling: String) -> PolicyProbe.Line? {
      lines.first { $0.rule == rule && $0.spelling == spelling }
    }

    XCTAssertEqual(line("help", "true-host")?.url, "https://www.games.example/help/")
    XCTAssertEqual(line("help", "true-host")?.decidedBy, "help")
    XCTAssertEqual(line("help", "suffix-extension")?.url, "https://www.games.example.evil.net/help/")
    XCTAssertEqual(line("insecure", "true-host")?.url, "http://old.example/")
    XCTAssertEqual(line("insecure", "case-and-trailing-dot")?.url, "http://OLD.EXAMPLE.:80/")
    XCTAssertEqual(line("insecure", "case-and-trailing-dot")?.decidedBy, "insecure")
    XCTAssertEqual(line("own-popups", "true-host")?.decidedBy, "own-popups", "a same-site first load")
    XCTAssertEqual(
      line("ad-clicks/app-store-new-window", "true-host")?.decidedBy, "ad-clicks/app-store-new-window",
      "window.open reaches it where a link tap is the earlier app-store rule's")
    XCTAssertEqual(try PolicyProbe(lint).summary().notReached, [])
  }

  /// On the realistic benchmark policy the old probe, judging every host as a link tap to `/` from another site,
  /// showed 51 true hosts not reaching their rule; judged under each rule's own conditions only the
  /// `app-store` hosts remain, and there the earlier `app-store` rule does decide every such window.
  func test_probe_onTheRealisticPolicy_reportsOnlyTheTrueHostsThatReallyMissTheirRule() throws {
    let path = RepositoryFiles.root.appendingPathComponent("Benchmarks/policies/realistic.json").path
    let lint = try PolicyLint(json: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    let probe = try PolicyProbe(lint)
    let (summary, lines) = probe.probe()

    XCTAssertEqual(summary.notReached.map(\.rule), [], "\(summary.notReached)")
    XCTAssertEqual(summary.matchedByTheRule, 0)
    func truth(_ rule: String) -> PolicyProbe.Line? {
      lines.first { $0.rule == rule && $0.spelling == "true-host" }
    }
    XCTAssertEqual(truth("help-pages")?.url, "https://www.games.example/help/")
    XCTAssertEqual(truth("help-pages")?.decidedBy, "help-pages")
    XCTAssertEqual(truth("legal-18")?.url, "https://www.games.example/legal/terms-18")
    XCTAssertEqual(truth("legal-18")?.decidedBy, "legal-18")
    XCTAssertEqual(truth("support-3")?.url, "https://support-3.games.example/contact/")
    XCTAssertEqual(truth("google-pay/pay-and-sign-in-first-load")?.decidedBy, "google-pay/pay-and-sign-in-first-load")
    XCTAssertEqual(truth("ad-clicks/app-store-new-window")?.decidedBy, "ad-clicks/app-store-new-window")
  }

  // MARK: cancels-embedded-iframes

  func test_aCrossSiteRuleThatCancels_warnsThatItCancelsThePagesIframes_andHowToFixIt() throws {
    let found = try findings(
      #"""
      {"version": 1, "rules": [{"name": "no-cross-site", "match": {"crossSite": true}, "action": "cancel"}]}
      """#)

    XCTAssertEqual(found.map(\.code), [.cancelsEmbeddedIframes])
    XCTAssertEqual(found.map(\.path), ["rules[0].match"])
    XCTAssertEqual(found.map(\.level), [.warning])
    XCTAssertEqual(
      found.first?.message,
      "rule \"no-cross-site\" cancels every cross-site iframe a page embeds (decidePolicyFor other, target "
        + "subframe, no gesture): ads and payment buttons embedded in iframes stay empty; add \"target\": "
        + "\"mainFrame\" (or \"navigationTypes\": [\"linkActivated\"]) to its match")
  }

  /// The engine answers `finish` outside a popup's main frame with cancel: a `finish` rule for a sign-in host
  /// cancels that host's iframes on every page that embeds them.
  func test_aRuleThatFinishes_warnsThatTheIframesAreCancelled() throws {
    let found = try findings(
      #"""
      {"version": 1, "rules": [
        {"name": "signed-in", "match": {"hosts": ["accounts.google.com"]}, "action": {"finish": "app"}}]}
      """#)

    XCTAssertEqual(found.map(\.code), [.cancelsEmbeddedIframes])
    XCTAssertEqual(found.map(\.path), ["rules[0].match"])
    XCTAssertTrue(
      found.first?.message.contains(
        "finishes the iframes a page of another site embeds from \"accounts.google.com\" (decidePolicyFor other, "
          + "target subframe, no gesture), which cancels them (finish applies to a popup's main frame only)")
        == true, found.first?.message ?? "no finding")
  }

  /// A rule that sends every cross-site navigation out takes every iframe a page embeds; one named to hosts or
  /// sites takes only those hosts' iframes, which lint cannot know any page embeds, and keeping a site it sends out
  /// (or cancels) out of the app's pages as well is what such a rule says.
  func test_aRuleThatSendsEveryCrossSiteIframeOut_isReported_butNotOneNamedToHostsOrSites() throws {
    let found = try findings(
      #"""
      {"version": 1, "rules": [
        {"name": "shop", "match": {"hosts": ["shop.example", "*.shop.example"]}, "action": {"external": "system"}},
        {"name": "blocked", "match": {"sites": ["tracker.example"]}, "action": "cancel"},
        {"name": "partner", "match": {"sites": ["partner.example"], "crossSite": true}, "action": {"external": "safari"}},
        {"name": "out", "match": {"crossOrigin": true}, "action": {"external": "safari"}},
        {"name": "later", "match": {"crossSite": true, "paths": ["/ads/*"]}, "action": "cancel"}
      ]}
      """#)

    XCTAssertEqual(found.map(\.code), [.cancelsEmbeddedIframes])
    XCTAssertEqual(found.map(\.path), ["rules[3].match"])
    let message = found.first?.message ?? ""
    XCTAssertTrue(message.contains("sends every cross-site iframe"), message)
    XCTAssertTrue(message.contains("to Safari, which cancels them (an iframe load never leaves the app)"), message)
    // "later" never sees an iframe load: "out" decides every cross-site one first.
  }

  func test_aRuleNotNamedToHosts_isReported_whateverElseNarrowsIt() throws {
    let found = try findings(
      #"""
      {"version": 1, "rules": [
        {"name": "ad-paths", "match": {"crossSite": true, "paths": ["/ads/*"]}, "action": {"external": "system"}},
        {"name": "https", "match": {"crossOrigin": true, "schemes": ["https"]}, "action": "cancel"}
      ]}
      """#)

    XCTAssertEqual(found.map(\.path), ["rules[0].match", "rules[1].match"])
    XCTAssertTrue(found.first?.message.contains("to the system") == true, found.first?.message ?? "")
  }

  func test_rulesThatKeepAwayFromIframeLoads_orMeanThem_areNotReported() throws {
    let found = try findings(
      #"""
      {"version": 1, "rules": [
        {"name": "main", "match": {"crossSite": true, "target": "mainFrame"}, "action": "cancel"},
        {"name": "windows", "match": {"crossSite": true, "target": "newWindow"}, "action": {"external": "safari"}},
        {"name": "links", "match": {"crossSite": true, "navigationTypes": ["linkActivated", "formSubmitted"]},
         "action": {"external": "safari"}},
        {"name": "taps", "match": {"hosts": ["a.example"], "userGesture": true}, "action": "cancel"},
        {"name": "first", "match": {"crossSite": true, "popupFirstLoad": true}, "action": {"external": "safari"}},
        {"name": "meant", "match": {"crossSite": true, "target": "subframe"}, "action": "cancel"},
        {"name": "same-site", "match": {"hosts": ["b.example"], "crossSite": false}, "action": "cancel"},
        {"name": "app", "match": {"schemes": ["itms-apps"], "crossSite": true}, "action": {"external": "system"}},
        {"name": "unkeyed", "match": {"schemes": ["http"]}, "action": "cancel"},
        {"name": "kept", "match": {"hosts": ["c.example"]}, "action": "allow"},
        {"name": "asks", "match": {"crossSite": true}, "action": {"ask": "review"}}
      ]}
      """#)

    XCTAssertEqual(found.filter { $0.code == .cancelsEmbeddedIframes }, [])
  }

  func test_anEarlierRuleThatAllowsIframeLoads_keepsThemFromALaterCancellingRule() throws {
    let found = try findings(
      #"""
      {"version": 1, "rules": [
        {"name": "iframes", "match": {"target": "subframe", "navigationTypes": ["other"], "userGesture": false},
         "action": "allow"},
        {"name": "no-cross-site", "match": {"crossSite": true}, "action": "cancel"}
      ]}
      """#)

    XCTAssertEqual(found, [])
  }

  func test_aPresetRule_isNamedByItsInclude_withAFixThatAddsARuleBeforeIt() throws {
    // No built-in preset does it (below); a rule of the file comes before the presets and is the only fix.
    let rule = PolicyRule(name: "p/out", match: RuleMatch(crossSite: true), action: .external(.safari))
    let found = EmbeddedIframeLoads(
      rules: [PolicyLint.PlacedRule(rule: rule, path: "include[0]", isOwn: false)],
      coverage: RuleCoverage(list: .shared)
    ).findings(unreachable: [])
    XCTAssertEqual(found.map(\.path), ["include[0]"])
    XCTAssertTrue(
      found.first?.message.hasSuffix(
        "add a rule before it that allows them: {\"match\": {\"target\": \"subframe\", \"navigationTypes\": "
          + "[\"other\"], \"userGesture\": false}, \"action\": \"allow\"}") == true, found.first?.message ?? "")
  }

  func test_noBuiltInPreset_cancelsEmbeddedIframes() throws {
    for preset in PolicyPreset.allCases {
      let found = try findings(#"{"version": 1, "include": ["\#(preset.rawValue)"]}"#)
      XCTAssertEqual(found.filter { $0.code == .cancelsEmbeddedIframes }, [], preset.rawValue)
    }
    let all = try findings(#"{"version": 1, "include": ["google-pay", "ad-clicks", "webkit-default"]}"#)
    XCTAssertEqual(all, [])
  }

  /// The check misses no rule it describes: on random policies, whenever a cross-site iframe load (`other`,
  /// target subframe, no gesture, from a committed page) is decided by a rule without a `target` that finishes, or
  /// that cancels or sends out and is keyed on `crossSite` or `crossOrigin` but not named to hosts or sites, lint
  /// reports that rule.
  func test_everyRuleThatCancelsOrSendsOutACrossSiteIframeLoad_isReported_onRandomPolicies() throws {
    var generator = SplitMix64(seed: 0x1F4A_3E5)
    var decidedByAReportedRule = 0
    for _ in 0..<300 {
      let json = RandomPolicies.configuration(using: &generator)
      let lint = try PolicyLint(json: Array(json.utf8))
      let reported = Set(
        lint.findings().filter { $0.code == .cancelsEmbeddedIframes }.map {
          $0.path.hasSuffix(".match") ? String($0.path.dropLast(6)) : $0.path
        })
      let policy = try CompiledPolicy(lint.configuration)
      for _ in 0..<100 {
        let url = try WebAddress(RandomPolicies.urls.randomElement(using: &generator)!)
        guard let page = RandomPolicies.currentURLs.randomElement(using: &generator)!,
          let pageAddress = try? WebAddress(page), ["https", "http"].contains(url.scheme),
          let site = url.site(), site != pageAddress.site()
        else { continue }
        let request = try PolicyRequest(address: url, navigationType: .other, target: .subframe, isUserGesture: false)
        let trace = policy.evaluate(request, in: PolicyContext(currentURL: pageAddress)).trace
        guard case .rule(_, let index) = trace.source else { continue }
        let placed = lint.rules[index]
        let match = placed.rule.match
        let named = match.hosts != nil || match.sites != nil
        let keyed = match.crossSite == true || match.crossOrigin == true || named
        let sendsAway: Bool
        switch placed.rule.action {
        case .cancel, .external: sendsAway = !named
        case .finish: sendsAway = true
        default: sendsAway = false
        }
        guard keyed, sendsAway, match.target == nil else { continue }
        XCTAssertTrue(
          reported.contains(placed.path), "\(placed.label) cancels \(url) in an iframe of \(page):\n\(json)")
        decidedByAReportedRule += 1
      }
    }
    XCTAssertGreaterThan(decidedByAReportedRule, 100, "the random policies decide iframe loads often enough")
  }

  /// The soundness of `unreachable`: on random policies over a small vocabulary, where rules overlap often, no
  /// rule lint calls unreachable ever decides any of many random requests.
  func test_aRuleLintCallsUnreachable_neverDecides_onRandomPoliciesAndRequests() throws {
    var generator = SplitMix64(seed: 0x5EED_0015)
    var unreachableSeen = 0
    for _ in 0..<300 {
      let json = RandomPolicies.configuration(using: &generator)
      let lint = try PolicyLint(json: Array(json.utf8))
      let unreachable = Set(lint.unreachableRuleIndices())
      unreachableSeen += unreachable.count
      let policy = try CompiledPolicy(lint.configuration)
      for _ in 0..<200 {
        let (request, context) = RandomPolicies.request(using: &generator)
        guard case .rule(let name, let index) = policy.evaluate(request, in: context).trace.source else { continue }
        XCTAssertFalse(
          unreachable.contains(index), "\(name) decided \(request.address) but lint calls it unreachable:\n\(json)")
      }
    }
    XCTAssertGreaterThan(unreachableSeen, 100, "the random policies shadow rules often enough to test something")
  }
}
