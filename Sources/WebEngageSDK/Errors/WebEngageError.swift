public import Foundation

/// Everything that goes wrong in `WebEngageSDK`: the four in-line content exceptions of the App In-line Content
/// page (delivered to `onCampaignException` and `onPlaceholderException`, their ``key`` is the page's error key),
/// and the SDK's own refusals.
public enum WebEngageError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The campaign did not render in the time set (the page's `timeout`): it was not fetched, parsed and its
    /// resources loaded within its `failureTimeout` plus 500 ms (an assumed allowance), on the core's clock. At
    /// that deadline the request still running is cancelled.
    case timeout(campaignId: String, targetViewId: String, limitMilliseconds: Int, elapsedMilliseconds: Int)
    /// No view or placeholder callback with that tag is on the screen, or it went away while the campaign was
    /// being fetched.
    case missingTargetView(campaignId: String?, targetViewId: String)
    /// The template fetch answered something other than 200, or a body that is empty, unreadable or without a
    /// template the SDK knows.
    case campaignFetchingFailed(campaignId: String, targetViewId: String, reason: String)
    /// An image or other asset of a Banner or Text campaign could not be loaded.
    case resourceFetchingFailed(campaignId: String, targetViewId: String, url: String, reason: String)
    /// `WEPersonalization.initialise()` was called before the core SDK had a license code and a transport.
    case coreNotConfigured
    /// A request could not be sent or its answer read.
    case transport(operation: String, reason: String)
    /// A server answer the SDK could not use (the property configuration or the event upload).
    case unexpectedResponse(operation: String, status: Int, reason: String)

    /// The page's error key: `timeout`, `missingTargetView`, `campaignFetchingFailed`, `resourceFetchingFailed`
    /// (and `coreNotConfigured`, `transport`, `unexpectedResponse` for the SDK's own errors).
    public var key: String {
        switch self {
        case .timeout: "timeout"
        case .missingTargetView: "missingTargetView"
        case .campaignFetchingFailed: "campaignFetchingFailed"
        case .resourceFetchingFailed: "resourceFetchingFailed"
        case .coreNotConfigured: "coreNotConfigured"
        case .transport: "transport"
        case .unexpectedResponse: "unexpectedResponse"
        }
    }

    /// The exception's fixed message, the `reason` of the `app_personalization_failed` event before its suffix.
    public var message: String {
        switch self {
        case .timeout: "Campaign failed to render in set time."
        case .missingTargetView: "Target property missing."
        case .campaignFetchingFailed: "Campaign fetching failed."
        case .resourceFetchingFailed: "Resource fetching failed."
        case .coreNotConfigured: "The WebEngage core SDK is not configured."
        case .transport: "The request could not be sent."
        case .unexpectedResponse: "The server's answer could not be used."
        }
    }

    /// What went wrong, with the campaign, the property and what to do next.
    public var description: String {
        switch self {
        case .timeout(let campaign, let target, let limit, let elapsed):
            "timeout: campaign \(campaign) on property \(target) was not rendered within its \(limit) ms "
                + "(failureTimeout + 500 ms); the request was cancelled after \(elapsed) ms"
        case .missingTargetView(let campaign, let target):
            "missingTargetView: no view or placeholder callback with tag \(target) on the screen"
                + (campaign.map { " for campaign \($0)" } ?? "")
                + "; register it after navigatingToScreen(withName:) and keep it until the campaign arrives"
        case .campaignFetchingFailed(let campaign, let target, let reason):
            "campaignFetchingFailed: campaign \(campaign) for property \(target): \(reason)"
        case .resourceFetchingFailed(let campaign, let target, let url, let reason):
            "resourceFetchingFailed: campaign \(campaign) for property \(target): \(url): \(reason)"
        case .coreNotConfigured:
            "WEPersonalization.initialise() was refused: configure WebEngage.sharedInstance() (license code and "
                + "transport) first"
        case .transport(let operation, let reason):
            "\(operation): the request failed: \(reason)"
        case .unexpectedResponse(let operation, let status, let reason):
            "\(operation): HTTP \(status): \(reason)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
