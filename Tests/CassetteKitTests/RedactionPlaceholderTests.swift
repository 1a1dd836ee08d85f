import CassetteKit
import Testing

@Suite("RedactionPlaceholder")
struct RedactionPlaceholderTests {
    @Test(
        "The placeholders redaction writes are recognised; anything else is not",
        arguments: [
            ("<redacted:authorization:1>", true), ("<redacted:client_secret>", true), ("<redacted:x-api-key:12>", true),
            ("<redacted:>", false), ("<redacted:Authorization:1>", false), ("<redacted:token:1a>", false),
            ("<redacted:token:1:2>", false), ("sim-token-1", false), ("Bearer <redacted:authorization:1>", false),
        ])
    func recognition(_ value: String, _ expected: Bool) {
        #expect(RedactionPlaceholder.matches(value) == expected)
    }

}
