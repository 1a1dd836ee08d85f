import Foundation
import JSONCore

/// The mixed simulate-mode figure of `bench serve`: the five vendors' documented calls in one cycle of twelve, five
/// of them writes (42%), at 64 connections: ReferralHero's Add Subscriber, Get Subscriber and leaderboard; Engage's
/// event submission and SelectRecipientData; Adapty's create and fetch profile; WebEngage's event upload and inline
/// properties; WalkMe's token and settings. Every write adds a record of its own (a new e-mail, a new profile id),
/// so the stores grow during the run as they would under a device farm.
enum BenchSimulateMix {
    static let referralHero = "/referralhero/lists/MF83c9616aa3"
    static let referralHeroToken = "rh-sim-token"
    static let adaptyKey = "Api-Key public_live_Adapty5im.DemoKey2026xSimulator"
    static let webEngage = "/webengage/users/~10a5cb78d"
    static let walkMe = "/walkme/sdk/v1/apps/f3a9c2e47b1d4e0a"
    static let walkMeBasic = "Basic " + Data("f3a9c2e47b1d4e0a:wm-demo-secret".utf8).base64EncodedString()
    /// Records of each kind made before the load, which the reads pick from.
    static let seeded = 100
    static let writesPerCycle = 5
    static let cycle = 12

    /// Runs the mix `rounds` times, each on a fresh server, with the read cache on and with `--no-read-cache`.
    static func measure(binary: URL, load: BenchLoad, rounds: Int, root: URL) async throws {
        guard load.wrk != nil else { return }
        print(
            "  simulate, mixed workload: the five vendors' documented calls, \(writesPerCycle) writes in every "
                + "\(cycle) requests, wrk -t2 -c64:")
        for (label, arguments, target) in [
            ("as served (read cache)", [String](), "   (target >= 20,000 req/s, p99 <= 10 ms)"),
            ("--no-read-cache       ", ["--no-read-cache"], ""),
        ] {
            var runs: [BenchLoad.Result] = []
            for _ in 0..<rounds {
                let server = try await BenchServer.start(binary: binary, arguments: ["--mode", "simulate"] + arguments)
                defer { server.stop() }
                let script = root.appendingPathComponent("simulate-mix.lua")
                try Data(try self.script(port: server.port).utf8).write(to: script)
                if let result = try load.run(port: server.port, path: "/", connections: 64, script: script) {
                    runs.append(result)
                }
            }
            guard let (_, summary) = BenchLoad.Result.median(runs) else { return }
            print("    \(label) \(summary)\(target)")
        }
    }

