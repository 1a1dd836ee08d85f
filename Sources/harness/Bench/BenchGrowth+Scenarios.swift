import CassetteKit
import Foundation
import JSONCore

/// What one vendor's growth measurement stores and calls: its documented write that adds a record, and its
/// documented calls, each answered against records spread over the store.
struct GrowthScenario: Sendable {
    /// The simulator measured.
    var vendor: String
    /// What a record is (`subscribers`).
    var records: String
    /// The documented call that adds one (`Add Subscriber`).
    var addName: String
    /// Sets the store up (a token, a campaign); returns the context the calls share.
    var prepare: @Sendable (GrowthClient) async throws -> GrowthContext
    /// Adds one record.
    var add: @Sendable (inout GrowthContext) async throws -> Void
    /// The calls timed at each level.
    var calls: [GrowthCall]

    static let all: [GrowthScenario] = [referralHero, engage, adapty, webEngage, walkMe]
}

/// One documented call; `sample` picks which stored record it is about.
struct GrowthCall: Sendable {
    var name: String
    var run: @Sendable (inout GrowthContext, _ sample: Int) async throws -> Void
}

/// What a scenario's calls share: the client, the ids of the records added so far, a token.
struct GrowthContext: Sendable {
    var client: GrowthClient
    var ids: [String] = []
    var token = ""
    var counter = 0
    /// Engage's data jobs started so far.
    var jobIDs: [String] = []

    init(client: GrowthClient) {
        self.client = client
    }

    /// The id of a stored record, spread over the store by `sample` (nil when none is stored).
    func id(_ sample: Int) -> String? {
        ids.isEmpty ? nil : ids[(sample &* 7_919) % ids.count]
    }

    /// A number no earlier call of this run used, for unique e-mails and ids.
    mutating func next() -> Int {
        counter += 1
        return counter
    }
}

