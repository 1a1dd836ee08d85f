import JSONCore
import LibXML

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

extension XML.CanonicalElement {
    /// The element with every text and attribute value transformed.
    func mappingValues(_ transform: (String) -> String) -> XML.CanonicalElement {
        var copy = self
        copy.attributes = attributes.map { XML.Attribute($0.name, transform($0.value)) }
        copy.children = children.map { child in
            switch child {
            case .text(let text): .text(transform(text))
            case .element(let element): .element(element.mappingValues(transform))
            }
        }
        return copy
    }
}
