/// The valid name a mistyped one was probably meant to be, for "did you mean …?" in error messages.
package enum NearMiss {
  /// The candidate closest to `name`: one equal to it but for letter case first, else the one at the
  /// smallest edit distance (insertions, deletions, substitutions, adjacent transpositions) when that is at
  /// most 2 and smaller than the candidate's length; ties go to the candidate that sorts first. `nil` when
  /// none is that close, or when `name` is itself a candidate.
  @_optimize(size)
  package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    // An array sorted: the one `[String]` sort SessionKit compiles, and the work in a function that is not generic.
    closest(to: name, sorted: ColdSort.strings(Array(Set(candidates))))
  }

  @_optimize(size)
  private static func closest(to name: String, sorted: [String]) -> String? {
    guard !sorted.contains(name) else { return nil }
    let lowered = name.lowercased()
    if let sameLetters = sorted.first(where: { $0.lowercased() == lowered }) { return sameLetters }
    var best: (candidate: String, distance: Int)?
    let nameScalars = scalars(of: name)
    for candidate in sorted {
      let candidateScalars = scalars(of: candidate)
      let distance = editDistance(nameScalars, candidateScalars)
      guard distance <= 2, distance < candidateScalars.count else { continue }
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// The scalars of `string`, appended one by one: `Array(string.unicodeScalars)` and the view's `count` compiled
  /// copies of themselves for it.
  @_optimize(size)
  private static func scalars(of string: String) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    for scalar in string.unicodeScalars { scalars.append(scalar) }
    return scalars
  }

  /// The optimal-string-alignment distance between `a` and `b`.
  @_optimize(size)
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
