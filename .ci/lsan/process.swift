// Foundation's Process: running one child to completion is reported as a leak of the weak reference `run()` forms:
// swiftlang/swift-corelibs-foundation#3260 ("[lsan] Leaks detected in corelibs-foundation URL init and Process.run()").
import Foundation

let process = Process()
process.executableURL = URL(fileURLWithPath: "/bin/true")
try process.run()
process.waitUntilExit()
print("exit", process.terminationStatus)
