package import Foundation
import JSONCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a cassette's interactions lie in its bytes, and the method and URL of each, read in one pass over the
/// text without building the JSON tree: what a replay server needs to route requests to a large cassette before
/// any entry is decoded. ``InteractionIndex`` decodes an entry from its byte range when a request may need it.
///
/// The outline checks the structure the pass walks (objects, arrays and strings balanced, nothing after the root
/// value), not the whole grammar: it is meant for a cassette already read once in full (a replay server keeps a
/// derived index of those). Anything it does not expect (a duplicated `log`, `entries`, `request`, `method` or
/// `url` member, a value of the wrong kind, a truncated text) makes it return nil, and the caller reads the file in
/// full, which names the problem.
package struct CassetteOutline: Sendable {
    /// One interaction: where its object lies in the text, and its request's method and URL as written.
    package struct Entry: Sendable, Hashable {
        package var range: Range<Int>
        package var method: String
        package var url: String

        package init(range: Range<Int>, method: String, url: String) {
            self.range = range
            self.method = method
            self.url = url
        }
    }

    package let entries: [Entry]
    /// Where the log's `_harness` object lies, if it has one.
    package let harness: Range<Int>?
    /// Where the text of an entry is read from.
    private let source: Source

    private enum Source: Sendable {
        /// The cassette's whole text, in memory.
        case bytes(Data)
        /// The cassette file, read a range at a time.
        case file(URL)
    }

    /// The outline of `bytes`, or nil when the pass meets something it does not expect.
    package init?(bytes: Data) {
        let found: (entries: [Entry], harness: Range<Int>?)? = bytes.withUnsafeBytes { raw in
            var scanner = OutlineScanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.document()
        }
        guard let found else { return nil }
        source = .bytes(bytes)
        entries = found.entries
        harness = found.harness
    }

    /// An outline as given, trusted as it is (what ``InteractionIndex`` does when the text is not what it says is
    /// tested with one).
    package init(bytes: Data, entries: [Entry], harness: Range<Int>?) {
        source = .bytes(bytes)
        self.entries = entries
        self.harness = harness
    }

    /// The outline of the cassette file at `url`; nil when it cannot be read, is over ``Cassette/maximumFileSize``
    /// or does not outline. The file is read, not mapped: a file cut short while mapped would stop the process.
    package init?(contentsOf url: URL) {
        guard case .data(let bytes)? = try? BoundedFile.read(url, limit: Cassette.maximumFileSize) else { return nil }
        self.init(bytes: bytes)
    }

    /// An outline known already (a replay server keeps the outlines of cassettes it read in full), trusted as it
    /// is: nothing of `file` is read now, and each entry's text is read from it when the entry is decoded. A file
    /// changed since shows when an entry's text is not the interaction outlined there (``InteractionIndex``'s
    /// `failure`), or is cut short (its text is then empty, which does not parse).
    package init(file: URL, entries: [Entry], harness: Range<Int>?) {
        source = .file(file)
        self.entries = entries
        self.harness = harness
    }

    /// The text of the value at `range`, for ``JSONValue/init(parsing:maximumDepth:)``; empty when a file it is read
    /// from no longer holds it.
    package func text(_ range: Range<Int>) -> Data {
        switch source {
        case .bytes(let bytes):
            return bytes[bytes.startIndex + range.lowerBound..<bytes.startIndex + range.upperBound]
        case .file(let file):
            return BoundedFile.read(
                file, range: (range.lowerBound, range.upperBound), limit: Cassette.maximumFileSize) ?? Data()
        }
    }
}

