import Synchronization

/// A headless view controller: something a stage shows.
public protocol AdaptyPresentable: AnyObject, Sendable {
    /// Called once the stage shows it.
    func didAppear(on stage: AdaptyUIStage)
}

/// The headless screen: it shows one Adapty view at a time, as the onboarding document warns (a paywall
/// presented over an onboarding that was not dismissed could not be controlled). Presenting over a view still
/// on screen is refused with ``AdaptyUIError/platformView(_:)``.
public final class AdaptyUIStage: Sendable {
    private let current = Mutex<(any AdaptyPresentable)?>(nil)

    public init() {}

    /// What is on screen.
    public var presented: (any AdaptyPresentable)? { current.withLock { $0 } }

    /// Shows `view`; refuses when another view is still on screen.
    public func present(_ view: any AdaptyPresentable) throws(AdaptyUIError) {
        let shown = current.withLock { current -> (any AdaptyPresentable)? in
            if let current { return current }
            current = view
            return nil
        }
        if let shown {
            throw .platformView(
                "\(type(of: shown)) is still on screen; dismiss it before presenting \(type(of: view))")
        }
        view.didAppear(on: self)
    }

    func remove(_ view: any AdaptyPresentable) {
        current.withLock { current in
            if let shown = current, shown === view { current = nil }
        }
    }
}
