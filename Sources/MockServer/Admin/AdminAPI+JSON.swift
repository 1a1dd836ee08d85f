import Foundation
import HTTPTypes
import Hummingbird
import JSONCore
import NIOCore

extension AdminAPI {
    /// `value` as a JSON response, keys sorted, dates in ISO 8601.
    func encode(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard var data = try? encoder.encode(value) else {
            return .json(status: 500, ["error": "admin response could not be encoded"])
        }
        data.append(UInt8(ascii: "\n"))
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The request's JSON body as `type`; a missing or malformed body is an ``MockServerError/invalidAdminRequest(_:)``.
    func decode<Value: Decodable>(_ request: Request, as type: Value.Type) async throws -> Value {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: 1 << 20)
        } catch {
            throw MockServerError.invalidAdminRequest("the body is unreadable or larger than 1 MB")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(buffer.readableBytesView))
        } catch let DecodingError.keyNotFound(key, _) {
            throw MockServerError.invalidAdminRequest("the JSON body lacks \"\(key.stringValue)\"")
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            let member = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw MockServerError.invalidAdminRequest("invalid \"\(member)\": \(context.debugDescription)")
        } catch let DecodingError.dataCorrupted(context) {
            throw MockServerError.invalidAdminRequest("the body is not JSON: \(context.debugDescription)")
        } catch {
            throw MockServerError.invalidAdminRequest("unexpected JSON body: \(error)")
        }
    }

    /// An error as a JSON response; an unavailable state store is a 503 whatever `status` says.
    func failure(_ error: any Error, status: Int = 400) -> Response {
        if let unavailable = Response.unavailable(error) { return unavailable }
        return .json(status: status, ["error": "admin request failed", "message": .string("\(error)")])
    }
}
