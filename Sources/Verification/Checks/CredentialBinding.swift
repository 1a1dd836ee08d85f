import CassetteKit
import Foundation
import JSONCore
import MockServer

/// Binds a cassette's redaction placeholders to working secrets before the provider check sends a request.
///
/// A cassette never holds a secret, and simulators refuse placeholders like any other wrong secret, so the check
/// substitutes: `<redacted:VENDOR.NAME>` (a simulator's ``TestCredential``, named so when recorded) becomes the
/// simulator's value — or, against a live server, the environment variable's (`HARNESS_REFERRALHERO_TOKEN`);
/// a numbered placeholder that a recorded response handed out (an access token) becomes the value the live
/// response gave at the same place. Placeholders nothing binds (a deliberately wrong secret) are sent as they are,
/// and refused.
struct CredentialBinding: Sendable {
    /// Placeholder → secret.
    private(set) var secrets: [String: String] = [:]

    init(
        credentials: [TestCredential], live: Bool,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        for credential in credentials {
            let value = live ? environment[credential.environmentVariable] ?? credential.value : credential.value
            secrets[credential.placeholder] = value
        }
    }

    /// `request` with every bound placeholder replaced: in the URL, the headers and the body, raw or
    /// percent-encoded (a form body or query holds `%3Credacted%3A…%3E`).
    func bind(_ request: CassetteRequest) -> CassetteRequest {
        guard !secrets.isEmpty else { return request }
        var bound = request
        bound.url = replace(in: request.url)
        bound.headers = HeaderFields(request.headers.map { ($0.name, replace(in: $0.value)) })
        if let text = String(data: request.body, encoding: .utf8) {
            let replaced = replace(in: text)
            if replaced != text {
                bound.body = Data(replaced.utf8)
                if bound.headers["Content-Length"] != nil {
                    bound.headers = HeaderFields(
                        bound.headers.map { field in
                            (
                                field.name,
                                field.name.lowercased() == "content-length" ? String(bound.body.count) : field.value
                            )
                        })
                }
            }
        }
        return bound
    }

    /// Learns the secrets a response handed out: wherever the recorded JSON body holds a placeholder and the
    /// received one a string at the same place.
    mutating func learn(recorded: CassetteResponse, received: CassetteResponse) {
        guard recorded.decodedBody.range(of: Data(PlaceholderText.prefix.utf8)) != nil,
            let expected = try? JSONValue(parsing: recorded.decodedBody),
            let actual = try? JSONValue(parsing: received.decodedBody)
        else { return }
        learn(expected, actual)
    }

    private mutating func learn(_ expected: JSONValue, _ actual: JSONValue) {
        switch (expected, actual) {
        case (.string(let placeholder), .string(let value)):
            if RedactionPlaceholder.matches(placeholder), secrets[placeholder] == nil { secrets[placeholder] = value }
        case (.object(let recorded), .object(let received)):
            for (key, value) in recorded {
                if let other = received[key] { learn(value, other) }
            }
        case (.array(let recorded), .array(let received)):
            for (value, other) in zip(recorded, received) { learn(value, other) }
        default:
            break
        }
    }

    private func replace(in text: String) -> String {
        guard PlaceholderText.prefixes.contains(where: text.contains) else { return text }
        var output = text
        for (placeholder, secret) in secrets {
            output = output.replacingOccurrences(of: placeholder, with: secret)
            output = output.replacingOccurrences(of: FormCoding.encode(placeholder), with: FormCoding.encode(secret))
            // Inside XML text (an Engage XMLAPI envelope in the xml form field) the placeholder is escaped.
            let escaped = PlaceholderText.xmlEscaped(placeholder)
            output = output.replacingOccurrences(of: escaped, with: PlaceholderText.xmlEscaped(secret))
            output = output.replacingOccurrences(
                of: FormCoding.encode(escaped), with: FormCoding.encode(PlaceholderText.xmlEscaped(secret)))
        }
        return output
    }

    private enum PlaceholderText {
        static let prefix = "<redacted:"
        static let encodedPrefix = "%3Credacted%3A"
        /// The prefix as it appears raw, percent-encoded, XML-escaped, and XML-escaped then percent-encoded.
        static let prefixes = [prefix, encodedPrefix, "&lt;redacted:", "%26lt%3Bredacted%3A"]

        static func xmlEscaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
    }
}
