import NIOCore
import NIOHTTP1

/// An HTTP/1.1 request read straight from a connection's bytes by ``WireReplay``, in its plainest form only:
///
/// - a request line `METHOD /target HTTP/1.1` with one of the common methods (`GET`, `POST`, `PUT`, `PATCH`,
///   `DELETE`, `OPTIONS`) and an origin-form target of URI characters (RFC 3986, no fragment);
/// - at most ``largestFieldCount`` fields `name: value`, each line ended by CRLF, names of token characters,
///   values of visible ASCII, spaces and tabs with no space or tab at either end;
/// - no `Transfer-Encoding`, `Expect` or `Upgrade`, a `Connection` of `keep-alive` if any, and at most one
///   `Content-Length` of digits only;
/// - a head of at most ``largestHead`` bytes and a body of at most `largestBody`.
///
/// Everything NIO's decoder would read differently, reject, or read with more work is outside this form and
/// `declined`, so the request goes to the decoder, which answers it or reports it as before.
struct WireRequest {
    /// The most bytes of a head (request line, fields and the empty line) read here.
    static let largestHead = 8 * 1024
    /// The most fields read here.
    static let largestFieldCount = 64

    /// What a look at the start of a connection's unread bytes found.
    enum Reading {
        /// A request in the plain form, taking `length` bytes.
        case complete(WireRequest)
        /// The start of a request in the plain form, not all of it here yet.
        case incomplete
        /// Bytes outside the plain form: left to NIO's decoder.
        case declined
    }

    /// Bytes of the head: request line, fields and the empty line.
    let headLength: Int
    /// Bytes of the body (its `Content-Length`, or 0).
    let bodyLength: Int

    /// Bytes of the whole request.
    var length: Int { headLength + bodyLength }

    /// Reads the request at the start of `bytes`.
    static func read(_ bytes: ByteBuffer, largestBody: Int) -> Reading {
        bytes.withUnsafeReadableBytes { read($0, largestBody: largestBody) }
    }

    /// Reads the request at the start of `bytes`; never reads outside them, whatever they hold.
    static func read(_ bytes: UnsafeRawBufferPointer, largestBody: Int) -> Reading {
        var scanner = Scanner(bytes: bytes)
        // The request line.
        guard let method = scanner.token(), scanner.take(space) else { return scanner.outcome }
        guard Self.isCommonMethod(bytes, method) else { return .declined }
        guard scanner.peek() == slash, scanner.run(while: Self.isTargetByte) != nil, scanner.take(space) else {
            return scanner.outcome
        }
        guard scanner.take(Self.version), scanner.take(carriageReturn), scanner.take(lineFeed) else {
            return scanner.outcome
        }
        // The fields, up to the empty line.
        var contentLength: Int?
        var fields = 0
        while true {
            if scanner.peek() == carriageReturn {
                guard scanner.take(carriageReturn), scanner.take(lineFeed) else { return scanner.outcome }
                break
            }
            fields += 1
            guard fields <= largestFieldCount else { return .declined }
            guard let name = scanner.token(), scanner.take(colon) else { return scanner.outcome }
            _ = scanner.run(while: { $0 == space || $0 == tab })
            let value =
                scanner.run(while: { ($0 >= space && $0 < delete) || $0 == tab }) ?? scanner.position..<scanner.position
            guard scanner.take(carriageReturn), scanner.take(lineFeed) else { return scanner.outcome }
            if let last = value.last, bytes[last] == space || bytes[last] == tab { return .declined }
            switch Self.field(bytes, name) {
            case .contentLength:
                guard contentLength == nil, let length = Self.digits(bytes, value, largest: largestBody) else {
                    return .declined
                }
                contentLength = length
            case .connection:
                guard Self.equalsIgnoringCase(bytes, value, "keep-alive") else { return .declined }
            case .refused:
                return .declined
            case .other:
                break
            }
        }
        let body = contentLength ?? 0
        guard bytes.count - scanner.position >= body else { return .incomplete }
        return .complete(WireRequest(headLength: scanner.position, bodyLength: body))
    }

    /// The head as NIO's decoder reads it: method, target and fields (values without the spaces around them).
    ///
    /// Cut from the bytes where ``read(_:largestBody:)`` found them to be: a request line of two spaces, and lines
    /// ended by CR LF of a name, a colon and a value of visible ASCII, spaces and tabs. Nil for bytes of another
    /// form, which that read never completes.
    func head(in bytes: ByteBuffer) -> HTTPRequestHead? {
        bytes.withUnsafeReadableBytes { raw -> HTTPRequestHead? in
            guard headLength <= raw.count else { return nil }
            let head = UnsafeRawBufferPointer(rebasing: raw[..<headLength])
            func text(_ range: Range<Int>) -> String { String(decoding: head[range], as: UTF8.self) }
            /// The end of the line starting at `start` (its CR), and where the next one starts.
            func line(from start: Int) -> (end: Int, next: Int)? {
                guard let feed = head[start...].firstIndex(of: lineFeed), feed > start,
                    head[feed - 1] == carriageReturn
                else { return nil }
                return (feed - 1, feed + 1)
            }
            guard let requestLine = line(from: 0),
                let methodEnd = head[..<requestLine.end].firstIndex(of: space),
                let targetEnd = head[(methodEnd + 1)..<requestLine.end].firstIndex(of: space)
            else { return nil }
            var headers = HTTPHeaders()
            var start = requestLine.next
            while start < head.count {
                guard let field = line(from: start) else { return nil }
                defer { start = field.next }
                guard field.end > start else { continue }
                guard let colonIndex = head[start..<field.end].firstIndex(of: colon) else { return nil }
                let valueStart =
                    head[(colonIndex + 1)..<field.end].firstIndex { $0 != space && $0 != tab } ?? field.end
                headers.add(name: text(start..<colonIndex), value: text(valueStart..<field.end))
            }
            return HTTPRequestHead(
                version: .http1_1, method: HTTPMethod(rawValue: text(0..<methodEnd)),
                uri: text((methodEnd + 1)..<targetEnd), headers: headers)
        }
    }

