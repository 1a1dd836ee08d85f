public import JSONCore

extension HAR {
    /// A page the entries may belong to (browsers group requests by page; cassettes usually have none).
    public struct Page: Sendable, Hashable {
        public var startedDateTime: String
        public var id: String
        public var title: String
        public var pageTimings: PageTimings
        public var comment: String?
        public var extensions: JSONObject

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
