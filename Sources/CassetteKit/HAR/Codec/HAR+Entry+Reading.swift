import Dispatch
import Foundation
import JSONCore

extension HAR.Entry {
    /// Entries at or above this count are read on every core.
    static let parallelThreshold = 2_000

    /// Reads the entries of a log, in slices on every core for a large cassette; the first malformed entry
    /// (in file order) is the error reported.
    static func read(
        _ elements: [JSONValue], at pointer: JSONPointer, file: String
    ) throws(CassetteError) -> [HAR.Entry] {
        @Sendable func slice(_ range: Range<Int>) -> Result<[HAR.Entry], CassetteError> {
            var entries: [HAR.Entry] = []
            entries.reserveCapacity(range.count)
            for index in range {
                do throws(CassetteError) {
                    var reader = try HARReader(elements[index], at: pointer.appending(index), file: file)
                    entries.append(try HAR.Entry(reading: &reader))
                } catch {
                    return .failure(error)
                }
            }
            return .success(entries)
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard elements.count >= parallelThreshold, cores > 1 else { return try slice(0..<elements.count).get() }
        let size = (elements.count + cores - 1) / cores
        let results = Locked<[Int: Result<[HAR.Entry], CassetteError>]>([:])
        DispatchQueue.concurrentPerform(iterations: cores) { part in
            let range = min(part * size, elements.count)..<min((part + 1) * size, elements.count)
            let result = slice(range)
            results.withLock { $0[part] = result }
        }
        var entries: [HAR.Entry] = []
        entries.reserveCapacity(elements.count)
        for part in 0..<cores {
            guard let result = results.withLock({ $0[part] }) else { continue }
            entries += try result.get()
        }
        return entries
    }
}
