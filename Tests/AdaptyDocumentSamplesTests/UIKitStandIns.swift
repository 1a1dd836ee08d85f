import AdaptySDK
import Synchronization

/// Stands in for the part of UIKit the open-paywall sample uses: `UIApplication.shared.windows.first?
/// .rootViewController` and its `present(_:animated:)`, which shows the paywall on a headless ``AdaptyUIStage``.
/// The presented controllers are announced on ``presented`` so a test can await the sample's asynchronous work.
final class UIApplication: Sendable {
    static let shared = UIApplication()

    let windows: [UIWindow] = [UIWindow()]
}

/// Stands in for UIKit's `UIWindow`.
final class UIWindow: Sendable {
    let rootViewController: UIViewController? = UIViewController()
}

/// Stands in for UIKit's root view controller: it presents Adapty's views on one stage.
final class UIViewController: Sendable {
    /// The screen the root view controller presents on (shared by every test of the target, which run serialized).
    static let stage = AdaptyUIStage()
    private static let stream = AsyncStream<AdaptyPaywallController>.makeStream()

    /// The paywall controllers presented, in order.
    static var presented: AsyncStream<AdaptyPaywallController> { stream.stream }

    func present(_ paywallController: AdaptyPaywallController, animated: Bool) {
        try? Self.stage.present(paywallController)
        Self.stream.continuation.yield(paywallController)
    }
}
