public import Foundation

/// The OAuth2 application credentials of §1 of the Engage notes. The description never shows the secrets.
public struct EngageCredentials: Sendable, Hashable, CustomStringConvertible {
    public var clientID: String
    public var clientSecret: String
    public var refreshToken: String

    public init(clientID: String, clientSecret: String, refreshToken: String) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.refreshToken = refreshToken
    }

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

    public init(value: String, tokenType: String = "bearer", expiresAt: Date, refreshAt: Date) {
        self.value = value
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.refreshAt = refreshAt
    }

    /// The `Authorization` header value, `Bearer <token>`.
    public var authorization: String { "Bearer \(value)" }

    public var description: String {
        "AccessToken(<redacted>, expiresAt: \(expiresAt))"
    }
}

/// How long to wait before asking `/oauth/token` again after it failed: `initial`, then doubling up to
/// `maximum`. Acoustic asks API clients to back off exponentially and limits tokens per hour.
public struct TokenBackoff: Sendable, Hashable {
    public var initial: Duration
    public var multiplier: Double
    public var maximum: Duration
    /// Attempts per refresh for transient failures (transport errors, HTTP 5xx and 429).
    public var maximumAttempts: Int

    public init(
        initial: Duration = .seconds(1), multiplier: Double = 2, maximum: Duration = .seconds(300),
        maximumAttempts: Int = 3
    ) {
        self.initial = initial
        self.multiplier = multiplier
        self.maximum = maximum
        self.maximumAttempts = max(1, maximumAttempts)
    }

    public static let standard = TokenBackoff()

    /// The wait before the next request after `failures` consecutive failures (zero after none).
    public func delay(afterFailures failures: Int) -> Duration {
        guard failures > 0 else { return .zero }
        let seconds = initial.engageSeconds * pow(multiplier, Double(failures - 1))
        return min(.milliseconds(Int64((seconds * 1000).rounded())), maximum)
    }
}
