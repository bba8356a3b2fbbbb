#if canImport(SwiftUI) && canImport(UIKit) && canImport(WebKit)
  import SessionKit
  import SessionKitWebKit
  import SwiftUI

  /// The same checkout in SwiftUI: popups appear as overlays inside the view.
  struct CheckoutView: View {
    let engine: SessionEngine

    var body: some View {
      SessionWebView(engine: engine, url: CheckoutPage.baseURL)
        .ignoresSafeArea(edges: .bottom)
    }
  }
#endif
