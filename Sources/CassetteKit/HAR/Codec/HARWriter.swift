import JSONCore

/// Builds the JSON object of one HAR object: extension members first, then the model's members (which win).
struct HARWriter {
    private(set) var object: JSONObject

    init(extensions: JSONObject) {
        object = extensions
    }

    mutating func set(_ key: String, _ value: String?) {
        guard let value else { return }
        object[key] = .string(value)
    }

    mutating func set(_ key: String, _ value: Int?) {
        guard let value else { return }
        object[key] = .number(JSONNumber(value))
    }

    mutating func set(_ key: String, _ value: Double?) {
        guard let value else { return }
        object[key] = .number(JSONNumber(value))
    }

    mutating func set(_ key: String, _ value: JSONValue?) {
        guard let value else { return }
        object[key] = value
    }

    mutating func set(_ key: String, _ values: [some HARCodable]?) {
        guard let values else { return }
        object[key] = .array(values.map(\.json))
    }

    mutating func set(_ key: String, _ value: (some HARCodable)?) {
        guard let value else { return }
        object[key] = value.json
    }

    var json: JSONValue { .object(object) }
}

/// A HAR object that reads itself from a ``HARReader`` and writes itself as JSON.
protocol HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError)
    var json: JSONValue { get }
}
