/// A figure measured over the repetitions of `session-bench run --repeat N`: the median of the repetitions' values
/// and a distribution-free confidence interval of that median.
///
/// The interval is made of order statistics: with the `n` values sorted, `[x(k), x(n+1-k)]` holds the true median
/// with probability `1 - 2·P(B ≤ k-1)` for `B ~ Binomial(n, ½)`, whatever the distribution of the values (they need
/// only be independent). ``of(_:confidence:)`` takes the narrowest such interval whose coverage reaches the level
/// asked; with too few repetitions for that, the range `[min, max]`, whose coverage ``coverage(repetitions:rank:)``
/// states. This is exact, needs no random seed and no assumption of normality, which a bootstrap of five values
/// would (it underestimates the spread of so few). A single run's figure has `low == median == high`.
package struct Estimate: Codable, Sendable, Equatable {
  /// The confidence level ``of(_:confidence:)`` aims at: 95 %.
  package static let defaultConfidence = 0.95

  /// The median of the values.
  package var median: Double
  /// The lower end of the confidence interval of the median.
  package var low: Double
  /// The upper end of the confidence interval of the median.
  package var high: Double

  /// Creates an estimate from its median and interval.
  package init(median: Double, low: Double, high: Double) {
    self.median = median
    self.low = low
    self.high = high
  }

  /// The estimate of a single measurement: an interval of width zero.
  package init(single value: Double) {
    self.init(median: value, low: value, high: value)
  }

  /// The median of `values` and its order-statistic confidence interval (see ``Estimate``); `nil` when `values`
  /// is empty.
  package static func of(_ values: [Double], confidence: Double = defaultConfidence) -> Estimate? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let count = sorted.count
    let median =
      count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
    let rank = Self.rank(repetitions: count, confidence: confidence)
    return Estimate(median: median, low: sorted[rank - 1], high: sorted[count - rank])
  }

  /// The rank `k` (1-based) of the interval `[x(k), x(n+1-k)]` that ``of(_:confidence:)`` uses for `repetitions`
  /// values: the largest whose coverage reaches `confidence`, or 1 (the range) when none does.
  package static func rank(repetitions: Int, confidence: Double = defaultConfidence) -> Int {
    var rank = 1
    while rank + 1 <= (repetitions + 1) / 2, coverage(repetitions: repetitions, rank: rank + 1) >= confidence {
      rank += 1
    }
    return rank
  }

  /// The probability that `[x(k), x(n+1-k)]` of `repetitions` independent values holds their distribution's
  /// median: `1 - 2·P(B ≤ k-1)`, `B ~ Binomial(n, ½)`.
  package static func coverage(repetitions: Int, rank: Int) -> Double {
    guard repetitions > 0, rank >= 1 else { return 0 }
    var tail = 0.0
    var term = 1.0  // C(n, 0)
    for index in 0..<rank {
      if index > 0 { term = term * Double(repetitions - index + 1) / Double(index) }
      tail += term
    }
    return max(0, 1 - 2 * tail / pow2(repetitions))
  }

  /// The coverage of the interval ``of(_:confidence:)`` gives for `repetitions` values.
  package static func achievedConfidence(repetitions: Int, confidence: Double = defaultConfidence) -> Double {
    coverage(repetitions: repetitions, rank: rank(repetitions: repetitions, confidence: confidence))
  }

  /// Whether the two intervals share no value.
  package func isDisjoint(from other: Estimate) -> Bool {
    low > other.high || high < other.low
  }

  /// The estimate with every figure multiplied by `factor` (positive).
  package func scaled(by factor: Double) -> Estimate {
    Estimate(median: median * factor, low: low * factor, high: high * factor)
  }

  private static func pow2(_ exponent: Int) -> Double {
    var value = 1.0
    for _ in 0..<exponent { value *= 2 }
    return value
  }
}
