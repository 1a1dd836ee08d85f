// libFuzzer target: an XML document embedded in a form body, as XMLAPI requests carry it (`xml=<Envelope>…`) and the
// Engage simulator reads it: JSONCore's validating form decoder, then LibXML's parser (issue #33). Built by
// `.ci/fuzz` against JSONCore and LibXML compiled with the fuzzer's instrumentation; not part of any SwiftPM target.
//
// Properties, beyond "no crash": the `xml` field of a body the decoder accepts, when LibXML parses it, survives the
// way back: the fields encoded again (in either spelling) decode to the same fields, whose `xml` parses to a
// canonically equal document; the document's root element, serialized, parses to an equal element.
import Foundation
import JSONCore
import LibXML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormXML(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    guard let fields = FormCoding.decode(validating: UnsafeBufferPointer(start: start, count: count)),
        let text = fields.lastValues["xml"], let document = try? XML.Document(string: text)
    else { return 0 }
    for spelling in [FormCoding.Spelling.uri, .browser] {
        let encoded = FormCoding.encode(fields, spelling: spelling)
        guard let back = FormCoding.decode(validating: Array(encoded.utf8)), back == fields else {
            fatalError("encoded as '\(encoded)' and decoded, the fields changed")
        }
        guard let again = try? XML.Document(string: back.lastValues["xml"] ?? ""),
            again.isCanonicallyEqual(to: document)
        else { fatalError("the xml field, encoded and decoded, parses to another document: \(text)") }
    }
    guard let root = document.root else { return 0 }
    let serialized = root.serialized()
    guard let reparsed = try? XML.Document(string: serialized), reparsed.root == root else {
        fatalError("the root element serialized as '\(serialized)' parses to another element (from \(text))")
    }
    return 0
}
