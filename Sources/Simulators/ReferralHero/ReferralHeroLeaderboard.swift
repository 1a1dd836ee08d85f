import CassetteKit
import Foundation
import JSONCore

/// Leaderboard pages written once per state of the ranking, instead of on every call: a page is a hundred
/// `Subscriber` objects (about 90 KB), and building and writing them cost some 4 ms a call (`harness bench growth`).
///
/// The store holds a ranking version (the `ranking-version` row of `referralhero_counters`): every ReferralHero call or
/// admin request whose transaction changes a row sets it to a new random value (``changed(_:)``), in the same
/// transaction, except a sign-up that cannot show on any page (``unchanged(byOrganicSignUp:campaign:_:)``). A page is
/// kept under the version it was read at, in the same transaction, so a page is given again only while the store is
/// as it was; instances sharing one store (PostgreSQL) read the same version. Without the row (a reset empties it)
/// pages are not kept until the next change sets it. Random values, rather than a count, so that a store emptied and
/// written again, or another store, never meets a kept page's version (one chance in 2⁶³).
///
/// Only on an embedded (SQLite) store. On a shared PostgreSQL store every ReferralHero write would update the one
/// version row inside `SERIALIZABLE` transactions, so concurrent writes of any kind would conflict and retry; pages
/// are worked out on every call there, as the read cache is off there too.
enum ReferralHeroLeaderboard {
    struct Page: Hashable, Sendable {
        var version: Int64
        var campaign: String
        var count: Int
    }

    static let counter = "ranking-version"
    /// Pages kept at most: one campaign's counts 10…100 under a few versions.
    static let pages = BoundedMemo<Page, [UInt8]>(capacity: 128)

    /// Whether pages are kept on `db`'s store: on an embedded one only (see above).
    static func keepsPages(_ db: StateDB) -> Bool { db.dialect == .sqlite }

    /// The page of `count` subscribers as `data`'s JSON bytes (sorted keys), kept or worked out.
    static func page(count: Int, call: ReferralHeroCall) throws -> [UInt8] {
        guard keepsPages(call.db) else { return try call.leaderboard(count: count).bytes([.sortedKeys]) }
        let version = try Int64.fetchOne(
            call.db.cachedStatement(sql: "SELECT value FROM referralhero_counters WHERE name = ?"),
            arguments: [counter])
        let key = version.map { Page(version: $0, campaign: call.campaign.uuid, count: count) }
        if let key, let kept = pages[key] { return kept }
        let bytes = try call.leaderboard(count: count).bytes([.sortedKeys])
        if let key { pages.keep(bytes, for: key) }
        return bytes
    }

    /// Marks the ranking changed: pages kept so far are not given again.
    static func changed(_ db: StateDB) throws {
        guard keepsPages(db) else { return }
        try db.execute(
            sql: """
                INSERT INTO referralhero_counters (name, value) VALUES (?, ?)
                ON CONFLICT(name) DO UPDATE SET value = excluded.value
                """, arguments: [counter, Int64.random(in: 1...Int64.max)])
    }

    /// Whether an organic sign-up (no referrer) numbered `signup` leaves every page as it was: it ranks last (no
    /// confirmed referral, the latest sign-up), so it shows on no page (at most 100 places) once 100 subscribers
    /// of the campaign signed up before it and are still there. Every other subscriber's place and counts stay.
    /// False on a store that keeps no pages, without asking it anything.
    static func unchanged(byOrganicSignUp signup: Int, campaign: String, _ db: StateDB) throws -> Bool {
        guard keepsPages(db) else { return false }
        let departed =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT COUNT(*) FROM referralhero_departures WHERE campaign = ?"),
                arguments: [campaign]) ?? 0
        return signup - 1 - departed >= ReferralHeroCall.leaderboardCount(nil)
    }
}

extension ReferralHeroEnvelope {
    /// ``ok(_:now:)`` around `data` already written (sorted keys): the same bytes.
    static func ok(written data: [UInt8], now: Int) -> CassetteResponse {
        var body = Data(#"{"calls_left":null,"data":"#.utf8)
        body.reserveCapacity(data.count + 64)
        body.append(contentsOf: data)
        body.append(contentsOf: #","status":"ok","timestamp":\#(now)}"#.utf8)
        body.append(UInt8(ascii: "\n"))
        return CassetteResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}
