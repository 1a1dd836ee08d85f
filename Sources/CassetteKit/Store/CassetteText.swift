import Foundation
import JSONCore

/// A cassette's file assembled from its entries' text, each entry encoded once: a recording writes the whole file
/// after every batch of appends, and encoding every entry again each time made a long recording quadratic.
///
/// The bytes are exactly ``Cassette/encoded()``'s: the cassette without its entries is written with a marker in
/// their place (a fresh random string, found exactly once or not used), and each entry's text is written at the
/// depth of `log.entries`' elements.
enum CassetteText {
    /// How deep `log.entries`' elements stand in a cassette file: the top object, `log`, `entries`.
    static let entryDepth = 3

    /// An entry's text in a cassette file.
    static func entry(_ entry: HAR.Entry) -> [UInt8] {
        entry.json.bytes(.stable, indent: entryDepth)
    }

    /// The file of `frame` (whose own entries are ignored) holding `entries`, each given as ``entry(_:)`` wrote
    /// it; nil when the marker cannot be placed, for the caller to encode the whole cassette.
    static func assemble(_ frame: Cassette, entries: [[UInt8]]) -> Data? {
        var bare = frame
        bare.log.entries = []
        guard case .object(var top) = bare.json, case .object(var log)? = top["log"] else { return nil }
        let marker = "harness-entries-\(UUID().uuidString)"
        log["entries"] = .string(marker)
        top["log"] = .object(log)
        let text = JSONValue.object(top).bytes(.stable)
        let quoted = Array("\"\(marker)\"".utf8)
        guard let start = index(of: quoted, in: text), index(of: quoted, in: text, from: start + 1) == nil else {
            return nil
        }
        var output = [UInt8]()
        output.reserveCapacity(text.count + entries.reduce(0) { $0 + $1.count + 2 * entryDepth + 2 })
        output.append(contentsOf: text[..<start])
        if entries.isEmpty {
            output.append(contentsOf: Array("[]".utf8))
        } else {
            output.append(UInt8(ascii: "["))
            for (offset, entry) in entries.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(entryDepth, &output)
                output.append(contentsOf: entry)
            }
            newline(entryDepth - 1, &output)
            output.append(UInt8(ascii: "]"))
        }
        output.append(contentsOf: text[(start + quoted.count)...])
        output.append(UInt8(ascii: "\n"))
        return Data(output)
    }

    private static func newline(_ depth: Int, _ output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// Where `needle` first starts in `haystack` at or after `start` (a cassette without its entries is small).
    private static func index(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard !needle.isEmpty, start >= 0 else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
