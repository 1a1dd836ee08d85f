package import Foundation
import JSONCore

/// The built `harness` executable, for end-to-end tests that run it as a user would.
package enum HarnessBinary {
    /// The `harness` binary beside the running test bundle (SwiftPM puts both in the same build folder), or
    /// the one named by `HARNESS_BINARY`.
    package static func url() -> URL? {
        if let override = ProcessInfo.processInfo.environment["HARNESS_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        return BuiltExecutable.url(named: "harness")
    }

    /// An executable product of this package named `name` (such as a test probe).
    package static func url(named name: String) -> URL? { BuiltExecutable.url(named: name) }
}

/// Executables of this package (the CLI, test probes), found beside the running test bundle.
package enum BuiltExecutable {
    /// The executable `name` in the build folder of the running tests, or nil when it is not built.
    package static func url(named name: String) -> URL? {
        var candidates: [URL] = []
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        // macOS: .../debug/ContractHarnessPackageTests.xctest/Contents/MacOS/<runner>
        candidates.append(
            executable.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent())
        for folder in candidates {
            let binary = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return nil
    }
}

/// What a finished child process left behind.
package struct ProcessOutput: Sendable {
    /// The exit status (or the signal number when the process was killed).
    package var status: Int32
    /// Everything written to standard output, as UTF-8.
    package var standardOutput: String
    /// Everything written to standard error, as UTF-8.
    package var standardError: String
}

/// Runs executables and collects their output; for end-to-end tests.
package enum ChildProcess {
    /// Runs `executable` with `arguments` to completion and returns its exit status and output.
    package static func run(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String]? = nil,
        currentDirectory: URL? = nil
    ) async throws -> ProcessOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The blocking reads and the wait run on threads of their own, not on the cooperative pool, so a test
        // may serve the child from in-process (a mock server) while it waits.
        let reading = output.fileHandleForReading
        let errors = error.fileHandleForReading
        async let standardOutput = onOwnThread { reading.readDataToEndOfFile() }
        async let standardError = onOwnThread { errors.readDataToEndOfFile() }
        let (outData, errData) = await (standardOutput, standardError)
        let running = UncheckedProcess(process: process)
        let status = await onOwnThread {
            running.process.waitUntilExit()
            return running.process.terminationStatus
        }
        return ProcessOutput(
            status: status,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self)
        )
    }
}

/// A `Process` handed to the waiting thread. Invariant: once running, it is only waited on and read from there.
private struct UncheckedProcess: @unchecked Sendable {
    let process: Process
}
