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
  public init(_ action: NavigationAction) throws(AddressError) {
    let address = try WebAddress(action.requestURL)
    if address.host?.hasEmptyLabel == true {
      throw AddressError(
        code: .emptyLabel, input: action.requestURL,
        detail: "\"\(address.host?.serialized ?? "")\" has an empty label")
    }
    self.init(
      address: address, navigationType: action.navigationType,
      target: NavigationTarget(action), isUserGesture: action.isUserGesture)
  }
}
