/// The parts of a navigation a policy judges, with the URL parsed once.
public struct PolicyRequest: Sendable, Hashable {
  /// The target URL, parsed as a browser parses it.
  public var address: WebAddress
  /// The kind of navigation.
  public var navigationType: NavigationType
  /// The frame the navigation targets.
  public var target: NavigationTarget
  /// Whether a user gesture started it.
  public var isUserGesture: Bool

  /// Creates a request from its parts.
  public init(address: WebAddress, navigationType: NavigationType, target: NavigationTarget, isUserGesture: Bool) {
    self.address = address
    self.navigationType = navigationType
    self.target = target
    self.isUserGesture = isUserGesture
  }

  /// Parses a WebKit navigation action's URL.
  /// - Throws: ``AddressError`` when the URL cannot be parsed as a browser would, or (code
  ///   ``AddressError/Code/emptyLabel``) when its host has an empty label other than one trailing dot, which
  ///   no DNS resolves yet would slip past host rules as another string.
  public init(_ action: borrowing NavigationAction) throws(AddressError) {
    var url = action.requestURL
    // An ordinary URL has no empty label (``OrdinaryURL``); only the full parser's results need the check.
    if let ordinary = OrdinaryURL.parse(&url) {
      self.init(
        address: ordinary, navigationType: action.navigationType, target: NavigationTarget(action),
        isUserGesture: action.isUserGesture)
      return
    }
    let address = try WebAddress(url)
    if address.hasEmptyLabel {
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
