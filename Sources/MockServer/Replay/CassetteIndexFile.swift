import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The derived index `harness serve` keeps beside the cassettes (`<cassettes>/.harness-index`): for each
/// `<vendor>/<flow>.har`, its size and modification time when indexed, its number of interactions and the routes
/// (method and decoded path) they answer. With it, start-up reads one small file instead of parsing every cassette;
/// a cassette is parsed at its first use. An entry whose file's size or modification time changed, or a file the
/// index lacks, is parsed at start-up as before and the index rewritten; the file is only ever a cache, so a
/// missing, unreadable or unwritable one just means parsing everything.
///
/// Text, one record a line, fields split by tabs:
/// `harness-index 1`, then per cassette `C <name> <size> <seconds> <nanoseconds> <interactions>` followed by
/// its routes, `R <method> <path>`. A cassette with a route holding a tab or a line break is not indexed.
struct CassetteIndexFile {
    static let name = ".harness-index"
    static let header = "harness-index 1"

    /// What identifies one version of a cassette file.
    struct Stamp: Hashable {
        var size: Int64
        var seconds: Int64
        var nanoseconds: Int64

        /// The stamp of the file at `path`; nil when it cannot be read.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            size = Int64(info.st_size)
            #if canImport(Darwin)
            seconds = Int64(info.st_mtimespec.tv_sec)
            nanoseconds = Int64(info.st_mtimespec.tv_nsec)
            #else
            seconds = Int64(info.st_mtim.tv_sec)
            nanoseconds = Int64(info.st_mtim.tv_nsec)
            #endif
        }

        init(size: Int64, seconds: Int64, nanoseconds: Int64) {
            self.size = size
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }
    }

    /// One indexed cassette.
    struct Entry: Equatable {
        var stamp: Stamp
        var count: Int
        var routes: Set<RouteKey>
    }

    var entries: [String: Entry] = [:]

    /// The index in `directory`; empty when there is none or it does not read.
    static func read(in directory: URL) -> CassetteIndexFile {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
            return CassetteIndexFile()
        }
        var index = CassetteIndexFile()
        var current: (name: String, entry: Entry)?
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .makeIterator()
        guard lines.next() == Substring(header) else { return CassetteIndexFile() }
        while let line = lines.next() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch fields.first {
            case "C" where fields.count == 6:
                if let current { index.entries[current.name] = current.entry }
                guard let size = Int64(fields[2]), let seconds = Int64(fields[3]), let nanoseconds = Int64(fields[4]),
                    let count = Int(fields[5])
                else { return CassetteIndexFile() }
                current = (
                    String(fields[1]),
                    Entry(
                        stamp: Stamp(size: size, seconds: seconds, nanoseconds: nanoseconds), count: count, routes: [])
                )
            case "R" where fields.count == 3 && current != nil:
                current?.entry.routes.insert(RouteKey(decodedMethod: String(fields[1]), path: String(fields[2])))
            case nil, "":
                continue
            default:
                return CassetteIndexFile()
            }
        }
        if let current { index.entries[current.name] = current.entry }
        return index
    }

    /// The index as text.
    func text() -> String {
        var lines = [Self.header]
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let plain = entry.routes.allSatisfy { route in
                !(route.method + route.path).unicodeScalars.contains { $0 == "\t" || $0 == "\n" || $0 == "\r" }
            }
            guard plain else { continue }
            let routes = entry.routes.map { "R\t\($0.method)\t\($0.path)" }
            lines.append(
                "C\t\(name)\t\(entry.stamp.size)\t\(entry.stamp.seconds)\t\(entry.stamp.nanoseconds)\t\(entry.count)")
            lines += routes.sorted()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the index into `directory` (through a temporary file, renamed); false when it cannot.
    func write(in directory: URL) -> Bool {
        let target = directory.appendingPathComponent(Self.name)
        let temporary = directory.appendingPathComponent(Self.name + ".\(UUID().uuidString).tmp")
        do {
            try Data(text().utf8).write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                return false
            }
            return true
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
    }
}
