import CassetteKit
import Foundation
import Testing

@Suite("Request and response hashing")
struct BodyHashingTests {
    /// Bodies of each size that differ in one byte, at the start, past Foundation's 80 hashed bytes, in the middle of
    /// a long body and at its end.
    @Test(
        "A byte changed anywhere in a body changes the hash; equal values hash equal", arguments: [200, 5_000, 60_003])
    func everyByteCounts(size: Int) {
        let body = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let request = CassetteRequest(
            method: "POST", url: "/events", headers: ["Content-Type": "application/json"], body: body)
        let response = CassetteResponse(status: 200, body: body)
        #expect(
            request.hashValue
                == CassetteRequest(
                    method: "post", url: "/events", headers: ["Content-Type": "application/json"], body: Data(body)
                ).hashValue)
        #expect(response.hashValue == CassetteResponse(status: 200, body: Data(body)).hashValue)
        for offset in Set([0, 81, 150, size / 2, size - 1]) {
            var changed = body
            changed[offset] ^= 0xFF
            var other = request
            other.body = changed
            #expect(other != request && other.hashValue != request.hashValue, "request, byte \(offset) of \(size)")
            var otherResponse = response
            otherResponse.body = changed
            #expect(otherResponse.hashValue != response.hashValue, "response, byte \(offset) of \(size)")
        }
    }

    @Test("Ten thousand JSON bodies that share their first 100 bytes land in distinct buckets")
    func sharedOpenings() {
        let opening =
            #"{"events":[{"eventTypeCode":12,"eventTimestamp":"2026-01-01T00:00:00.000Z","attributes":[{"name":"Device Id","value":""#
        let hashes = Set(
            (0..<10_000).map { number in
                CassetteRequest(method: "POST", url: "/events", body: Data((opening + "device-\(number)\"}]}]}").utf8))
                    .hashValue
            })
        #expect(hashes.count == 10_000)
    }
}
