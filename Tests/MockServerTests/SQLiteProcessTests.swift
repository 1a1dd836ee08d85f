import CassetteKit
import Foundation
import MockServer
import Testing

@Suite("SQLiteProcess")
struct SQLiteProcessTests {
    @Test("prepare() tells the truth: statistics it reports off count nothing while the simulators write")
    func statisticsAsReported() async throws {
        let off = SQLiteProcess.prepare()
        #expect(SQLiteProcess.prepare() == off, "a second call gives the first call's answer")
        let host = try SimulatorHost(simulators: [CounterSimulator()])
        for _ in 0..<20 {
            let response = try await host.respond(vendor: "counter", to: CassetteRequest(method: "POST", url: "/count"))
            #expect(response.status == 200)
        }
        let total = try await host.respond(vendor: "counter", to: CassetteRequest(method: "GET", url: "/count"))
        #expect(String(decoding: total.body, as: UTF8.self).contains("20"))
        if off {
            #expect(SQLiteProcess.bytesCounted == 0)
        } else {
            // Another library of this test process opened SQLite first: the statistics stayed on and count.
            #expect(SQLiteProcess.bytesCounted > 0)
        }
    }
}
