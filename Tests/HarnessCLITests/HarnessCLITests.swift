import Foundation
import HarnessTesting
import JSONCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("harness CLI")
struct HarnessCLITests {
    func harness(_ arguments: String...) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: try RepositoryRoot.url())
    }

    @Test("harness --help lists the subcommands")
    func help() async throws {
        let result = try await harness("--help")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: harness"))
        #expect(result.standardOutput.contains("version"))
        #expect(result.standardOutput.contains("bench"))
    }

    @Test(
        "Hostile numbers on the command line are refused with the option's range, never a trap",
        arguments: [
            ["verify", "--flow-timeout", "inf"],
            ["verify", "--flow-timeout", "nan"],
            ["verify", "--flow-timeout", "1e300"],
            ["record", "--all", "--flow-timeout", "inf"],
            ["bench", "xml", "--seconds", "inf"],
            ["bench", "validate", "--seconds=-1"],
            ["bench", "engage", "--rounds", "0"],
            ["bench", "replay", "--entries=-5"],
            ["bench", "serve", "--seconds", "9223372036854775807"],
            ["bench", "serve", "--rounds", "0"],
            ["bench", "verify", "--rounds", "0"],
            ["bench", "verify", "--flows", "0"],
            ["serve", "--max-body-size", "9223372036854775807"],
        ])
    func hostileNumbers(arguments: [String]) async throws {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        let result = try await ChildProcess.run(binary, arguments, currentDirectory: try RepositoryRoot.url())
        #expect(result.status == 64, "\(arguments): \(result.standardError)")
        let option = try #require(arguments.first { $0.hasPrefix("--") && $0 != "--all" }?.split(separator: "=").first)
        #expect(result.standardError.contains(option), "\(result.standardError)")
        #expect(result.standardError.contains("takes"), "\(result.standardError)")
    }

    @Test("harness version prints its version and libxml2's")
    func version() async throws {
        let result = try await harness("version")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("harness 0."))
        #expect(result.standardOutput.contains("libxml2 2."))
    }

    @Test("--verbose logs to standard error and leaves standard output alone")
    func verbose() async throws {
        let result = try await harness("version", "--verbose")
        #expect(result.status == 0)
        #expect(result.standardError.contains("reporting versions"))
        #expect(!result.standardOutput.contains("reporting versions"))
    }

    @Test("An unknown subcommand exits non-zero with a usage error")
    func unknownCommand() async throws {
        let result = try await harness("frobnicate")
        #expect(result.status == 64)
        #expect(result.standardError.contains("Unexpected argument 'frobnicate'"))
    }

    @Test("harness bench growth times each call on every level's copy of the store and prints the ratio")
    func benchGrowth() async throws {
        let result = try await harness(
            "bench", "growth", "--vendor", "walkme", "--levels", "0,20,1000", "--samples", "12")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.contains("call (median / p99 ms)") }, "\(result.standardOutput)")
        for column in ["0 tokens", "20 tokens", "1,000 tokens", "1,000 / 1,000"] {
            #expect(header.contains(column), "\(header)")
        }
        // Every documented call has a figure at every level: three "median / p99" cells and a ratio.
        for call in ["token", "settings", "data file (token)"] {
            let row = try #require(lines.first { $0.hasPrefix("  \(call)  ") }, "\(result.standardOutput)")
            #expect(row.components(separatedBy: " / ").count == 4, "\(row)")
            #expect(row.trimmingCharacters(in: .whitespaces).hasSuffix("1.00x"), "\(row)")
        }
        let refused = try await harness("bench", "growth", "--levels", "1000,10")
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("--levels must be ascending"), "\(refused.standardError)")
    }

    @Test("harness bench xml measures a valid envelope and prints docs/s")
    func benchXML() async throws {
        let result = try await harness("bench", "xml", "--seconds", "0.05")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("docs/s"))
        #expect(result.standardOutput.contains("1 core"))
    }

    @Test("harness bench engage flushes every stored event, in process and to the simulator over loopback")
    func benchEngage() async throws {
        let result = try await harness(
            "bench", "engage", "--events", "2000", "--batch", "100", "--rounds", "1", "--round-trips", "100")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("flush 10,000 stored events"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("loopback"), "\(result.standardOutput)")
    }

    @Test("harness bench verify times record and verify with 1 job and with 2, rounds taking turns")
    func benchVerify() async throws {
        let result = try await harness("bench", "verify", "--flows", "20", "--jobs", "2", "--rounds", "2")
        #expect(result.status == 0, "\(result.standardError)")
        for line in ["record, 1 job", "record, 2 jobs", "verify, 1 job", "verify, 2 jobs", "over 2 rounds"] {
            #expect(result.standardOutput.contains(line), "\(line): \(result.standardOutput)")
        }
        let only = try await harness("bench", "verify", "--flows", "20", "--jobs", "2", "--only", "verify")
        #expect(only.status == 0, "\(only.standardError)")
        #expect(!only.standardOutput.contains("record, 1 job"), "\(only.standardOutput)")
        #expect(only.standardOutput.contains("verify, 2 jobs"), "\(only.standardOutput)")
    }

    @Test("harness bench xml names a missing schema folder")
    func benchXMLMissingSchemas() async throws {
        let result = try await harness("bench", "xml", "--schemas", "/nonexistent", "--seconds", "0.05")
        #expect(result.status != 0)
        #expect(result.standardError.contains("/nonexistent/engage/xsd/result.xsd"))
    }
}

