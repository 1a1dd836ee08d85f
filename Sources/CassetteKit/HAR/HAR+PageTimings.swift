public import JSONCore

extension HAR {
    /// When a page's content loaded, in milliseconds since the page started (-1 or absent: unknown).
    public struct PageTimings: Sendable, Hashable {
        /// Milliseconds until the content was loaded (`DOMContentLoaded`), when known.
        public var onContentLoad: Double?
        /// Milliseconds until the page was loaded (`load`), when known.
        public var onLoad: Double?
        /// A free-text comment (HAR allows one on every object).
        public var comment: String?
        /// Members not modelled above (other tools' `_…` extensions), written back unchanged.
        public var extensions: JSONObject

        /// Page timings from their fields; nil means unknown.
        public init(
            onContentLoad: Double? = nil, onLoad: Double? = nil, comment: String? = nil,
            extensions: JSONObject = JSONObject()
        ) {
            self.onContentLoad = onContentLoad
            self.onLoad = onLoad
            self.comment = comment
            self.extensions = extensions
        }
    }
}

extension HAR.PageTimings: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        onContentLoad = try reader.optionalDouble("onContentLoad")
        onLoad = try reader.optionalDouble("onLoad")
        comment = try reader.optionalString("comment")
        extensions = reader.remaining
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("onContentLoad", onContentLoad)
        writer.set("onLoad", onLoad)
        writer.set("comment", comment)
        return writer.json
    }
}
