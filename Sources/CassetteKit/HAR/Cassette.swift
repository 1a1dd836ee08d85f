public import Foundation
public import JSONCore

/// A cassette: one HAR 1.2 file holding the interactions of one flow, `Cassettes/<vendor>/<flow>.har`.
///
/// Reading is tolerant (real browser and proxy exports load); writing is stable (pretty-printed, sorted keys,
/// a trailing newline), so reading and writing an unchanged cassette gives identical bytes.
public struct Cassette: Sendable, Hashable {
    /// The HAR log: the writing tool, the entries (interactions) and the `_harness` extension.
    public var log: HAR.Log
    /// Top-level members besides `log`, written back unchanged.
    public var extensions: JSONObject

    /// A cassette holding `log`; `extensions` are top-level members besides `log`.
    public init(log: HAR.Log = HAR.Log(), extensions: JSONObject = JSONObject()) {
        self.log = log
        self.extensions = extensions
    }

    /// An empty cassette for a flow.
    public init(flow: String?, vendor: String? = nil) {
        self.init(log: HAR.Log(harness: HarnessExtension(flow: flow, vendor: vendor)))
    }

    /// Reads a cassette from HAR text.
    ///
    /// - Parameter source: the file name used in error messages.
    /// - Throws: ``CassetteError/invalidJSON(file:line:column:message:)`` or
    ///   ``CassetteError/malformed(file:pointer:expected:found:)`` naming the file and the JSON pointer.
    public init(data: Data, source: String) throws(CassetteError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            switch error {
            case .syntax(let line, let column, _, let message):
                throw .invalidJSON(file: source, line: line, column: column, message: message)
            case .tooDeep(let limit, let line, let column):
                throw .invalidJSON(
                    file: source, line: line, column: column, message: "nested deeper than \(limit) levels")
            case .invalidUTF8(let line, let column, _):
                throw .invalidJSON(file: source, line: line, column: column, message: "the text is not UTF-8")
            case .invalidPointer(let text):
                throw .invalidJSON(file: source, line: 0, column: 0, message: "invalid pointer \(text)")
            }
        }
        try self.init(json: value, source: source)
    }

    /// Reads a cassette from its JSON value.
    public init(json: JSONValue, source: String) throws(CassetteError) {
        var reader = try HARReader(json, at: .root, file: source)
        log = try reader.object("log") { reader throws(CassetteError) in try HAR.Log(reading: &reader) }
        extensions = reader.remaining
    }

    /// The largest cassette file read, 64 MiB: far above any flow's recording, small enough that the parsed
    /// tree of a file at the limit fits in memory. Larger files are refused before they are read.
    public static let maximumFileSize = 64 << 20

    /// Reads the cassette file at `url`.
    ///
    /// - Throws: ``CassetteError/tooLarge(file:bytes:limit:)`` above ``maximumFileSize``, besides the errors of
    ///   ``init(data:source:)``.
    public init(contentsOf url: URL) throws(CassetteError) {
        try self.init(data: Self.bytes(of: url), source: url.path)
    }

    /// The bytes of the cassette file at `url`, read as ``init(contentsOf:)`` reads them.
    ///
    /// - Throws: ``CassetteError/tooLarge(file:bytes:limit:)`` above ``maximumFileSize``,
    ///   ``CassetteError/unreadable(file:reason:)`` when it cannot be read.
    package static func bytes(of url: URL) throws(CassetteError) -> Data {
        do {
            switch try BoundedFile.read(url, limit: Self.maximumFileSize) {
            case .data(let contents): return contents
            case .tooLarge(let bytes):
                throw CassetteError.tooLarge(file: url.path, bytes: bytes, limit: Self.maximumFileSize)
            }
        } catch let error as CassetteError {
            throw error
        } catch {
            throw .unreadable(file: url.path, reason: Self.reason(error))
        }
    }

    /// The cassette as a JSON value.
    public var json: JSONValue {
        var object = extensions
        object["log"] = log.json
        return .object(object)
    }

    /// The cassette's bytes as written to disk: pretty-printed, sorted keys, trailing newline.
    public func encoded() -> Data {
        var text = json.serialized(.stable)
        text += "\n"
        return Data(text.utf8)
    }

    /// The interactions (`log.entries`; loops that change many entries should go through `log.entries`, which
    /// is changed in place).
    public var entries: [HAR.Entry] {
        get { log.entries }
        set { log.entries = newValue }
    }

    /// The log's `_harness` extension (an empty one when the file has none).
    public var harness: HarnessExtension {
        get { log.harness ?? HarnessExtension() }
        set { log.harness = newValue.isEmpty ? nil : newValue }
    }

    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
