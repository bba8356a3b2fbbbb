/// Unicode Normalization Form C on an array of scalars, with the generated tables of ``IDNAData``.
///
/// Foundation's `precomposedStringWithCanonicalMapping` is not used: on Linux it composes by Unicode 15
/// (it leaves Unicode 16's Kirat Rai and Gurung Khema vowel pairs apart), on Darwin by whatever ICU the OS
/// has, and it costs about a microsecond per call; a host must parse the same everywhere and fast. A quick
/// check (NFC_Quick_Check and combining-class order) skips the work for text that is already NFC.
enum CanonicalComposition {
  private static let hangulBase: UInt32 = 0xAC00
  private static let leadBase: UInt32 = 0x1100
  private static let vowelBase: UInt32 = 0x1161
  private static let trailBase: UInt32 = 0x11A7
  private static let vowelCount: UInt32 = 21
  private static let trailCount: UInt32 = 28
  private static let syllableCount: UInt32 = 11_172

  /// Whether `scalars` is certainly NFC by the quick check.
  static func isQuickCheckNFC(_ scalars: some Collection<Unicode.Scalar>, data: IDNAData = .shared) -> Bool {
    var lastClass: UInt8 = 0
    for scalar in scalars {
      if scalar.value < 0x300 {
        lastClass = 0
        continue
      }
      let properties = data.properties(of: scalar)
      if properties.mayChangeUnderNFC { return false }
      let combiningClass = properties.combiningClass
      if combiningClass != 0 && lastClass > combiningClass { return false }
      lastClass = combiningClass
    }
    return true
  }

  /// `scalars` in NFC.
  static func nfc(_ scalars: [Unicode.Scalar], data: IDNAData = .shared) -> [Unicode.Scalar] {
    if isQuickCheckNFC(scalars, data: data) { return scalars }
    var decomposed: [Unicode.Scalar] = []
    decomposed.reserveCapacity(scalars.count + 4)
    for scalar in scalars {
      decompose(scalar, into: &decomposed, data: data)
    }
    reorder(&decomposed, data: data)
    return compose(decomposed, data: data)
  }

  private static func decompose(_ scalar: Unicode.Scalar, into output: inout [Unicode.Scalar], data: IDNAData) {
    let value = scalar.value
    if value >= hangulBase && value < hangulBase + syllableCount {
      let index = value - hangulBase
      output.append(Unicode.Scalar(leadBase + index / (vowelCount * trailCount))!)
      output.append(Unicode.Scalar(vowelBase + (index % (vowelCount * trailCount)) / trailCount)!)
      if index % trailCount != 0 {
        output.append(Unicode.Scalar(trailBase + index % trailCount)!)
      }
      return
    }
    guard let (first, second) = data.decomposition(of: value) else {
      output.append(scalar)
      return
    }
    decompose(first, into: &output, data: data)
    if let second {
      decompose(second, into: &output, data: data)
    }
  }

  /// The canonical ordering algorithm: a stable sort by combining class of every run of non-starters.
  private static func reorder(_ scalars: inout [Unicode.Scalar], data: IDNAData) {
    var classes = scalars.map { $0.value < 0x300 ? 0 : data.properties(of: $0).combiningClass }
    var index = 1
    while index < scalars.count {
      var position = index
      while position > 0 && classes[position] != 0 && classes[position - 1] > classes[position] {
        scalars.swapAt(position, position - 1)
        classes.swapAt(position, position - 1)
        position -= 1
      }
      index += 1
    }
  }

  /// The canonical composition algorithm on a decomposed, reordered string.
  private static func compose(_ scalars: [Unicode.Scalar], data: IDNAData) -> [Unicode.Scalar] {
    var output: [Unicode.Scalar] = []
    output.reserveCapacity(scalars.count)
    var starter: Int?
    var lastClass: UInt8 = 0
    for scalar in scalars {
      let combiningClass = scalar.value < 0x300 ? 0 : data.properties(of: scalar).combiningClass
      if let starter {
        let adjacent = output.count - 1 == starter
        if adjacent || (lastClass != 0 && lastClass < combiningClass),
          let composite = composePair(output[starter], scalar, data: data)
        {
          output[starter] = composite
          continue
        }
      }
      if combiningClass == 0 {
        starter = output.count
      }
      lastClass = combiningClass
      output.append(scalar)
    }
    return output
  }

  private static func composePair(_ first: Unicode.Scalar, _ second: Unicode.Scalar, data: IDNAData)
    -> Unicode.Scalar?
  {
    let (lead, next) = (first.value, second.value)
    if lead >= leadBase && lead < leadBase + 19 && next >= vowelBase && next < vowelBase + vowelCount {
      return Unicode.Scalar(hangulBase + ((lead - leadBase) * vowelCount + next - vowelBase) * trailCount)
    }
    if lead >= hangulBase && lead < hangulBase + syllableCount && (lead - hangulBase) % trailCount == 0
      && next > trailBase && next < trailBase + trailCount
    {
      return Unicode.Scalar(lead + next - trailBase)
    }
    return data.composition(of: lead, next)
  }
}
