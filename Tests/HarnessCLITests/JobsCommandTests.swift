import Foundation
import HarnessTesting
import Testing

/// `--jobs N` of `harness verify` and `harness record`, end to end: the same output and exit status for any N.
@Suite("harness verify and record --jobs")
struct JobsCommandTests {
    func harness(_ arguments: [String]) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: try RepositoryRoot.url())
    }

    /// Standard output without the elapsed time, the one part that may differ between runs.
    func withoutTimes(_ text: String) -> String {
        text.replacing(/\(verified in [0-9.]+ s\)/, with: "(verified in …)")
    }

    @Test("verify --jobs 1 and --jobs 2 print the same report with the same exit status, passing or failing")
    func verifyJobs() async throws {
        try await withTemporaryDirectory { folder in
            for arguments in [["verify", "walkme"], ["verify", "walkme", "--cassettes", folder.url.path]] {
                let one = try await harness(arguments + ["--jobs", "1"])
                let two = try await harness(arguments + ["--jobs", "2"])
                #expect(one.status == two.status, "\(arguments)")
                #expect(withoutTimes(one.standardOutput) == withoutTimes(two.standardOutput), "\(arguments)")
                #expect(one.standardOutput.contains("walkme/"))
            }
            let passing = try await harness(["verify", "walkme", "--jobs", "2"])
            #expect(passing.status == 0, "\(passing.standardOutput)")
            let failing = try await harness(["verify", "walkme", "--cassettes", folder.url.path, "--jobs", "2"])
            #expect(failing.status == 1)
        }
    }

    @Test("record --check --jobs 1 and --jobs 2 print the same lines in the same order")
    func recordJobs() async throws {
        let one = try await harness(["record", "--check", "--vendor", "walkme", "--jobs", "1"])
        let two = try await harness(["record", "--check", "--vendor", "walkme", "--jobs", "2"])
        #expect(one.status == 0, "\(one.standardOutput)")
        #expect(two.status == one.status)
        #expect(two.standardOutput == one.standardOutput)
        #expect(one.standardOutput.contains("flow(s) unchanged"))
    }

    @Test("--jobs 0 and --jobs many are usage errors naming the range")
    func jobsOutOfRange() async throws {
        for command in [["verify"], ["record", "--all"]] {
            for value in ["0", "100000"] {
                let result = try await harness(command + ["--jobs", value])
                #expect(result.status == 64, "\(command) --jobs \(value)")
                #expect(
                    result.standardError.contains("--jobs takes a number from 1 to 1024"), "\(result.standardError)")
            }
        }
        for value in ["many", "-3"] {
            let result = try await harness(["verify", "--jobs", value])
            #expect(result.status == 64, "--jobs \(value)")
        }
    }
}
