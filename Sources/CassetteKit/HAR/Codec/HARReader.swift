import JSONCore

/// Reads one HAR object out of a ``JSONValue``, tolerating what real exporters leave out and naming the
/// file, the JSON pointer and what was expected when a field has the wrong type.
///
/// Members that the model does not read (extension fields such as `_initiator`, or a `null` where the model
/// has no value) are kept by ``remaining`` so a round trip writes them back.
struct HARReader {
    let object: JSONObject
    let pointer: JSONPointer
    let file: String
    private(set) var consumed: Set<String> = []

    init(_ value: JSONValue, at pointer: JSONPointer, file: String) throws(CassetteError) {
        guard case .object(let object) = value else {
            throw .malformed(file: file, pointer: pointer.description, expected: "an object", found: value.typeName)
        }
        self.object = object
        self.pointer = pointer
        self.file = file
    }

    /// A required string; a missing member is an error.
    mutating func string(_ key: String) throws(CassetteError) -> String {
        guard let value = try optionalString(key) else { throw missing(key, expected: "a string") }
        return value
    }

    /// A string that exporters sometimes leave out; absent or `null` gives `fallback`.
    mutating func string(_ key: String, default fallback: String) throws(CassetteError) -> String {
        try optionalString(key) ?? fallback
    }

    mutating func optionalString(_ key: String) throws(CassetteError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let value)?:
            consumed.insert(key)
            return value
        case let other?: throw wrongType(key, expected: "a string", found: other)
        }
    }

    /// A required number (a numeric string is accepted, as some exporters write one).
    mutating func double(_ key: String) throws(CassetteError) -> Double {
        guard let value = try optionalDouble(key) else { throw missing(key, expected: "a number") }
        return value
    }

    mutating func double(_ key: String, default fallback: Double) throws(CassetteError) -> Double {
        try optionalDouble(key) ?? fallback
    }

    mutating func optionalDouble(_ key: String) throws(CassetteError) -> Double? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let number)?:
            consumed.insert(key)
            return number.double
        case .string(let text)? where Double(text) != nil:
            consumed.insert(key)
            return Double(text)
        case let other?: throw wrongType(key, expected: "a number", found: other)
        }
    }

    mutating func int(_ key: String) throws(CassetteError) -> Int {
        guard let value = try optionalInt(key) else { throw missing(key, expected: "an integer") }
        return value
    }

    mutating func int(_ key: String, default fallback: Int) throws(CassetteError) -> Int {
        try optionalInt(key) ?? fallback
    }

    mutating func optionalInt(_ key: String) throws(CassetteError) -> Int? {
        guard let value = try optionalDouble(key) else { return nil }
        guard value.rounded() == value, abs(value) < 9e15 else {
            consumed.remove(key)
            throw wrongType(key, expected: "an integer", found: object[key] ?? .null)
        }
        return Int(value)
    }

    /// A nested object read by `body`; absent or `null` gives nil.
    mutating func optionalObject<T>(
        _ key: String, _ body: (inout HARReader) throws(CassetteError) -> T
    ) throws(CassetteError) -> T? {
        guard let value = object[key], value != .null else { return nil }
        var reader = try HARReader(value, at: pointer.appending(key), file: file)
        consumed.insert(key)
        return try body(&reader)
    }

    mutating func object<T>(
        _ key: String, _ body: (inout HARReader) throws(CassetteError) -> T
    ) throws(CassetteError) -> T {
        guard let value = try optionalObject(key, body) else { throw missing(key, expected: "an object") }
        return value
    }

    /// An array of objects, each read by `body`; absent or `null` gives nil.
    mutating func optionalArray<T>(
        _ key: String, _ body: (inout HARReader) throws(CassetteError) -> T
    ) throws(CassetteError) -> [T]? {
        switch object[key] {
        case nil, .null?: return nil
        case .array(let elements)?:
            consumed.insert(key)
            var results: [T] = []
            results.reserveCapacity(elements.count)
            let base = pointer.appending(key)
            for (index, element) in elements.enumerated() {
                var reader = try HARReader(element, at: base.appending(index), file: file)
                results.append(try body(&reader))
            }
            return results
        case let other?: throw wrongType(key, expected: "an array", found: other)
        }
    }

    mutating func array<T>(
        _ key: String, _ body: (inout HARReader) throws(CassetteError) -> T
    ) throws(CassetteError) -> [T] {
        try optionalArray(key, body) ?? []
    }

    /// A member kept as raw JSON (for example the recorded outcome).
    mutating func raw(_ key: String) -> JSONValue? {
        guard let value = object[key] else { return nil }
        consumed.insert(key)
        return value
    }

    /// The members not read so far, to be written back unchanged.
    var remaining: JSONObject {
        var rest = JSONObject()
        for (key, value) in object where !consumed.contains(key) { rest[key] = value }
        return rest
    }

    func wrongType(_ key: String, expected: String, found: JSONValue) -> CassetteError {
        .malformed(file: file, pointer: pointer.appending(key).description, expected: expected, found: found.typeName)
    }

    func missing(_ key: String, expected: String) -> CassetteError {
        .malformed(file: file, pointer: pointer.appending(key).description, expected: expected, found: "nothing")
    }
}