extension GrowthScenario {
    static let referralHero: GrowthScenario = {
        let list = "/lists/MF83c9616aa3"
        let json: HeaderFields = ["Content-Type": "application/json", "Authorization": "rh-sim-token"]
        @Sendable func addSubscriber(_ context: inout GrowthContext) async throws {
            let number = context.next()
            let body = """
                {"email":"person\(number)@example.com","name":"Person \(number)","domain":"https://example.com",\
                "timestamp":"1767225600"}
                """
            let answer = try await context.client.send("POST", list + "/subscribers", headers: json, body: body)
            guard let id = (try? JSONValue(parsing: answer.body))?["data"]?["id"]?.stringValue else {
                throw BenchError("Add Subscriber answered without data.id")
            }
            context.ids.append(id)
        }
        @Sendable func read(_ suffix: String) -> @Sendable (inout GrowthContext, Int) async throws -> Void {
            { context, sample in
                if context.ids.isEmpty { try await addSubscriber(&context) }
                let id = context.id(sample) ?? ""
                try await context.client.send("GET", list + "/subscribers/\(id)" + suffix, headers: json)
            }
        }
        return GrowthScenario(
            vendor: "referralhero", records: "subscribers", addName: "Add Subscriber",
            prepare: { GrowthContext(client: $0) }, add: addSubscriber,
            calls: [
                GrowthCall(name: "Add Subscriber") { context, _ in try await addSubscriber(&context) },
                GrowthCall(name: "Get Subscriber", run: read("")),
                GrowthCall(name: "Get My Referrals", run: read("/referrals_data")),
                GrowthCall(name: "Get Rewards", run: read("/rewards")),
                GrowthCall(name: "Get Leaderboard") { context, _ in
                    try await context.client.send("GET", list + "/leaderboard", headers: json)
                },
                GrowthCall(name: "Capture Share") { context, sample in
                    if context.ids.isEmpty { try await addSubscriber(&context) }
                    try await context.client.send(
                        "POST", list + "/subscribers/\(context.id(sample) ?? "")/click_capture", headers: json,
                        body: #"{"social":"facebook","timestamp":"1767225600"}"#)
                },
            ])
    }()

    static let engage: GrowthScenario = {
        let form = "application/x-www-form-urlencoded; charset=UTF-8"
        /// Posts an XMLAPI operation; a fault (any `<Fault>`) fails the bench.
        @Sendable @discardableResult
        func xml(_ context: GrowthContext, _ body: String) async throws -> String {
            let encoded = FormCoding.encode(
                [FormField(name: "xml", value: "<Envelope><Body>\(body)</Body></Envelope>")], spelling: .browser)
            let answer = try await context.client.send(
                "POST", "/XMLAPI", headers: ["Content-Type": form, "Authorization": "Bearer \(context.token)"],
                body: encoded)
            let text = String(decoding: answer.body, as: UTF8.self)
            guard !text.contains("<Fault>") else {
                throw BenchError("engage answered \(body.prefix(60))… with a fault: \(text.prefix(300))")
            }
            return text
        }
        @Sendable func addRecipient(_ context: inout GrowthContext) async throws {
            let email = "person\(context.next())@example.com"
            try await xml(
                context,
                "<AddRecipient><LIST_ID>23949</LIST_ID><UPDATE_IF_FOUND>true</UPDATE_IF_FOUND><COLUMN><NAME>Email"
                    + "</NAME><VALUE>\(email)</VALUE></COLUMN><SYNC_FIELDS><SYNC_FIELD><NAME>Email</NAME><VALUE>"
                    + "\(email)</VALUE></SYNC_FIELD></SYNC_FIELDS></AddRecipient>")
            context.ids.append(email)
        }
        @Sendable func submitEvent(_ context: inout GrowthContext) async throws {
            let body = """
                {"events":[{"eventTypeCode":12,"eventTimestamp":"2026-01-01T00:00:00.000Z","attributes":[\
                {"name":"Device Id","value":"device-\(context.next())"},{"name":"Recipient Id","value":""}]}]}
                """
            try await context.client.send(
                "POST", "/rest/events/submission",
                headers: ["Content-Type": "application/json", "Authorization": "Bearer \(context.token)"], body: body)
        }
        @Sendable func grant(_ client: GrowthClient) async throws -> String {
            let answer = try await client.send(
                "POST", "/oauth/token", headers: ["Content-Type": form],
                body: "grant_type=refresh_token&refresh_token=sim-refresh-token&client_id=sim-client-id"
                    + "&client_secret=sim-client-secret")
            guard let token = (try? JSONValue(parsing: answer.body))?["access_token"]?.stringValue else {
                throw BenchError("the token grant answered without access_token")
            }
            return token
        }
        return GrowthScenario(
            vendor: "engage", records: "recipients + events", addName: "AddRecipient + event submission",
            prepare: { client in
                var context = GrowthContext(client: client)
                context.token = try await grant(client)
                return context
            },
            add: { context in
                try await addRecipient(&context)
                try await submitEvent(&context)
            },
            calls: [
                GrowthCall(name: "token grant") { context, _ in _ = try await grant(context.client) },
                GrowthCall(name: "AddRecipient") { context, _ in try await addRecipient(&context) },
                GrowthCall(name: "SelectRecipientData") { context, sample in
                    if context.ids.isEmpty { try await addRecipient(&context) }
                    let email = context.id(sample) ?? ""
                    try await xml(
                        context,
                        "<SelectRecipientData><LIST_ID>23949</LIST_ID><EMAIL>\(email)</EMAIL></SelectRecipientData>")
                },
                GrowthCall(name: "event submission") { context, _ in try await submitEvent(&context) },
                GrowthCall(name: "OptOutRecipient") { context, sample in
                    if context.ids.isEmpty { try await addRecipient(&context) }
                    let email = context.id(sample) ?? ""
                    try await xml(
                        context, "<OptOutRecipient><LIST_ID>23949</LIST_ID><EMAIL>\(email)</EMAIL></OptOutRecipient>")
                },
                GrowthCall(name: "GetLists") { context, _ in
                    try await xml(context, "<GetLists><VISIBILITY>1</VISIBILITY><LIST_TYPE>2</LIST_TYPE></GetLists>")
                },
                // Each level starts as many jobs as it samples, so GetJobStatus reads among more jobs each level.
                GrowthCall(name: "ExportList (a job)") { context, _ in
                    let answer = try await xml(
                        context, "<ExportList><LIST_ID>23949</LIST_ID><EXPORT_TYPE>ALL</EXPORT_TYPE></ExportList>")
                    guard let start = answer.range(of: "<JOB_ID>"), let end = answer.range(of: "</JOB_ID>") else {
                        throw BenchError("ExportList answered without JOB_ID")
                    }
                    context.jobIDs.append(String(answer[start.upperBound..<end.lowerBound]))
                },
                GrowthCall(name: "GetJobStatus") { context, sample in
                    let job = context.jobIDs.isEmpty ? "" : context.jobIDs[(sample &* 7_919) % context.jobIDs.count]
                    try await xml(context, "<GetJobStatus><JOB_ID>\(job)</JOB_ID></GetJobStatus>")
                },
                GrowthCall(name: "GetSentMailingsForOrg") { context, _ in
                    try await xml(
                        context,
                        "<GetSentMailingsForOrg><DATE_START>12/01/2025 00:00:00</DATE_START><DATE_END>12/31/2025 "
                            + "23:59:59</DATE_END></GetSentMailingsForOrg>")
                },
                GrowthCall(name: "GetDCRuleset") { context, _ in
                    try await xml(context, "<GetDCRuleset><RULESET_ID>550001</RULESET_ID></GetDCRuleset>")
                },
            ])
    }()

    static let adapty: GrowthScenario = {
        let key = "Api-Key public_live_Adapty5im.DemoKey2026xSimulator"
        @Sendable func profileID(_ number: Int) -> String {
            let digits = String(number)
            return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
        }
        @Sendable func create(_ context: inout GrowthContext) async throws {
            let id = profileID(context.next())
            let body = """
                {"data":{"attributes":{"installation_meta":{"adapty_sdk_version":"3.17.2","app_build":"1",\
                "app_version":"1.0.0","device":"iPhone15,2","device_id":"\(id)","locale":"en_US","os":"18.0",\
                "platform":"iOS","timezone":"UTC"}},"id":"\(id)","type":"adapty_analytics_profile"}}
                """
            try await context.client.send(
                "POST", "/api/v1/sdk/analytics/profiles/\(id)/",
                headers: ["Authorization": key, "adapty-sdk-profile-id": id, "Content-Type": "application/json"],
                body: body)
            context.ids.append(id)
        }
        return GrowthScenario(
            vendor: "adapty", records: "profiles", addName: "create profile",
            prepare: { GrowthContext(client: $0) }, add: create,
            calls: [
                GrowthCall(name: "create profile") { context, _ in try await create(&context) },
                GrowthCall(name: "fetch profile") { context, sample in
                    if context.ids.isEmpty { try await create(&context) }
                    let id = context.id(sample) ?? ""
                    try await context.client.send(
                        "GET", "/api/v1/sdk/analytics/profiles/\(id)/",
                        headers: ["Authorization": key, "adapty-sdk-profile-id": id])
                },
                GrowthCall(name: "update profile") { context, sample in
                    if context.ids.isEmpty { try await create(&context) }
                    let id = context.id(sample) ?? ""
                    try await context.client.send(
                        "PATCH", "/api/v1/sdk/analytics/profiles/\(id)/",
                        headers: [
                            "Authorization": key, "adapty-sdk-profile-id": id, "Content-Type": "application/json",
                        ],
                        body:
                            #"{"data":{"attributes":{"analytics_disabled":true},"id":"\#(id)","type":"adapty_analytics_profile"}}"#
                    )
                },
            ])
    }()

    static let webEngage: GrowthScenario = {
        let base = "/users/~10a5cb78d"
        @Sendable func track(_ context: inout GrowthContext, luid: String) async throws {
            let body = """
                {"events":[{"category":"system","event_data":{"offer":"SUMMER25"},\
                "event_name":"app_personalization_view","event_time":"2026-01-01T00:00:00.000Z",\
                "system_data":{"experiment_id":"c-banner-1","id":"v-banner-1","p_id":"1001"}}]}
                """
            try await context.client.send(
                "POST", "\(base)/\(luid)/events", headers: ["Content-Type": "application/json"], body: body)
        }
        return GrowthScenario(
            vendor: "webengage", records: "stored events", addName: "event upload",
            prepare: { GrowthContext(client: $0) },
            add: { context in
                let luid = "luid-\(context.next() % 1_000)"
                try await track(&context, luid: luid)
                if context.ids.count < 1_000 { context.ids.append(luid) }
            },
            calls: [
                GrowthCall(name: "event upload") { context, sample in
                    try await track(&context, luid: context.id(sample) ?? "luid-0")
                },
                GrowthCall(name: "inline properties (home)") { context, sample in
                    try await context.client.send(
                        "GET", "\(base)/\(context.id(sample) ?? "luid-0")/inline-properties?screen=home")
                },
            ])
    }()

    static let walkMe: GrowthScenario = {
        let app = "/sdk/v1/apps/f3a9c2e47b1d4e0a"
        let basic = "Basic " + Data("f3a9c2e47b1d4e0a:wm-demo-secret".utf8).base64EncodedString()
        @Sendable func token(_ context: inout GrowthContext) async throws {
            let answer = try await context.client.send("POST", app + "/token", headers: ["Authorization": basic])
            guard let token = (try? JSONValue(parsing: answer.body))?["access_token"]?.stringValue else {
                throw BenchError("WalkMe's token call answered without access_token")
            }
            context.ids.append(token)
        }
        return GrowthScenario(
            vendor: "walkme", records: "tokens", addName: "token", prepare: { GrowthContext(client: $0) }, add: token,
            calls: [
                GrowthCall(name: "token") { context, _ in try await token(&context) },
                GrowthCall(name: "settings") { context, _ in
                    try await context.client.send(
                        "GET", app + "/settings.json?platform=ios&sdkVer=1.6.0&type=10",
                        headers: ["Authorization": basic])
                },
                GrowthCall(name: "data file (token)") { context, sample in
                    if context.ids.isEmpty { try await token(&context) }
                    try await context.client.send(
                        "GET", app + "/data.json", headers: ["Authorization": "Bearer \(context.id(sample) ?? "")"])
                },
            ])
    }()
}
