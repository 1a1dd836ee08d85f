import AsyncHTTPClient
import CassetteKit
import Foundation
import JSONCore
import MockServer
import NIOCore
import NIOHTTP1
import Testing

/// 64 clients, each on its own connection, sending at once and collecting every answer in client order.
enum RacingClients {
    static let count = 64

    static func race(
        _ count: Int = RacingClients.count, _ request: @escaping @Sendable (Int) -> HTTPClientRequest
    ) async throws -> [Fetched] {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = count
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let answers = try await withThrowingTaskGroup(of: (Int, Fetched).self) { group in
                for index in 0..<count {
                    group.addTask {
                        let response = try await client.execute(request(index), timeout: .seconds(300))
                        let body = try await response.body.collect(upTo: 1 << 20)
                        return (
                            index,
                            Fetched(
                                status: Int(response.status.code), headers: response.headers,
                                body: Data(body.readableBytesView))
                        )
                    }
                }
                var answers = [Fetched?](repeating: nil, count: count)
                for try await (index, answer) in group { answers[index] = answer }
                return answers.compactMap { $0 }
            }
            try await client.shutdown()
            return answers
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    static func request(
        _ url: URL, method: HTTPMethod = .POST, headers: [(String, String)], body: Data
    ) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }
}

@Suite("64 clients racing on one simulator's state, through real sockets")
struct RacingClientsTests {
    static let campaign = "MF83c9616aa3"

    @Test("The same e-mail signing up 64 times at once makes one subscriber: one created, 63 retrieved")
    func referralHeroSignUp() async throws {
        try await withServer(simulators: [ReferralHeroSimulator()]) { _, endpoints in
            let base = endpoints.baseURL(for: "referralhero")
            let url = base.appendingPathComponent("lists/\(Self.campaign)/subscribers")
            let answers = try await RacingClients.race { index in
                // Half the clients shout: the e-mail is the same subscriber whatever its case.
                let email = index.isMultiple(of: 2) ? "ada@example.com" : "ADA@Example.com"
                let body = #"{"email":"\#(email)","domain":"https://example.com","name":"Client \#(index)"}"#
                return RacingClients.request(
                    url,
                    headers: [
                        ("Authorization", "rh-sim-token"), ("Accept", "application/vnd.referralhero.v1"),
                        ("Content-Type", "application/json"),
                    ], body: Data(body.utf8))
            }
            #expect(answers.count == RacingClients.count)
            #expect(answers.allSatisfy { $0.status == 200 }, "\(answers.map(\.status))")
            let kinds = answers.map { $0.json?["data"]?["response"]?.stringValue ?? "?" }
            #expect(kinds.filter { $0 == "subscriber_created" }.count == 1)
            #expect(kinds.filter { $0 == "subscriber_retrieved" }.count == RacingClients.count - 1)
            let ids = Set(answers.compactMap { $0.json?["data"]?["id"]?.stringValue })
            #expect(ids == ["sub_000000000001"])
            let creator = try #require(kinds.firstIndex(of: "subscriber_created"))

            let admin = endpoints.adminURL.appendingPathComponent(
                "vendors/referralhero/campaigns/\(Self.campaign)/subscribers")
            let stored = try #require(try await TestHTTP.fetch(admin).json?["subscribers"]?.arrayValue)
            #expect(stored.count == 1)
            #expect(stored.first?["subscriber"]?["name"] == .string("Client \(creator)"), "the first write wins")
            #expect(stored.first?["subscriber"]?["email"]?.stringValue?.lowercased() == "ada@example.com")
        }
    }

    /// The Engage simulator's documented demo credentials, as a refresh-token grant.
    static let grant = form([
        ("grant_type", "refresh_token"), ("refresh_token", "sim-refresh-token"), ("client_id", "sim-client-id"),
        ("client_secret", "sim-client-secret"),
    ])

    func engageToken(_ base: URL) async throws -> String {
        let answer = try await TestHTTP.fetch(
            base.appendingPathComponent("oauth/token"), method: .POST,
            headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Self.grant)
        return try #require(answer.json?["access_token"]?.stringValue)
    }

