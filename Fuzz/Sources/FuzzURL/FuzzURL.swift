import SessionKit

/// libFuzzer's entry point: parses the input as a URL (alone and against a fixed base), computes its origin
/// and site, and checks that serializing and parsing again is a fixed point, components included.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  // The engine receives URLs as Swift strings; invalid UTF-8 is repaired on the way in, as a `URL` would be.
  let input = String(decoding: bytes, as: UTF8.self)
  roundTrip(try? WebAddress(input))
  if let base = try? WebAddress("https://user:pw@sub.example.co.uk:8443/a/b/c?q=1#f") {
    roundTrip(try? WebAddress(input, relativeTo: base))
  }
  return 0
}

private func roundTrip(_ address: WebAddress?) {
  guard let address else { return }
  let serialized = address.serialized
  _ = address.origin.description
  _ = address.origin.isSameOrigin(as: address.origin)
  _ = address.site()?.description
  _ = address.isAboutBlankOrSrcdoc
  guard let again = try? WebAddress(serialized) else {
    fatalError("the serialization of a parsed URL does not parse: \(serialized)")
  }
  guard again.serialized == serialized else {
    fatalError("serialize-parse is not a fixed point: \(serialized) became \(again.serialized)")
  }
  guard again.origin == address.origin else {
    fatalError("the origin changed across a round trip: \(serialized)")
  }
  // The components are slices of the serialization at offsets each parser works out: the reparse (often the
  // fast path where the first parse was the full parser) must find the same ones.
  guard components(of: again) == components(of: address) else {
    fatalError(
      "the components changed across a round trip: \(serialized): \(components(of: address)) became \(components(of: again))"
    )
  }
}

private func components(of address: WebAddress) -> [String?] {
  [
    address.scheme, address.username, address.password, address.host?.serialized, address.port.map(String.init),
    address.path, address.query, address.fragment, String(address.hasOpaquePath),
  ]
}
