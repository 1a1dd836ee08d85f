// FoundationNetworking's URLSession over libcurl: a few allocations per request are reported as leaked, whether the
// session is `.shared` or an ephemeral one invalidated after use. Needs a server: `.ci/lsan/reproduce` starts one.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let url = URL(string: CommandLine.arguments[1])!
let session = URLSession(configuration: .ephemeral)
let done = DispatchSemaphore(value: 0)
Task {
    for _ in 0..<10 { _ = try await session.data(from: url) }
    session.finishTasksAndInvalidate()
    done.signal()
}
done.wait()
print("10 requests")
