import ArgumentParser
import ContractKit
import Foundation
import JSONCore
import LibXML
import Logging

extension Harness.Bench {
    /// `harness bench validate`: the contract check's two validators, in documents per second on one core.
    struct BenchValidate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "XSD parse + validate of a ~2 KB envelope and JSON Schema validation of a ~1 KB body, in docs/s."
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var bench: BenchOptions

        func run() throws {
            let logger = global.bootstrap()
            let (xsd, envelope) = try bench.resultSchemaAndEnvelope()
            let schema = try JSONSchema(Self.profileSchema)
            let body = Self.profileBody.data(.sortedKeys)
            let instance = try JSONValue(parsing: body)
            let violations = schema.validate(instance)
            guard violations.isEmpty else {
                throw ValidationError("the benchmark body does not validate: \(violations.map(\.description))")
            }
            logger.info("envelope \(envelope.count) bytes, JSON body \(body.count) bytes; both valid")

            let stopwatch = Stopwatch(seconds: bench.seconds)
            let figures: [(label: String, target: String, measure: () throws -> Void)] = [
                (
                    "XSD parse + validate, \(envelope.count)-byte RESULT envelope", "(target >= 25,000)",
                    {
                        let problems = try xsd.validate(data: envelope)
                        precondition(problems.isEmpty)
                    }
                ),
                ("JSON Schema validate (parsed once), verdict only", "", { precondition(schema.isValid(instance)) }),
                (
                    "JSON Schema validate (parsed once), all violations", "(target >= 50,000)",
                    {
                        precondition(schema.validate(instance).isEmpty)
                    }
                ),
                (
                    "JSON parse + JSON Schema validate, all violations", "",
                    {
                        let value = try JSONValue(parsing: body)
                        precondition(schema.validate(value).isEmpty)
                    }
                ),
            ]
            print("bench validate: one core, compile once, validate many; docs/s by wall clock and per CPU-second")
            print(
                "  (the JSON body: \(body.count) bytes, \(Self.propertyCount) properties, a nested object, an array, "
                    + "six formats, four patterns)")
            for figure in figures {
                let wall = try stopwatch.throughput(figure.measure)
                let cpu = try stopwatch.cpuThroughput(figure.measure)
                let label = figure.label.padding(toLength: 56, withPad: " ", startingAt: 0)
                print("  \(label) \(Figures.grouped(wall)) wall, \(Figures.grouped(cpu)) CPU   \(figure.target)")
            }
        }

        static var propertyCount: Int { profileSchema["properties"]?.objectValue?.count ?? 0 }

        /// A user profile schema: 20 properties, a nested object, an array, six formats, patterns and ranges.
        static let profileSchema: JSONValue = [
            "type": "object",
            "required": ["id", "email", "createdAt", "name", "address", "tags"],
            "additionalProperties": false,
            "properties": [
                "id": ["type": "string", "format": "uuid"],
                "email": ["type": "string", "format": "email"],
                "createdAt": ["type": "string", "format": "date-time"],
                "birthDate": ["type": "string", "format": "date"],
                "name": ["type": "string", "minLength": 1, "maxLength": 100],
                "age": ["type": "integer", "minimum": 0, "maximum": 150],
                "score": ["type": "number", "multipleOf": 0.5],
                "active": ["type": "boolean"],
                "plan": ["enum": ["free", "pro", "enterprise"]],
                "tags": [
                    "type": "array", "items": ["type": "string", "minLength": 1], "uniqueItems": true, "maxItems": 10,
                ],
                "address": [
                    "type": "object",
                    "required": ["street", "city", "zip", "country"],
                    "properties": [
                        "street": ["type": "string"],
                        "city": ["type": "string"],
                        "zip": ["type": "string", "pattern": "^[0-9]{5}$"],
                        "country": ["type": "string", "pattern": "^[A-Z]{2}$"],
                    ],
                ],
                "website": ["type": "string", "format": "uri"],
                "ip": ["type": "string", "format": "ipv4"],
                "locale": ["type": "string", "pattern": "^[a-z]{2}(-[A-Z]{2})?$"],
                "loginCount": ["type": "integer", "minimum": 0],
                "lastLogin": ["type": "string", "format": "date-time"],
                "referrer": ["type": "string", "format": "hostname"],
                "phone": ["type": "string", "pattern": "^\\+[0-9]{7,15}$"],
                "notes": ["type": "string", "maxLength": 500],
                "preferences": ["type": "object", "additionalProperties": ["type": "boolean"]],
            ],
        ]

        /// A body valid against ``profileSchema``, about 1 KB.
        static let profileBody: JSONValue = [
            "id": "3f2b8c1e-9d4a-4e7b-8c6f-2a1b0c9d8e7f",
            "email": "somebody.special@example.com",
            "createdAt": "2026-01-28T01:39:53.123Z",
            "birthDate": "1990-02-28",
            "name": "Somebody Special",
            "age": 36,
            "score": 41.5,
            "active": true,
            "plan": "pro",
            "tags": ["beta", "newsletter", "mobile", "ios", "push-enabled"],
            "address": ["street": "1 Infinite Loop", "city": "Cupertino", "zip": "95014", "country": "US"],
            "website": "https://example.com/people/somebody-special?ref=profile",
            "ip": "192.168.100.42",
            "locale": "en-US",
            "loginCount": 1234,
            "lastLogin": "2026-11-20T17:05:09+01:00",
            "referrer": "campaigns.example.org",
            "phone": "+14155550123",
            "notes": .string(
                "Prefers e-mail over push; opted in to the spring campaign; asked for the quarterly digest only. "
                    + "Moved from the free plan after the trial; support ticket 4411 closed; speaks English and "
                    + "French; allow marketing on weekdays only, never after 8 pm local time, and not on public holidays."
            ),
            "preferences": ["email": true, "push": false, "sms": false, "digest": true, "marketing": true],
        ]
    }
}
