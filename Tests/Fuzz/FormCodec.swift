// libFuzzer target: JSONCore's application/x-www-form-urlencoded codec (issue #33). Built with JSONCore's sources
// into one module by `.ci/fuzz`; not part of any SwiftPM target.
//
// Properties, beyond "no crash": what the validating decoder accepts, the encoder writes back (in either spelling)
// as a body the decoder reads to the same fields; the lenient decoder agrees with the validating one wherever the
// latter accepts.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormCodec(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let fields = FormCoding.decode(validating: bytes) else { return 0 }
    if let text = String(validating: bytes, as: UTF8.self), FormCoding.decode(text) != fields {
        fatalError("the lenient decoder reads other fields than the validating one: \(text)")
    }
    for spelling in [FormCoding.Spelling.uri, .browser] {
        let encoded = FormCoding.encode(fields, spelling: spelling)
        guard let back = FormCoding.decode(validating: Array(encoded.utf8)) else {
            fatalError("the decoder refuses what the encoder wrote: \(encoded)")
        }
        guard back == fields else { fatalError("encoded and decoded, the fields changed: \(encoded)") }
    }
    return 0
}
