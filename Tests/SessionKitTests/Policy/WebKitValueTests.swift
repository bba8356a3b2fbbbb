import Foundation
import XCTest

@testable import SessionKit

/// The values that mirror WebKit keep WebKit's raw values and the names policy files and replay output use.
final class WebKitValueTests: XCTestCase {
  func test_navigationType_rawValues_areWKNavigationTypes() {
    XCTAssertEqual(NavigationType.linkActivated.rawValue, 0)
    XCTAssertEqual(NavigationType.formSubmitted.rawValue, 1)
    XCTAssertEqual(NavigationType.backForward.rawValue, 2)
    XCTAssertEqual(NavigationType.reload.rawValue, 3)
    XCTAssertEqual(NavigationType.formResubmitted.rawValue, 4)
    XCTAssertEqual(NavigationType.other.rawValue, -1)
    XCTAssertEqual(NavigationType.allCases.count, 6)
  }

  func test_navigationType_names_areThePolicyFileSpellings() {
    let names = NavigationType.allCases.map(\.name)
    XCTAssertEqual(names, ["linkActivated", "formSubmitted", "backForward", "reload", "formResubmitted", "other"])
    XCTAssertEqual(NavigationType.allCases.map(\.description), names)
  }

  func test_navigationType_roundTrips_throughItsNameAndItsRawValue() {
    for type in NavigationType.allCases {
      XCTAssertEqual(NavigationType(name: type.name), type)
      XCTAssertEqual(NavigationType(rawValue: type.rawValue), type)
    }
  }

  func test_navigationType_unknownNamesAndRawValues_areNotNavigationTypes() {
    XCTAssertNil(NavigationType(name: "click"))
    XCTAssertNil(NavigationType(name: "LinkActivated"))
    XCTAssertNil(NavigationType(name: ""))
    XCTAssertNil(NavigationType(rawValue: 5))
    XCTAssertNil(NavigationType(rawValue: -2))
  }

  func test_navigationType_encodesAsItsRawValue_andDecodesBack() throws {
    for type in NavigationType.allCases {
      let data = try JSONEncoder().encode([type])
      XCTAssertEqual(String(decoding: data, as: UTF8.self), "[\(type.rawValue)]")
      XCTAssertEqual(try JSONDecoder().decode([NavigationType].self, from: data), [type])
    }
  }

  func test_navigationActionPolicy_rawValues_areWKNavigationActionPolicies() {
    XCTAssertEqual(NavigationActionPolicy.cancel.rawValue, 0)
    XCTAssertEqual(NavigationActionPolicy.allow.rawValue, 1)
    XCTAssertEqual(NavigationActionPolicy.download.rawValue, 2)
    XCTAssertEqual(NavigationActionPolicy.allCases.count, 3)
  }

  func test_navigationActionPolicy_roundTrips_throughItsNameAndItsRawValue() {
    XCTAssertEqual(NavigationActionPolicy.allCases.map(\.description), ["cancel", "allow", "download"])
    for policy in NavigationActionPolicy.allCases {
      XCTAssertEqual(NavigationActionPolicy(rawValue: policy.rawValue), policy)
      XCTAssertEqual(NavigationActionPolicy.allCases.first { $0.description == policy.description }, policy)
    }
    XCTAssertNil(NavigationActionPolicy(rawValue: 3))
    XCTAssertNil(NavigationActionPolicy(rawValue: -1))
  }

  func test_navigationTarget_isNewWindow_onlyWhenTheTargetFrameIsNil() {
    let main = FrameInfo(isMainFrame: true, url: "https://example.com/")
    let iframe = FrameInfo(isMainFrame: false, url: "https://ads.example/slot")
    func action(target: FrameInfo?) -> NavigationAction {
      NavigationAction(
        requestURL: "https://example.net/", sourceFrame: main, targetFrame: target, navigationType: .linkActivated,
        isUserGesture: true)
    }
    XCTAssertEqual(NavigationTarget(action(target: nil)), .newWindow)
    XCTAssertTrue(action(target: nil).targetsNewWindow)
    XCTAssertEqual(NavigationTarget(action(target: main)), .mainFrame)
    XCTAssertFalse(action(target: main).targetsNewWindow)
    XCTAssertEqual(NavigationTarget(action(target: iframe)), .subframe)
  }

  func test_navigationTarget_rawValues_areThePolicyFileSpellings() {
    XCTAssertEqual(NavigationTarget.allCases.map(\.rawValue), ["newWindow", "mainFrame", "subframe"])
  }

  func test_frameInfo_derivesItsSecurityOrigin_asWebKitReportsIt() {
    let https = FrameInfo(isMainFrame: true, url: "https://Example.COM/path")
    XCTAssertEqual(https.securityOrigin, SecurityOrigin(protocol: "https", host: "example.com", port: 0))
    let custom = FrameInfo(isMainFrame: false, url: "http://example.com:8080/")
    XCTAssertEqual(custom.securityOrigin, SecurityOrigin(protocol: "http", host: "example.com", port: 8080))
    let opaque = FrameInfo(isMainFrame: true, url: "about:blank")
    XCTAssertEqual(opaque.securityOrigin, SecurityOrigin(protocol: "", host: "", port: 0))
    XCTAssertEqual(opaque.requestURL, "about:blank")
  }
}
