// libFuzzer target: JSONCore's JSON parser and writer (issue #33). Built with JSONCore's sources into one module by
// `.ci/fuzz`; not part of any SwiftPM target.
//
// Properties, beyond "no crash": what the parser accepts, the writer writes back as JSON the parser accepts, to an
// equal value; writing that value again gives the same bytes; with sorted keys too.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let data = Data(bytes: start, count: count)
    guard let value = try? JSONValue(parsing: data) else { return 0 }
    for options in [JSONWritingOptions(), .sortedKeys] {
        let written = value.data(options)
        let again: JSONValue
        do {
            again = try JSONValue(parsing: written)
        } catch {
            let text = String(decoding: written, as: UTF8.self)
            fatalError("the writer wrote what the parser refuses (\(error)): \(text)")
        }
        guard again == value else {
            fatalError("written and read back, the value changed: \(String(decoding: written, as: UTF8.self))")
        }
        guard again.data(options) == written else {
            fatalError("writing the value again gave other bytes: \(String(decoding: written, as: UTF8.self))")
        }
    }
    return 0
}
