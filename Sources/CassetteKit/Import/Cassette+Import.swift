extension Cassette {
    /// A cassette made from a HAR file exported by a browser or a proxy (Chrome, Firefox, Safari, Charles,
    /// Proxyman, Fiddler, mitmproxy): every entry kept in order with its `_harness.order`, the flow settings
    /// set, and every secret redacted.
    ///
    /// Browsers store bodies already decoded while keeping `Content-Encoding: gzip`; such a header (and its
    /// `Content-Length`) is dropped when the stored body is not actually encoded, so replay is consistent.
    ///
    /// - Returns: the cassette and how many values were redacted.
    public static func imported(
        from exported: Cassette, settings: HarnessExtension = HarnessExtension(), rules: RedactionRules = .default
    ) -> (cassette: Cassette, redacted: Int) {
        var cassette = exported
        cassette.harness = cassette.harness.merging(settings)
        for index in cassette.log.entries.indices {
            var entry = cassette.log.entries[index]
            if let body = entry.response.content.bytes, !body.isEmpty, !ContentEncoding.looksEncoded(body) {
                entry.response.headers.removeEncodingHeaders()
            }
            if let body = entry.request.postData?.bytes, !body.isEmpty, !ContentEncoding.looksEncoded(body) {
                entry.request.headers.removeEncodingHeaders()
            }
            var harness = entry.harness ?? HarnessExtension()
            harness.order = index
            entry.harness = harness
            cassette.log.entries[index] = entry
        }
        let redacted = cassette.redact(rules: rules)
        return (cassette, redacted)
    }
}

extension [HAR.NameValue] {
    /// Drops `Content-Encoding` and `Content-Length` when a content encoding is declared.
    fileprivate mutating func removeEncodingHeaders() {
        guard contains(where: { HeaderFields.same($0.name, "Content-Encoding") }) else { return }
        removeAll { HeaderFields.same($0.name, "Content-Encoding") || HeaderFields.same($0.name, "Content-Length") }
    }
}
