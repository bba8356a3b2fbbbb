import SessionKit
import SessionKitSimulation
import XCTest

/// Invalid UTF-8 is an error with a line and a column wherever it is, never text replaced by U+FFFD.
final class StrictInputTests: XCTestCase {
  private func problem(parsing bytes: [UInt8]) -> String? {
    do {
      _ = try JSONValue(parsing: bytes)
      return nil
    } catch {
      return error.problem
    }
  }

  func test_invalidUTF8InsideAString_isAnErrorWithLineAndColumn() {
    // {"a":
    //  "x<FF>y"}
    let bytes: [UInt8] = Array("{\"a\":\n \"x".utf8) + [0xFF] + Array("y\"}".utf8)
    XCTAssertEqual(
      problem(parsing: bytes), "invalid JSON at line 2, column 4: invalid UTF-8 (a sequence starting with byte 0xff)")
  }

  func test_invalidUTF8OutsideStrings_isAnErrorWithLineAndColumn() {
    let bytes: [UInt8] = Array("[1,".utf8) + [0xC3] + Array("]".utf8)
    XCTAssertEqual(
      problem(parsing: bytes), "invalid JSON at line 1, column 4: invalid UTF-8 (a sequence starting with byte 0xc3)")
  }

  func test_overlongForms_surrogates_andCodePointsAboveTheLast_areInvalidUTF8() {
    let cases: [[UInt8]] = [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8]]
    for sequence in cases {
      let bytes = Array("\"".utf8) + sequence + Array("\"".utf8)
      XCTAssertTrue(
        problem(parsing: bytes)?.contains("invalid UTF-8") ?? false, "\(sequence) was accepted")
    }
  }

  func test_wellFormedMultibyteText_isKeptExactly() throws {
    let text = "\"é€😀 ß\""
    XCTAssertEqual(try JSONValue(parsing: Array(text.utf8)), .string("é€😀 ß"))
  }

  func test_aPolicyWithInvalidUTF8_isRejectedWithLineAndColumn() {
    let bytes: [UInt8] =
      Array(#"{"version": 1, "rules": [{"match": {"hosts": [""#.utf8) + [0xE2, 0x82]
      + Array(#""]}, "action": "allow"}]}"#.utf8)
    XCTAssertThrowsError(try CompiledPolicy(json: bytes)) { error in
      XCTAssertTrue("\(error)".contains("line 1, column 48: invalid UTF-8"), "\(error)")
    }
  }

  func test_aScenarioWithInvalidUTF8_isRejectedWithLineAndColumn() {
    let bytes: [UInt8] = Array("{\"steps\": [\n  {\"load\": \"https://a.example/".utf8) + [0x80] + Array("\"}]}".utf8)
    XCTAssertThrowsError(try Scenario(json: bytes)) { error in
      XCTAssertTrue("\(error)".contains("line 2, column 31: invalid UTF-8"), "\(error)")
    }
  }
}
