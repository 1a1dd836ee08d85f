import Foundation

/// Replaces secrets in interactions with stable placeholders: within one redactor (one cassette), the same
/// secret always gets the same placeholder, such as `<redacted:authorization:1>`.
///
/// Headers, the URL's query, `queryString`, cookies, form fields (`params` too), JSON and XML bodies are
/// covered; gzip and deflate bodies are decoded, redacted and encoded again; `Content-Length` follows a
/// body whose length changed. What was replaced is noted in the entry's `_harness.redactions`.
public struct Redactor: Sendable {
    /// What counts as a secret.
    public let rules: RedactionRules
    /// Prefixes of the XPaths in `rules`.
    public var namespaces: [String: String]
    var replacer: SecretReplacer

    /// A redactor applying `rules`; `namespaces` are the prefixes their XPaths use.
    public init(rules: RedactionRules = .default, namespaces: [String: String] = [:]) {
        self.rules = rules
        self.namespaces = namespaces
        var table = PlaceholderTable(numbered: true)
        table.name(rules.credentials)
        replacer = SecretReplacer(rules: rules, table: table)
    }

    /// A redactor for `cassette`: its `_harness.redact` rules are added, and numbering continues after the
    /// placeholders it already holds.
    public init(for cassette: Cassette, rules: RedactionRules = .default) {
        self.init(rules: rules.adding(cassette.harness.redact), namespaces: cassette.harness.namespaces)
        for entry in cassette.log.entries {
            for text in entry.textFields { replacer.table.continueAfter(placeholdersIn: text) }
        }
    }

    /// Redacts `entry` in place and records what was replaced in its `_harness.redactions`.
    /// Returns how many values were replaced.
    @discardableResult
    public mutating func redact(_ entry: inout HAR.Entry) -> Int {
        var applied: [AppliedRedaction] = []
        replacer.resetApplied()
        redact(&entry.request)
        applied += replacer.applied.map {
            AppliedRedaction(message: .request, field: $0.field, placeholder: $0.placeholder)
        }
        replacer.resetApplied()
        redact(&entry.response)
        applied += replacer.applied.map {
            AppliedRedaction(message: .response, field: $0.field, placeholder: $0.placeholder)
        }
        replacer.resetApplied()
        guard !applied.isEmpty else { return 0 }
        var harness = entry.harness ?? HarnessExtension()
        for redaction in applied where !harness.redactions.contains(redaction) {
            harness.redactions.append(redaction)
        }
        entry.harness = harness
        return applied.count
    }

    /// A redacted copy of `entry`.
    public mutating func redacting(_ entry: HAR.Entry) -> HAR.Entry {
        var copy = entry
        redact(&copy)
        return copy
    }

    private mutating func redact(_ request: inout HAR.Request) {
        request.url = replacer.url(request.url)
        redactHeaders(&request.headers)
        for index in request.queryString.indices {
            let item = request.queryString[index]
            request.queryString[index].value = replacer.pair(.query, name: item.name, value: item.value)
        }
        redactCookies(&request.cookies, kind: "cookie", header: "Cookie")
        guard var postData = request.postData else { return }
        let contentEncoding = request.headers.first { HeaderFields.same($0.name, "Content-Encoding") }?.value
        if let body = postData.bytes, postData.text != nil,
            let redacted = redactBody(body, contentType: postData.mimeType, contentEncoding: contentEncoding)
        {
            let stored = StoredBody(redacted, mimeType: postData.mimeType, contentEncoding: contentEncoding)
            postData.text = stored.text
            postData.encoding = stored.encoding
            request.bodySize = redacted.count
            fixContentLength(&request.headers, to: redacted.count)
        }
        if var params = postData.params {
            for index in params.indices {
                guard let value = params[index].value else { continue }
                params[index].value = redactFormValue(name: params[index].name, value: value)
            }
            postData.params = params
        }
        request.postData = postData
    }

    private mutating func redact(_ response: inout HAR.Response) {
        redactHeaders(&response.headers)
        redactCookies(&response.cookies, kind: "set-cookie", header: "Set-Cookie")
        if !response.redirectURL.isEmpty { response.redirectURL = replacer.url(response.redirectURL) }
        let contentEncoding = response.headers.first { HeaderFields.same($0.name, "Content-Encoding") }?.value
        guard response.content.text != nil, let body = response.content.bytes,
            let redacted = redactBody(body, contentType: response.content.mimeType, contentEncoding: contentEncoding)
        else { return }
        var content = HAR.Content(
            body: redacted, mimeType: response.content.mimeType, contentEncoding: contentEncoding)
        content.comment = response.content.comment
        content.extensions = response.content.extensions
        response.content = content
        response.bodySize = redacted.count
        fixContentLength(&response.headers, to: redacted.count)
    }

    private mutating func redactHeaders(_ headers: inout [HAR.NameValue]) {
        for index in headers.indices {
            headers[index].value = replacer.header(name: headers[index].name, value: headers[index].value)
        }
    }

    private mutating func redactCookies(_ cookies: inout [HAR.Cookie], kind: String, header: String) {
        let secret = rules.isSecretHeader(header)
        for index in cookies.indices {
            let cookie = cookies[index]
            let configured = rules.rules.contains { $0.selector == .cookie(cookie.name) }
            guard secret || configured, !cookie.value.isEmpty else { continue }
            cookies[index].value = replacer.placeholder(
                kind: kind, secret: cookie.value, field: "cookie:\(cookie.name)")
        }
    }

    private func fixContentLength(_ headers: inout [HAR.NameValue], to length: Int) {
        for index in headers.indices where HeaderFields.same(headers[index].name, "Content-Length") {
            headers[index].value = String(length)
        }
    }
}

extension HAR.Entry {
    /// Redacts this entry with `redactor` (see ``Redactor``).
    @discardableResult
    public mutating func redact(using redactor: inout Redactor) -> Int {
        redactor.redact(&self)
    }

    /// A copy of this entry redacted with `redactor`.
    public func redacting(using redactor: inout Redactor) -> HAR.Entry {
        redactor.redacting(self)
    }
}

extension Cassette {
    /// Redacts every entry in place with `rules` plus the cassette's own `_harness.redact` rules; the same
    /// secret gets the same placeholder throughout the cassette. Returns how many values were replaced.
    @discardableResult
    public mutating func redact(rules: RedactionRules = .default) -> Int {
        var redactor = Redactor(for: self, rules: rules)
        var total = 0
        for index in log.entries.indices { total += redactor.redact(&log.entries[index]) }
        return total
    }

    /// A redacted copy of this cassette.
    public func redacting(rules: RedactionRules = .default) -> Cassette {
        var copy = self
        copy.redact(rules: rules)
        return copy
    }
}

extension HAR.Entry {
    /// The texts of this entry where placeholders may be: URLs, header, cookie and parameter values, bodies.
    var textFields: [String] {
        var texts = [request.url, response.redirectURL]
        texts += request.headers.map(\.value) + response.headers.map(\.value)
        texts += request.cookies.map(\.value) + response.cookies.map(\.value)
        texts += request.queryString.map(\.value)
        texts += request.postData?.params?.compactMap(\.value) ?? []
        if let text = request.postData?.text { texts.append(text) }
        if let text = response.content.text { texts.append(text) }
        return texts.filter { $0.containsUTF8(PlaceholderTable.prefix) }
    }
}
