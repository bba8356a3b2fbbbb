import SessionKit

/// A few navigations every compiled policy is evaluated against.
private let requests: [(String, NavigationType, NavigationTarget, Bool)] = [
  ("https://example.com/", .linkActivated, .mainFrame, true),
  ("https://pay.example.co.uk/checkout?x=1", .other, .newWindow, false),
  ("http://127.0.0.1:8080/a", .formSubmitted, .subframe, false),
  ("mailto:a@example.com", .linkActivated, .mainFrame, true),
  ("about:blank", .other, .newWindow, true),
  ("https://xn--bcher-kva.example/", .backForward, .mainFrame, false),
]

private let contexts: [PolicyContext] = [
  .none,
  PolicyContext(currentURL: try? WebAddress("https://www.example.com/cart")),
  PolicyContext(currentURL: try? WebAddress("https://shop.example.co.uk/")),
]

/// libFuzzer's entry point: decodes the input as policy JSON, compiles it and evaluates it; errors are fine,
/// crashes are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolicy(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let policy = try? CompiledPolicy(json: bytes) else { return 0 }
  for (url, type, target, gesture) in requests {
    guard let address = try? WebAddress(url),
      let request = try? PolicyRequest(
        address: address, navigationType: type, target: target, isUserGesture: gesture)
    else { continue }
    for context in contexts { _ = policy.evaluate(request, in: context) }
  }
  return 0
}
