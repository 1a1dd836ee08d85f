public import JSONCore

extension HAR {
    /// The root of a HAR file: the exporting tool, the pages and the entries (interactions).
    public struct Log: Sendable, Hashable {
        /// The HAR format version (`1.2`).
        public var version: String
        /// The tool that wrote the file.
        public var creator: Creator
        /// The browser that made the requests, when the file comes from one.
        public var browser: Creator?
        /// The pages the entries belong to (browsers), or nil.
        public var pages: [Page]?
        /// The interactions, in the order they were sent.
        public var entries: [Entry]
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// The `_harness` extension: flow, vendor, volatile fields, schemas, outcome, redaction rules.
        public var harness: HarnessExtension?
        /// Members not modelled above, written back unchanged.
        public var extensions: JSONObject

        /// A log from its parts; the defaults give an empty HAR 1.2 log written by ContractHarness.
        public init(
            version: String = HAR.version,
            creator: Creator = .harness,
            browser: Creator? = nil,
            pages: [Page]? = nil,
            entries: [Entry] = [],
            comment: String? = nil,
            harness: HarnessExtension? = nil,
            extensions: JSONObject = JSONObject()
        ) {
            self.version = version
            self.creator = creator
            self.browser = browser
            self.pages = pages
            self.entries = entries
            self.comment = comment
            self.harness = harness
            self.extensions = extensions
        }
    }
}

extension HAR.Log: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        version = try reader.string("version", default: HAR.version)
        creator =
            try reader.optionalObject("creator") { reader throws(CassetteError) in
                try HAR.Creator(reading: &reader)
            } ?? HAR.Creator(name: "unknown", version: "")
        browser = try reader.optionalObject("browser") { reader throws(CassetteError) in
            try HAR.Creator(reading: &reader)
        }
        pages = try reader.optionalArray("pages") { reader throws(CassetteError) in try HAR.Page(reading: &reader) }
        guard let list = reader.raw("entries") else { throw reader.missing("entries", expected: "an array") }
        guard case .array(let elements) = list else {
            throw reader.wrongType("entries", expected: "an array", found: list)
        }
        entries = try HAR.Entry.read(elements, at: reader.pointer.appending("entries"), file: reader.file)
        comment = try reader.optionalString("comment")
        harness = try reader.optionalObject(HarnessExtension.key) { reader throws(CassetteError) in
            try HarnessExtension(reading: &reader)
        }
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("version", version)
        writer.set("creator", creator)
        writer.set("browser", browser)
        writer.set("pages", pages)
        writer.set("entries", entries)
        writer.set("comment", comment)
        writer.set(HarnessExtension.key, harness)
        return writer.json
    }
}
