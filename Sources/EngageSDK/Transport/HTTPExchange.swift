public import Foundation
public import HTTPTypes
import OpenAPIRuntime

/// One HTTP response with its body read into memory.
public struct HTTPExchangeResponse: Sendable {
    public var response: HTTPResponse
    public var body: Data

    public var status: Int { response.status.code }
    public var contentType: String { response.headerFields[.contentType] ?? "" }
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// Sends requests through an OpenAPIRuntime `ClientTransport`, the only way EngageSDK reaches the network.
struct HTTPExchange: Sendable {
    var transport: any ClientTransport
    var endpoint: EngageEndpoint
    /// Response bodies larger than this are refused.
    var maximumResponseBytes = 16 * 1024 * 1024

    /// POSTs `body` to `path` and reads the whole response.
    func post(
        path: String, contentType: String, accept: String, authorization: String?, body: Data, operationID: String
    ) async throws -> HTTPExchangeResponse {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        fields[.accept] = accept
        if let authorization { fields[.authorization] = authorization }
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: path, headerFields: fields)
        do {
            let (response, responseBody) = try await transport.send(
                request, body: HTTPBody(body), baseURL: endpoint.baseURL, operationID: operationID)
            let data: Data
            if let responseBody {
                data = try await Data(collecting: responseBody, upTo: maximumResponseBytes)
            } else {
                data = Data()
            }
            return HTTPExchangeResponse(response: response, body: data)
        } catch let error as EngageError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw EngageError.transport(operationID: operationID, cause: String(describing: error))
        }
    }
}

/// `application/x-www-form-urlencoded` as browsers and the shipped SDKs write it: UTF-8, unreserved
/// characters as is, space as `+`, every other byte as `%XX`.
public enum FormEncoding {
    public static let contentType = "application/x-www-form-urlencoded; charset=UTF-8"

    public static func encode(_ fields: [(String, String)]) -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(fields.reduce(0) { $0 + ($1.0.utf8.count + $1.1.utf8.count) * 3 + 2 })
        for (index, (name, value)) in fields.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            append(name, to: &output)
            output.append(UInt8(ascii: "="))
            append(value, to: &output)
        }
        return Data(output)
    }

    /// Reads form fields back (for tests and fakes that emulate the server).
    public static func decode(_ data: Data) -> [(String, String)] {
        String(decoding: data, as: UTF8.self).split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = unescape(parts[0])
            return (name, parts.count > 1 ? unescape(parts[1]) : "")
        }
    }

    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func append(_ text: String, to output: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "*"):
                output.append(byte)
            case UInt8(ascii: " "):
                output.append(UInt8(ascii: "+"))
            default:
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
    }

    private static func unescape(_ text: Substring) -> String {
        let plus = text.replacingOccurrences(of: "+", with: " ")
        return plus.removingPercentEncoding ?? plus
    }
}
