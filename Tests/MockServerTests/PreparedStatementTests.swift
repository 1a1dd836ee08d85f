import CassetteKit
import Foundation
import JSONCore
import MockServer
import Simulators
import Testing

/// Every statement of the simulators' documented calls is kept prepared: preparing one costs more than running it
/// (SQLite's authorizer and GRDB's read region), so a statement made again on each call slows that call by a sixth to a
/// third (`harness bench serve`, simulate mode).
@Suite("Simulator statements kept prepared")
struct PreparedStatementTests {
    /// A call to `vendor`, answered on the calling thread (so the count, a task local, sees its statements).
    private static func call(
        _ host: SimulatorHost, _ vendor: String, _ method: String, _ url: String, headers: HeaderFields = [:],
        body: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CassetteResponse {
        let request = CassetteRequest(method: method, url: url, headers: headers, body: Data(body.utf8))
        let response = try #require(try host.respondNow(vendor: vendor, to: request), sourceLocation: sourceLocation)
        #expect(
            (200..<300).contains(response.status), "\(vendor) \(method) \(url): \(response.status)",
            sourceLocation: sourceLocation)
        return response
    }

    /// The writes and reads of `harness bench serve`'s mixed workload, and the sign-up, token and recipient calls
    /// they stand on; `round` makes each write's record new.
    private static func documentedCalls(_ host: SimulatorHost, round: Int) throws {
        let json: HeaderFields = ["Content-Type": "application/json"]
        let referralHero: HeaderFields = ["Content-Type": "application/json", "Authorization": "Bearer rh-sim-token"]
        let added = try call(
            host, "referralhero", "POST", "/lists/MF83c9616aa3/subscribers", headers: referralHero,
            body: #"{"email":"p\#(round)@example.com","domain":"https://example.com"}"#)
        let id = try #require(try JSONValue(parsing: added.body)["data"]?["id"]?.stringValue)
        _ = try call(host, "referralhero", "GET", "/lists/MF83c9616aa3/subscribers/\(id)", headers: referralHero)
        _ = try call(host, "referralhero", "GET", "/lists/MF83c9616aa3/leaderboard", headers: referralHero)

        let issued = try call(
            host, "engage", "POST", "/oauth/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "grant_type=refresh_token&refresh_token=sim-refresh-token&client_id=sim-client-id"
                + "&client_secret=sim-client-secret")
        let token = try #require(try JSONValue(parsing: issued.body)["access_token"]?.stringValue)
        _ = try call(
            host, "engage", "POST", "/rest/events/submission",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
            body: #"{"events":[{"eventTypeCode":12,"eventTimestamp":"2026-01-01T00:00:00.000Z","#
                + #""attributes":[{"name":"Device Id","value":"device-\#(round)"}]}]}"#)
        for operation in [
            "<AddRecipient><LIST_ID>23949</LIST_ID><CREATED_FROM>1</CREATED_FROM><COLUMN><NAME>Email</NAME>"
                + "<VALUE>p\(round)@example.com</VALUE></COLUMN></AddRecipient>",
            "<SelectRecipientData><LIST_ID>23949</LIST_ID><EMAIL>p\(round)@example.com</EMAIL></SelectRecipientData>",
        ] {
            let answer = try call(
                host, "engage", "POST", "/XMLAPI",
                headers: [
                    "Authorization": "Bearer \(token)", "Content-Type": "application/x-www-form-urlencoded",
                ],
                body: "xml=" + FormCoding.encode("<Envelope><Body>\(operation)</Body></Envelope>"))
            #expect(String(decoding: answer.body, as: UTF8.self).contains("<SUCCESS>TRUE</SUCCESS>"), "\(operation)")
        }

        let profile = String(format: "00000000-0000-4000-8000-%012d", round)
        var adapty: HeaderFields = [
            "Authorization": "Api-Key public_live_Adapty5im.DemoKey2026xSimulator", "adapty-sdk-profile-id": profile,
        ]
        adapty["Content-Type"] = "application/json"
        _ = try call(
            host, "adapty", "POST", "/api/v1/sdk/analytics/profiles/\(profile)/", headers: adapty,
            body: #"{"data":{"attributes":{"installation_meta":{"adapty_sdk_version":"3.17.2","app_build":"1","#
                + #""app_version":"1.0.0","device":"iPhone15,2","device_id":"\#(profile)","locale":"en_US","#
                + #""os":"18.0","platform":"iOS","timezone":"UTC"}},"id":"\#(profile)","#
                + #""type":"adapty_analytics_profile"}}"#)
        _ = try call(host, "adapty", "GET", "/api/v1/sdk/analytics/profiles/\(profile)/", headers: adapty)

        _ = try call(
            host, "webengage", "POST", "/users/~10a5cb78d/luid-\(round)/events", headers: json,
            body: #"{"events":[{"category":"system","event_data":{"offer":"SUMMER25"},"#
                + #""event_name":"app_personalization_view","event_time":"2026-01-01T00:00:00.000Z","#
                + #""system_data":{"experiment_id":"c-banner-1","id":"v-banner-1","p_id":"1001"}}]}"#)
        _ = try call(host, "webengage", "GET", "/users/~10a5cb78d/luid-\(round)/inline-properties?screen=home")

        let walkMe: HeaderFields = ["Authorization": "Basic ZjNhOWMyZTQ3YjFkNGUwYTp3bS1kZW1vLXNlY3JldA=="]
        _ = try call(host, "walkme", "POST", "/sdk/v1/apps/f3a9c2e47b1d4e0a/token", headers: walkMe)
        _ = try call(
            host, "walkme", "GET", "/sdk/v1/apps/f3a9c2e47b1d4e0a/settings.json?platform=ios&sdkVer=1.6.0&type=10",
            headers: walkMe)
    }

    @Test("The mixed workload's calls prepare no statement for one run, on a WAL store and on a serial one")
    func documentedCallsKeepTheirStatements() throws {
        for concurrentReads in [true, false] {
            let host = try SimulatorHost(simulators: SimulatorRegistry.all, concurrentReads: concurrentReads)
            let prepared = Locked(0)
            try SimulatorDatabase.$preparedOnce.withValue(prepared) {
                for round in 1...2 { try Self.documentedCalls(host, round: round) }
            }
            #expect(prepared.withLock { $0 } == 0, "concurrent reads: \(concurrentReads)")
        }
    }

    @Test("A statement made for one run is counted, so the check above can fail")
    func oneRunStatementsAreCounted() throws {
        let database = try SimulatorDatabase()
        let prepared = Locked(0)
        try SimulatorDatabase.$preparedOnce.withValue(prepared) {
            _ = try database.write { try StateRow.fetchOne($0, sql: "SELECT 1") }
            _ = try database.write { try StateRow.fetchOne($0.cachedStatement(sql: "SELECT 2")) }
        }
        #expect(prepared.withLock { $0 } == 1)
    }
}
