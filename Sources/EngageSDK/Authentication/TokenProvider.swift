import Foundation
import JSONCore

/// Hands out access tokens (§1 of the Engage notes): a refresh-token grant, form-encoded, to `/oauth/token`;
/// the token is cached and renewed 90% into its life; concurrent callers share one request; a token the
/// server rejected is dropped once, so many callers that see the same 401 cause one refresh.
public actor TokenProvider {
    private let exchange: HTTPExchange
    private let credentials: EngageCredentials
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let backoff: TokenBackoff
    private let observer: EngageObserver
    /// Told when a token arrives, so that events deferred for want of one are posted.
    let wakeup = FlushWakeup()
    private var cached: AccessToken?
    private var refreshing: Task<AccessToken, any Error>?
    private var consecutiveFailures = 0
    /// How many token requests this provider has sent (for tests and the bench).
    public private(set) var requestCount = 0
    /// Callers waiting for a refresh another caller started.
    private(set) var waitingForRefresh = 0

    init(
        exchange: HTTPExchange, credentials: EngageCredentials, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date,
        backoff: TokenBackoff,
        observer: EngageObserver
    ) {
        self.exchange = exchange
        self.credentials = credentials
        self.clock = clock
        self.now = now
        self.backoff = backoff
        self.observer = observer
    }

    /// A token that is not due for renewal, fetching one when needed.
    public func token() async throws -> AccessToken {
        if let cached, now() < cached.refreshAt { return cached }
        if let refreshing {
            waitingForRefresh += 1
            defer { waitingForRefresh -= 1 }
            return try await refreshing.value
        }
        let task = Task { try await self.refresh() }
        refreshing = task
        defer { refreshing = nil }
        do {
            return try await task.value
        } catch {
            // A renewal that fails before the old token has expired keeps the old token in use.
            if let cached, now() < cached.expiresAt { return cached }
            throw error
        }
    }

    /// Drops `token` if it is still the cached one, so the next ``token()`` fetches a new one. Callers that
    /// saw a 401 (or fault 145) with an older token do nothing: someone already replaced it.
    public func invalidate(_ token: AccessToken) {
        if cached == token { cached = nil }
    }

    /// The cached token, if any (it may be due for renewal).
    public var currentToken: AccessToken? { cached }

    private func refresh() async throws -> AccessToken {
        var attempt = 0
        while true {
            attempt += 1
            let wait = backoff.delay(afterFailures: consecutiveFailures)
            if wait > .zero { try await clock.sleep(for: wait) }
            do {
                let token = try await requestToken()
                consecutiveFailures = 0
                cached = token
                await observer.emit(.tokenRefreshed(expiresAt: token.expiresAt))
                wakeup.fire()
                return token
            } catch let error as EngageError {
                consecutiveFailures += 1
                await observer.emit(.tokenRequestFailed(error))
                guard Self.isTransient(error), attempt < backoff.maximumAttempts else { throw error }
            }
        }
    }

    private static func isTransient(_ error: EngageError) -> Bool {
        switch error {
        case .transport: true
        case .tokenRequestFailed(let status, _, _): status >= 500 || status == 429
        default: false
        }
    }

    private func requestToken() async throws -> AccessToken {
        requestCount += 1
        let body = FormEncoding.encode([
            ("grant_type", "refresh_token"),
            ("refresh_token", credentials.refreshToken),
            ("client_id", credentials.clientID),
            ("client_secret", credentials.clientSecret),
        ])
        let sentAt = now()
        let response = try await exchange.post(
            path: EngageEndpoint.tokenPath, contentType: FormEncoding.contentType, accept: "application/json",
            authorization: nil, body: body, operationID: EngageOperationID.token)
        let json = try? JSONValue(parsing: response.body)
        let error = json?["error"]?.lenientString
        guard (200..<300).contains(response.status), error == nil else {
            throw EngageError.tokenRequestFailed(
                status: response.status, error: error, description: json?["error_description"]?.lenientString)
        }
        guard let json else {
            throw EngageError.malformedResponse(operationID: EngageOperationID.token, detail: "the body is not JSON")
        }
        guard let value = json["access_token"]?.lenientString, !value.isEmpty else {
            throw EngageError.malformedResponse(operationID: EngageOperationID.token, detail: "no access_token")
        }
        guard let expiresIn = json["expires_in"]?.lenientString.flatMap(Double.init), expiresIn > 0 else {
            throw EngageError.malformedResponse(operationID: EngageOperationID.token, detail: "no positive expires_in")
        }
        return AccessToken(
            value: value,
            tokenType: json["token_type"]?.lenientString ?? "bearer",
            expiresAt: sentAt.addingTimeInterval(expiresIn),
            refreshAt: sentAt.addingTimeInterval(expiresIn * 0.9)
        )
    }
}
