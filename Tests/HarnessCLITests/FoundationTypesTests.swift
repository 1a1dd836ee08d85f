import Foundation
import HarnessTesting
import Testing

/// ARCHITECTURE.md's "one of each foundation type", read from `Sources/`: a second form decoder, media type,
/// RFC 3339 reader, clock or seeded generator fails here with the file that holds it.
@Suite("One of each foundation type")
struct FoundationTypesTests {
    static func places(
        in folders: [String] = ["Sources"], allowed: [String], _ matches: (Substring) -> Bool
    ) throws -> [String] {
        try SourceScan.places(in: folders, allowed: allowed, matches)
    }

    @Test("Percent-decoding happens only in JSONCore's FormCoding")
    func oneFormCodec() throws {
        let found = try Self.places(allowed: ["Sources/JSONCore/Forms/"]) { line in
            SourceScan.has(line, "removingPercentEncoding") || SourceScan.has(line, #"replacingOccurrences(of: "+""#)
                || SourceScan.has(line, #"split(separator: "&""#) || SourceScan.has(line, "enum FormFields")
        }
        #expect(found.isEmpty, "decode forms, queries and paths with FormCoding instead: \(found)")
    }

    @Test("There is one MediaType, CassetteKit's")
    func oneMediaType() throws {
        let declaration = /(enum|struct|class) MediaType\b/
        let found = try Self.places(allowed: ["Sources/CassetteKit/Bodies/MediaType.swift"]) { line in
            SourceScan.has(line, " MediaType") && line.contains(declaration)
        }
        #expect(found.isEmpty, "classify content types with CassetteKit's MediaType instead: \(found)")
    }

    @Test("RFC 3339 text is read only by JSONCore's RFC3339")
    func oneRFC3339Reader() throws {
        let parse = /ISO8601FormatStyle.*\.parse\(/
        let predicate = /func is(RFC3339|DateTime)\b/
        let found = try Self.places(allowed: ["Sources/JSONCore/Dates/"]) { line in
            SourceScan.has(line, "ISO8601DateFormatter")
                || (SourceScan.has(line, "ISO8601FormatStyle") && line.contains(parse))
                || (SourceScan.has(line, "func is") && line.contains(predicate))
        }
        #expect(found.isEmpty, "read timestamps with RFC3339.date(from:) instead: \(found)")
    }

    @Test("Calendar arithmetic lives only in JSONCore's CivilDays")
    func oneCalendar() throws {
        let found = try Self.places(allowed: ["Sources/JSONCore/Dates/CivilDays.swift"]) { line in
            SourceScan.has(line, "719_468") || SourceScan.has(line, "146_097") || SourceScan.has(line, "719468")
        }
        #expect(found.isEmpty, "convert days and dates with CivilDays instead: \(found)")
    }

    @Test("The only seeded random number generator is JSONCore's SeededGenerator")
    func oneSeededGenerator() throws {
        let generator = /(struct|class) \w+[^{]*RandomNumberGenerator/
        let found = try Self.places(allowed: ["Sources/JSONCore/Random/"]) { line in
            (SourceScan.has(line, "RandomNumberGenerator") && line.contains(generator))
                || SourceScan.has(line, "0x9E37_79B9_7F4A_7C15")
        }
        #expect(found.isEmpty, "draw from SeededGenerator instead: \(found)")
    }

    @Test("Time is Swift's Clock: the only clock types are HarnessTesting's ManualClock and the flows' FlowClock")
    func oneClock() throws {
        let allowed = [
            "Sources/HarnessTesting/Time/ManualClock.swift", "Sources/FlowCatalog/Catalog/FlowClock.swift",
        ]
        let declaration = /(struct|class|enum|actor|protocol) \w*Clock\b/
        let found = try Self.places(in: ["Sources", "Tests"], allowed: allowed) { line in
            SourceScan.has(line, "Clock") && line.contains(declaration)
        }
        #expect(found.isEmpty, "take `any Clock<Duration>` and a `now` closure, and test with ManualClock: \(found)")
    }
}
