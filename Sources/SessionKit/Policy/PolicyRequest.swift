/// The parts of a navigation a policy judges, with the URL parsed once.
///
/// Every request holds a URL the engine would judge: both initializers reject a host with an empty label other
/// than one trailing dot (`ads.example..`), which no DNS resolves yet would slip past host rules as another
/// string, so no evaluation path (`CompiledPolicy.evaluate(_:in:)` included) can be asked about one.
package struct PolicyRequest: Sendable, Hashable {
  /// The target URL, parsed as a browser parses it; a domain host has no empty label but one trailing dot.
  package let address: WebAddress
  /// The kind of navigation.
  package var navigationType: NavigationType
  /// The frame the navigation targets.
  package var target: NavigationTarget
  /// Whether a user gesture started it.
  package var isUserGesture: Bool

  /// Creates a request from its parts.
  /// - Throws: ``AddressError`` with code ``AddressError/Code/emptyLabel`` when the host of `address` has an
  ///   empty label other than one trailing dot, as ``init(_:)`` does.
  package init(
    address: WebAddress, navigationType: NavigationType, target: NavigationTarget, isUserGesture: Bool
  ) throws(AddressError) {
    if address.hasEmptyLabel { throw PolicyRequest.emptyLabel(in: address, input: address.serialized) }
    self.init(checked: address, navigationType: navigationType, target: target, isUserGesture: isUserGesture)
  }

  /// A request whose address the caller has checked for empty labels (or that cannot have any).
  init(checked address: WebAddress, navigationType: NavigationType, target: NavigationTarget, isUserGesture: Bool) {
    self.address = address
    self.navigationType = navigationType
    self.target = target
    self.isUserGesture = isUserGesture
  }

  /// Parses a WebKit navigation action's URL.
  /// - Throws: ``AddressError`` when the URL cannot be parsed as a browser would, or (code
  ///   ``AddressError/Code/emptyLabel``) when its host has an empty label other than one trailing dot, which
  ///   no DNS resolves yet would slip past host rules as another string.
  package init(_ action: borrowing NavigationAction) throws(AddressError) {
    var url = action.requestURL
    // An ordinary URL has no empty label (``OrdinaryURL``); only the full parser's results need the check.
    if let ordinary = OrdinaryURL.parse(&url) {
      self.init(
        checked: ordinary, navigationType: action.navigationType, target: NavigationTarget(action),
        isUserGesture: action.isUserGesture)
      return
    }
    let address = try WebAddress(url)
    if address.hasEmptyLabel { throw PolicyRequest.emptyLabel(in: address, input: action.requestURL) }
    self.init(
      checked: address, navigationType: action.navigationType,
      target: NavigationTarget(action), isUserGesture: action.isUserGesture)
  }

  private static func emptyLabel(in address: WebAddress, input: String) -> AddressError {
    AddressError(code: .emptyLabel, input: input, detail: "\"\(address.host?.serialized ?? "")\" has an empty label")
  }

  /// Requests are equal when their URLs, navigation types, targets and gesture flags are.
  @_optimize(size)
  package static func == (lhs: PolicyRequest, rhs: PolicyRequest) -> Bool {
    lhs.address == rhs.address && lhs.navigationType == rhs.navigationType && lhs.target == rhs.target
      && lhs.isUserGesture == rhs.isUserGesture
  }

  /// Hashes the URL, navigation type, target and gesture flag.
  @_optimize(size)
  package func hash(into hasher: inout Hasher) {
    hasher.combine(address)
    hasher.combine(navigationType)
    hasher.combine(target)
    hasher.combine(isUserGesture)
  }
}
