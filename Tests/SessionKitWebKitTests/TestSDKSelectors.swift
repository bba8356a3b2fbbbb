#if canImport(UIKit) && canImport(WebKit) && canImport(ObjectiveC)
  import ObjectiveC
  import SessionKit
  @testable import SessionKitWebKit
  import UIKit
  import WebKit
  import XCTest

  /// On Apple platforms only: every selector the coordinator may claim to WebKit is one the SDK's delegate protocols
  /// declare (a misspelt selector would be claimed and never called) and one the class implements (a claim WebKit
  /// would act on with nobody to answer).
  @MainActor
  final class TestSDKSelectors: XCTestCase {
    private func isDeclaredByTheSDK(_ selector: Selector) -> Bool {
      for name in ["WKNavigationDelegate", "WKUIDelegate"] {
        guard let declaring = objc_getProtocol(name) else { continue }
        for isRequired in [false, true]
        where protocol_getMethodDescription(declaring, selector, isRequired, true).name != nil {
          return true
        }
      }
      return false
    }

    func test_everySelectorTheCoordinatorMayClaim_isDeclaredByTheSDK_andImplemented() {
      let claimable = DelegateForwarding.own.union(DelegateForwarding.forwarded.keys)
      for name in claimable.sorted() {
        let selector = NSSelectorFromString(name)
        XCTAssertTrue(isDeclaredByTheSDK(selector), "\(name): not a WKNavigationDelegate or WKUIDelegate method")
        XCTAssertTrue(WebKitDelegateProxy.instancesRespond(to: selector), "\(name): claimed but not implemented")
      }
    }

    func test_thePublicPolicyBearingSelectors_areTheSDKs_andNeverClaimed() {
      let proxyClass: AnyClass = WebKitDelegateProxy.self
      for name in DelegateForwarding.policyBearing.sorted() where name.hasPrefix("webView:decidePolicy") {
        XCTAssertTrue(isDeclaredByTheSDK(NSSelectorFromString(name)), name)
        XCTAssertFalse(DelegateForwarding.own.contains(name), "\(name) in \(proxyClass)")
      }
    }
  }
#endif
