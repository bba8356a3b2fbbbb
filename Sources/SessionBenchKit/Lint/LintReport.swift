import SessionKit

/// What `session-bench lint` prints, from the findings and the probe: what needs a person first, a screen's worth
/// by default, and everything one a line with `--all`.
///
/// Text, by default: the errors, then the warnings; within each level the findings of a kind found at most
/// ``shownAlike`` times one a line (`LEVEL PATH: message`, in rule order), then one line per kind found more
/// often, which counts its findings, names the first ``pathsNamed`` paths and gives the first message. With
/// `--probe`, the probe's summary follows, then the spellings that deserve a look
/// (``PolicyProbe/Line/deservesALook``); a last line says what `--all` would add. With `--all` every finding (in
/// rule order) and every probe line is printed, one a line. `--json` always prints every finding (one object a line, the contract
/// of `level`, `path`, `code`, `message`), then the probe's summary object and the same probe lines as the text.
package struct LintReport: Sendable {
  /// A kind of finding found this many times or fewer is printed one a line; more often, on one line.
  package static let shownAlike = 3
  /// How many paths a grouped line names.
  package static let pathsNamed = 3
  /// How many true hosts not reaching their rule the probe's summary lists by default.
  package static let notReachedShown = 5

  /// The findings, in rule order.
  package let findings: [LintFinding]
  /// The probe's summary and lines, when `--probe` was given.
  package let probe: (summary: PolicyProbe.Summary, lines: [PolicyProbe.Line])?

  /// A report of `findings` and, with `--probe`, the probe's result.
  package init(findings: [LintFinding], probe: (summary: PolicyProbe.Summary, lines: [PolicyProbe.Line])? = nil) {
    self.findings = findings
    self.probe = probe
  }

  /// The findings of one level and kind, in rule order.
  struct Kind {
    var level: LintFinding.Level
    var code: LintFinding.Code
    var findings: [LintFinding]
  }

  /// The findings by level (errors first) and kind (in the order each kind is first found).
  var kinds: [Kind] {
    var kinds: [Kind] = []
    for level in [LintFinding.Level.error, .warning] {
      for finding in findings where finding.level == level {
        if let index = kinds.firstIndex(where: { $0.level == level && $0.code == finding.code }) {
          kinds[index].findings.append(finding)
        } else {
          kinds.append(Kind(level: level, code: finding.code, findings: [finding]))
        }
      }
    }
    return kinds
  }

  /// The text to print: every line with `all`, else what needs a person and a line on what `all` adds.
  package func text(all: Bool) -> String {
    var lines: [String] = []
    var grouped = 0
    if all {
      lines += findings.map(\.description)
    } else {
      for level in [LintFinding.Level.error, .warning] {
        let ofLevel = kinds.filter { $0.level == level }
        lines += ofLevel.filter { $0.findings.count <= Self.shownAlike }.flatMap { $0.findings.map(\.description) }
        for kind in ofLevel where kind.findings.count > Self.shownAlike {
          lines.append(Self.groupLine(kind))
          grouped += kind.findings.count
        }
      }
    }
    var hiddenProbeLines = 0
    if let (summary, probeLines) = probe {
      let notReachedShown = all ? summary.notReached.count : Self.notReachedShown
      lines += summary.text(notReachedShown: notReachedShown).split(separator: "\n").map(String.init)
      let shown = probeLines.filter { all || $0.deservesALook }
      lines += shown.map(\.text)
      hiddenProbeLines = probeLines.count - shown.count + max(0, summary.notReached.count - notReachedShown)
    }
    var adds: [String] = []
    if grouped > 0 { adds.append("the \(grouped) findings grouped above, one a line") }
    if hiddenProbeLines > 0 {
      adds.append(
        "\(hiddenProbeLines) probe lines (each true host, and every spelling no host or site rule decides as it)")
    }
    if !adds.isEmpty { lines.append("--all adds " + adds.joined(separator: "; ")) }
    return lines.map { $0 + "\n" }.joined()
  }

  /// One JSON object a line: every finding, then the probe's summary and its lines (every one with `all`, else
  /// those that deserve a look).
  package func json(all: Bool) -> String {
    var lines = findings.map(\.json)
    if let (summary, probeLines) = probe {
      lines.append(summary.json)
      lines += probeLines.filter { all || $0.deservesALook }.map(\.json)
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// `warning cancels-embedded-iframes, 12 alike: rules[0].match, rules[3].match, rules[7].match and 9 more
  /// (--all lists each); rules[0].match: MESSAGE`.
  static func groupLine(_ kind: Kind) -> String {
    let paths = kind.findings.prefix(pathsNamed).map(\.path).joined(separator: ", ")
    let more = kind.findings.count - min(pathsNamed, kind.findings.count)
    let first = kind.findings[0]
    return "\(kind.level.rawValue) \(kind.code.rawValue), \(kind.findings.count) alike: \(paths)"
      + (more > 0 ? " and \(more) more" : "") + " (--all lists each); \(first.path): \(first.message)"
  }
}
