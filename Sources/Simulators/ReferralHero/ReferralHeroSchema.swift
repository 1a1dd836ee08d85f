/// The simulator's tables (all `referralhero_…`) and the state a reset returns to: one campaign, `MF83c9616aa3`, with
/// a goal of one conversion event, three rewards, the token `rh-sim-token`, no rate limit.
enum ReferralHeroSchema {
    /// The campaign every reset starts with.
    static let defaultCampaign = "MF83c9616aa3"
    /// The API token every reset starts with.
    static let defaultToken = "rh-sim-token"
    /// When the default campaign and its rewards were created (2026-01-01T00:00:00Z), fixed so answers repeat.
    static let campaignCreatedAt = 1_767_225_600

    static func register(_ migrator: inout StateMigrator) {
        migrator.registerMigration("referralhero.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE referralhero_campaigns (
                        uuid TEXT PRIMARY KEY, goal INTEGER NOT NULL, auto_confirm INTEGER NOT NULL,
                        host TEXT NOT NULL);
                    CREATE TABLE referralhero_tokens (token TEXT PRIMARY KEY);
                    CREATE TABLE referralhero_settings (key TEXT PRIMARY KEY, value INTEGER);
                    CREATE TABLE referralhero_counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
                    CREATE TABLE referralhero_rewards (
                        campaign TEXT NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL, referrals INTEGER NOT NULL,
                        PRIMARY KEY (campaign, id));
                    CREATE TABLE referralhero_subscribers (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, campaign TEXT NOT NULL,
                        email TEXT NOT NULL, name TEXT NOT NULL DEFAULT '', phone_number TEXT NOT NULL DEFAULT '',
                        crypto_wallet_address TEXT NOT NULL DEFAULT '', crypto_wallet_provider TEXT NOT NULL DEFAULT '',
                        other_identifier_value TEXT NOT NULL DEFAULT '', extra_field TEXT NOT NULL DEFAULT '',
                        extra_field_2 TEXT NOT NULL DEFAULT '', option_field TEXT NOT NULL DEFAULT '',
                        conversion_amount REAL NOT NULL DEFAULT 0, points INTEGER NOT NULL DEFAULT 0,
                        code TEXT NOT NULL, host TEXT NOT NULL, source TEXT, device TEXT, os_type TEXT,
                        screen_size TEXT, ip_address TEXT, referrer_id TEXT,
                        referral_status TEXT NOT NULL DEFAULT '', events INTEGER NOT NULL DEFAULT 0,
                        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
                    CREATE TABLE referralhero_clicks (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, campaign TEXT NOT NULL, referrer TEXT NOT NULL,
                        os_type TEXT NOT NULL, device TEXT NOT NULL, ip_address TEXT NOT NULL,
                        screen_size TEXT NOT NULL);
                    CREATE TABLE referralhero_shares (
                        subscriber_id TEXT NOT NULL, social TEXT NOT NULL, count INTEGER NOT NULL,
                        PRIMARY KEY (subscriber_id, social));
                    """)
            try seed(db)
        }
        // Referral counts and the ranking look subscribers up by referrer: index them (no change in behaviour).
        migrator.registerMigration("referralhero.v2") { db in
            try db.execute(
                sql: """
                    CREATE INDEX referralhero_subscribers_referrer
                    ON referralhero_subscribers (referrer_id, referral_status)
                    """)
        }
        // Every call costs the same however many subscribers a campaign holds (``ReferralHeroRanking``): a dense
        // sign-up number per campaign and the sign-ups that left place everyone without a referral; e-mails,
        // codes, confirmed referrals and sign-up order are found through indexes.
        migrator.registerMigration("referralhero.v3") { db in
            try db.execute(
                sql: """
                    ALTER TABLE referralhero_subscribers ADD COLUMN signup INTEGER NOT NULL DEFAULT 0;
                    UPDATE referralhero_subscribers SET signup = (
                        SELECT COUNT(*) FROM referralhero_subscribers t
                        WHERE t.campaign = referralhero_subscribers.campaign AND t.seq <= referralhero_subscribers.seq);
                    INSERT INTO referralhero_counters (name, value)
                        SELECT 'signup:' || campaign, MAX(signup) FROM referralhero_subscribers GROUP BY campaign;
                    CREATE TABLE referralhero_departures (
                        campaign TEXT NOT NULL, signup INTEGER NOT NULL, PRIMARY KEY (campaign, signup));
                    CREATE INDEX referralhero_subscribers_order ON referralhero_subscribers (campaign, seq);
                    CREATE INDEX referralhero_subscribers_email ON referralhero_subscribers (campaign, lower(email));
                    CREATE INDEX referralhero_subscribers_code ON referralhero_subscribers (campaign, code);
                    CREATE INDEX referralhero_subscribers_confirmed
                        ON referralhero_subscribers (referral_status, referrer_id);
                    """)
        }
    }

    /// Empties every table and seeds the default campaign.
    static func reset(_ db: StateDB) throws {
        try db.clear(
            tables: [
                "campaigns", "tokens", "settings", "counters", "rewards", "subscribers", "clicks", "shares",
                "departures",
            ].map { "referralhero_\($0)" })
        try seed(db)
    }

    private static func seed(_ db: StateDB) throws {
        try ReferralHeroCampaign.save(
            ReferralHeroCampaign(uuid: defaultCampaign, goal: 1, host: "https://example.com"),
            db)
        try db.execute(sql: "INSERT INTO referralhero_tokens (token) VALUES (?)", arguments: [defaultToken])
        try ReferralHeroCampaign.replaceRewards(
            of: defaultCampaign, with: [("Early access", 1), ("Free month", 3), ("Lifetime plan", 5)], db)
    }

    /// The next value of a named counter, from 1.
    static func next(_ counter: String, _ db: StateDB) throws -> Int {
        try db.next(counter: counter, in: "referralhero_counters")
    }
}
