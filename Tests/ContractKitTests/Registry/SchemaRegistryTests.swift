import ContractKit
import Foundation
import HarnessTesting
import Testing

@Suite("SchemaRegistry")
struct SchemaRegistryTests {
    let schemas = Fixtures.folder.appendingPathComponent("schemas")

    func registry(_ vendor: String) throws(ContractError) -> SchemaRegistry {
        try SchemaRegistry(
            folder: schemas, documents: [vendor: schemas.appendingPathComponent("\(vendor)/\(vendor).openapi.yaml")])
    }

    @Test("The repository's Schemas load: the Engage contract and its XSDs")
    func repositorySchemas() throws {
        let registry = try Fixtures.registry.get()
        let engage = try #require(registry.contracts["engage"])
        #expect(engage.file == "Schemas/engage/engage.openapi.yaml")
        #expect(
            engage.operations.map(\.name).sorted() == [
                "POST /XMLAPI", "POST /oauth/token", "POST /rest/events/submission",
            ])
        #expect(engage.basePaths.contains("/engage"))
    }

    @Test("Every vendor document under Schemas loads, and each operation matches its own path under every base path")
    func everyVendor() throws {
        let registry = try Fixtures.registry.get()
        #expect(registry.vendors.contains("engage"))
        for contract in registry.contracts.values {
            #expect(!contract.operations.isEmpty, "\(contract.file) declares no operation")
            for operation in contract.operations {
                let concrete = operation.pathTemplate.split(separator: "/", omittingEmptySubsequences: false)
                    .map { $0.hasPrefix("{") ? "x1" : String($0) }.joined(separator: "/")
                for base in contract.basePaths {
                    guard case .operation(let found) = contract.match(method: operation.method, path: base + concrete)
                    else {
                        Issue.record("\(operation.name) does not match \(base + concrete)")
                        continue
                    }
                    #expect(found.method == operation.method)
                    #expect(found.pathTemplate == operation.pathTemplate)
                }
            }
        }
    }

    @Test("Security requirements make their headers required")
    func securityHeaders() throws {
        let registry = try Fixtures.registry.get()
        let engage = try #require(registry.contracts["engage"])
        let token = try #require(engage.operations.first { $0.operationID == "createAccessToken" })
        #expect(token.requiredHeaders.isEmpty)
        let events = try #require(engage.operations.first { $0.operationID == "submitEvents" })
        #expect(events.requiredHeaders == ["Authorization"])
    }

    @Test("Paths match under the mock server's mount point, a server's base path, or none")
    func basePaths() throws {
        let engage = try #require(try Fixtures.registry.get().contracts["engage"])
        for path in ["/engage/XMLAPI", "/XMLAPI"] {
            guard case .operation(let operation) = engage.match(method: "post", path: path) else {
                Issue.record("\(path) did not match")
                continue
            }
            #expect(operation.operationID == "postXMLAPI")
        }
        guard case .pathNotDeclared = engage.match(method: "POST", path: "/other/XMLAPI") else {
            Issue.record("a foreign prefix matched")
            return
        }
    }

    @Test("A literal path segment wins over a template, and templates match any segment")
    func templates() throws {
        let contract = try #require(try registry("cross-file").contracts["cross-file"])
        guard case .operation(let latest) = contract.match(method: "GET", path: "/v2/items/latest") else {
            Issue.record("/v2/items/latest did not match")
            return
        }
        #expect(latest.pathTemplate == "/items/latest")
        guard case .operation(let item) = contract.match(method: "GET", path: "/v2/items/42") else {
            Issue.record("/v2/items/42 did not match")
            return
        }
        #expect(item.pathTemplate == "/items/{id}")
        #expect(item.requiredHeaders == ["X-Api-Version"])
        // A method neither path declares names the best-ranked path (the literal one) and its methods.
        guard
            case .methodNotDeclared(let path, let declared) = contract.match(method: "delete", path: "/v2/items/latest")
        else {
            Issue.record("DELETE /v2/items/latest was not a method the path does not declare")
            return
        }
        #expect(path == "/items/latest")
        #expect(declared == ["GET"])
        guard case .methodNotDeclared(let templated, _) = contract.match(method: "PUT", path: "/v2/items/42") else {
            Issue.record("PUT /v2/items/42 was not a method the path does not declare")
            return
        }
        #expect(templated == "/items/{id}")
        // A variable matches a segment that is not empty, and segments count.
        for path in ["/v2/items/", "/v2/items", "/v2/items/42/x", "/v2/Items/42"] {
            guard case .pathNotDeclared = contract.match(method: "GET", path: path) else {
                Issue.record("\(path) matched")
                continue
            }
        }
    }

    @Test("Response objects and schemas resolve across files and validate a body")
    func crossFile() throws {
        let registry = try registry("cross-file")
        let interaction = Interaction(
            cassette: "cross-file.har", entry: 0,
            request: .init(
                method: "GET", url: "https://api.example.com/v2/items/7",
                headers: [.init(name: "X-Api-Version", value: "2")]),
            response: .init(status: 200, body: .init(text: #"{"id": "not-a-uuid"}"#, contentType: "application/json")))
        let violations = ContractCheck(registry: registry).check(interaction, vendor: "cross-file")
        #expect(violations.map(\.message) == [#"response body /id: expected a uuid, found string "not-a-uuid""#])
        #expect(
            violations.first?.schemaLocation?.hasSuffix(
                "shared/common.yaml#/components/schemas/Item/properties/id/format") == true)
    }

    @Test("A YAML syntax error gives the file, line and column")
    func yamlSyntaxError() {
        #expect {
            try registry("broken-yaml")
        } throws: { error in
            guard case .yamlSyntax(let file, let line, let column, _) = error as? ContractError else { return false }
            return file.hasSuffix("broken-yaml/broken-yaml.openapi.yaml") && line == 7 && column == 8
        }
    }

    @Test("An unresolvable $ref names the file and the pointer of the reference")
    func unresolvableReference() {
        #expect {
            try registry("dangling-ref")
        } throws: { error in
            guard case .unresolvableReference(let reference, let file, let pointer) = error as? ContractError else {
                return false
            }
            return reference == "../shared/common.yaml#/components/schemas/Missing"
                && file.hasSuffix("dangling-ref/dangling-ref.openapi.yaml")
                && pointer == "/paths/~1items/post/requestBody/content/application~1json/schema"
        }
    }

    @Test("A missing Schemas folder is an error that says which folder")
    func missingFolder() {
        #expect {
            try SchemaRegistry(folder: URL(fileURLWithPath: "/nonexistent/Schemas"))
        } throws: { error in
            (error as? ContractError)?.description.contains("/nonexistent/Schemas") == true
        }
    }
}
