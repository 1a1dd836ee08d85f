public import Foundation

/// The OAuth2 application credentials of §1 of the Engage notes. The description never shows the secrets.
public struct EngageCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The OAuth 2 client id from the Engage Portal.
    public var clientID: String
    /// The OAuth 2 client secret (never printed).
    public var clientSecret: String
    /// The refresh token the token requests use (never printed).
    public var refreshToken: String

    /// Credentials from the three values of `initializeSDKClient:secret:token:…`.
    public init(clientID: String, clientSecret: String, refreshToken: String) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.refreshToken = refreshToken
    }

    /// The client id with the secret and the refresh token redacted, safe to log.
    public var description: String {
        "EngageCredentials(clientID: \(clientID), clientSecret: <redacted>, refreshToken: <redacted>)"
    }
}

/// An access token from `/oauth/token`.
public struct AccessToken: Sendable, Hashable, CustomStringConvertible {
    /// The bearer value.
    public var value: String
    /// `token_type`, usually `bearer`.
    public var tokenType: String
    /// When the server said the token stops working.
    public var expiresAt: Date
    /// When EngageSDK asks for a new one: 90% into the token's life, as the official Node client does.
    public var refreshAt: Date

    /// A token with its type and the times it expires and is renewed.
    public init(value: String, tokenType: String = "bearer", expiresAt: Date, refreshAt: Date) {
        self.value = value
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.refreshAt = refreshAt
    }

    /// The `Authorization` header value, `Bearer <token>`.
    public var authorization: String { "Bearer \(value)" }

    /// The expiry with the token value redacted, safe to log.
    public var description: String {
        "AccessToken(<redacted>, expiresAt: \(expiresAt))"
    }
}

/// How long to wait before asking `/oauth/token` again after it failed: `initial`, then doubling up to
/// `maximum`. Acoustic asks API clients to back off exponentially and limits tokens per hour.
public struct TokenBackoff: Sendable, Hashable {
    /// The wait after the first failure.
    public var initial: Duration
    /// How much each further failure multiplies the wait.
    public var multiplier: Double
    /// The longest wait.
    public var maximum: Duration
    /// Attempts per refresh for transient failures (transport errors, HTTP 5xx and 429).
    public var maximumAttempts: Int

    /// A backoff of `initial`, times `multiplier` per failure, at most `maximum`, over `maximumAttempts` attempts.
    public init(
        initial: Duration = .seconds(1), multiplier: Double = 2, maximum: Duration = .seconds(300),
        maximumAttempts: Int = 3
    ) {
        self.initial = initial
        self.multiplier = multiplier
        self.maximum = maximum
        self.maximumAttempts = max(1, maximumAttempts)
    }

    /// 1 s, doubling, at most 5 minutes, 3 attempts per refresh.
    public static let standard = TokenBackoff()

    /// The wait before the next request after `failures` consecutive failures (zero after none).
    public func delay(afterFailures failures: Int) -> Duration {
        guard failures > 0 else { return .zero }
        let seconds = initial.engageSeconds * pow(multiplier, Double(failures - 1))
        return min(.milliseconds(Int64((seconds * 1000).rounded())), maximum)
    }
}
