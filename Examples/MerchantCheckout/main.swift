import Foundation

#if os(Linux)
  import SessionKit
  import SessionKitWebKit
  import WebKitStandIn

  // On Linux there is no WebKit: the stand-in plays the page's taps and scripts against the real coordinator, so
  // `swift run MerchantCheckoutExample` shows what an iPhone would do with this page and policy.
  let policyURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("checkout-policy.json")

  @MainActor
  func runCheckout() async throws {
    let screen = CheckoutViewController(policyURL: policyURL)
    // On screen, as on a device: a view controller whose view is not in a window presents nothing.
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = screen
    defer { withExtendedLifetime(window) {} }
    let driver = WebKitDriver(implementing: [.decidePolicyAsync, .createWebView, .webViewDidClose, .didCommit])
    driver.attach(screen.webView)
    try screen.start()
    await driver.settle()
    print("page:", screen.webView.url?.absoluteString ?? "-")

    let payment = await driver.windowOpen(
      "https://pay.google.com/gp/p/ui/pay?merchant=merchant.example", target: "gpay", gesture: true, in: screen.webView)
    print("Google Pay popup shown over the page:", payment?.superview != nil)
    if let payment { driver.windowClose(in: payment) }

    // The ad's iframe clicks its own link from a script, with no finger on the screen: nothing opens.
    UIKitStandIn.advanceClock(by: 5)
    await driver.scriptClick(
      "https://advertiser.example/offer?campaign=auto", target: "_blank", in: screen.webView,
      frameURL: "https://ads.example/slot")
    print("scripted ad click opened:", screen.presentedViewController.map { "\(type(of: $0))" } ?? "nothing")
    print("reported:", screen.problems)
    await driver.tapLink("https://advertiser.example/offer?campaign=checkout", target: "_blank", in: screen.webView)
    print("tapped ad opened in:", screen.presentedViewController.map { "\(type(of: $0))" } ?? "nothing")
    await driver.tapLink("mailto:help@merchant.example", in: screen.webView)
    print("opened with the system:", UIApplication.shared.openedURLs.map(\.absoluteString))
    print("page kept:", screen.webView.url?.absoluteString ?? "-")
    for callback in driver.callbacks { print("  ", callback) }
  }

  try await runCheckout()
#else
  // On Apple platforms, add CheckoutViewController.swift, CheckoutView.swift, CheckoutPage.swift and
  // checkout-policy.json to an iOS app target; this executable only exists for Linux.
  print("MerchantCheckoutExample: add these sources to an iOS app target (see Examples/README.md).")
#endif
