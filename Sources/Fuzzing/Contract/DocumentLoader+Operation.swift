internal import ContractKit
internal import JSONCore

extension DocumentLoader {
    /// One operation of a path item: its parameters (the item's shared ones included), the credentials of its
    /// `security` (else the document's) and its request body.
    func operation(
        _ operation: JSONValue, method: String, path: String, shared: [JSONValue], uri: String, root: String
    ) throws(ContractError) -> FuzzOperation {
        var parameters: [FuzzOperation.Parameter] = []
        for declared in (operation["parameters"]?.arrayValue ?? []) + shared {
            let (value, valueURI) = try resolve(declared, in: uri)
            guard let name = value["name"]?.stringValue,
                let location = value["in"]?.stringValue.flatMap(FuzzOperation.Parameter.Location.init(rawValue:)),
                !parameters.contains(where: { $0.name == name && $0.location == location })
            else { continue }
            let example = value["example"] ?? value["examples"]?.objectValue?.sortedMembers.first?.value["value"]
            parameters.append(
                FuzzOperation.Parameter(
                    name: name, location: location, required: value["required"]?.boolValue ?? (location == .path),
                    schema: value["schema"].map { SchemaNode(value: $0, document: valueURI) }, example: example))
        }
        let security = operation["security"] ?? documents[root]?["security"]
        let credentials = self.credentials(security, root: root)
        var body: FuzzOperation.Body?
        if let requestBody = operation["requestBody"] {
            let (value, bodyURI) = try resolve(requestBody, in: uri)
            var media: [FuzzOperation.Media] = []
            for member in value["content"]?.objectValue ?? JSONObject() {
                var xmlFields: [String: [String: String]] = [:]
                for field in member.value["encoding"]?.objectValue ?? JSONObject() {
                    if let mapping = field.value["x-xsd"]?.objectValue {
                        var files: [String: String] = [:]
                        for entry in mapping {
                            guard let path = entry.value.stringValue else { continue }
                            files[entry.key] = Self.absolute(path, from: bodyURI).document
                        }
                        xmlFields[field.key] = files
                    } else if let path = field.value["x-xsd"]?.stringValue {
                        // One XSD for every document: its first global element is the one generated.
                        xmlFields[field.key] = ["": Self.absolute(path, from: bodyURI).document]
                    }
                }
                media.append(
                    FuzzOperation.Media(
                        mediaType: member.key,
                        schema: member.value["schema"].map { SchemaNode(value: $0, document: bodyURI) },
                        xmlFields: xmlFields))
            }
            body = FuzzOperation.Body(required: value["required"]?.boolValue ?? false, media: media)
        }
        return FuzzOperation(
            method: method.uppercased(), pathTemplate: path, operationID: operation["operationId"]?.stringValue,
            parameters: parameters, credentials: credentials, body: body)
    }

    /// The credentials of the first security requirement (an empty requirement means none).
    private func credentials(_ security: JSONValue?, root: String) -> [FuzzOperation.Credential] {
        guard let requirement = security?.arrayValue?.first?.objectValue else { return [] }
        let schemes = documents[root]?["components"]?["securitySchemes"]
        var result: [FuzzOperation.Credential] = []
        for member in requirement {
            guard let scheme = schemes?[member.key] else { continue }
            switch (scheme["type"]?.stringValue, scheme["in"]?.stringValue) {
            case ("apiKey", "header"):
                if let name = scheme["name"]?.stringValue {
                    result.append(.init(scheme: member.key, kind: .apiKeyHeader, name: name))
                }
            case ("apiKey", "query"):
                if let name = scheme["name"]?.stringValue {
                    result.append(.init(scheme: member.key, kind: .apiKeyQuery, name: name))
                }
            case ("http", _):
                let basic = scheme["scheme"]?.stringValue?.lowercased() == "basic"
                result.append(.init(scheme: member.key, kind: basic ? .basic : .bearer, name: "Authorization"))
            case ("oauth2", _), ("openIdConnect", _):
                result.append(.init(scheme: member.key, kind: .bearer, name: "Authorization"))
            default:
                break
            }
        }
        return result
    }
}
