import ContractKit
import Testing

@Suite("ExpectedViolation")
struct ExpectedViolationTests {
    static let missingToken = ContractViolation(
        cassette: "c.har", entry: 0, kind: .missingHeader, location: "request header Authorization",
        expected: "the header", actual: "none")
    static let badBody = ContractViolation(
        cassette: "c.har", entry: 1, kind: .jsonSchema, location: "request body /points", expected: "an integer",
        actual: "\"ten\"")
    static let declaration = ExpectedViolation(
        .missingHeader, at: "request header Authorization", because: "the call leaves out the token")

    static func report(_ first: [ContractViolation], _ second: [ContractViolation]) -> ContractReport {
        ContractReport(
            cassettes: [
                .init(
                    path: "c.har", vendor: "referralhero",
                    entries: [
                        .init(index: 0, name: "POST /a → 400", violations: first),
                        .init(index: 1, name: "POST /b → 400", violations: second),
                    ])
            ], schemas: "Schemas", vendors: ["referralhero"])
    }

    @Test("A declared violation moves to the entry's expected list and no longer counts; others still do")
    func declaredViolationDoesNotCount() {
        var report = Self.report([Self.missingToken], [Self.badBody])
        report.expect([Self.declaration], inCassette: "c.har")
        #expect(report.cassettes[0].entries[0].violations.isEmpty)
        #expect(report.cassettes[0].entries[0].expected == [Self.missingToken])
        #expect(report.violationCount == 1)
        #expect(report.exitStatus == 1)
        report.cassettes[0].entries[1].violations = []
        #expect(report.exitStatus == 0)
    }

    @Test("A declaration the cassette does not meet is an expected-violation-absent violation")
    func absentDeclarationFails() {
        var report = Self.report([], [])
        report.expect([Self.declaration], inCassette: "c.har")
        let violations = report.cassettes[0].entries[0].violations
        #expect(violations.map(\.kind) == [.expectedViolationAbsent])
        #expect(violations.first?.location == "request header Authorization")
        #expect(report.exitStatus == 1)
    }

    @Test("Declarations apply only to the named cassette, and a different location does not match")
    func scopedToCassetteAndLocation() {
        var report = Self.report([Self.missingToken], [])
        report.expect([Self.declaration], inCassette: "other.har")
        #expect(report.violationCount == 1)
        let elsewhere = ExpectedViolation(.missingHeader, at: "request header Accept", because: "no reason")
        report.expect([elsewhere], inCassette: "c.har")
        #expect(report.cassettes[0].entries[0].violations.map(\.kind) == [.missingHeader, .expectedViolationAbsent])
    }
}
