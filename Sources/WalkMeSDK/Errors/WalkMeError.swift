public import Foundation

/// Everything that can go wrong in WalkMeSDK. Each case says what was wrong and what to do next; none carries the
/// app secret or an access token.
public enum WalkMeError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// `start` was given an empty key or secret; nothing was sent.
    case missingCredential(String)
    /// The call needs a running session; call `start` first.
    case notStarted(String)
    /// `restart` or `stop` within the first minute of a session; `age` is the session's age in seconds.
    case sessionTooYoung(String, age: Int)
    /// The app's kill switch is on: the SDK stays off until the next start finds it off.
    case killSwitched
    /// The server answered with its error body `{"error","message"}`.
    case server(status: Int, code: String, message: String)
    /// The server answered outside the contract (status, media type or body).
    case unexpectedResponse(endpoint: String, status: Int, detail: String)
    /// The request did not reach the server, and no cached data file could stand in.
    case transport(endpoint: String, detail: String)
    /// The settings or the data file could not be read; `pointer` is where, as a JSON pointer.
    case malformedContent(document: String, pointer: String, reason: String)
    /// An attribute value is not a string, a number or a boolean.
    case invalidAttributeValue(key: String, type: String)
    /// A WalkMe permalink that cannot be followed (e.g. no trigger key).
    case invalidPermalink(String, reason: String)
    /// No campaign of the data file has this trigger key.
    case unknownTriggerKey(String)
    /// A campaign is on screen already; dismiss it first.
    case campaignAlreadyShowing(String)
    /// The presenter shows no campaign, or the CTA / survey answer does not belong to it.
    case presenter(String)
    /// The content store could not be read or written.
    case store(String)

    /// What went wrong and what to do next.
    public var description: String {
        switch self {
        case .missingCredential(let name):
            return
                "start: the \(name) is empty; pass the app's key and secret from the WalkMe console (nothing was sent)"
        case .notStarted(let call):
            return "\(call): WalkMe is not started; call start(options:) first"
        case .sessionTooYoung(let call, let age):
            return "\(call): the session is \(age) s old; restart and stop are refused in a session's first minute"
        case .killSwitched:
            return "WalkMe's kill switch is on for this app: no session and no campaigns until it is turned off"
        case .server(let status, let code, let message):
            return "WalkMe refused the call: HTTP \(status) \(code): \(message)"
        case .unexpectedResponse(let endpoint, let status, let detail):
            return "\(endpoint): WalkMe answered HTTP \(status) outside its contract: \(detail)"
        case .transport(let endpoint, let detail):
            return "\(endpoint): WalkMe could not be reached and no cached data file is stored: \(detail)"
        case .malformedContent(let document, let pointer, let reason):
            return "the \(document) is malformed at \(pointer.isEmpty ? "the root" : pointer): \(reason)"
        case .invalidAttributeValue(let key, let type):
            return "user attribute `\(key)`: a \(type) is not a string, a number or a boolean; convert it first"
        case .invalidPermalink(let url, let reason):
            return "permalink \(url): \(reason); expected com.walkme.<app_key>://1.0/trigger_campaign/<trigger_key>"
        case .unknownTriggerKey(let key):
            return "trigger: no campaign of the data file has the trigger key `\(key)`; check it in the WalkMe console"
        case .campaignAlreadyShowing(let id):
            return "campaign \(id) is on screen; dismiss it before showing another"
        case .presenter(let detail):
            return "campaign presenter: \(detail)"
        case .store(let detail):
            return "the WalkMe content store failed: \(detail)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
