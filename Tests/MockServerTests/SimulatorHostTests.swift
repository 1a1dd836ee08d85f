import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import Testing

@Suite("SimulatorHost")
struct SimulatorHostTests {
    @Test("A simulator answers in-process, without sockets, and keeps its state until reset")
    func inProcess() async throws {
        let host = try SimulatorHost(simulators: [CounterSimulator()])
        let add = CassetteRequest(method: "POST", url: "/count", body: Data(#"{"by": 5}"#.utf8))
        _ = try await host.respond(vendor: "counter", to: add)
        let second = try await host.respond(vendor: "counter", to: add)
        #expect(try JSONValue(parsing: second.body)["count"] == 10)
        try await host.reset()
        let read = try await host.respond(vendor: "counter", to: CassetteRequest(method: "GET", url: "/count"))
        #expect(try JSONValue(parsing: read.body)["count"] == 0)
    }

    @Test("State kept in a --state file outlives the host")
    func stateFile() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appending("state.sqlite").path
            let add = CassetteRequest(method: "POST", url: "/count")
            _ = try await SimulatorHost(simulators: [CounterSimulator()], statePath: path).respond(
                vendor: "counter", to: add)
            let reopened = try SimulatorHost(simulators: [CounterSimulator()], statePath: path)
            let read = try await reopened.respond(vendor: "counter", to: CassetteRequest(method: "GET", url: "/count"))
            #expect(try JSONValue(parsing: read.body)["count"] == 1)
        }
    }

    @Test("A copy of a WAL store holds what the store held, its WAL's pages included, and then goes its own way")
    func copyState() async throws {
        try await withTemporaryDirectory { folder in
            let host = try SimulatorHost(
                simulators: [CounterSimulator()], statePath: folder.appending("state.sqlite").path,
                concurrentReads: true)
            let add = CassetteRequest(method: "POST", url: "/count")
            _ = try await host.respond(vendor: "counter", to: add)
            _ = try await host.respond(vendor: "counter", to: add)
            let path = folder.appending("copy.sqlite").path
            try host.copyState(to: path)
            _ = try await host.respond(vendor: "counter", to: add)
            let copy = try SimulatorHost(simulators: [CounterSimulator()], statePath: path, concurrentReads: true)
            let read = CassetteRequest(method: "GET", url: "/count")
            #expect(try JSONValue(parsing: try await copy.respond(vendor: "counter", to: read).body)["count"] == 2)
            #expect(try JSONValue(parsing: try await host.respond(vendor: "counter", to: read).body)["count"] == 3)
        }
    }

    @Test("Two simulators for one vendor, a bad vendor name or an unknown vendor are errors that say so")
    func errors() async throws {
        #expect(throws: SimulatorError.duplicateVendor("counter")) {
            try SimulatorHost(simulators: [CounterSimulator(), CounterSimulator()])
        }
        #expect(throws: SimulatorError.invalidVendorName("Not/A/Prefix")) {
            try SimulatorHost(simulators: [CounterSimulator(vendor: "Not/A/Prefix")])
        }
        let host = try SimulatorHost(simulators: [CounterSimulator()])
        await #expect(throws: SimulatorError.unknownVendor("engage", known: ["counter"])) {
            try await host.respond(vendor: "engage", to: CassetteRequest(method: "GET", url: "/"))
        }
    }

    @Test("A state file that is not SQLite is refused with its path")
    func brokenStateFile() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appending("state.sqlite")
            try Data("not a database".utf8).write(to: file)
            #expect {
                try SimulatorHost(simulators: [CounterSimulator()], statePath: file.path)
            } throws: { error in
                "\(error)".contains(file.path) && "\(error)".contains("--state PATH")
            }
        }
    }
}
