import ArgumentParser
import Foundation

/// `--jobs N`: how many flows `verify`, `flows` and `record` run at once. Reports keep the catalog's order and
/// the exit status is the same whatever N is.
struct JobsOptions: ParsableArguments {
    @Option(help: "Flows run at once (default: the number of cores); 1 runs them one after another.")
    var jobs: Int?

    func validate() throws {
        if let jobs { try OptionRange.count(jobs, "--jobs", in: 1...1024) }
    }

    /// `--jobs`, or the number of cores.
    var count: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }
}
