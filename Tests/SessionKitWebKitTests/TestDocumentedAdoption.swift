#if os(Linux)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn
  import XCTest

  /// The README's adoption lines (also in the EmbeddingInAWebKitApp article and the SessionKitWebKit landing page),
  /// run as written against the stand-in with the README's policy file.
  @MainActor
  final class TestDocumentedAdoption: XCTestCase {
    private final class CheckoutViewController: UIViewController {
      let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
      var coordinator: WebSessionCoordinator?

      func start(policyURL: URL) throws {
        // The README's lines, verbatim:
        let policy = try CompiledPolicy(PolicyConfiguration(json: Data(contentsOf: policyURL)))
        coordinator = WebSessionCoordinator(
          engine: SessionEngine(policy: policy), webView: webView, presenter: UIKitPopupPresenter(host: self))
        webView.load(URLRequest(url: URL(string: "https://merchant.example/checkout")!))
      }
    }

    private func readmePolicyFile() throws -> URL {
      let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")
      let text = try String(contentsOf: readme, encoding: .utf8)
      let start = try XCTUnwrap(text.range(of: "```json\n"))
      let end = try XCTUnwrap(text.range(of: "```", range: start.upperBound..<text.endIndex))
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("readme-policy-\(UUID()).json")
      try Data(text[start.upperBound..<end.lowerBound].utf8).write(to: file)
      return file
    }

    func test_readmeAdoption_withTheReadmePolicy_presentsCheckoutModally_andSendsPhoneLinksToTheSystem() async throws {
      UIApplication.shared.resetOpenedURLs()
      let screen = CheckoutViewController()
      // On screen, as on a device: a view controller whose view is not in a window presents nothing.
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.rootViewController = screen
      defer { withExtendedLifetime(window) {} }
      screen.view.addSubview(screen.webView)
      let driver = WebKitDriver(implementing: AdapterHarness.coordinatorMethods)
      driver.attach(screen.webView)
      let policyFile = try readmePolicyFile()
      defer { try? FileManager.default.removeItem(at: policyFile) }
      try screen.start(policyURL: policyFile)
      await driver.settle()
      XCTAssertEqual(screen.webView.url?.absoluteString, "https://merchant.example/checkout")

      let checkout = await driver.windowOpen("https://pay.example.com/session", gesture: true, in: screen.webView)
      XCTAssertTrue((screen.presentedViewController as? PopupViewController)?.webView === checkout)

      await driver.tapLink("tel:+15551234", in: screen.webView)
      XCTAssertEqual(UIApplication.shared.openedURLs.map(\.absoluteString), ["tel:+15551234"])
      XCTAssertEqual(screen.webView.url?.absoluteString, "https://merchant.example/checkout")
    }
  }
#endif