/// The pass behind ``CassetteOutline``: a cursor over UTF-8 bytes that walks the members it needs and skips the
/// rest. Every read is bounds-checked against the end; nothing recurses, so hostile nesting cannot exhaust the stack.
private struct OutlineScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func document() -> (entries: [CassetteOutline.Entry], harness: Range<Int>?)? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var log: (entries: [CassetteOutline.Entry], harness: Range<Int>?)?
        let read = members { scanner, key in
            guard key == "log" else { return scanner.skipValue() }
            guard log == nil, let found = scanner.log() else { return false }
            log = found
            return true
        }
        skipWhitespace()
        guard read, index == bytes.count else { return nil }
        return log
    }

    private mutating func log() -> (entries: [CassetteOutline.Entry], harness: Range<Int>?)? {
        var entries: [CassetteOutline.Entry]?
        var harness: Range<Int>?
        var harnessSeen = false
        let read = members { scanner, key in
            switch key {
            case "entries":
                guard entries == nil, let found = scanner.entries() else { return false }
                entries = found
                return true
            case "_harness":
                guard !harnessSeen else { return false }
                harnessSeen = true
                scanner.skipWhitespace()
                let start = scanner.index
                guard scanner.peek == UInt8(ascii: "{") || scanner.peek == UInt8(ascii: "n"), scanner.skipValue()
                else { return false }
                if scanner.bytes[start] == UInt8(ascii: "{") { harness = start..<scanner.index }
                return true
            default:
                return scanner.skipValue()
            }
        }
        guard read, let entries else { return nil }
        return (entries, harness)
    }

    private mutating func entries() -> [CassetteOutline.Entry]? {
        skipWhitespace()
        guard take(UInt8(ascii: "[")) else { return nil }
        var entries: [CassetteOutline.Entry] = []
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return entries }
        while true {
            skipWhitespace()
            let start = index
            var request: (method: String, url: String)?
            let read = members { scanner, key in
                guard key == "request" else { return scanner.skipValue() }
                guard request == nil, let found = scanner.request() else { return false }
                request = found
                return true
            }
            guard read, let request else { return nil }
            entries.append(CassetteOutline.Entry(range: start..<index, method: request.method, url: request.url))
            skipWhitespace()
            if take(UInt8(ascii: "]")) { return entries }
            guard take(UInt8(ascii: ",")) else { return nil }
        }
    }

    private mutating func request() -> (method: String, url: String)? {
        var method: String?
        var url: String?
        let read = members { scanner, key in
            switch key {
            case "method":
                guard method == nil, let text = scanner.string() else { return false }
                method = text
            case "url":
                guard url == nil, let text = scanner.string() else { return false }
                url = text
            default:
                return scanner.skipValue()
            }
            return true
        }
        guard read, let method, let url else { return nil }
        return (method, url)
    }

    /// Walks an object, calling `member` with each key and the cursor at its value; `member` reads or skips the
    /// value and says whether that went well.
    private mutating func members(_ member: (inout OutlineScanner, String) -> Bool) -> Bool {
        skipWhitespace()
        guard take(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        if take(UInt8(ascii: "}")) { return true }
        while true {
            skipWhitespace()
            guard let key = string() else { return false }
            skipWhitespace()
            guard take(UInt8(ascii: ":")), member(&self, key) else { return false }
            skipWhitespace()
            if take(UInt8(ascii: "}")) { return true }
            guard take(UInt8(ascii: ",")) else { return false }
        }
    }

    /// Reads a string value: the bytes as they are when they are printable ASCII, else decoded (and checked) by
    /// the JSON parser.
    private mutating func string() -> String? {
        skipWhitespace()
        let start = index
        guard skipString() else { return nil }
        let inner = UnsafeBufferPointer(rebasing: bytes[start + 1..<index - 1])
        if !inner.contains(where: { $0 == Self.backslash || $0 < 0x20 || $0 >= 0x80 }) {
            return String(decoding: inner, as: UTF8.self)
        }
        let text = Data(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        guard case .string(let value)? = try? JSONValue(parsing: text) else { return nil }
        return value
    }

    /// Moves past a string starting at the cursor; false when there is none or it does not end. Quotes are found
    /// with `memchr`: most of a cassette is response text.
    private mutating func skipString() -> Bool {
        guard take(Self.quote), let base = bytes.baseAddress else { return false }
        let start = index
        while index < bytes.count {
            guard let found = memchr(base + index, Int32(Self.quote), bytes.count - index) else { break }
            let at = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            index = at + 1
            // The quote ends the string unless an odd run of backslashes escapes it.
            var backslashes = 0
            while at - backslashes - 1 >= start, bytes[at - backslashes - 1] == Self.backslash { backslashes += 1 }
            if backslashes % 2 == 0 { return true }
        }
        index = bytes.count
        return false
    }

    /// Moves past one value of any kind; false when it is cut short or its brackets do not pair.
    private mutating func skipValue() -> Bool {
        skipWhitespace()
        guard let first = peek else { return false }
        switch first {
        case Self.quote:
            return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var open: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case Self.quote:
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "{"): open.append(UInt8(ascii: "}"))
                case UInt8(ascii: "["): open.append(UInt8(ascii: "]"))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard open.popLast() == byte else { return false }
                    if open.isEmpty {
                        index += 1
                        return true
                    }
                default: break
                }
                index += 1
            }
            return false
        default:
            // A number or a literal: it runs to the next delimiter.
            let start = index
            while let byte = peek, !Self.isDelimiter(byte) { index += 1 }
            return index > start
        }
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\n"),
            UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: "["), quote:
            true
        default: false
        }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }
}
