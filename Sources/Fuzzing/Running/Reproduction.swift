internal import CassetteKit
internal import Foundation

/// Minimal reproductions of a request: a `curl` line and a one-entry cassette.
enum Reproduction {
    /// Bodies longer than this are left out of the `curl` line (the cassette has them).
    static let curlBodyLimit = 16 << 10

    static func curl(_ request: FuzzRequest, baseURL: String) -> String {
        var parts = ["curl", "-sS", "-i", "-X", request.method, quote(baseURL + request.target)]
        for header in request.headers { parts += ["-H", quote("\(header.name): \(header.value)")] }
        if !request.body.isEmpty {
            if request.body.count > curlBodyLimit {
                parts += ["--data-binary", "@body.bin", "# body.bin: the \(request.body.count) bytes in the cassette"]
            } else {
                parts += ["--data-binary", quote(request.body)]
            }
        }
        return parts.joined(separator: " ")
    }

    /// Bash ANSI-C quoting (`$'…'`): printable ASCII as is, everything else escaped byte by byte.
    static func quote(_ text: String) -> String { quote(Data(text.utf8)) }

    static func quote(_ bytes: Data) -> String {
        var plain = true
        var output = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\\"):
                plain = false
                output += "\\" + String(UnicodeScalar(byte))
            case 0x20...0x7E:
                output.unicodeScalars.append(UnicodeScalar(byte))
            default:
                plain = false
                let hex = String(byte, radix: 16)
                output += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return plain ? "'" + output + "'" : "$'" + output + "'"
    }

    static func cassette(
        _ request: FuzzRequest, response: CassetteResponse?, baseURL: String, vendor: String, comment: String
    ) -> Cassette {
        var cassette = Cassette(flow: nil, vendor: vendor)
        let sent = CassetteRequest(
            method: request.method, url: baseURL + request.target, headers: HeaderFields(request.headers),
            body: request.body)
        cassette.entries = [
            HAR.Entry(
                startedDateTime: "2026-01-01T00:00:00.000Z", request: HAR.Request(sent),
                response: HAR.Response(response ?? CassetteResponse(status: 0, statusText: "no response")),
                comment: comment)
        ]
        return cassette
    }
}