    static func xmlRequest(_ base: URL, token: String, _ operation: String, _ inner: String) -> HTTPClientRequest {
        let envelope = "<Envelope><Body><\(operation)>\(inner)</\(operation)></Body></Envelope>"
        return RacingClients.request(
            base.appendingPathComponent("XMLAPI"),
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Authorization", "Bearer \(token)")],
            body: form([("xml", envelope)]))
    }

    static func addRecipient(_ email: String, column: String) -> String {
        "<LIST_ID>23949</LIST_ID><UPDATE_IF_FOUND>true</UPDATE_IF_FOUND><SYNC_FIELDS><SYNC_FIELD><NAME>Email</NAME>"
            + "<VALUE>\(email)</VALUE></SYNC_FIELD></SYNC_FIELDS><COLUMN><NAME>Email</NAME><VALUE>\(email)</VALUE>"
            + "</COLUMN><COLUMN><NAME>Mobile User Id</NAME><VALUE>\(column)</VALUE></COLUMN>"
    }

    @Test("The same Engage recipient added-or-updated and updated by 64 clients at once stays one recipient")
    func engageRecipient() async throws {
        try await withServer(simulators: [EngageSimulator()]) { _, endpoints in
            let base = endpoints.baseURL(for: "engage")
            let token = try await engageToken(base)
            let upserts = try await RacingClients.race { index in
                Self.xmlRequest(
                    base, token: token, "AddRecipient", Self.addRecipient("ann@example.com", column: "A-\(index)"))
            }
            #expect(upserts.map { EngageResult($0.text).recipientID } == Array(repeating: "100001", count: 64))
            let updates = try await RacingClients.race { index in
                Self.xmlRequest(
                    base, token: token, "UpdateRecipient",
                    "<LIST_ID>23949</LIST_ID><RECIPIENT_ID>100001</RECIPIENT_ID><COLUMN><NAME>Mobile User Id</NAME>"
                        + "<VALUE>U-\(index)</VALUE></COLUMN>")
            }
            #expect(updates.allSatisfy { EngageResult($0.text).success }, "\(updates.map(\.text))")
            let selected = try await RacingClients.race(1) { _ in
                Self.xmlRequest(
                    base, token: token, "SelectRecipientData", "<LIST_ID>23949</LIST_ID><EMAIL>ann@example.com</EMAIL>")
            }
            let final = EngageResult(selected.first?.text ?? "")
            #expect(final.recipientID == "100001")
            let written = Set((0..<RacingClients.count).map { "U-\($0)" })
            #expect(final.column("Mobile User Id").map(written.contains) == true, "\(selected.first?.text ?? "")")
            let next = try await RacingClients.race(1) { _ in
                Self.xmlRequest(base, token: token, "AddRecipient", Self.addRecipient("bob@example.com", column: "B"))
            }
            #expect(EngageResult(next.first?.text ?? "").recipientID == "100002", "no duplicate recipient was made")
        }
    }

