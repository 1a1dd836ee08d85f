import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary folder one flow is recorded into before its cassette is stored: named after the recording
/// process, so that the folders of a process killed mid-recording (SIGKILL runs no `defer`) are removed by the
/// next recording instead of piling up.
enum ScratchFolder {
    static let prefix = "harness-record-"

    /// A new, empty folder's URL (not created) for this process.
    static func make(in parent: URL = FileManager.default.temporaryDirectory) -> URL {
        removeAbandoned(in: parent)
        return parent.appendingPathComponent(
            "\(prefix)\(getpid())-\(UUID().uuidString)", isDirectory: true)
    }

    /// Removes the scratch folders of processes that no longer run.
    static func removeAbandoned(in parent: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let owner = name.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let pid = Int32(owner), pid > 0, pid != getpid(), !isRunning(pid) else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name, isDirectory: true))
        }
    }

    private static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
