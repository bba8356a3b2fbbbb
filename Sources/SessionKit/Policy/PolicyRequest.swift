/// The parts of a navigation a policy judges, with the URL parsed once.
public struct PolicyRequest: Sendable, Hashable {
  /// The target URL, parsed as a browser parses it.
  public var address: WebAddress {
    didSet { actionURLIsSerialization = false }
  }
  /// The kind of navigation.
  public var navigationType: NavigationType
  /// The frame the navigation targets.
  public var target: NavigationTarget
  /// Whether a user gesture started it.
  public var isUserGesture: Bool
  /// Whether ``init(_:)`` made this request from an action whose URL string is `address.serialized` already
  /// (the parser's fast path said so): an answer that names the URL (`openExternally`, `loadInstead`) then
  /// uses the action's string instead of serializing the address again. A flag rather than the string: a
  /// `String` field made every request copy itself once more (measured with `Benchmarks/instructions.sh`).
  /// Not part of the request's value: `==` and `hash(into:)` ignore it.
  private(set) var actionURLIsSerialization = false

  /// Creates a request from its parts.
  public init(address: WebAddress, navigationType: NavigationType, target: NavigationTarget, isUserGesture: Bool) {
    self.address = address
    self.navigationType = navigationType
    self.target = target
    self.isUserGesture = isUserGesture
  }

  /// The serialized URL of a request made from `action` by ``init(_:)``: the action's own string when it is
  /// the serialization already.
  func serializedAddress(of action: borrowing NavigationAction) -> String {
    assert(
      !actionURLIsSerialization || action.requestURL == address.serialized,
      "serializedAddress(of:) takes the action the request was made from")
    return actionURLIsSerialization ? action.requestURL : address.serialized
  }

  /// Parses a WebKit navigation action's URL.
  /// - Throws: ``AddressError`` when the URL cannot be parsed as a browser would, or (code
  ///   ``AddressError/Code/emptyLabel``) when its host has an empty label other than one trailing dot, which
  ///   no DNS resolves yet would slip past host rules as another string.
  public init(_ action: borrowing NavigationAction) throws(AddressError) {
    var url = action.requestURL
    // An ordinary URL has no empty label (``OrdinaryURL``); only the full parser's results need the check.
    var isSerialization = false
    if let ordinary = url.withUTF8({ OrdinaryURL.parse($0, isSerialization: &isSerialization) }) {
      self.init(
        address: ordinary, navigationType: action.navigationType, target: NavigationTarget(action),
        isUserGesture: action.isUserGesture)
      actionURLIsSerialization = isSerialization
      return
    }
    let address = try WebAddress(url)
    if address.host?.hasEmptyLabel == true {
      throw AddressError(
        code: .emptyLabel, input: action.requestURL,
        detail: "\"\(address.host?.serialized ?? "")\" has an empty label")
    }
    self.init(
      address: address, navigationType: action.navigationType,
      target: NavigationTarget(action), isUserGesture: action.isUserGesture)
  }

  /// Requests are equal when their URLs, navigation types, targets and gesture flags are.
  public static func == (lhs: PolicyRequest, rhs: PolicyRequest) -> Bool {
    lhs.address == rhs.address && lhs.navigationType == rhs.navigationType && lhs.target == rhs.target
      && lhs.isUserGesture == rhs.isUserGesture
  }

  /// Hashes the URL, navigation type, target and gesture flag.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(address)
    hasher.combine(navigationType)
    hasher.combine(target)
    hasher.combine(isUserGesture)
  }
}
