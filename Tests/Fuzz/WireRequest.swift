// libFuzzer target: the replay wire path's plain HTTP/1.1 request reader, MockServer's `WireRequest` (issue #33).
// Built by `.ci/fuzz` against MockServer compiled with the fuzzer's instrumentation; not part of any SwiftPM target.
//
// Properties, beyond "no crash": a request the reader takes as complete is one NIO's HTTP/1 decoder
// (`HTTPRequestDecoder`, in an `EmbeddedChannel`) reads from the same bytes to the same method, target, version,
// headers (names, values and order) and body, and ends there; the reader takes the request the same from its own
// bytes alone (what follows it does not change it), and every shorter cut of it is `incomplete`, never `declined`
// or a shorter request.
import NIOCore
import NIOEmbedded
import NIOHTTP1

@testable import MockServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWireRequest(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let bytes = ByteBuffer(bytes: UnsafeRawBufferPointer(start: start, count: count))
    let largestBody = ImmediateReplay.largestBody
    guard case .complete(let request) = WireRequest.read(bytes, largestBody: largestBody) else { return 0 }
    guard request.length <= count, request.headLength > 0 else {
        fatalError("the request (\(request.headLength) + \(request.bodyLength)) is longer than its \(count) bytes")
    }
    guard let head = request.head(in: bytes) else { fatalError("the reader cannot make the head it accepted") }
    let body = request.body(in: bytes)
    let own = bytes.getSlice(at: 0, length: request.length) ?? ByteBuffer()
    guard case .complete(let alone) = WireRequest.read(own, largestBody: largestBody),
        alone.headLength == request.headLength, alone.bodyLength == request.bodyLength
    else { fatalError("the request's own bytes read differently from the request followed by more") }
    for cut in Set([request.headLength - 1, request.length - 1, request.length / 2]) where cut > 0 {
        guard let shorter = own.getSlice(at: 0, length: cut) else { continue }
        guard case .incomplete = WireRequest.read(shorter, largestBody: largestBody) else {
            fatalError("the first \(cut) of \(request.length) bytes of a request read as other than incomplete")
        }
    }
    let decoded = decodeWithNIO(own)
    guard let decodedHead = decoded.head else {
        fatalError("NIO's decoder does not read the head of an accepted request: \(decoded.problem ?? "no head")")
    }
    guard decodedHead.method == head.method, decodedHead.uri == head.uri, decodedHead.version == head.version else {
        fatalError(
            "request line: NIO reads \(decodedHead.method) \(decodedHead.uri), the wire \(head.method) \(head.uri)")
    }
    let fields = head.headers.map { [$0.name, $0.value] }
    let decodedFields = decodedHead.headers.map { [$0.name, $0.value] }
    guard fields == decodedFields else { fatalError("headers: NIO reads \(decodedFields), the wire \(fields)") }
    guard decoded.body == body else {
        fatalError("body: NIO reads \(decoded.body.readableBytes) bytes, the wire \(body.readableBytes)")
    }
    guard decoded.ended else { fatalError("NIO's decoder does not see the end of an accepted request") }
    return 0
}

/// What NIO's HTTP/1 server decoder makes of `bytes`: the head, the body's bytes, whether the request ended, and
/// the error it reported, if any.
private func decodeWithNIO(
    _ bytes: ByteBuffer
) -> (head: HTTPRequestHead?, body: ByteBuffer, ended: Bool, problem: String?) {
    let channel = EmbeddedChannel()
    defer { _ = try? channel.finish() }
    var head: HTTPRequestHead?
    var body = ByteBuffer()
    var ended = false
    var problem: String?
    do {
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder()))
        try channel.writeInbound(bytes)
    } catch {
        problem = "\(error)"
    }
    while let part = try? channel.readInbound(as: HTTPServerRequestPart.self) {
        switch part {
        case .head(let read): head = read
        case .body(var chunk): body.writeBuffer(&chunk)
        case .end: ended = true
        }
    }
    return (head, body, ended, problem)
}
