import CassetteKit
import ContractKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer

/// A contract for the test `counter` simulator and the `shop` replay vendor, so the live check has something to
/// hold exchanges to.
enum InspectorFixture {
    static let counter = """
        openapi: 3.1.0
        info:
          title: counter
          version: 1.0.0
        servers:
          - url: http://simulator.local/counter
        paths:
          /count:
            get:
              responses:
                '200':
                  description: the total
                  content:
                    application/json:
                      schema:
                        $ref: '#/components/schemas/Total'
            post:
              requestBody:
                required: false
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        by:
                          type: integer
                      additionalProperties: false
              responses:
                '200':
                  description: the new total
                  content:
                    application/json:
                      schema:
                        $ref: '#/components/schemas/Total'
        components:
          schemas:
            Total:
              type: object
              required: [count]
              properties:
                count:
                  type: integer

        """

    /// The shop contract (`Fixtures/shop.openapi.yaml`), which the browser test in HarnessCLITests serves too.
    static var shop: String {
        get throws {
            try String(contentsOf: shopContractFile, encoding: .utf8)
        }
    }

    /// `Tests/MockServerTests/Inspector/Fixtures/shop.openapi.yaml`.
    static let shopContractFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/shop.openapi.yaml")

    /// A live check over the two contracts written into `folder`.
    static func check(in folder: URL) throws -> ContractCheck {
        for (vendor, text) in [("counter", counter), ("shop", try shop)] {
            let directory = folder.appendingPathComponent("schemas/\(vendor)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: directory.appendingPathComponent("\(vendor).openapi.yaml"))
        }
        return ContractCheck(registry: try SchemaRegistry(folder: folder.appendingPathComponent("schemas")))
    }

    /// `shop/orders`: a valid order (tea), and one whose request breaks the contract (count as a string, a
    /// script in the item).
    static func shopCassettes(in folder: URL) throws {
        try CassetteFixture.write(
            "shop/orders", in: folder,
            [
                CassetteFixture.json(
                    "POST", "/orders", body: ["item": "tea", "count": 1], status: 201, answer: ["id": "o-1"]),
                CassetteFixture.json(
                    "POST", "/orders", body: ["item": "<script>alert(1)</script>", "count": "two"], status: 201,
                    answer: ["id": "o-2"]),
            ])
    }
}
