/// The one sort of cold code (compiling a policy, building a Public Suffix List, error messages).
///
/// Each sort of another element type or with another comparison adds its own copy of the standard library's
/// sort (about 3 KB) to every app; these sort indices instead, with the comparison passed in, so that one copy
/// serves them all.
enum ColdSort {
  /// `0..<count` sorted by `areInIncreasingOrder` (stable, as the standard library's sort is).
  @inline(never)
  @_optimize(size)
  static func sortedIndices(count: Int, by areInIncreasingOrder: (Int, Int) -> Bool) -> [Int] {
    var indices = Array(0..<count)
    indices.sort(by: areInIncreasingOrder)
    return indices
  }

  /// `strings` in ascending order, as `sorted()` orders them.
  @_optimize(size)
  static func strings(_ strings: [String]) -> [String] {
    sortedIndices(count: strings.count) { strings[$0] < strings[$1] }.map { strings[$0] }
  }
}