    /// Seeds the server on `port` (subscribers, profiles, a recipient, an Engage token) and writes the wrk script
    /// whose requests cycle through the mix. Each wrk `run` against the same server needs its own number, so that
    /// its writes make new records instead of repeating an earlier run's e-mails and profile ids.
    static func script(port: Int, run: Int = 0) throws -> String {
        let rhHeaders = ["Content-Type": "application/json", "Authorization": "Bearer \(referralHeroToken)"]
        var subscribers: [String] = []
        for number in 0..<seeded {
            let answer = try BenchProcess.exchange(
                port: port, method: "POST", path: referralHero + "/subscribers", headers: rhHeaders,
                body: #"{"email":"seed\#(number)@example.com","domain":"https://example.com","timestamp":"1767225600"}"#
            )
            guard answer.status == 200,
                let id = (try? JSONValue(parsing: Data(answer.body.utf8)))?["data"]?["id"]?
                    .stringValue
            else {
                throw BenchError("ReferralHero Add Subscriber answered \(answer.status): \(answer.body.prefix(200))")
            }
            subscribers.append(id)
        }
        for number in 0..<seeded {
            let id = profileID(thread: 0, number: number)
            let status = try BenchProcess.request(
                port: port, method: "POST", path: "/adapty/api/v1/sdk/analytics/profiles/\(id)/",
                headers: ["Authorization": adaptyKey, "adapty-sdk-profile-id": id, "Content-Type": "application/json"],
                body: adaptyProfile(id))
            guard status == 200 else { throw BenchError("Adapty create profile answered \(status)") }
        }
        let form = "application/x-www-form-urlencoded"
        let token = try engageToken(port: port)
        let engage = ["Content-Type": form, "Authorization": "Bearer \(token)"]
        let add = try BenchProcess.request(
            port: port, method: "POST", path: "/engage/XMLAPI", headers: engage,
            body: xmlForm(
                "<AddRecipient><LIST_ID>23949</LIST_ID><COLUMN><NAME>Email</NAME><VALUE>mix@example.com</VALUE>"
                    + "</COLUMN></AddRecipient>"))
        guard add == 200 else { throw BenchError("Engage AddRecipient answered \(add)") }
        let select = xmlForm(
            "<SelectRecipientData><LIST_ID>23949</LIST_ID><EMAIL>mix@example.com</EMAIL></SelectRecipientData>")
        let event =
            #"{"events":[{"eventTypeCode":12,"eventTimestamp":"2026-01-01T00:00:00.000Z","attributes":[{"name":"#
            + #""Device Id","value":"device-mix"}]}]}"#
        let webEngageEvent =
            #"{"events":[{"category":"system","event_data":{"offer":"SUMMER25"},"event_name":"#
            + #""app_personalization_view","event_time":"2026-01-01T00:00:00.000Z","system_data":{"#
            + #""experiment_id":"c-banner-1","id":"v-banner-1","p_id":"1001"}}]}"#

        func lua(_ text: String) -> String { "[==[" + text + "]==]" }
        func table(_ headers: [String: String]) -> String {
            "{"
                + headers.sorted { $0.key < $1.key }.map { "[ \(lua($0.key)) ] = \(lua($0.value))" }
                .joined(separator: ", ") + "}"
        }
        let json = ["Content-Type": "application/json"]
        return """
            local subscribers = {\(subscribers.map(lua).joined(separator: ", "))}
            \(threadSetup(run: run))
            local function pick()
              return (counter % \(seeded)) + 1
            end
            local function profile(thread_id, number)
              return string.format("00000000-0000-4000-8%03d-%012d", thread_id, number)
            end
            function request()
              counter = counter + 1
              local step = counter % \(cycle)
              if step == 0 then
                local email = "mix" .. tid .. "-" .. counter .. "@example.com"
                return wrk.format("POST", \(lua(referralHero + "/subscribers")), \(table(rhHeaders)),
                  '{"email":"' .. email .. '","domain":"https://example.com","timestamp":"1767225600"}')
              elseif step == 1 then
                return wrk.format("GET", \(lua(referralHero + "/subscribers/")) .. subscribers[pick()], \(table(rhHeaders)))
              elseif step == 2 then
                return wrk.format("GET", \(lua(referralHero + "/leaderboard")), \(table(rhHeaders)))
              elseif step == 3 then
                return wrk.format("POST", "/engage/rest/events/submission",
                  \(table(json.merging(["Authorization": "Bearer \(token)"]) { $1 })), \(lua(event)))
              elseif step == 4 then
                return wrk.format("POST", "/engage/XMLAPI", \(table(engage)), \(lua(select)))
              elseif step == 5 then
                local id = profile(tid, counter)
                local body = string.gsub(\(lua(adaptyProfile("PROFILE"))), "PROFILE", id)
                return wrk.format("POST", "/adapty/api/v1/sdk/analytics/profiles/" .. id .. "/",
                  {["Authorization"] = \(lua(adaptyKey)), ["adapty-sdk-profile-id"] = id,
                   ["Content-Type"] = "application/json"}, body)
              elseif step == 6 then
                local id = profile(0, pick() - 1)
                return wrk.format("GET", "/adapty/api/v1/sdk/analytics/profiles/" .. id .. "/",
                  {["Authorization"] = \(lua(adaptyKey)), ["adapty-sdk-profile-id"] = id})
              elseif step == 7 then
                return wrk.format("POST", \(lua(webEngage + "/luid-mix/events")), \(table(json)), \(lua(webEngageEvent)))
              elseif step == 8 then
                return wrk.format("GET", \(lua(webEngage + "/luid-1/inline-properties?screen=home")), {})
              elseif step == 9 then
                return wrk.format("POST", \(lua(walkMe + "/token")), {["Authorization"] = \(lua(walkMeBasic))})
              elseif step == 10 then
                return wrk.format("GET", \(lua(walkMe + "/settings.json?platform=ios&sdkVer=1.6.0&type=10")),
                  {["Authorization"] = \(lua(walkMeBasic))})
              else
                return wrk.format("GET", \(lua(referralHero + "/subscribers/")) .. subscribers[pick()], \(table(rhHeaders)))
              end
            end

            """
    }

    /// An Engage access token from the simulator's OAuth grant.
    static func engageToken(port: Int) throws -> String {
        let grant = try BenchProcess.exchange(
            port: port, method: "POST", path: "/engage/oauth/token",
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "grant_type=refresh_token&refresh_token=sim-refresh-token&client_id=sim-client-id"
                + "&client_secret=sim-client-secret")
        guard let token = (try? JSONValue(parsing: Data(grant.body.utf8)))?["access_token"]?.stringValue else {
            throw BenchError("the Engage token grant answered \(grant.status): \(grant.body.prefix(200))")
        }
        return token
    }

    /// The wrk script lines every simulate script starts with: a request counter, and each wrk thread's number
    /// (`tid`), distinct across the `run`s against one server, so that writes make records of their own.
    static func threadSetup(run: Int) -> String {
        """
        local counter = 0
        local thread_count = 0
        function setup(thread)
          thread_count = thread_count + 1
          thread:set("tid", \(run * 10) + thread_count)
        end
        """
    }

    /// A profile id no other thread or seed uses: thread 0 is the seeding.
    static func profileID(thread: Int, number: Int) -> String {
        let threadDigits = String(thread)
        let numberDigits = String(number)
        return "00000000-0000-4000-8" + String(repeating: "0", count: max(0, 3 - threadDigits.count)) + threadDigits
            + "-" + String(repeating: "0", count: max(0, 12 - numberDigits.count)) + numberDigits
    }

    /// Adapty's create-profile body for `id`.
    static func adaptyProfile(_ id: String) -> String {
        #"{"data":{"attributes":{"installation_meta":{"adapty_sdk_version":"3.17.2","app_build":"1","#
            + #""app_version":"1.0.0","device":"iPhone15,2","device_id":"\#(id)","locale":"en_US","os":"18.0","#
            + #""platform":"iOS","timezone":"UTC"}},"id":"\#(id)","type":"adapty_analytics_profile"}}"#
    }

    /// The form body carrying an XMLAPI envelope around `operation`.
    static func xmlForm(_ operation: String) -> String {
        FormCoding.encode(
            [FormField(name: "xml", value: "<Envelope><Body>\(operation)</Body></Envelope>")], spelling: .browser)
    }
}
