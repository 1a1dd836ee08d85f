import Foundation
import HarnessTesting
import JSONCore
import MockServer
import Testing

@testable import harness

/// Three `harness serve` processes behind nginx (`harness balancer-config`, one worker: consecutive requests go to
/// consecutive instances), as a team shares one mock. On one PostgreSQL database every vendor's rules hold through
/// the balancer, whichever instance answers each call; on per-instance SQLite stores the same calls break.
@Suite(
    "A team's mock: three harness serve instances behind nginx", .serialized,
    .enabled(
        if: TeamCluster.nginx != nil,
        "nginx is not installed (apt-get install nginx-light): no balancer to put in front"))
struct BalancerTests {
    static let list = "/referralhero/lists/MF83c9616aa3"
    static let referralHero = [
        "Authorization": "rh-sim-token", "Accept": "application/vnd.referralhero.v1",
        "Content-Type": "application/json",
    ]

    /// Runs `body` on a cluster of three instances: on a fresh PostgreSQL database (`shared`) or each on its own
    /// SQLite store; stops the processes and drops the database afterwards, whatever `body` did.
    static func withCluster<T>(shared: Bool, _ body: (TeamCluster) async throws -> T) async throws -> T {
        var database: String?
        if shared {
            let fresh = try await PostgresTestDatabase.fresh(named: "balancer")
            let url: String = try #require(fresh, "HARNESS_TEST_POSTGRES names a server")
            database = url
        }
        let result: Result<T, any Error>
        do {
            result = .success(
                try await withTemporaryDirectory { folder in
                    let cluster = try await TeamCluster.start(state: database, in: folder.url)
                    defer { cluster.stop() }
                    return try await body(cluster)
                })
        } catch {
            result = .failure(error)
        }
        if let database { try? await PostgresTestDatabase.drop(database) }
        return try result.get()
    }

    // MARK: - ReferralHero's goal logic

