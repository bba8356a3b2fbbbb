import SessionBenchKit
import XCTest

final class TestResidentMemory: XCTestCase {
  func test_statusFields_areReadInBytes() {
    let status = """
      Name:\tsession-bench
      VmPeak:\t  300000 kB
      VmHWM:\t   20480 kB
      VmRSS:\t   10240 kB
      Threads:\t4
      """
    XCTAssertEqual(ResidentMemory.value(ofField: "VmRSS", inStatus: status), 10_485_760)
    XCTAssertEqual(ResidentMemory.value(ofField: "VmHWM", inStatus: status), 20_971_520)
    XCTAssertNil(ResidentMemory.value(ofField: "VmSwap", inStatus: status))
    XCTAssertNil(ResidentMemory.value(ofField: "Threads", inStatus: status), "not a kB field")
  }

  func test_onLinux_currentAndPeakAreReadable_andPeakIsAtLeastCurrent() throws {
    #if os(Linux)
      let current = try XCTUnwrap(ResidentMemory.current())
      let peak = try XCTUnwrap(ResidentMemory.peak())
      XCTAssertGreaterThan(current, 1 << 20)
      XCTAssertGreaterThanOrEqual(peak, current)
    #else
      XCTAssertNil(ResidentMemory.current())
    #endif
  }
}
