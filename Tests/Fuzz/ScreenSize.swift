// libFuzzer target: the two `screen_size` readers of ReferralHero, the SDK's `RHScreenSize` and the simulator's
// `ReferralHeroScreenSize` (issue #33). Built by `.ci/fuzz` against ReferralHeroSDK and Simulators compiled with the
// fuzzer's instrumentation; not part of any SwiftPM target.
//
// Properties, beyond "no crash": both readers accept the same spellings and write the same canonical form; that
// form reads back, in both, as the same size and spelling; its sides are positive and below the largest side.
import ReferralHeroSDK

@testable import Simulators

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreenSize(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let size = RHScreenSize(text)
    let canonical = ReferralHeroScreenSize.canonical(text)
    guard size?.description == canonical else {
        fatalError("'\(text)': the SDK reads \(size?.description ?? "nil"), the simulator \(canonical ?? "nil")")
    }
    guard let size, let canonical else { return 0 }
    for side in [size.width, size.height] where !(side > 0 && side < RHScreenSize.maximumSide) {
        fatalError("'\(text)' has a side \(side) outside the accepted sizes")
    }
    guard let again = RHScreenSize(canonical), again == size, again.description == canonical else {
        fatalError("the SDK does not read its canonical '\(canonical)' (of '\(text)') back as the same size")
    }
    guard ReferralHeroScreenSize.canonical(canonical) == canonical else {
        fatalError("the simulator does not read its canonical '\(canonical)' (of '\(text)') back the same")
    }
    return 0
}
