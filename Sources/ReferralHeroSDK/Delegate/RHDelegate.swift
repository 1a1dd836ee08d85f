/// Receives the outcome of every documented `RH` method, with the name of the endpoint it came from: "the delegate
/// methods by which Response will be received" (Public Methods). The page assigns it in `viewDidLoad`:
/// `RH.delegate = self`.
///
/// Two forms, implement either (every one has a default that does nothing): the typed one
/// (``RHResponse``, ``RHError``, ``RHEndpoint``) and the one of the Public Methods page
/// (`didReceiveAPIResponse(_ response: [String: Any], _ endPoint: String)`, the answer's JSON as a dictionary, and
/// `didFailWithError(_ error: Error, _ endPoint: String)`). `RH` calls both forms once per method call, after the
/// call finished, typed first, and holds its delegate weakly. The methods are `async` so that an actor-isolated
/// type (a `@MainActor` view controller, say) can conform with synchronous methods.
public protocol RHDelegate: AnyObject, Sendable {
    /// The server accepted the call; `response` is its decoded answer.
    func didReceiveAPIResponse(_ response: RHResponse, _ endpoint: RHEndpoint) async
    /// The call failed: before sending (validation), on the way, or with the server's error envelope.
    func didFailWithError(_ error: RHError, _ endpoint: RHEndpoint) async
    /// The Public Methods page's form: the answer's JSON (`status`, `data`, `calls_left`, `timestamp`) and the
    /// endpoint's name (``RHEndpoint/rawValue``).
    func didReceiveAPIResponse(_ response: sending [String: Any], _ endPoint: String) async
    /// The Public Methods page's form: the ``RHError`` as `Error`, and the endpoint's name.
    func didFailWithError(_ error: any Error, _ endPoint: String) async
}

extension RHDelegate {
    /// Does nothing by default.
    public func didReceiveAPIResponse(_ response: RHResponse, _ endpoint: RHEndpoint) async {}
    /// Does nothing by default.
    public func didFailWithError(_ error: RHError, _ endpoint: RHEndpoint) async {}
    /// Does nothing by default.
    public func didReceiveAPIResponse(_ response: sending [String: Any], _ endPoint: String) async {}
    /// Does nothing by default.
    public func didFailWithError(_ error: any Error, _ endPoint: String) async {}
}
