// Empty stand-ins for the UIKit names the page's samples mention, so the samples compile verbatim where UIKit does
// not exist. They do nothing: the SDK under test never sees them.

/// Stands in for UIKit's `UIResponder`.
class UIResponder {}

/// Stands in for UIKit's `UIApplicationDelegate`.
protocol UIApplicationDelegate {}

/// Stands in for UIKit's `UIApplication` and its launch option keys.
final class UIApplication {
    struct LaunchOptionsKey: Hashable {
        var rawValue: String
    }
}

/// Stands in for UIKit's `UIViewController`: the lifecycle methods the samples override. UIKit's is `@MainActor`,
/// hence `Sendable`, which the SDK's callback protocols require; this one is `@unchecked Sendable` on the invariant
/// that each test uses its controllers from its own task only.
class UIViewController: @unchecked Sendable {
    func viewWillAppear(_ animated: Bool) {}
    func viewWillDisappear(_ animated: Bool) {}
}

/// Stands in for UIKit's `UITableViewCell` (`@unchecked Sendable` as ``UIViewController``).
class UITableViewCell: @unchecked Sendable {}
