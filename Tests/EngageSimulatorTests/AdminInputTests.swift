import CassetteKit
import Foundation
import JSONCore
import MockServer
import Testing

@Suite("Engage simulator admin input")
struct AdminInputTests {
    @Test(
        "A column type that is not a whole type code is refused with 400, never a trap",
        arguments: [#"1e400"#, #"1e300"#, #"-1"#, #"2.5"#, #""1""#, #"9223372036854775808"#])
    func hostileColumnType(type: String) async throws {
        let simulator = try await SimulatorFixture()
        for (path, body) in [
            ("/lists/23949/columns", #"{"name":"c","type":\#(type)}"#),
            ("/lists", #"{"listID":"777","columns":[{"name":"c","type":\#(type)}]}"#),
        ] {
            let response = try await simulator.host.respondToAdmin(
                vendor: "engage",
                CassetteRequest(
                    method: "POST", url: path, headers: ["Content-Type": "application/json"], body: Data(body.utf8)))
            #expect(response.status == 400, "\(path) \(body)")
            #expect(String(decoding: response.body, as: UTF8.self).contains("column type code"))
        }
        #expect(try await simulator.admin("GET", "/lists/777")["error"] != nil, "a refused list is not half-created")
        let valid = try await simulator.admin("POST", "/lists/23949/columns", ["name": "ok", "type": 2])
        #expect(valid["columns"] != nil)
    }
}
