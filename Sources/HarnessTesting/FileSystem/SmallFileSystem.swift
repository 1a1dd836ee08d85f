package import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A size-limited tmpfs mounted for one test, so that the test can fill it and watch a write meet a full disk
/// (`ENOSPC`), then free the space and watch the work resume. Mounting needs Linux and root (or CAP_SYS_ADMIN):
/// tests that use it are enabled with ``isAvailable`` and say why they are skipped with ``unavailableReason``.
///
/// ```swift
/// @Test(.enabled(if: SmallFileSystem.isAvailable, Comment(rawValue: SmallFileSystem.unavailableReason ?? "")))
/// func fullDisk() async throws {
///     try await withSmallFileSystem { disk in
///         try disk.fill()      // the next write that needs a block fails with ENOSPC
///         disk.free()          // and now it succeeds again
///     }
/// }
/// ```
package struct SmallFileSystem: Sendable {
    /// The mounted folder.
    package let url: URL
    /// The file that takes up the free space while the disk is ``fill()``ed.
    private var filler: URL { url.appendingPathComponent(".filler") }

    /// Why a small file system cannot be mounted here, or nil when it can (found once, by mounting one).
    package static let unavailableReason: String? = probe()

    /// Whether a small file system can be mounted here.
    package static var isAvailable: Bool { unavailableReason == nil }

    /// Mounts a tmpfs of `kibibytes` KiB on a new folder under the temporary directory. Unmount it with
    /// ``unmount()`` (``withSmallFileSystem(kibibytes:_:)`` does).
    package static func mount(kibibytes: Int = 512) throws(HarnessTestingError) -> SmallFileSystem {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "contractharness-disk-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .smallFileSystem(path: url.path, reason: "\(error)")
        }
        #if os(Linux)
        guard Glibc.mount("tmpfs", url.path, "tmpfs", 0, "size=\(kibibytes)k,mode=0755") == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: url)
            throw .smallFileSystem(path: url.path, reason: "mount -t tmpfs failed: \(reason)")
        }
        return SmallFileSystem(url: url)
        #else
        try? FileManager.default.removeItem(at: url)
        throw .smallFileSystem(path: url.path, reason: "tmpfs mounts need Linux")
        #endif
    }

    /// Unmounts the file system (lazily, so files a test left open do not keep it) and removes its folder.
    package func unmount() {
        #if os(Linux)
        _ = umount2(url.path, Int32(MNT_DETACH))
        #endif
        rmdir(url.path)
    }

    /// Takes up every free block, so the next write that needs one fails with `ENOSPC`.
    package func fill() throws(HarnessTestingError) {
        let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        guard descriptor >= 0 else {
            throw .smallFileSystem(path: filler.path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let written = chunk.withUnsafeBytes { raw in write(descriptor, raw.baseAddress, raw.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == ENOSPC { return }
                throw .smallFileSystem(path: filler.path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Gives back the space ``fill()`` took.
    package func free() {
        unlink(filler.path)
    }

    /// Mounts and unmounts one small file system, or says why that is not possible.
    private static func probe() -> String? {
        #if os(Linux)
        do {
            try mount(kibibytes: 64).unmount()
            return nil
        } catch {
            let privileged = geteuid() == 0 ? "" : " (the tests run as uid \(geteuid()), not root)"
            return "cannot mount a small tmpfs to fill: \(error)\(privileged)"
        }
        #else
        return "filling a small tmpfs needs Linux (mount -t tmpfs) and root"
        #endif
    }
}

/// Runs `body` with a small file system of `kibibytes` KiB, unmounted afterwards whether `body` returns or throws.
package func withSmallFileSystem<T>(
    kibibytes: Int = 512, _ body: (SmallFileSystem) async throws -> T
) async throws -> T {
    let disk = try SmallFileSystem.mount(kibibytes: kibibytes)
    defer { disk.unmount() }
    return try await body(disk)
}
