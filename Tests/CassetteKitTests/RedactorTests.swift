import CassetteKit
import Foundation
import JSONCore
import Testing

@Suite("Redactor")
struct RedactorTests {
    static let secrets = [
        "eyJhbGciOiJIUzI1NiJ9.live", "sk_live_51H8", "rt-9f8e7d", "cs-4242", "sess-abc", "ak-777", "raw-token-xyz",
        "hunter2",
    ]

    func oauthEntry() -> HAR.Entry {
        let request = CassetteRequest(
            method: "POST", url: "https://auth.example.com/oauth/token?api_key=ak-777&locale=en",
            headers: [
                "Content-Type": "application/x-www-form-urlencoded", "Authorization": "Basic sk_live_51H8",
                "Cookie": "sid=sess-abc; theme=dark", "X-API-Key": "ak-777",
            ],
            body: Data("grant_type=refresh_token&refresh_token=rt-9f8e7d&client_secret=cs-4242&client_id=app".utf8))
        let response = CassetteResponse(
            status: 200, statusText: "OK",
            headers: [
                "Content-Type": "application/json", "Set-Cookie": "sid=sess-abc; Path=/; HttpOnly",
                "Content-Length": "80",
            ],
            body: Data(
                #"{"access_token": "eyJhbGciOiJIUzI1NiJ9.live", "refresh_token": "rt-9f8e7d", "expires_in": 3600}"#
                    .utf8))
        return Sample.entry(request, response)
    }