@Suite("harness serve")
struct HarnessServeTests {
    /// Starts `harness serve` with `arguments`, waits for its announcement on standard output, runs `body` with it,
    /// then sends SIGTERM and returns the exit status.
    func serve(
        _ arguments: [String], standardError: FileHandle = .nullDevice, _ body: (String) async throws -> Void
    ) async throws -> Int32 {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = standardError
        try process.run()
        let reader = output.fileHandleForReading
        let announcement = await onOwnThread { () -> String in
            var text = ""
            while !text.contains("admin") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        do {
            try await body(announcement)
        } catch {
            process.terminate()
            throw error
        }
        process.terminate()
        await onOwnThread { process.waitUntilExit() }
        return process.terminationStatus
    }

    @Test("harness serve prints the admin URL, answers health, and exits 0 on SIGTERM")
    func serve() async throws {
        let status = try await serve(["--mode", "replay", "--cassettes", "/nonexistent"]) { announcement in
            #expect(announcement.hasPrefix("harness serve: replay mode on http://127.0.0.1:"))
            let admin = try #require(
                announcement.split(separator: "\n").first { $0.contains("/__harness") }?.split(separator: " ").last)
            let (data, response) = try await URLSession.shared.data(from: URL(string: "\(admin)/health")!)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self).contains("\"mode\":\"replay\""))
        }
        #expect(status == 0)
    }

    @Test("--log-format json writes each log record as one JSON object per line on standard error")
    func jsonLogs() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appending("stderr.log")
            try Data().write(to: file)
            let handle = try FileHandle(forWritingTo: file)
            let status = try await serve(["--log-format", "json"], standardError: handle) { _ in }
            try handle.close()
            #expect(status == 0)
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            #expect(!lines.isEmpty)
            for line in lines {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object?["level"] != nil && object?["message"] != nil, "\(line)")
            }
            #expect(lines.contains { $0.contains("\"message\":\"serving\"") })
        }
    }

    @Test("harness serve off loopback without --admin-token says the admin API is off")
    func adminOff() async throws {
        let status = try await serve(["--host", "0.0.0.0"]) { announcement in
            #expect(announcement.contains("admin API off: 0.0.0.0 is not loopback; pass --admin-token T"))
        }
        #expect(status == 0)
    }

    @Test("harness serve --mode record without --upstream fails with what to pass")
    func recordNeedsUpstream() async throws {
        let binary = try #require(HarnessBinary.url())
        let result = try await ChildProcess.run(binary, ["serve", "--mode", "record"])
        #expect(result.status == 2, "a server that cannot start is an input error, like verify's")
        #expect(result.standardError.contains("pass --upstream URL"))
    }
}

@Suite("RepositoryRoot")
struct RepositoryRootTests {
    @Test("Outside a checkout it throws, naming the file, instead of trapping")
    func outsideCheckout() {
        #expect {
            try RepositoryRoot.url(filePath: "/nowhere-near-a-package/Tests/SomeTests.swift")
        } throws: { error in
            "\(error)".contains("/nowhere-near-a-package/Tests/SomeTests.swift") && "\(error)".contains("swift test")
        }
        #expect(SharedData.url(filePath: "/nowhere-near-a-package/Tests/SomeTests.swift") == nil)
    }

    @Test("Inside this checkout it finds the folder holding Package.swift")
    func insideCheckout() throws {
        let root = try RepositoryRoot.url()
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
        #expect(try RepositoryRoot.cassettes().lastPathComponent == "Cassettes")
    }
}
