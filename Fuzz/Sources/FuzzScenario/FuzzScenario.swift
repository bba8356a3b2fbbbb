import Dispatch
import SessionKit
import SessionKitSimulation

/// At most this many steps are simulated per input: longer scenarios are decoded but not run, so that one input
/// costs milliseconds and libFuzzer explores breadth.
private let stepCap = 64

/// A run that takes longer than this (in real time; the engine's time is virtual) is a hang.
private let timeCapSeconds = 10

/// libFuzzer's entry point: decodes the input as scenario JSON and, when it is valid and short enough, replays
/// it through the simulator and the engine on a virtual clock. Errors are fine; crashes and hangs are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let scenario = try? Scenario(json: bytes), scenario.steps.count <= stepCap else { return 0 }
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    _ = try? await ScenarioRunner(scenario: scenario).run()
    done.signal()
  }
  if done.wait(timeout: .now() + .seconds(timeCapSeconds)) == .timedOut {
    fatalError("a \(scenario.steps.count)-step scenario did not finish in \(timeCapSeconds) s")
  }
  return 0
}
