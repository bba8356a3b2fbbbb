/// An option a session-bench command accepts, with the line that describes it in the command's help.
///
/// The parsers accept exactly the options their command declares (``BenchCommandName/options``), so an
/// option cannot be parsed without appearing, described, in `session-bench help COMMAND`.
package struct CommandOption: Sendable, Equatable {
  /// The option as written, e.g. `--sessions`.
  package var name: String
  /// What its value looks like, e.g. `N` or `FILE`; `nil` for a flag that takes none.
  package var value: String?
  /// What it does, with its default.
  package var summary: String

  /// An option taking `value`, or a flag when `value` is `nil`.
  package init(_ name: String, _ value: String? = nil, _ summary: String) {
    self.name = name
    self.value = value
    self.summary = summary
  }

  /// `--sessions N`, or `--quiet` for a flag.
  package var synopsis: String {
    value.map { "\(name) \($0)" } ?? name
  }
}
