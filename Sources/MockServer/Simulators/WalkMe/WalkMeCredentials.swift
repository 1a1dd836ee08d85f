import CassetteKit
import Foundation

/// The credentials of a request: HTTP Basic `key:secret` for settings, token and events; `Bearer` for a
/// token-protected data file. A cassette's redaction placeholder stands in for either.
enum WalkMeCredentials {
    case basic(key: String, secret: String)
    case bearer(String)
    /// A redaction placeholder after `Basic` (the recorded secret).
    case redactedBasic
    case none
    case malformed

    init(_ headers: HeaderFields) {
        guard let value = headers["Authorization"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            self = .none
            return
        }
        let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            self = .malformed
            return
        }
        let credential = parts[1].trimmingCharacters(in: .whitespaces)
        switch parts[0].lowercased() {
        case "bearer":
            self = credential.isEmpty ? .malformed : .bearer(credential)
        case "basic":
            if RedactionPlaceholder.matches(credential) {
                self = .redactedBasic
                return
            }
            guard let data = Data(base64Encoded: credential), let text = String(data: data, encoding: .utf8),
                let colon = text.firstIndex(of: ":")
            else {
                self = .malformed
                return
            }
            self = .basic(key: String(text[..<colon]), secret: String(text[text.index(after: colon)...]))
        default:
            self = .malformed
        }
    }
}
