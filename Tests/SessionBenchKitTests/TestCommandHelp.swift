import SessionBenchKit
import XCTest

/// `session-bench help COMMAND`, `COMMAND --help` and `COMMAND -h` print the command's own help: every option
/// its parser accepts, with its meaning, and its exit statuses.
final class TestCommandHelp: XCTestCase {
  /// A value of the kind an option's placeholder names, that the option's parser accepts on its own.
  private func sample(_ placeholder: String) -> String {
    switch placeholder {
    case "T": "1s"
    case "W": "mixed"
    case "FILE", "FILE…": "file.json"
    case "URL": "https://app.example/"
    case "NAME,…": "a,b"
    case "P": "0.001"
    case "OP": "evaluate"
    default: "3"
    }
  }

  /// The positional arguments a command needs before its options.
  private func positionals(_ command: BenchCommandName) -> [String] {
    switch command {
    case .replay, .lint: ["file.json"]
    case .compare, .diff: ["old.json", "new.json"]
    case .run, .soak, .instructions, .help: []
    }
  }

  func test_everyOptionAParserAccepts_isDescribedInItsCommandsHelp() {
    for command in BenchCommandName.allCases {
      let help = command.help
      for option in command.options {
        XCTAssertFalse(option.summary.isEmpty, "\(command) \(option.name) has no description")
        XCTAssertTrue(
          help.contains("  \(option.synopsis)  ") || help.contains("  \(option.synopsis) "),
          "help \(command) does not describe \(option.synopsis):\n\(help)")
        XCTAssertTrue(help.contains(option.summary), "help \(command) lacks the meaning of \(option.name)")
      }
    }
  }

  func test_everyDeclaredOption_isHandledByItsCommandsParser() {
    for command in BenchCommandName.allCases where command != .help {
      for option in command.options {
        let value = option.value.map { [sample($0)] } ?? []
        let arguments = [command.rawValue] + positionals(command) + [option.name] + value
        do {
          _ = try BenchCommandLine.parse(arguments)
        } catch {
          // Options that depend on others may be refused; never as unknown or unhandled.
          XCTAssertFalse(error.message.contains("unknown option"), "\(arguments): \(error.message)")
          XCTAssertFalse(error.message.contains("not parsed"), "\(arguments): \(error.message)")
        }
      }
    }
  }

  func test_anOptionNoCommandDeclares_isRejectedByEveryCommand_pointingAtItsHelp() {
    for command in BenchCommandName.allCases where command != .help {
      let arguments = [command.rawValue] + positionals(command) + ["--no-such-option"]
      XCTAssertThrowsError(try BenchCommandLine.parse(arguments)) { error in
        let message = (error as? UsageError)?.message ?? ""
        XCTAssertTrue(message.hasPrefix("unknown option \"--no-such-option\""), message)
        XCTAssertTrue(message.contains("session-bench help \(command.rawValue)"), message)
      }
    }
  }

  func test_helpCommand_helpFlag_andShortFlag_allAskForTheCommandsOwnHelp() throws {
    for command in BenchCommandName.allCases where command != .help {
      XCTAssertEqual(try BenchCommandLine.parse(["help", command.rawValue]), .help(command))
      XCTAssertEqual(try BenchCommandLine.parse([command.rawValue, "--help"]), .help(command))
      XCTAssertEqual(try BenchCommandLine.parse([command.rawValue, "-h"]), .help(command))
      XCTAssertEqual(try BenchCommandLine.parse([command.rawValue] + positionals(command) + ["-h"]), .help(command))
    }
    XCTAssertEqual(try BenchCommandLine.parse(["help", "help"]), .help(.help))
  }

  func test_replayHelp_isNotTheGeneralHelp() async {
    for arguments in [["help", "replay"], ["replay", "--help"], ["lint", "--help"], ["help", "diff"]] {
      let run = await CommandRun.run(arguments)
      XCTAssertEqual(run.status, 0)
      XCTAssertEqual(run.errors, "")
      XCTAssertNotEqual(run.output, BenchCommandLine.usage + "\n", "\(arguments) printed the general help")
      XCTAssertTrue(
        run.output.hasPrefix("USAGE: session-bench \(arguments.last == "--help" ? arguments[0] : arguments[1])"))
    }
  }

  func test_everyCommandsHelp_listsItsExitStatuses_withOneForAFailedCheck() {
    let checking: Set<BenchCommandName> = [.replay, .compare, .lint, .diff, .soak]
    for command in BenchCommandName.allCases {
      let help = command.help
      XCTAssertTrue(help.contains("\nEXIT STATUS:\n  0  "), "\(command):\n\(help)")
      XCTAssertTrue(help.contains("\n  2  "), "\(command) does not say what exit 2 means")
      XCTAssertEqual(help.contains("\n  1  "), checking.contains(command), "\(command)'s exit 1")
    }
    XCTAssertTrue(BenchCommandName.compare.help.contains("  1  a regression"))
  }

  func test_theGeneralHelp_listsEveryCommand_andHowToGetItsHelp() {
    for command in BenchCommandName.allCases {
      XCTAssertTrue(BenchCommandLine.usage.contains("\n  \(command.rawValue) "), "\(command) missing")
    }
    XCTAssertTrue(BenchCommandLine.usage.contains("session-bench help COMMAND"))
    XCTAssertEqual(BenchCommandLine.help(nil), BenchCommandLine.usage)
  }

  func test_helpForAnUnknownCommand_isAUsageError_suggestingTheNearMiss() async {
    let run = await CommandRun.run(["help", "lnit"])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.output, "")
    XCTAssertTrue(run.errors.contains(#"unknown command "lnit"; did you mean lint?"#), run.errors)
  }

  func test_theUnknownCommandMessage_listsEveryCommand_soakIncluded() {
    XCTAssertThrowsError(try BenchCommandLine.parse(["bench"])) { error in
      XCTAssertEqual(
        (error as? UsageError)?.message,
        "unknown command \"bench\"; expected run, replay, compare, lint, diff, soak, instructions or help")
    }
  }
}
