package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files a process names with its own pid and removes when it ends: a temporary cassette beside its target
/// (``AtomicFile``), a server's temporary simulator store. One killed before it could remove them leaves them
/// behind; the next process to make such a file removes those of processes that no longer run.
package enum AbandonedFiles {
    /// Removes the files in `folder` for which `owner` reads a pid from the name, when that pid is not this
    /// process's and no process has it.
    package static func remove(in folder: URL, owner: (String) -> pid_t?) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            guard let pid = owner(name), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink(folder.appendingPathComponent(name).path)
            }
        }
    }
}