    /// The goal-of-three flow through the balancer: the goal set and the referrer added, a sign-up with the
    /// referrer's code, its conversion event tracked, the sign-up confirmed, the referrer read back. Returns what
    /// each step answered and which instance answered the sign-up, the tracking and the confirmation.
    static func goalThree(_ cluster: TeamCluster) async throws -> (steps: [String], instances: [String]) {
        var steps: [String] = []
        let goal = try await cluster.call(
            "PUT", "/__harness/vendors/referralhero/campaigns/MF83c9616aa3",
            headers: ["Content-Type": "application/json"], body: #"{"goal":3}"#)
        steps.append("goal \(goal.status)")
        let referrer = try await cluster.call(
            "POST", list + "/subscribers", headers: referralHero,
            body: #"{"email":"ref@example.com","domain":"https://example.com"}"#)
        let code = referrer.json["data"]?["code"]?.stringValue ?? ""
        let referrerID = referrer.json["data"]?["id"]?.stringValue ?? ""
        let signUp = try await cluster.call(
            "POST", list + "/subscribers", headers: referralHero,
            body: #"{"email":"bob@example.com","domain":"https://example.com","referrer":"\#(code)"}"#)
        steps.append("sign-up \(signUp.json["data"]?["status"]?.stringValue ?? "\(signUp.status)")")
        let id = signUp.json["data"]?["id"]?.stringValue ?? "none"
        let tracked = try await cluster.call(
            "POST", list + "/subscribers/track_referral_conversion_event", headers: referralHero,
            body: #"{"email":"bob@example.com"}"#)
        steps.append("tracked \(tracked.json["data"]?["status"]?.stringValue ?? "\(tracked.status)")")
        let confirmed = try await cluster.call(
            "POST", list + "/subscribers/\(id)/confirm", headers: referralHero, body: #"{"timestamp":"1"}"#)
        steps.append("confirmed \(confirmed.json["data"]?["status"]?.stringValue ?? "\(confirmed.status)")")
        let detail = try await cluster.call("GET", list + "/subscribers/\(referrerID)", headers: referralHero)
        steps.append("people referred \(detail.json["data"]?["people_referred"]?.numberValue?.integer ?? -1)")
        return (steps, [signUp.instance, tracked.instance, confirmed.instance])
    }

    static let goalKept = [
        "goal 200", "sign-up pending", "tracked unconfirmed", "confirmed confirmed", "people referred 1",
    ]

    @Test(
        "ReferralHero's goal logic through the balancer, signed up, tracked and confirmed on three instances",
        .enabled(
            if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.unavailableReason ?? "")))
    func goalOnPostgres() async throws {
        let (steps, instances) = try await Self.withCluster(shared: true) { try await Self.goalThree($0) }
        #expect(Set(instances).count == 3, "three instances answered the three steps: \(instances)")
        #expect(steps == Self.goalKept)
    }

    @Test("The same calls through the balancer on per-instance SQLite stores break: no instance saw the others' writes")
    func goalOnSQLite() async throws {
        let (steps, instances) = try await Self.withCluster(shared: false) { try await Self.goalThree($0) }
        #expect(Set(instances).count == 3, "three instances answered the three steps: \(instances)")
        #expect(steps.first == "goal 200")
        #expect(steps != Self.goalKept)
        #expect(steps.dropFirst(2).first != "tracked unconfirmed", "\(steps)")
    }

    // MARK: - Engage, Adapty, WebEngage, WalkMe

    /// An XMLAPI call with `token`, its envelope around `operation`.
    static func xmlapi(_ cluster: TeamCluster, token: String, _ operation: String) async throws -> TeamCluster.Answer {
        let form = BenchSimulateMix.xmlForm(operation)
        return try await cluster.call(
            "POST", "/engage/XMLAPI",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Authorization": "Bearer \(token)"],
            body: form)
    }

    /// The text of the first `<name>` element of an XMLAPI answer, or "" without one.
    static func element(_ name: String, in answer: TeamCluster.Answer) -> String {
        let text = answer.text
        guard let open = text.range(of: "<\(name)>"),
            let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex)
        else { return "" }
        return String(text[open.upperBound..<close.lowerBound])
    }

    /// Engage's identity merge as the SDK's `checkIdentity` performs it (scenario 2: the new mobile user is found
    /// to be a known recipient), each call on the next instance, then the event store: an event submitted on one
    /// instance is listed by another. Returns what the calls found, and the instances that answered.
    static func engageMerge(_ cluster: TeamCluster) async throws -> (found: [String], instances: Set<String>) {
        var instances = Set<String>()
        let json = ["Content-Type": "application/json"]
        let column = try await cluster.call(
            "POST", "/__harness/vendors/engage/lists/23949/columns", headers: json,
            body: #"{"name":"facebook_id","type":0}"#)
        let known = try await cluster.call(
            "POST", "/__harness/vendors/engage/lists/23949/recipients", headers: json,
            body: #"{"columns":{"facebook_id":"100"}}"#)
        let grant = try await cluster.call(
            "POST", "/engage/oauth/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "grant_type=refresh_token&refresh_token=sim-refresh-token&client_id=sim-client-id"
                + "&client_secret=sim-client-secret")
        let token = grant.json["access_token"]?.stringValue ?? "none"
        let user = "00000000-0000-4000-8000-00000000b001"
        let added = try await xmlapi(
            cluster, token: token,
            "<AddRecipient><LIST_ID>23949</LIST_ID><COLUMN><NAME>Mobile User Id</NAME><VALUE>\(user)</VALUE>"
                + "</COLUMN></AddRecipient>")
        let newID = element("RecipientId", in: added)
        let existing = try await xmlapi(
            cluster, token: token,
            "<SelectRecipientData><LIST_ID>23949</LIST_ID><COLUMN><NAME>facebook_id</NAME><VALUE>100</VALUE>"
                + "</COLUMN></SelectRecipientData>")
        let existingID = element("RecipientId", in: existing)
        let moved = try await xmlapi(
            cluster, token: token,
            "<UpdateRecipient><LIST_ID>23949</LIST_ID><RECIPIENT_ID>\(existingID)</RECIPIENT_ID><COLUMN><NAME>"
                + "Mobile User Id</NAME><VALUE>\(user)</VALUE></COLUMN></UpdateRecipient>")
        let merged = try await xmlapi(
            cluster, token: token,
            "<UpdateRecipient><LIST_ID>23949</LIST_ID><RECIPIENT_ID>\(newID)</RECIPIENT_ID><COLUMN><NAME>"
                + "Mobile User Id</NAME><VALUE></VALUE></COLUMN><COLUMN><NAME>Merged Date</NAME><VALUE>"
                + "01/01/2026 00:00:00 GMT</VALUE></COLUMN><COLUMN><NAME>Merged Recipient Id</NAME><VALUE>"
                + "\(existingID)</VALUE></COLUMN></UpdateRecipient>")
        // The merged identity, read by the next instance: the mobile user id now finds the known recipient.
        let byUser = try await xmlapi(
            cluster, token: token,
            "<SelectRecipientData><LIST_ID>23949</LIST_ID><COLUMN><NAME>Mobile User Id</NAME><VALUE>\(user)"
                + "</VALUE></COLUMN></SelectRecipientData>")
        let submitted = try await cluster.call(
            "POST", "/engage/rest/events/submission",
            headers: json.merging(["Authorization": "Bearer \(token)"]) { $1 },
            body: #"{"events":[{"eventTypeCode":12,"eventTimestamp":"2026-01-01T00:00:00.000Z","attributes":"#
                + #"[{"name":"Device Id","value":"device-balancer"}]}]}"#)
        let stored = try await cluster.call("GET", "/__harness/vendors/engage/events")
        for answer in [column, known, grant, added, existing, moved, merged, byUser, submitted, stored] {
            instances.insert(answer.instance)
        }
        return (
            [
                "column \(column.status)", "known \(known.status)", "token \(grant.status)",
                "new \(newID.isEmpty ? "none" : "recipient")", "existing \(existingID)",
                "moved \(element("SUCCESS", in: moved))", "merged \(element("SUCCESS", in: merged))",
                "by user \(element("RecipientId", in: byUser))", "submitted \(submitted.status)",
                "stored \(stored.text.contains("device-balancer"))",
            ], instances
        )
    }

    @Test(
        "Engage's identity merge and event store through the balancer: each call on the next instance",
        .enabled(
            if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.unavailableReason ?? "")))
    func engageOnPostgres() async throws {
        let (found, instances) = try await Self.withCluster(shared: true) { try await Self.engageMerge($0) }
        #expect(instances.count == 3)
        #expect(
            found == [
                "column 201", "known 201", "token 200", "new recipient", "existing 100001", "moved TRUE",
                "merged TRUE", "by user 100001", "submitted 200", "stored true",
            ])
    }

    /// Adapty's profile, WebEngage's stored events and WalkMe's tokens: each written on one instance, read back on
    /// the next. Returns what the reads found and whether each read came from another instance than its write.
    static func writeThenRead(_ cluster: TeamCluster) async throws -> [String] {
        var found: [String] = []
        let profile = "00000000-0000-4000-8000-00000000b002"
        let adaptyKey = "Api-Key public_live_Adapty5im.DemoKey2026xSimulator"
        let created = try await cluster.call(
            "POST", "/adapty/api/v1/sdk/analytics/profiles/\(profile)/",
            headers: [
                "Authorization": adaptyKey, "adapty-sdk-profile-id": profile, "Content-Type": "application/json",
            ],
            body: BenchSimulateMix.adaptyProfile(profile))
        let fetched = try await cluster.call(
            "GET", "/adapty/api/v1/sdk/analytics/profiles/\(profile)/",
            headers: ["Authorization": adaptyKey, "adapty-sdk-profile-id": profile])
        found.append("adapty \(created.status) \(fetched.status) \(fetched.text.contains(profile))")
        found.append("adapty elsewhere \(created.instance != fetched.instance)")

        let event =
            #"{"events":[{"category":"system","event_data":{"offer":"BALANCER"},"event_name":"#
            + #""app_personalization_view","event_time":"2026-01-01T00:00:00.000Z","system_data":{"#
            + #""experiment_id":"c-banner-1","id":"v-banner-1","p_id":"1001"}}]}"#
        let uploaded = try await cluster.call(
            "POST", "/webengage/users/~10a5cb78d/luid-balancer/events", headers: ["Content-Type": "application/json"],
            body: event)
        let events = try await cluster.call("GET", "/__harness/vendors/webengage/events")
        found.append("webengage \(uploaded.status) \(events.text.contains("BALANCER"))")
        found.append("webengage elsewhere \(uploaded.instance != events.instance)")

        let walkMe = "/walkme/sdk/v1/apps/f3a9c2e47b1d4e0a"
        let basic = "Basic " + Data("f3a9c2e47b1d4e0a:wm-demo-secret".utf8).base64EncodedString()
        let issued = try await cluster.call("POST", walkMe + "/token", headers: ["Authorization": basic])
        let token = issued.json["token"]?.stringValue ?? issued.json["access_token"]?.stringValue ?? "none"
        let tokens = try await cluster.call("GET", "/__harness/vendors/walkme/apps/f3a9c2e47b1d4e0a/tokens")
        found.append("walkme \(issued.status) \(tokens.text.contains(token))")
        found.append("walkme elsewhere \(issued.instance != tokens.instance)")
        return found
    }

    @Test(
        "Adapty's profiles, WebEngage's stored events, WalkMe's tokens: written on one instance, read on the next",
        .enabled(
            if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.unavailableReason ?? "")))
    func writesReadElsewhereOnPostgres() async throws {
        let found = try await Self.withCluster(shared: true) { try await Self.writeThenRead($0) }
        #expect(
            found == [
                "adapty 200 200 true", "adapty elsewhere true", "webengage 200 true", "webengage elsewhere true",
                "walkme 200 true", "walkme elsewhere true",
            ])
    }

    @Test("The same writes and reads on per-instance SQLite stores: the next instance does not find them")
    func writesReadElsewhereOnSQLite() async throws {
        let found = try await Self.withCluster(shared: false) { try await Self.writeThenRead($0) }
        #expect(found.contains("adapty elsewhere true"), "\(found)")
        #expect(!found.contains("adapty 200 200 true"), "\(found)")
        #expect(!found.contains("webengage 200 true"), "\(found)")
        #expect(!found.contains("walkme 200 true"), "\(found)")
    }
}

/// Writes through the balancer under load: many clients at once, an instance killed mid-load, PostgreSQL restarted.
/// Each test counts the requests sent, acknowledged (answered 200) and found stored afterwards.
@Suite(
    "A team's mock under load and faults", .serialized,
    .enabled(if: TeamCluster.nginx != nil, "nginx is not installed (apt-get install nginx-light): no balancer"),
    .enabled(
        if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.unavailableReason ?? "")))
struct BalancerFaultTests {
    /// What a load run sent and got back.
    struct Tally: Sendable {
        var sent = 0
        var acknowledged: [String] = []
        var statuses: [Int: Int] = [:]
        var failures = 0
        /// What each request without an answer failed with, and after how long (the message shows the first five).
        var errors: [String] = []
    }

