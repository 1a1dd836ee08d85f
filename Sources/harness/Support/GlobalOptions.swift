import ArgumentParser
import Foundation
import JSONCore
import Logging

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Log what the command does, to standard error.")
    var verbose = false

    /// Sets up swift-log once per process: `info` with --verbose (`trace` with HARNESS_LOG_LEVEL=trace),
    /// `quietLevel` otherwise (`warning` unless the command says). Logs go to standard error, as text or as one
    /// JSON object per line, so standard output stays machine-readable.
    func bootstrap(format: LogFormat = .text, quietLevel: Logger.Level = .warning) -> Logger {
        let level: Logger.Level =
            ProcessInfo.processInfo.environment["HARNESS_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
            ?? (verbose ? .info : quietLevel)
        LoggingBootstrap.once(format: format)
        var logger = Logger(label: "harness")
        logger.logLevel = level
        return logger
    }
}

/// How logs are written.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}

private enum LoggingBootstrap {
    private static let done = Locked(false)

    /// Bootstraps swift-log the first time only (it may be bootstrapped once per process).
    static func once(format: LogFormat) {
        let first = done.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        LoggingSystem.bootstrap { label in
            switch format {
            case .text:
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = .trace
                return handler
            case .json:
                return JSONLogHandler(label: label)
            }
        }
    }
}
