public import Foundation

/// The operation ids EngageSDK passes to `ClientTransport.send`, one per HTTP surface of the Engage API.
public enum EngageOperationID {
    /// `POST /oauth/token`.
    public static let token = "engage.oauthToken"
    /// `POST /XMLAPI`.
    public static let xmlAPI = "engage.xmlAPI"
    /// `POST /rest/events/submission`.
    public static let eventSubmission = "engage.eventSubmission"
}

/// Where the Engage API lives: one host for `/oauth/token`, `/XMLAPI` and `/rest/events/submission`.
public struct EngageEndpoint: Sendable, Hashable {
    /// The base URL handed to the transport, without a trailing slash (`https://apipilot.silverpop.com`).
    public var baseURL: URL

    /// The path of the OAuth token request, `/oauth/token`.
    public static let tokenPath = "/oauth/token"
    /// The path of XMLAPI calls, `/XMLAPI`.
    public static let xmlAPIPath = "/XMLAPI"
    /// The path of UBF event posts, `/rest/events/submission`.
    public static let eventSubmissionPath = "/rest/events/submission"

    /// Reads a host the way either shipped SDK accepted it: `https://api5.silverpop.com/`,
    /// `api5.silverpop.com`, or a full base URL with a path prefix (a simulator mounted at `/engage`). A host
    /// without a scheme gets `https://`; a trailing slash is dropped.
    public init(host: String) throws {
        var text = host.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw EngageError.invalidArgument(name: "host", detail: "the host is empty") }
        if !text.contains("://") { text = "https://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), url.host != nil else {
            throw EngageError.invalidArgument(name: "host", detail: "'\(host)' is not a host name or URL")
        }
        baseURL = url
    }

    /// Takes `baseURL` as given, dropping any trailing slash (a string that no longer parses keeps the URL as is).
    public init(baseURL: URL) {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        self.baseURL = URL(string: text) ?? baseURL
    }
}