    /// The body's bytes, a view of `bytes`.
    func body(in bytes: ByteBuffer) -> ByteBuffer {
        bytes.getSlice(at: bytes.readerIndex + headLength, length: bodyLength) ?? ByteBuffer()
    }

    private static let version = Array("HTTP/1.1".utf8)
    private static let commonMethods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].map { Array($0.utf8) }

    private static func isCommonMethod(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        commonMethods.contains { $0.elementsEqual(bytes[range]) }
    }

    /// The fields read here by name.
    private enum Field {
        case contentLength, connection, refused, other
    }

    private static func field(_ bytes: UnsafeRawBufferPointer, _ name: Range<Int>) -> Field {
        if equalsIgnoringCase(bytes, name, "content-length") { return .contentLength }
        if equalsIgnoringCase(bytes, name, "connection") { return .connection }
        for refused in ["transfer-encoding", "expect", "upgrade"] where equalsIgnoringCase(bytes, name, refused) {
            return .refused
        }
        return .other
    }

    private static func equalsIgnoringCase(
        _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ text: String
    )
        -> Bool
    {
        guard range.count == text.utf8.count else { return false }
        // ASCII letters only differ in 0x20; `text` is lowercase letters and '-', so OR-ing in 0x20 compares.
        return zip(bytes[range], text.utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// The decimal number in `range`, or nil when it is empty, holds a non-digit or exceeds `largest`.
    private static func digits(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, largest: Int) -> Int? {
        guard !range.isEmpty else { return nil }
        var value = 0
        for byte in bytes[range] {
            guard byte >= zero, byte <= zero + 9 else { return nil }
            value = value * 10 + Int(byte - zero)
            guard value <= largest else { return nil }
        }
        return value
    }

    /// The target's characters: RFC 3986 unreserved, reserved but `#`, and `%`.
    private static func isTargetByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || targetPunctuation.contains(byte)
    }

    private static let targetPunctuation = Set("-._~:/?[]@!$&'()*+,;=%".utf8)
}

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let colon = UInt8(ascii: ":")
private let slash = UInt8(ascii: "/")
private let zero = UInt8(ascii: "0")
private let carriageReturn = UInt8(ascii: "\r")
private let lineFeed = UInt8(ascii: "\n")
private let delete: UInt8 = 0x7F

/// An ASCII letter or digit.
private func isAlphanumeric(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), zero...(zero + 9): true
    default: false
    }
}

/// A cursor over a request's bytes that tells a request cut short (`incomplete`) from one outside the plain form
/// (`declined`): running out of bytes is only `incomplete` while the head is within ``WireRequest/largestHead``.
private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var position = 0
    /// Set when a step ran out of bytes rather than meeting one it did not expect.
    private var ranOut = false

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// What a failed step means.
    var outcome: WireRequest.Reading {
        ranOut && bytes.count < WireRequest.largestHead ? .incomplete : .declined
    }

    private var end: Int { min(bytes.count, WireRequest.largestHead) }

    /// The next byte, or nil at the end of the head.
    mutating func peek() -> UInt8? {
        guard position < end else {
            ranOut = true
            return nil
        }
        return bytes[position]
    }

    /// Takes `byte`, or fails.
    mutating func take(_ byte: UInt8) -> Bool {
        guard position < end else {
            ranOut = true
            return false
        }
        guard bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Takes `expected`, or fails.
    mutating func take(_ expected: [UInt8]) -> Bool {
        for byte in expected {
            guard take(byte) else { return false }
        }
        return true
    }

    /// Takes the bytes `accepted` holds for, at least one, stopping short of the end of the head: the range, or nil
    /// when there is none (or the head ran out).
    mutating func run(while accepted: (UInt8) -> Bool) -> Range<Int>? {
        let start = position
        while position < end, accepted(bytes[position]) { position += 1 }
        if position == end {
            ranOut = true
            return nil
        }
        return position > start ? start..<position : nil
    }

    /// A token (RFC 9110 §5.6.2): one or more of its characters.
    mutating func token() -> Range<Int>? {
        run(while: Self.isTokenByte)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || tokenPunctuation.contains(byte)
    }

    private static let tokenPunctuation = Set("!#$%&'*+-.^_`|~".utf8)
}
