import CassetteKit
import Foundation
import JSONCore

/// The credentials of a request: HTTP Basic `key:secret` for settings, token and events; `Bearer` for a
/// token-protected data file.
enum WalkMeCredentials {
    case basic(key: String, secret: String)
    case bearer(String)
    case none
    case malformed

    init(_ headers: HeaderFields) {
        guard let value = headers["Authorization"]?.trimmingWhitespace(), !value.isEmpty else {
            self = .none
            return
        }
        let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            self = .malformed
            return
        }
        let credential = parts[1].trimmingWhitespace()
        switch parts[0].lowercased() {
        case "bearer":
            self = credential.isEmpty ? .malformed : .bearer(credential)
        case "basic":
            // A credential that is not base64 `key:secret` (a cassette's redaction placeholder among them) is a
            // wrong key and secret, not a malformed header.
            guard let data = Data(base64Encoded: credential), let text = String(data: data, encoding: .utf8),
                let colon = text.firstIndex(of: ":")
            else {
                self = credential.isEmpty ? .malformed : .basic(key: "", secret: "")
                return
            }
            self = .basic(key: String(text[..<colon]), secret: String(text[text.index(after: colon)...]))
        default:
            self = .malformed
        }
    }
}
