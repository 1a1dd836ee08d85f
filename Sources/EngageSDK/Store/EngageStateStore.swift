import Foundation
internal import GRDB

/// The SDK's persisted state (the shipped SDKs kept it in `NSUserDefaults` / `SharedPreferences`): device id,
/// mobile user id, recipient id, anonymous id, current campaign and its expiry, the installed flag. It lives
/// in the same SQLite database as the events.
public actor EngageStateStore {
    /// The keys the SDK uses.
    public enum Key: String, Sendable, CaseIterable {
        /// `deviceId`: this installation's device id, generated on first use.
        case deviceID = "deviceId"
        /// `engagePrimaryUserId`: the mobile user id (the `Primary User Id` of events).
        case mobileUserID = "engagePrimaryUserId"
        /// `recipientId`: the Engage recipient id found or created by the identity manager.
        case recipientID = "recipientId"
        /// `engageAnonymousId`: the deprecated anonymous recipient's id.
        case anonymousID = "engageAnonymousId"
        /// `engageCurrentCampaign`: the current campaign's name as last set (by a link, a push payload or
        /// ``CampaignTracker/setCurrentCampaign(_:expiresAt:)``).
        case currentCampaign = "engageCurrentCampaign"
        /// `engageCurrentCampaignExpiration`: when the current campaign expires, in seconds since 1970.
        case currentCampaignExpiresAt = "engageCurrentCampaignExpiration"
        /// `engageClientInstalled`: `YES` once the installed event (12) has been stored.
        case clientInstalled = "engageClientInstalled"
    }

    private let database: DatabaseQueue
    private var values: [String: String]

    init(database: DatabaseQueue) throws {
        self.database = database
        do {
            values = try database.read { db in
                var values: [String: String] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT key, value FROM engage_state") {
                    values[row[0]] = row[1]
                }
                return values
            }
        } catch {
            throw EngageError.store("read state", error, on: database)
        }
    }

    /// The stored value, nil when unset.
    public func value(_ key: Key) -> String? {
        values[key.rawValue]
    }

    /// The stored value, or `""` when unset.
    public func string(_ key: Key) -> String {
        values[key.rawValue] ?? ""
    }

    /// Stores (or, with nil, removes) a value, durably.
    public func set(_ value: String?, for key: Key) async throws {
        do {
            try await database.write { db in
                if let value {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO engage_state (key, value) VALUES (?, ?)",
                        arguments: [key.rawValue, value])
                } else {
                    try db.execute(sql: "DELETE FROM engage_state WHERE key = ?", arguments: [key.rawValue])
                }
            }
        } catch {
            throw EngageError.store("write state \(key.rawValue)", error, on: database)
        }
        // Kept once stored: a write that failed (a full disk) leaves the value as it was, in memory as on disk.
        values[key.rawValue] = value
    }

    /// The stored value, creating it with `make` when unset.
    public func value(_ key: Key, orCreate make: @Sendable () -> String) async throws -> String {
        if let existing = values[key.rawValue], !existing.isEmpty { return existing }
        let created = make()
        try await set(created, for: key)
        return created
    }
}
