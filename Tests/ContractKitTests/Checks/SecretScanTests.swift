import ContractKit
import Foundation
import Testing

/// The unredacted-secret findings of the contract check on JSON bodies and free text, as `harness serve`'s live check
/// meets them: member names folded however they are spelled, locations as JSON pointers, markers found anywhere.
@Suite("SecretScan")
struct SecretScanTests {
    /// The unredacted-secret messages of a response with `body` (JSON unless `contentType` says otherwise); the
    /// vendor has no contract, so only the secret scan and the unknown-vendor violation speak.
    func secrets(_ body: String, contentType: String = "application/json") throws -> [String] {
        let interaction = Interaction(
            cassette: "scan.har", entry: 0, request: .init(method: "GET", url: "https://example.com/"),
            response: .init(status: 200, body: .init(data: Data(body.utf8), contentType: contentType)))
        let registry = try SchemaRegistry(folder: FileManager.default.temporaryDirectory, documents: [:])
        let check = ContractCheck(registry: registry)
        return check.check(interaction, vendor: "nobody").filter { $0.kind == .unredactedSecret }.map(\.message)
    }

    @Test("A secret member is found under any case and separators, with its pointer")
    func memberNames() throws {
        let found = try secrets(#"{"a":[{"Client-Secret":"s3cr3t-value"},{"API_KEY":"k"}],"x~/y":{"passWord":"p"}}"#)
        #expect(
            found.sorted() == [
                "response body /a/0/Client-Secret: expected a redaction placeholder such as <redacted:…>, found a "
                    + "value of 12 characters in clear",
                "response body /a/1/API_KEY: expected a redaction placeholder such as <redacted:…>, found a value "
                    + "of 1 characters in clear",
                "response body /x~0~1y/passWord: expected a redaction placeholder such as <redacted:…>, found a "
                    + "value of 1 characters in clear",
            ])
    }

    @Test("A name that lowercases to a secret name through Unicode is one too (the Kelvin sign)")
    func unicodeName() throws {
        #expect(try secrets("{\"api\u{212A}ey\":\"value\"}").count == 1)
        #expect(try secrets(#"{"apikeys":"value","secretive":"value","session_tokens_long":"value"}"#).isEmpty)
    }

    @Test("A bearer token or client_secret inside any string is found; other strings are not")
    func markers() throws {
        let found = try secrets(
            #"{"n":[1,"x"],"note":"sent bearer abcdefgh1234","deep":[["client_secret=0123456789"]],"#
                + #""short":"Bearer abc","placeholder":"Bearer <redacted:token>","plain":"Bearers everywhere"}"#)
        #expect(
            found.sorted() == [
                "response body /deep/0/0: expected a redaction placeholder such as <redacted:…>, found a value of "
                    + "10 characters in clear",
                "response body /note: expected a redaction placeholder such as <redacted:…>, found a value of 12 "
                    + "characters in clear",
            ])
        #expect(try secrets("Authorization: Bearer 0123456789abcdef", contentType: "text/plain").count == 1)
        #expect(try secrets("nothing to see in this body", contentType: "text/plain").isEmpty)
    }

    @Test(
        "A placeholder is told from a credential, ASCII or not, past schemes, blanks and letter case",
        arguments: [
            ("<redacted:token>", true), ("  Bearer   <redacted>  ", true), ("bEARER token {{secret}}", true),
            ("Api-Key ***", true), ("xXx", true), ("", true), ("   ", true), ("my-REDACTED-value", true),
            ("\u{2022}\u{2022}\u{2022}", true), ("Bearer \u{2022}\u{2022}", true), ("<>", true),
            ("Basic", false), ("<a<b>", false), ("{{x}", false), ("s3cret\ttoken", false), ("\tBearer\t<x>", false),
            ("Bearer password1", false), ("x*y*z", false), ("p\u{00E4}ss", false),
        ])
    func placeholders(value: String, isPlaceholder: Bool) throws {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["password": value]), as: UTF8.self)
        #expect(try secrets(body).isEmpty == isPlaceholder, "\(value.debugDescription)")
    }

    @Test("Separators do not count towards a member name's length; more letters than any secret name's do")
    func separatedNames() throws {
        #expect(try secrets(#"{"__________password":"p"}"#).count == 1)
        #expect(try secrets(#"{"S_E_S_S_I_O_N_T_O_K_E_N":"t","AUTHORIZATION":"a"}"#).count == 2)
        #expect(try secrets(#"{"sessiontoken_x":"t","authorizations":"a","passwordpasswordpassword":"p"}"#).isEmpty)
    }
}
