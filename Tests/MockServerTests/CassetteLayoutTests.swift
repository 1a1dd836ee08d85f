import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import Testing

@testable import MockServer

/// The layout the derived index keeps of a cassette: where each interaction lies, so the cassette opens at its first
/// use without reading the file. What it gives is what an outline of the file gives; a file changed around its
/// interactions, or lines that are not a layout this wrote, give nothing (the caller outlines the file), never a trap.
@Suite("CassetteIndexFile.Layout")
struct CassetteLayoutTests {
    /// The outline and layout of the outlined-replay cassette (45 interactions, a `_harness` object) in `folder`.
    func laidOut(in folder: URL) throws -> (file: URL, bytes: Data, outline: CassetteOutline, layout: Layout) {
        try OutlinedReplayTests.write(in: folder)
        let file = folder.appendingPathComponent("engage/flow.har")
        let bytes = try Data(contentsOf: file)
        let outline = try #require(CassetteOutline(bytes: bytes))
        let cassette = try Cassette(data: bytes, source: file.path)
        let layout = try #require(Layout(outline: outline, bytes: bytes, urls: cassette.entries.map(\.request.url)))
        return (file, bytes, outline, layout)
    }

    typealias Layout = CassetteIndexFile.Layout

    @Test("A layout opens the cassette as its outline does, each entry's text read from the file")
    func opensAsTheOutline() throws {
        try withTemporaryDirectory { folder in
            let (file, bytes, outline, layout) = try laidOut(in: folder.url)
            #expect(outline.entries.count == 45)
            let opened = try #require(layout.outline(of: file, size: Int64(bytes.count), count: 45))
            #expect(opened.entries == outline.entries)
            #expect(opened.harness == outline.harness)
            for entry in opened.entries { #expect(opened.text(entry.range) == outline.text(entry.range)) }
            // The index's text carries it as it is.
            let text = String(decoding: layout.lines, as: UTF8.self)
            #expect(text.hasPrefix("F\t") && text.components(separatedBy: "\nE\t").count == 46)
        }
    }

    @Test("A file changed around its interactions, or cut short, is not opened from its layout")
    func changedFileIsNotOpened() throws {
        try withTemporaryDirectory { folder in
            let (file, bytes, outline, layout) = try laidOut(in: folder.url)
            let first = try #require(outline.entries.first).range.lowerBound
            let last = try #require(outline.entries.last).range.upperBound
            // One byte changed before the first interaction, then one after the last: the same size.
            for position in [first / 2, last + 1] {
                var changed = bytes
                changed[position] = changed[position] == UInt8(ascii: " ") ? UInt8(ascii: "\n") : UInt8(ascii: " ")
                try changed.write(to: file)
                #expect(layout.outline(of: file, size: Int64(bytes.count), count: 45) == nil, "byte \(position)")
            }
            try bytes.prefix(last).write(to: file)
            #expect(layout.outline(of: file, size: Int64(bytes.count), count: 45) == nil)
            try FileManager.default.removeItem(at: file)
            #expect(layout.outline(of: file, size: Int64(bytes.count), count: 45) == nil)
        }
    }

    @Test("Lines that are not a layout this wrote give nothing, never a trap")
    func hostileLines() throws {
        try withTemporaryDirectory { folder in
            let (file, bytes, _, layout) = try laidOut(in: folder.url)
            let size = Int64(bytes.count)
            let lines = String(decoding: layout.lines, as: UTF8.self).components(separatedBy: "\n")
            let fingerprint = lines[0]
            let valid = lines.joined(separator: "\n")
            let hostile = [
                "", "\n\n", "F", "Z\tx", fingerprint, lines.dropFirst().joined(separator: "\n"),
                fingerprint + "\nE\t9\t3\tGET\t/x", fingerprint + "\nE\t-1\t3\tGET\t/x",
                fingerprint + "\nE\t0\t99999999999999999999999999\tGET\t/x",
                fingerprint + "\nE\t0\t\(Int.max)\tGET\t/x", fingerprint + "\nE\t\(Int.min)\t0\tGET\t/x",
                fingerprint + "\nE\t10\t\(size + 1)\tGET\t/x", fingerprint + "\nE\t10\t20\tGET",
                fingerprint + "\nE\t10\t20\tGET\t/x\nE\t15\t30\tGET\t/y", fingerprint + "\nH\t5\t2",
                valid + "\nE\t\(size - 2)\t\(size - 1)\tGET\t/x", valid + "\nH\t1\t2", valid + "\nF\tx",
                String(repeating: "E\t\t\t\t\n", count: 1000), "\u{0}\u{FF}\t\t",
            ]
            for text in hostile {
                let layout = Layout(lines: Data(text.utf8))
                #expect(layout.outline(of: file, size: size, count: 45) == nil, "\(text.prefix(80))")
            }
            // The count the index gives is checked too, however large.
            for count in [0, 44, 46, Int.max] { #expect(layout.outline(of: file, size: size, count: count) == nil) }
            for size in [Int64(0), size - 1, Int64.max] {
                #expect(layout.outline(of: file, size: size, count: 45) == nil)
            }
            #expect(layout.outline(of: file, size: size, count: 45) != nil)
        }
    }

    @Test("A cassette whose URL holds a tab, or outlined otherwise than read, has no layout")
    func noLayout() throws {
        try withTemporaryDirectory { folder in
            let (_, bytes, outline, _) = try laidOut(in: folder.url)
            var entries = outline.entries
            let urls = entries.map(\.url)
            entries[3].url += "\t"
            let tabbed = CassetteOutline(bytes: bytes, entries: entries, harness: outline.harness)
            #expect(Layout(outline: tabbed, bytes: bytes, urls: entries.map(\.url)) == nil)
            #expect(Layout(outline: outline, bytes: bytes, urls: Array(urls.dropLast())) == nil)
            #expect(Layout(outline: outline, bytes: bytes, urls: urls.reversed()) == nil)
            let empty = CassetteOutline(bytes: bytes, entries: [], harness: nil)
            #expect(Layout(outline: empty, bytes: bytes, urls: []) == nil)
        }
    }
}
