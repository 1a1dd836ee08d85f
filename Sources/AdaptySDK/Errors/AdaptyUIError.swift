public import Foundation

/// The documented errors of the Adapty UI layer (domain `AdaptyUIErrorDomain`), reported to
/// `onboardingController(_:didFailWithError:)` and thrown by `AdaptyUI`. It mirrors the documented type, so it
/// lives beside ``AdaptyError`` (which it wraps where a UI call fails in the core).
public enum AdaptyUIError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The platform has no Adapty UI (4001).
    case platformNotSupported
    /// A UI call came before `Adapty.activate(with:)`.
    case adaptyNotActivated
    /// A UI call came before AdaptyUI was activated (4003).
    case adaptyUINotActivated
    /// AdaptyUI was activated twice (4005).
    case activateOnce
    /// The paywall has no view configuration the headless UI can use (no `paywall_builder`).
    case unsupportedTemplate(String)
    /// A view component has another type than the configuration says (4103).
    case wrongComponentType(String)
    /// The onboarding page could not be loaded or sent something it should not.
    case webKit(String)
    /// The view layer refused: a view presented on a stage that already shows it.
    case platformView(String)

    /// The documented numeric code.
    public var code: Int {
        switch self {
        case .platformNotSupported: 4001
        case .adaptyNotActivated: 4002
        case .adaptyUINotActivated: 4003
        case .activateOnce: 4005
        case .unsupportedTemplate: 4100
        case .wrongComponentType: 4103
        case .webKit: 4200
        case .platformView: 4300
        }
    }

    /// The error domain of the vendor SDK's UI errors.
    public static let errorDomain = "AdaptyUIErrorDomain"

    /// The code and what went wrong.
    public var description: String {
        switch self {
        case .platformNotSupported: "AdaptyUIError 4001: this platform has no Adapty UI"
        case .adaptyNotActivated: "AdaptyUIError 4002: activate Adapty before using AdaptyUI"
        case .adaptyUINotActivated: "AdaptyUIError 4003: activate AdaptyUI before using it"
        case .activateOnce: "AdaptyUIError 4005: AdaptyUI is already activated"
        case .unsupportedTemplate(let detail): "AdaptyUIError 4100: unsupported template: \(detail)"
        case .wrongComponentType(let detail): "AdaptyUIError 4103: wrong component type: \(detail)"
        case .webKit(let detail): "AdaptyUIError 4200: the onboarding page failed: \(detail)"
        case .platformView(let detail): "AdaptyUIError 4300: \(detail)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
