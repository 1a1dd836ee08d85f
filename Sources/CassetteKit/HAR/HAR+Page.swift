public import JSONCore

extension HAR {
    /// A page the entries may belong to (browsers group requests by page; cassettes usually have none).
    public struct Page: Sendable, Hashable {
        /// When the page started loading (ISO 8601).
        public var startedDateTime: String
        /// The page's identifier, which entries name in `pageref`.
        public var id: String
        /// The page's title.
        public var title: String
        /// When its content loaded.
        public var pageTimings: PageTimings
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// A page from its fields.
        public init(
            startedDateTime: String, id: String, title: String, pageTimings: PageTimings = PageTimings(),
            comment: String? = nil, extensions: JSONObject = JSONObject()
        ) {
            self.startedDateTime = startedDateTime
            self.id = id
            self.title = title
            self.pageTimings = pageTimings
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.Page: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        startedDateTime = try reader.string("startedDateTime", default: "")
        id = try reader.string("id", default: "")
        title = try reader.string("title", default: "")
        pageTimings =
            try reader.optionalObject("pageTimings") { reader throws(CassetteError) in
                try HAR.PageTimings(reading: &reader)
            } ?? HAR.PageTimings()
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("startedDateTime", startedDateTime)
        writer.set("id", id)
        writer.set("title", title)
        writer.set("pageTimings", pageTimings)
        writer.set("comment", comment)
        return writer.json
    }
}