    @Test("The built-in rules remove every secret from headers, cookies, query, form and JSON bodies")
    func defaults() throws {
        var cassette = Cassette(log: HAR.Log(entries: [oauthEntry()]))
        let count = cassette.redact()
        let text = String(decoding: cassette.encoded(), as: UTF8.self)
        for secret in Self.secrets { #expect(!text.contains(secret), "\(secret) survived redaction") }
        #expect(count > 5)
        let entry = cassette.entries[0]
        #expect(entry.request.headers.first { $0.name == "Authorization" }?.value == "Basic <redacted:authorization:1>")
        #expect(
            entry.request.headers.first { $0.name == "Cookie" }?.value
                == "sid=<redacted:cookie:1>; theme=<redacted:cookie:2>")
        #expect(
            entry.response.headers.first { $0.name == "Set-Cookie" }?.value
                == "sid=<redacted:cookie:1>; Path=/; HttpOnly", "the same secret keeps its placeholder across fields")
        #expect(
            entry.request.url == "https://auth.example.com/oauth/token?api_key=%3Credacted%3Aapi_key%3A1%3E&locale=en")
        #expect(entry.request.queryString.first { $0.name == "api_key" }?.value == "<redacted:api_key:1>")
        #expect(entry.request.postData?.text?.contains("client_id=app") == true)
        #expect(
            entry.response.content.text
                == #"{"access_token": "<redacted:access_token:1>", "refresh_token": "<redacted:refresh_token:1>", "expires_in": 3600}"#,
            "JSON keeps its spacing")
        #expect(entry.response.headers.first { $0.name == "Content-Length" }?.value == "\(entry.response.bodySize)")
        #expect(
            entry.harness?.redactions.contains(
                AppliedRedaction(
                    message: .request, field: "header:Authorization", placeholder: "<redacted:authorization:1>"))
                == true)
    }

    @Test("The same secret gets the same placeholder throughout a cassette, and placeholders do not look like secrets")
    func stablePlaceholders() throws {
        var cassette = Cassette(log: HAR.Log(entries: [oauthEntry(), oauthEntry()]))
        cassette.redact()
        let first = cassette.entries[0].request.postData?.text
        let second = cassette.entries[1].request.postData?.text
        #expect(first == second)
        #expect(first?.contains("refresh_token=%3Credacted%3Arefresh_token%3A1%3E") == true)
        #expect(cassette.entries[1].response.content.text?.contains("<redacted:refresh_token:1>") == true)
        let placeholder = "<redacted:authorization:1>"
        #expect(placeholder.allSatisfy { $0.isLetter || ":<>".contains($0) || $0.isNumber })
    }

    @Test("Redacting twice changes nothing more, and new secrets continue the numbering")
    func idempotent() throws {
        var cassette = Cassette(log: HAR.Log(entries: [oauthEntry()]))
        cassette.redact()
        let once = cassette.encoded()
        #expect(cassette.redact() == 0)
        #expect(cassette.encoded() == once)
        var entry = Sample.entry(
            Sample.request("GET", "https://x.test/me", headers: ["Authorization": "Bearer another"]), Sample.response())
        var redactor = Redactor(for: cassette)
        redactor.redact(&entry)
        #expect(entry.request.headers.first?.value == "Bearer <redacted:authorization:2>")
    }

    @Test("A raw token and an Api-Key scheme in Authorization are both redacted")
    func authorizationForms() {
        var redactor = Redactor()
        let raw = redactor.redacting(
            Sample.entry(
                Sample.request("GET", "https://x.test/a", headers: ["Authorization": "raw-token-xyz"]),
                Sample.response()))
        let apiKey = redactor.redacting(
            Sample.entry(
                Sample.request("GET", "https://x.test/a", headers: ["authorization": "Api-Key ak-777"]),
                Sample.response()))
        #expect(raw.request.headers[0].value == "<redacted:authorization:1>")
        #expect(apiKey.request.headers[0].value == "Api-Key <redacted:authorization:2>")
    }

    @Test(
        "A header whose name mentions an API key or a token is a secret, in any letter case; others are kept",
        arguments: [
            ("X-Custom-ApiKey", true), ("My-API_KEY", true), ("X-Auth-Token-2", true), ("Client-Access-Token", true),
            ("X-Api-Keys", true), ("X-Api-\u{212A}ey", true),  // a Kelvin sign lowercases to k
            ("X-Apikeeper", false), ("X-Token", false), ("Content-Type", false), ("X-\u{C1}pi-Key", false),
            ("Api-Ke", false), ("", false),
        ])
    func keyHeaders(name: String, secret: Bool) {
        var redactor = Redactor()
        let entry = redactor.redacting(
            Sample.entry(Sample.request("GET", "https://x.test/a", headers: [name: "ak-777"]), Sample.response()))
        #expect((entry.request.headers.first?.value != "ak-777") == secret, "\(name): \(entry.request.headers)")
        var off = Redactor(rules: RedactionRules(headers: [], detectsKeyHeaders: false))
        let kept = off.redacting(
            Sample.entry(Sample.request("GET", "https://x.test/a", headers: [name: "ak-777"]), Sample.response()))
        #expect(kept.request.headers.first?.value == "ak-777", "detection off: \(name)")
    }

    @Test("Configured JSON pointers, XPaths and patterns are redacted, and XML keeps its form")
    func configured() throws {
        let rules = RedactionRules.default.adding([
            .json("/user/email"), .xpath("//COLUMN[NAME='Phone']/VALUE"),
            try FieldRule(parsing: "value:tok_[A-Za-z0-9]+"),
        ])
        let xml = """
            <?xml version="1.0"?>
            <Envelope>
              <Body><AddRecipient><COLUMN><NAME>Phone</NAME><VALUE>+1 555 0100</VALUE></COLUMN>
              <PASSWORD>hunter2</PASSWORD></AddRecipient></Body>
            </Envelope>
            """
        var redactor = Redactor(rules: rules)
        let xmlEntry = redactor.redacting(
            Sample.entry(Sample.request(headers: ["Content-Type": "text/xml"], body: xml), Sample.response()))
        let redactedXML = try #require(xmlEntry.request.postData?.text)
        #expect(redactedXML.hasPrefix("<?xml version=\"1.0\"?>\n<Envelope>\n  <Body>"))
        #expect(redactedXML.contains("<VALUE>&lt;redacted:value:1&gt;</VALUE>"))
        #expect(redactedXML.contains("<PASSWORD>&lt;redacted:password:1&gt;</PASSWORD>"))
        #expect(!redactedXML.contains("555") && !redactedXML.contains("hunter2"))
        let jsonEntry = redactor.redacting(
            Sample.entry(
                Sample.request(body: #"{"user":{"email":"ana@example.com","note":"uses tok_AbC123 daily"}}"#),
                Sample.response()))
        #expect(
            jsonEntry.request.postData?.text
                == #"{"user":{"email":"<redacted:email:1>","note":"uses <redacted:pattern:1> daily"}}"#)
    }

    @Test("A gzip response body is decoded, redacted and encoded again")
    func gzipBody() throws {
        let json = Data(#"{"access_token":"eyJhbGciOiJIUzI1NiJ9.live"}"#.utf8)
        let response = CassetteResponse(
            status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
            body: ContentEncoding.gzip(json))
        var cassette = Cassette(
            log: HAR.Log(entries: [Sample.entry(Sample.request("GET", "https://x.test/t"), response)]))
        cassette.redact()
        let stored = try #require(cassette.entries[0].response.cassetteResponse)
        #expect(ContentEncoding.looksEncoded(stored.body))
        #expect(String(decoding: stored.decodedBody, as: UTF8.self) == #"{"access_token":"<redacted:access_token:1>"}"#)
    }

    @Test("Redaction rules kept in the cassette are applied again by Cassette.redact")
    func cassetteRules() throws {
        var cassette = Cassette(
            log: HAR.Log(
                entries: [Sample.entry(Sample.request(body: #"{"ssn":"123-45-6789"}"#), Sample.response())],
                harness: HarnessExtension(redact: [.json("/ssn")])))
        cassette.redact()
        #expect(cassette.entries[0].request.postData?.text == #"{"ssn":"<redacted:ssn:1>"}"#)
    }

    /// A response whose JSON body is `text`, redacted with the built-in rules: the body as written after.
    func redactedBody(_ text: String) -> String {
        let response = CassetteResponse(
            status: 200, statusText: "OK", headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        var entry = Sample.entry(CassetteRequest(method: "GET", url: "https://api.example.com/x"), response)
        var redactor = Redactor(rules: .default)
        _ = redactor.redact(&entry)
        return entry.response.content.text ?? ""
    }

    @Test(
        "A secret member is found however its name is written: any letter case, a JSON escape, a letter outside ASCII",
        arguments: [
            #"{"user":{"PASSWORD":"hunter2"}}"#, #"{"user":{"pass\u0077ord":"hunter2"}}"#,
            #"{"user":{"Api_\u212Aey":"hunter2"}}"#, "{\"user\":{\"API_\u{212A}EY\":\"hunter2\"}}",
            #"{"note":"é","access_token":"hunter2"}"#,
        ])
    func secretNamesAnyHow(text: String) {
        let redacted = redactedBody(text)
        #expect(!redacted.contains("hunter2"), "\(text) → \(redacted)")
    }

    @Test(
        "Configured field names of any length are found (63 bytes and more too), and a same-length name that differs is not",
        arguments: [1, 2, 6, 13, 62, 63, 64, 70, 200])
    func secretNamesOfEveryLength(length: Int) {
        let name = String(repeating: "k", count: length)
        var redactor = Redactor(rules: RedactionRules(fieldNames: [name, "x"]))
        func redacted(_ text: String) -> String {
            let response = CassetteResponse(
                status: 200, statusText: "OK", headers: ["Content-Type": "application/json"], body: Data(text.utf8))
            var entry = Sample.entry(CassetteRequest(method: "GET", url: "https://api.example.com/x"), response)
            _ = redactor.redact(&entry)
            return entry.response.content.text ?? ""
        }
        #expect(!redacted(#"{"a":{"\#(name.uppercased())":"hunter2"}}"#).contains("hunter2"))
        let other = String(repeating: "k", count: length - 1) + "j"
        let kept = #"{"a":{"\#(other)":"hunter2"}, "k\#(name)": "hunter2"}"#
        #expect(redacted(kept) == kept)
    }

    @Test("A JSON body with no member named like a secret is kept byte for byte, its spacing and order too")
    func noSecretKept() {
        let text = #"{ "z": 1,  "password_hint": "a dog", "tokens": ["hunter2"], "a": {"id": "x"} }"#
        #expect(redactedBody(text) == text)
    }
}
