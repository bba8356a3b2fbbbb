// Host-parse timing: ASCII hosts against non-ASCII hosts of the same length, through SessionKit's parser
// (`package`: Benchmarks/hosts.sh compiles this file under the package's name). Built and run by
// Benchmarks/hosts.sh against the release build of SessionKit; not a target of the package (no test), so it
// cannot slow anything else down.

import Foundation
import SessionKit

/// Pairs of hosts with the same number of characters: ASCII, and one or more non-ASCII code points.
let pairs: [(String, String, String)] = [
  ("short", "bucher.de", "bücher.de"),
  ("medium", "www.munchen-bucher.example", "www.münchen-bücher.example"),
  (
    "long", "shop.grosstadt-strasen-bucherei-munchen.example.com",
    "shop.großstadt-straßen-bücherei-münchen.example.com"
  ),
  ("full-width", "example.com", "ｅｘａｍｐｌｅ.com"),
  ("cjk", "abcd.example", "例え例え.example"),
  ("arabic", "abcde.example", "مثالا.example"),
]

@inline(never)
func parseURL(_ string: String) -> Int {
  (try? WebAddress(string))?.host?.serialized.utf8.count ?? -1
}

/// The mean time per parse of `iterations` parses, in nanoseconds.
func nanosecondsPerParse(_ url: String, iterations: Int = 100_000) -> Double {
  var sink = 0
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<iterations { sink &+= parseURL(url) }
  precondition(sink != 0)
  return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
}

/// The fastest of `rounds` alternating measurements of each URL: on a shared machine the minimum is the
/// figure least disturbed by other processes, and alternating exposes both URLs to the same disturbances.
func fastest(_ first: String, _ second: String, rounds: Int = 15) -> (Double, Double) {
  var best = (Double.infinity, Double.infinity)
  for _ in 0..<rounds {
    best.0 = min(best.0, nanosecondsPerParse(first))
    best.1 = min(best.1, nanosecondsPerParse(second))
  }
  return best
}

_ = parseURL("https://bücher.de/")  // decode the Unicode tables once, outside the timing
print("| host pair | characters | ASCII ns/URL | non-ASCII ns/URL | ratio |")
print("|---|---:|---:|---:|---:|")
for (name, ascii, unicode) in pairs {
  precondition(ascii.count == unicode.count, name)
  let (asciiTime, unicodeTime) = fastest("https://\(ascii)/a", "https://\(unicode)/a")
  print(
    "| \(name): `\(ascii)` / `\(unicode)` | \(ascii.count) | \(String(format: "%.0f", asciiTime)) | "
      + "\(String(format: "%.0f", unicodeTime)) | \(String(format: "%.2f", unicodeTime / asciiTime))× |")
}