    @Test("64 Engage token refreshes at once: 64 distinct valid tokens, or exactly tokensPerHour of them")
    func engageTokens() async throws {
        try await withServer(simulators: [EngageSimulator()]) { _, endpoints in
            let base = endpoints.baseURL(for: "engage")
            let grants = try await RacingClients.race { _ in
                RacingClients.request(
                    base.appendingPathComponent("oauth/token"),
                    headers: [("Content-Type", "application/x-www-form-urlencoded")],
                    body: Self.grant)
            }
            #expect(grants.allSatisfy { $0.status == 200 })
            let tokens = grants.compactMap { $0.json?["access_token"]?.stringValue }
            #expect(Set(tokens) == Set((1...RacingClients.count).map { "sim-token-\($0)" }))
            try #require(tokens.count == RacingClients.count)
            let added = try await RacingClients.race(1) { _ in
                Self.xmlRequest(
                    base, token: tokens[0], "AddRecipient", Self.addRecipient("ann@example.com", column: "A"))
            }
            #expect(EngageResult(added.first?.text ?? "").recipientID == "100001")
            let uses = try await RacingClients.race { index in
                Self.xmlRequest(
                    base, token: tokens[index], "SelectRecipientData",
                    "<LIST_ID>23949</LIST_ID><EMAIL>ann@example.com</EMAIL>")
            }
            #expect(uses.allSatisfy { EngageResult($0.text).success }, "every token is accepted: \(uses.map(\.text))")

            let settings = endpoints.adminURL.appendingPathComponent("vendors/engage/settings")
            #expect(try await TestHTTP.send(settings, method: .PUT, json: ["tokensPerHour": 80]).status == 200)
            let limited = try await RacingClients.race { _ in
                RacingClients.request(
                    base.appendingPathComponent("oauth/token"),
                    headers: [("Content-Type", "application/x-www-form-urlencoded")],
                    body: Self.grant)
            }
            #expect(limited.filter { $0.status == 200 }.count == 80 - RacingClients.count)
            #expect(limited.filter { $0.status == 429 }.count == 2 * RacingClients.count - 80)
            #expect(limited.allSatisfy { $0.status == 200 || $0.json?["error"] == "rate_limit_exceeded" })
        }
    }
}

extension RacingClientsTests {
    @Test("The same Adapty profile created by 64 clients at once is one profile holding one of the writes")
    func adaptyProfile() async throws {
        try await withServer(simulators: [AdaptySimulator()]) { _, endpoints in
            let url = try #require(
                URL(string: endpoints.baseURL(for: "adapty").absoluteString + "/api/v1/sdk/analytics/profiles/p1/"))
            let headers = [
                ("Authorization", "Api-Key public_live_Adapty5im.DemoKey2026xSimulator"),
                ("adapty-sdk-version", "3.17.2"), ("adapty-sdk-profile-id", "p1"),
                ("Content-Type", "application/json"),
            ]
            let answers = try await RacingClients.race { index in
                let body =
                    #"{"data":{"type":"adapty_analytics_profile","id":"p1","attributes":"#
                    + #"{"custom_attributes":{"level":"\#(index)"}}}}"#
                return RacingClients.request(url, headers: headers, body: Data(body.utf8))
            }
            #expect(answers.allSatisfy { $0.status == 200 }, "\(answers.map(\.status))")
            let final = try await RacingClients.race(1) { _ in
                RacingClients.request(url, method: .GET, headers: headers, body: Data())
            }
            let stored = try #require(final.first)
            #expect(stored.status == 200)
            let levels = (0..<RacingClients.count).filter { level in
                stored.text.contains(#""level":"\#(level)""#) || stored.text.contains(#""level": "\#(level)""#)
            }
            #expect(levels.count == 1, "one write's attributes, whole: \(stored.text)")
            let hashes = Set(answers.compactMap { $0.headers["x-response-hash"].first })
            #expect(stored.headers["x-response-hash"].first.map(hashes.contains) == true)
        }
    }
}

/// An `application/x-www-form-urlencoded` body.
func form(_ fields: [(String, String)]) -> Data {
    Data(fields.map { FormCoding.encode($0.0) + "=" + FormCoding.encode($0.1) }.joined(separator: "&").utf8)
}

/// The few parts of an XMLAPI answer these tests read.
struct EngageResult {
    let text: String

    init(_ text: String) { self.text = text }

    var success: Bool { element("SUCCESS")?.lowercased() == "true" }
    var recipientID: String? { element("RecipientId") ?? element("RECIPIENT_ID") }

    func element(_ name: String) -> String? {
        guard let open = text.range(of: "<\(name)>"),
            let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }

    /// A `<COLUMN><NAME>name</NAME><VALUE>…</VALUE></COLUMN>` value.
    func column(_ name: String) -> String? {
        guard let named = text.range(of: "<NAME>\(name)</NAME>") else { return nil }
        return EngageResult(String(text[named.upperBound...])).element("VALUE")
    }
}
