import Foundation

/// The merchant's checkout page: a Google Pay button that opens the payment sheet with `window.open` on the tap
/// (the popup talks back to its opener), an ad slot whose links open in a new window, and a help link.
enum CheckoutPage {
  /// Where the page claims to come from (its origin decides what is same-site).
  static let baseURL = URL(string: "https://merchant.example/checkout")!

  /// The page.
  static let html = """
    <!doctype html>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Checkout</title>
    <h1>Your basket: 2 items, €42.00</h1>
    <button id="gpay">Buy with Google Pay</button>
    <p><a href="https://merchant.example/help" target="_blank">Delivery and returns</a>
       · <a href="mailto:help@merchant.example">Email us</a></p>
    <aside id="ad-slot">
      <a href="https://advertiser.example/offer?campaign=checkout" target="_blank">
        <img alt="Sponsored: 20% off headphones" src="https://ads.example/banner.png">
      </a>
    </aside>
    <script>
      document.getElementById("gpay").addEventListener("click", () => {
        // Opened on the tap, so it carries the user gesture; Google Pay's sheet posts the result back here.
        window.open("https://pay.google.com/gp/p/ui/pay?merchant=merchant.example", "gpay", "width=480,height=640");
      });
      window.addEventListener("message", (event) => {
        if (event.origin === "https://pay.google.com") document.body.insertAdjacentText("beforeend", "Paid.");
      });
    </script>
    """
}
