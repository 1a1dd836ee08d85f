// libFuzzer target: CassetteKit's HAR reader and writer, `Cassette(data:source:)` and `encoded()` (issue #33). Built
// by `.ci/fuzz` against LibXML and CassetteKit compiled with the fuzzer's instrumentation; not part of any SwiftPM
// target.
//
// Properties, beyond "no crash": what the reader accepts, the writer writes as a cassette the reader accepts, to an
// equal cassette, which the writer writes as the same bytes (reading and writing an unchanged cassette changes
// nothing); reading a cassette's own JSON value gives the same cassette.
import CassetteKit
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHARCassette(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    guard let cassette = try? Cassette(data: Data(bytes: start, count: count), source: "fuzz.har") else { return 0 }
    let written = cassette.encoded()
    let again: Cassette
    do {
        again = try Cassette(data: written, source: "written.har")
    } catch {
        fatalError("the reader refuses what the writer wrote (\(error)): \(String(decoding: written, as: UTF8.self))")
    }
    guard again == cassette else {
        fatalError("written and read back, the cassette changed: \(String(decoding: written, as: UTF8.self))")
    }
    guard again.encoded() == written else {
        fatalError("writing the cassette again gave other bytes: \(String(decoding: written, as: UTF8.self))")
    }
    guard (try? Cassette(json: cassette.json, source: "json.har")) == cassette else {
        fatalError("the cassette's own JSON value reads as another cassette")
    }
    return 0
}
