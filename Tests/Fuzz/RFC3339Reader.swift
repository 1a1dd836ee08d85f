// libFuzzer target: JSONCore's RFC 3339 reader (issue #33), which every `date-time` of the contract check, the
// simulators and the provider check goes through. Built with JSONCore's sources into one module by `.ci/fuzz`; not
// part of any SwiftPM target.
//
// Properties, beyond "no crash": a text is a date-time exactly when it names an instant; a date-time is a full-date,
// a `T` or `t`, and a full-time, each accepted on its own; an instant is the same written with `t` or `T`.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRFC3339Reader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0, count <= 64 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let instant = RFC3339.date(from: text)
    guard RFC3339.isDateTime(text) == (instant != nil) else {
        fatalError("isDateTime and date(from:) disagree on \(text.debugDescription)")
    }
    guard let instant, let separator = text.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return 0 }
    guard RFC3339.isFullDate(text[..<separator]), RFC3339.isFullTime(text[text.index(after: separator)...]) else {
        fatalError("a date-time whose date or time is refused alone: \(text.debugDescription)")
    }
    var swapped = text
    swapped.replaceSubrange(separator...separator, with: text[separator] == "T" ? "t" : "T")
    guard RFC3339.date(from: swapped) == instant else {
        fatalError("the separator's case changed the instant: \(text.debugDescription)")
    }
    return 0
}
