import CassetteKit
import Foundation
import JSONCore

extension CassetteIndexFile {
    /// Where each interaction of a cassette lies in its file, as ``CassetteOutline`` finds it (byte range, method,
    /// URL), and a fingerprint of the text around the interactions: what opens the cassette at its first use without
    /// reading the file (``outline(of:size:count:)``), each entry's text then read when a request first needs it.
    ///
    /// Kept as the index's own lines, parsed only at the cassette's first use:
    /// `F <fingerprint>` (FNV-1a 64 of the text before the first interaction and after the last), `H <start> <end>`
    /// for the log's `_harness` object when there is one, then `E <start> <end> <method> <url>` per interaction.
    struct Layout: Equatable, Sendable {
        /// The lines, joined by line breaks (no break after the last).
        var lines: Data

        init(lines: Data) {
            self.lines = lines
        }

        /// The layout of a cassette read in full: `outline` of its `bytes`, when it outlines as many interactions
        /// with the same URLs as the full read found (`urls`). Nil for a cassette without interactions, or whose
        /// method or URL holds a tab or a line break.
        init?(outline: CassetteOutline, bytes: Data, urls: [String]) {
            guard let first = outline.entries.first, let last = outline.entries.last,
                outline.entries.map(\.url) == urls
            else { return nil }
            var lines = [
                "F\t"
                    + Self.fingerprint(
                        head: bytes.prefix(first.range.lowerBound), tail: bytes[last.range.upperBound...])
            ]
            if let harness = outline.harness { lines.append("H\t\(harness.lowerBound)\t\(harness.upperBound)") }
            for entry in outline.entries {
                guard CassetteIndexFile.isField(entry.method), CassetteIndexFile.isField(entry.url) else { return nil }
                lines.append("E\t\(entry.range.lowerBound)\t\(entry.range.upperBound)\t\(entry.method)\t\(entry.url)")
            }
            self.lines = Data(lines.joined(separator: "\n").utf8)
        }

        /// The outline these lines give of `file`, whose size is `size`, read lazily from the file; nil when they do
        /// not hold `count` interactions in order within the file, or the text around them no longer has the
        /// fingerprint (the file changed under the same size and time), so the caller outlines the file itself.
        func outline(of file: URL, size: Int64, count: Int) -> CassetteOutline? {
            guard let size = Int(exactly: size) else { return nil }
            var fingerprint: String?
            var harness: Range<Int>?
            var entries: [CassetteOutline.Entry] = []
            // At most one entry a line: the count comes from a file and may be anything.
            entries.reserveCapacity(min(count, lines.count / 8))
            var end = 0
            let valid = lines.withUnsafeBytes { raw -> Bool in
                for line in raw.bindMemory(to: UInt8.self).split(separator: 0x0A) {
                    let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
                    switch (fields.first?.first, fields.count) {
                    case (UInt8(ascii: "F"), 2) where fingerprint == nil:
                        fingerprint = String(decoding: fields[1], as: UTF8.self)
                    case (UInt8(ascii: "H"), 3) where harness == nil && entries.isEmpty:
                        guard let range = Self.range(fields[1], fields[2], within: size) else { return false }
                        harness = range
                    case (UInt8(ascii: "E"), 5):
                        // Entries follow one another: a range before the last one's end is not one this wrote.
                        guard entries.count < count, let range = Self.range(fields[1], fields[2], within: size),
                            range.lowerBound >= end
                        else { return false }
                        end = range.upperBound
                        entries.append(
                            CassetteOutline.Entry(
                                range: range, method: String(decoding: fields[3], as: UTF8.self),
                                url: String(decoding: fields[4], as: UTF8.self)))
                    default:
                        return false
                    }
                }
                return true
            }
            guard valid, let fingerprint, let first = entries.first, entries.count == count,
                let head = Self.text(of: file, from: 0, to: first.range.lowerBound),
                let tail = Self.text(of: file, from: end, to: size),
                Self.fingerprint(head: head, tail: tail) == fingerprint
            else { return nil }
            return CassetteOutline(file: file, entries: entries, harness: harness)
        }

        /// `start..<end` from two decimal fields, when it is a non-empty range within `size` bytes.
        private static func range(
            _ start: some Collection<UInt8>, _ end: some Collection<UInt8>, within size: Int
        ) -> Range<Int>? {
            guard let start = Int(String(decoding: start, as: UTF8.self)),
                let end = Int(String(decoding: end, as: UTF8.self)), start >= 0, end > start, end <= size
            else { return nil }
            return start..<end
        }

        /// The text of `file` from `start` to `end` (empty when they are equal); nil when the file no longer holds it.
        private static func text(of file: URL, from start: Int, to end: Int) -> Data? {
            guard end > start else { return Data() }
            return BoundedFile.read(file, range: (start, end), limit: Cassette.maximumFileSize)
        }

        private static func fingerprint(head: Data, tail: Data) -> String {
            var hash = StableHash()
            hash.combine(head)
            hash.combine(tail)
            return hash.hex
        }
    }
}
