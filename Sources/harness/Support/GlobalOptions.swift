import ArgumentParser
import Foundation
import Logging

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Log what the command does, to standard error.")
    var verbose = false

    /// Sets up swift-log once per process: `info` with --verbose (`trace` with HARNESS_LOG_LEVEL=trace),
    /// `warning` otherwise. Logs go to standard error so standard output stays machine-readable.
    func bootstrap() -> Logger {
        let level: Logger.Level =
            ProcessInfo.processInfo.environment["HARNESS_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
            ?? (verbose ? .info : .warning)
        LoggingBootstrap.once(level: level)
        var logger = Logger(label: "harness")
        logger.logLevel = level
        return logger
    }
}

private enum LoggingBootstrap {
    private static let done: Void = {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .trace
            return handler
        }
    }()

    static func once(level: Logger.Level) {
        _ = done
    }
}