    /// Signs up `email` through the balancer; the status, or nil when no HTTP answer came.
    static func signUp(_ cluster: TeamCluster, _ email: String, referrer: String? = nil) async -> Int? {
        try? await attemptSignUp(cluster, email, referrer: referrer).get()
    }

    /// Signs up `email` through the balancer; the status, or the client's error when no HTTP answer came. The
    /// client waits up to 60 s: on CI's two cores, loaded by the whole suite, a sign-up has taken over 10 s.
    static func attemptSignUp(
        _ cluster: TeamCluster, _ email: String, referrer: String? = nil
    ) async -> Result<Int, any Error> {
        let referral = referrer.map { #","referrer":"\#($0)""# } ?? ""
        do {
            return .success(
                try await cluster.call(
                    "POST", BalancerTests.list + "/subscribers", headers: BalancerTests.referralHero,
                    body: #"{"email":"\#(email)","domain":"https://example.com"\#(referral)}"#, timeout: 60
                ).status)
        } catch {
            return .failure(error)
        }
    }

    /// Every subscriber e-mail the campaign holds, read through the balancer from the admin API.
    static func storedEmails(_ cluster: TeamCluster) async throws -> [String] {
        let answer = try await cluster.call("GET", "/__harness/vendors/referralhero/campaigns/MF83c9616aa3/subscribers")
        try #require(answer.status == 200, "\(answer.text.prefix(300))")
        return (answer.json["subscribers"]?.arrayValue ?? []).compactMap { $0["subscriber"]?["email"]?.stringValue }
    }

    /// `clients` clients sign up new e-mails through the balancer, one after another each, until `stop` is set.
    static func load(
        _ cluster: TeamCluster, clients: Int, prefix: String, stop: Locked<Bool>, sent: Locked<Int>
    ) async -> Tally {
        await withTaskGroup(of: Tally.self) { group in
            for client in 0..<clients {
                group.addTask {
                    var tally = Tally()
                    var number = 0
                    while !stop.withLock({ $0 }) {
                        let email = "\(prefix)\(client)-\(number)@example.com"
                        number += 1
                        tally.sent += 1
                        sent.withLock { $0 += 1 }
                        let clock = ContinuousClock()
                        let start = clock.now
                        let status: Int
                        switch await attemptSignUp(cluster, email) {
                        case .success(let answer): status = answer
                        case .failure(let error):
                            tally.failures += 1
                            tally.errors.append("\(email) after \(start.duration(to: clock.now)): \(error)")
                            continue
                        }
                        tally.statuses[status, default: 0] += 1
                        if status == 200 { tally.acknowledged.append(email) }
                    }
                    return tally
                }
            }
            return await group.reduce(into: Tally()) { total, tally in
                total.sent += tally.sent
                total.acknowledged += tally.acknowledged
                total.statuses.merge(tally.statuses, uniquingKeysWith: +)
                total.failures += tally.failures
                total.errors += tally.errors
            }
        }
    }

    @Test(
        "64 clients sign up at once through the balancer with one referrer's code: each stored once; one reset for all")
    func concurrentSignUps() async throws {
        let (referred, emails, instances) = try await BalancerTests.withCluster(shared: true) { cluster in
            let referrer = try await cluster.call(
                "POST", BalancerTests.list + "/subscribers", headers: BalancerTests.referralHero,
                body: #"{"email":"referrer@example.com","domain":"https://example.com"}"#)
            let code = referrer.json["data"]?["code"]?.stringValue ?? "none"
            let id = referrer.json["data"]?["id"]?.stringValue ?? "none"
            let answers = await withTaskGroup(of: (Int?, String).self) { group in
                for client in 0..<64 {
                    group.addTask {
                        let answer = try? await cluster.call(
                            "POST", BalancerTests.list + "/subscribers", headers: BalancerTests.referralHero,
                            body:
                                #"{"email":"c\#(client)@example.com","domain":"https://example.com","referrer":"\#(code)"}"#
                        )
                        return (answer?.status, answer?.instance ?? "none")
                    }
                }
                return await group.reduce(into: [(Int?, String)]()) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.0 == 200 }, "\(answers.map(\.0))")
            let detail = try await cluster.call(
                "GET", BalancerTests.list + "/subscribers/\(id)", headers: BalancerTests.referralHero)
            let stored = try await Self.storedEmails(cluster)
            // One reset through the balancer (it lands on one instance) clears the shared state for all three.
            let reset = try await cluster.call("POST", "/__harness/reset")
            var boards: [String: JSONValue] = [:]
            for _ in 0..<3 {
                let board = try await cluster.call(
                    "GET", BalancerTests.list + "/leaderboard", headers: BalancerTests.referralHero)
                boards[board.instance] = board.json["data"]?["count"] ?? .null
            }
            #expect(reset.status == 200)
            #expect(boards.count == 3 && boards.values.allSatisfy { $0 == 0 }, "after the reset: \(boards)")
            return (
                detail.json["data"]?["people_referred"]?.numberValue?.integer ?? -1, stored, Set(answers.map(\.1))
            )
        }
        #expect(instances.count == 3, "\(instances)")
        // The referrer's count is one row every sign-up updates: serialisable writes lose none of the 64.
        #expect(referred == 64)
        #expect(emails.count == 65)
        #expect(Set(emails) == Set((0..<64).map { "c\($0)@example.com" } + ["referrer@example.com"]))
    }

    /// Waits until `sent` reaches `count`, for at most a minute.
    static func wait(until count: Int, _ sent: Locked<Int>) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        while sent.withLock({ $0 }) < count, start.duration(to: clock.now) < .seconds(60) {
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test("SIGKILL one instance mid-load: nginx retries on the others and every acknowledged sign-up is stored once")
    func killedInstance() async throws {
        let (tally, stored, survivors) = try await BalancerTests.withCluster(shared: true) { cluster in
            let stop = Locked(false)
            let sent = Locked(0)
            let running = Task { await Self.load(cluster, clients: 16, prefix: "k", stop: stop, sent: sent) }
            // The kill lands after 48 requests went out, with up to 16 in flight; the load goes on for 96 more.
            try await Self.wait(until: 48, sent)
            await cluster.kill(instance: 1)
            try await Self.wait(until: 48 + 96, sent)
            stop.withLock { $0 = true }
            let tally = await running.value
            return (tally, try await Self.storedEmails(cluster), cluster.instances.filter(\.isRunning).count)
        }
        let counts =
            "sent \(tally.sent), acknowledged \(tally.acknowledged.count), stored \(stored.count), "
            + "answers \(tally.statuses.sorted { $0.key < $1.key }), no answer \(tally.failures)"
            + (tally.errors.isEmpty ? "" : " (\(tally.errors.prefix(5).joined(separator: "; ")))")
        print("SIGKILL mid-load through the balancer: \(counts)")
        #expect(survivors == 2, "\(counts)")
        #expect(tally.sent >= 144, "the load ran: \(counts)")
        // The balancer retried what the killed instance could not answer: every request got its 200.
        #expect(tally.failures == 0 && tally.statuses == [200: tally.sent], "\(counts)")
        // No acknowledged write lost, none stored twice, nothing stored that was not sent.
        #expect(Set(tally.acknowledged).isSubset(of: Set(stored)), "\(counts)")
        #expect(Set(stored).count == stored.count, "\(counts)")
        #expect(stored.count == tally.sent, "\(counts)")
    }

    /// Runs the repository's `.ci/postgres/ACTION FOLDER` script; its standard output (the server's URL).
    static func postgres(_ action: String, _ folder: String) async throws -> String {
        let script = try RepositoryRoot.url().appendingPathComponent(".ci/postgres/\(action)")
        let result = try await ChildProcess.run(script, [folder])
        try #require(result.status == 0, "\(action): \(result.standardError)")
        return result.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test("PostgreSQL restarted: the instances answer 503 with Retry-After meanwhile, then serve again")
    func restartedDatabase() async throws {
        // A server of its own, to stop and start again on the same port.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "harness-restart-\(UUID().uuidString.prefix(8))"
        ).path
        let url = try await Self.postgres("start", folder)
        let outcome: Restart
        do {
            outcome = try await Self.restart(url: url, folder: folder)
        } catch {
            _ = try? await Self.postgres("stop", folder)
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        _ = try? await Self.postgres("stop", folder)
        try? FileManager.default.removeItem(atPath: folder)
        let (before, during, after, stored, survivors) = outcome
        let tries = after.map { $0.map(String.init) ?? "none" }
        print("PostgreSQL restart through the balancer: before \(before ?? 0), while down \(during), after \(tries)")
        #expect(before == 200)
        #expect(during == ["503 Retry-After 1": 30], "\(during)")
        #expect(after.last == 200, "\(after)")
        #expect(Set(stored) == ["before@example.com", "after@example.com"])
        #expect(survivors == 3, "no instance crashed")
    }

    typealias Restart = (before: Int?, during: [String: Int], after: [Int?], stored: [String], survivors: Int)

    /// Three instances on the server of `folder` behind nginx: a sign-up, the server stopped, 30 sign-ups, the server
    /// started again, sign-ups until one is stored. Returns the answers, what is stored and the instances running.
    static func restart(url: String, folder: String) async throws -> Restart {
        try await withTemporaryDirectory { scratch in
            let cluster = try await TeamCluster.start(state: url, in: scratch.url)
            defer { cluster.stop() }
            let before = await signUp(cluster, "before@example.com")
            _ = try await postgres("stop", folder)
            // While the database is down: every answer is the store's 503 with Retry-After, from every instance.
            var during: [String: Int] = [:]
            for number in 0..<30 {
                let answer = try? await cluster.call(
                    "POST", BalancerTests.list + "/subscribers", headers: BalancerTests.referralHero,
                    body: #"{"email":"down\#(number)@example.com","domain":"https://example.com"}"#, timeout: 10)
                let key = answer.map { "\($0.status) Retry-After \($0.retryAfter ?? "none")" } ?? "no answer"
                during[key, default: 0] += 1
            }
            _ = try await postgres("resume", folder)
            // Back: the instances reconnect by themselves; count the tries until the first 200.
            var after: [Int?] = []
            let clock = ContinuousClock()
            let start = clock.now
            while after.last != 200, start.duration(to: clock.now) < .seconds(20) {
                after.append(await signUp(cluster, "after@example.com"))
                if after.last != 200 { try await Task.sleep(for: .milliseconds(100)) }
            }
            return (
                before, during, after, try await storedEmails(cluster), cluster.instances.filter(\.isRunning).count
            )
        }
    }
}
