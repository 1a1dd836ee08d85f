import Foundation
import JSONCore
import Testing

@Suite("Locked")
struct LockedTests {
    @Test("Four threads each adding 10,000 times under the lock lose no update")
    func noLostUpdate() async {
        let counter = Locked(0)
        let threads = 4
        let additions = 10_000
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let finished = Locked(0)
            for _ in 0..<threads {
                Thread {
                    for _ in 0..<additions { counter.withLock { $0 += 1 } }
                    if finished.withLock({
                        $0 += 1
                        return $0
                    }) == threads {
                        done.resume()
                    }
                }.start()
            }
        }
        #expect(counter.withLock { $0 } == threads * additions)
    }

    @Test("What the body returns or throws comes out of withLock, and a throw keeps what the body changed")
    func resultAndThrow() {
        struct Refused: Error {}
        let names = Locked<[String]>([])
        #expect(
            names.withLock {
                $0.append("a")
                return $0.count
            } == 1)
        #expect(throws: Refused.self) {
            try names.withLock { names throws(Refused) in
                names.append("b")
                throw Refused()
            }
        }
        #expect(names.withLock { $0 } == ["a", "b"])
    }
}
