import JSONCore

/// A headless view controller: something a stage shows.
public protocol AdaptyPresentable: AnyObject, Sendable {
    /// Called once the stage shows it.
    func didAppear(on stage: AdaptyUIStage)
    /// Called once the stage no longer shows it.
    func didDisappear(from stage: AdaptyUIStage)
}

extension AdaptyPresentable {
    /// Does nothing.
    public func didDisappear(from stage: AdaptyUIStage) {}
}

/// The headless screen: a stack of presented views, the last one on top, as UIKit presents one view controller over
/// another. The onboarding page warns that only one view (paywall or onboarding) can be on screen at a time: a
/// paywall presented over an onboarding that was not dismissed works, but the onboarding underneath can no longer be
/// controlled from code, and dismissing it dismisses the paywall while the onboarding stays visible. The stage
/// models exactly that (``dismiss(_:)``), so an app can reproduce the symptom and its fix: dismiss the onboarding
/// before presenting the paywall.
public final class AdaptyUIStage: Sendable {
    private let stack = Locked<[any AdaptyPresentable]>([])

    /// An empty screen.
    public init() {}

    /// The view on top, the one the user sees.
    public var presented: (any AdaptyPresentable)? { stack.withLock { $0.last } }

    /// Every view on the stage, bottom first.
    public var views: [any AdaptyPresentable] { stack.withLock { $0 } }

    /// Shows `view` over whatever is on screen.
    ///
    /// - Throws: ``AdaptyUIError/platformView(_:)`` when `view` is already on this stage.
    public func present(_ view: any AdaptyPresentable) throws(AdaptyUIError) {
        let added = stack.withLock { stack -> Bool in
            guard !stack.contains(where: { $0 === view }) else { return false }
            stack.append(view)
            return true
        }
        guard added else { throw .platformView("\(type(of: view)) is already presented on this stage") }
        view.didAppear(on: self)
    }

    /// Dismisses what `view` presents, as UIKit's `dismiss` on a presenting controller does: `view` itself when it
    /// is on top, otherwise the view on top of it, which leaves `view` on screen. Returns the dismissed view.
    @discardableResult
    func dismiss(_ view: any AdaptyPresentable) -> (any AdaptyPresentable)? {
        let removed = stack.withLock { stack -> (any AdaptyPresentable)? in
            stack.contains { $0 === view } ? stack.removeLast() : nil
        }
        removed?.didDisappear(from: self)
        return removed
    }
}
