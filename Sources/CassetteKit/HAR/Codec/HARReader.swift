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
    /// Read members (a handful per object, so a list is cheaper than a set).
    private(set) var consumed: [String] = []

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
        try required(key, "a string", optionalString(key))
    }

    /// A string that exporters sometimes leave out; absent or `null` gives `fallback`.
    mutating func string(_ key: String, default fallback: String) throws(CassetteError) -> String {
        try optionalString(key) ?? fallback
    }

    mutating func optionalString(_ key: String) throws(CassetteError) -> String? {
        try scalar(key, expected: "a string", \.stringValue)
    }

    /// A required number (a numeric string is accepted, as some exporters write one).
    mutating func double(_ key: String) throws(CassetteError) -> Double {
        try required(key, "a number", optionalDouble(key))
    }

    mutating func double(_ key: String, default fallback: Double) throws(CassetteError) -> Double {
        try optionalDouble(key) ?? fallback
    }

    mutating func optionalDouble(_ key: String) throws(CassetteError) -> Double? {
        try scalar(key, expected: "a number") { value in value.doubleValue ?? value.stringValue.flatMap(Double.init) }
    }

    mutating func int(_ key: String) throws(CassetteError) -> Int {
        try required(key, "an integer", optionalInt(key))
    }

    mutating func int(_ key: String, default fallback: Int) throws(CassetteError) -> Int {
        try optionalInt(key) ?? fallback
    }

    mutating func optionalInt(_ key: String) throws(CassetteError) -> Int? {
        try scalar(key, expected: "an integer") { value in
            guard let number = value.doubleValue ?? value.stringValue.flatMap(Double.init),
                number.rounded() == number, abs(number) < 9e15
            else { return nil }
            return Int(number)
        }
    }

    /// The member `key` converted by `extract`: nil when absent or `null` (then kept as it is), an error
    /// naming `expected` when `extract` cannot convert it.
    private mutating func scalar<T>(
        _ key: String, expected: String, _ extract: (JSONValue) -> T?
    ) throws(CassetteError) -> T? {
        guard let value = object[key], value != .null else { return nil }
        guard let result = extract(value) else { throw wrongType(key, expected: expected, found: value) }
        consumed.append(key)
        return result
    }

    private func required<T>(_ key: String, _ expected: String, _ value: T?) throws(CassetteError) -> T {
        guard let value else { throw missing(key, expected: expected) }
        return value
    }

    /// A nested object read by `body`; absent or `null` gives nil.
    mutating func optionalObject<T>(
        _ key: String, _ body: (inout HARReader) throws(CassetteError) -> T
    ) throws(CassetteError) -> T? {
        guard let value = object[key], value != .null else { return nil }
        var reader = try HARReader(value, at: pointer.appending(key), file: file)
        consumed.append(key)
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
            consumed.append(key)
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
        consumed.append(key)
        return value
    }

    /// The members not read so far, to be written back unchanged.
    var remaining: JSONObject {
        var rest = JSONObject()
        guard consumed.count < object.count else { return rest }
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
