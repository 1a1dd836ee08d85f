/// Receives the outcome of every documented `RH` method, with the name of the endpoint it came from.
///
/// `RH` holds its delegate weakly and calls it once per method call, after the call finished. The methods are
/// `async` so that an actor-isolated type (a `@MainActor` view model, say) can conform.
public protocol RHDelegate: AnyObject, Sendable {
    /// The server accepted the call; `response` is its decoded answer.
    func didReceiveAPIResponse(_ response: RHResponse, _ endpoint: RHEndpoint) async
    /// The call failed: before sending (validation), on the way, or with the server's error envelope.
    func didFailWithError(_ error: RHError, _ endpoint: RHEndpoint) async
}
