import JSONCore

extension JSONValue {
    /// The value with every string (not member names) transformed.
    func mappingStrings(_ transform: (String) -> String) -> JSONValue {
        switch self {
        case .string(let text): .string(transform(text))
        case .array(let elements): .array(elements.map { $0.mappingStrings(transform) })
        case .object(let object):
            .object(JSONObject(object.map { ($0.key, $0.value.mappingStrings(transform)) }))
        default: self
        }
    }
}
