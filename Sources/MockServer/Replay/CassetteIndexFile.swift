import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The derived index `harness serve` keeps beside the cassettes (`<cassettes>/.harness-index`): for each
/// `<vendor>/<flow>.har`, its size and modification time when indexed, its number of interactions, the routes
/// (method and decoded path) they answer, and its ``Layout``: where each interaction lies in the file. With it,
/// start-up reads one small file instead of parsing every cassette, and a cassette's first use reads only the entries
/// requests need. An entry whose file's size or modification time changed, or a file the index lacks, is parsed at
/// start-up as before and the index rewritten; the file is only ever a cache, so a missing, unreadable or unwritable
/// one just means parsing everything.
///
/// Text, one record a line, fields split by tabs: `harness-index 2`, then per cassette
/// `C <name> <size> <seconds> <nanoseconds> <interactions>`, its layout's lines (``Layout``), and its routes,
/// `R <method> <path>`. A cassette with a route holding a tab or a line break is not indexed.
struct CassetteIndexFile {
    static let name = ".harness-index"
    static let header = "harness-index 2"

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
        /// Its routes, each once (sorted when written here; as read otherwise).
        var routes: [RouteKey]
        /// Where its interactions lie, when known (nil for a cassette whose outline it cannot hold).
        var layout: Layout?
    }

    var entries: [String: Entry] = [:]

    /// The index in `directory`; empty when there is none or it does not read. Parsed over the bytes, as
    /// start-up waits for it.
    static func read(in directory: URL) -> CassetteIndexFile {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
            return CassetteIndexFile()
        }
        return data.withUnsafeBytes { raw in parse(raw.bindMemory(to: UInt8.self)) } ?? CassetteIndexFile()
    }

    /// The index in `bytes`, or nil when they are not one.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> CassetteIndexFile? {
        var index = CassetteIndexFile()
        var current: (name: String, entry: Entry)?
        var layout: (start: Int, end: Int)?
        // The layout lines seen since the cassette's `C` line, given to it.
        func keepLayout() {
            guard let found = layout else { return }
            current?.entry.layout = Layout(lines: Data(UnsafeBufferPointer(rebasing: bytes[found.start..<found.end])))
            layout = nil
        }
        var lineStart = 0
        var first = true
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            defer { lineStart = lineEnd + 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            if first {
                guard String(decoding: line, as: UTF8.self) == header else { return nil }
                first = false
                continue
            }
            guard let kind = line.first else { continue }
            // A layout's lines are kept as they are, to be read at the cassette's first use.
            if kind == UInt8(ascii: "F") || kind == UInt8(ascii: "H") || kind == UInt8(ascii: "E") {
                guard current != nil else { return nil }
                layout = (layout?.start ?? lineStart, lineEnd)
                continue
            }
            keepLayout()
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            switch kind {
            case UInt8(ascii: "R") where fields.count == 3 && current != nil:
                let method = String(decoding: fields[1], as: UTF8.self)
                let path = String(decoding: fields[2], as: UTF8.self)
                current?.entry.routes.append(RouteKey(decodedMethod: method, path: path))
            case UInt8(ascii: "C") where fields.count == 6:
                if let current { index.entries[current.name] = current.entry }
                let numbers = fields[2...].map { Int64(String(decoding: $0, as: UTF8.self)) }
                guard let size = numbers[0], let seconds = numbers[1], let nanoseconds = numbers[2],
                    let count = numbers[3].flatMap({ Int(exactly: $0) }), count >= 0
                else { return nil }
                current = (
                    String(decoding: fields[1], as: UTF8.self),
                    Entry(
                        stamp: Stamp(size: size, seconds: seconds, nanoseconds: nanoseconds), count: count, routes: [])
                )
            default:
                return nil
            }
        }
        if first { return nil }
        keepLayout()
        if let current { index.entries[current.name] = current.entry }
        return index
    }

    /// Whether `text` can be a field of a line: it holds no tab and no line break.
    static func isField(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }

    /// The index as text.
    func text() -> String {
        var lines = [Self.header]
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            guard entry.routes.allSatisfy({ Self.isField($0.method) && Self.isField($0.path) }) else { continue }
            let routes = entry.routes.map { "R\t\($0.method)\t\($0.path)" }
            lines.append(
                "C\t\(name)\t\(entry.stamp.size)\t\(entry.stamp.seconds)\t\(entry.stamp.nanoseconds)\t\(entry.count)")
            if let layout = entry.layout { lines.append(String(decoding: layout.lines, as: UTF8.self)) }
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
