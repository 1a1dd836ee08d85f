import Foundation
import JSONCore
import MockServer
import Testing

@Suite("RequestJournal")
struct JournalTests {
    func entry(_ vendor: String, _ method: String, _ path: String, status: Int) -> JournalEntry {
        JournalEntry(
            time: Date(timeIntervalSince1970: 0), vendor: vendor, method: method, path: path, outcome: .simulated,
            status: status)
    }

    @Test("Entries are numbered in order and filtered by vendor, method, path prefix and status")
    func filtering() {
        let journal = RequestJournal()
        journal.append(entry("engage", "POST", "/engage/XMLAPI", status: 200))
        journal.append(entry("engage", "GET", "/engage/oauth/token", status: 401))
        journal.append(entry("referralhero", "POST", "/referralhero/api/v2/lists", status: 200))
        #expect(journal.entries().map(\.sequence) == [1, 2, 3])
        #expect(journal.entries(matching: JournalFilter(vendor: "engage")).count == 2)
        #expect(journal.entries(matching: JournalFilter(method: "post")).count == 2)
        #expect(journal.entries(matching: JournalFilter(path: "/engage/*")).count == 2)
        #expect(journal.entries(matching: JournalFilter(path: "/engage/XMLAPI")).map(\.sequence) == [1])
        #expect(journal.entries(matching: JournalFilter(status: 401)).map(\.path) == ["/engage/oauth/token"])
        journal.clear()
        #expect(journal.entries().isEmpty)
        #expect(journal.append(entry("engage", "GET", "/engage/x", status: 200)) == 1)
    }

    @Test("Beyond its capacity the journal drops the oldest entries and keeps order")
    func capacity() {
        let journal = RequestJournal(capacity: 3)
        for index in 1...5 { journal.append(entry("engage", "GET", "/engage/\(index)", status: 200)) }
        #expect(journal.entries().map(\.sequence) == [3, 4, 5])
        #expect(journal.entries().map(\.path) == ["/engage/3", "/engage/4", "/engage/5"])
    }

    @Test("A capacity of zero or less keeps one entry instead of trapping")
    func hostileCapacity() {
        for capacity in [0, -1, Int.min] {
            let journal = RequestJournal(capacity: capacity)
            #expect(journal.capacity == 1)
            journal.append(entry("engage", "GET", "/engage/1", status: 200))
            journal.append(entry("engage", "GET", "/engage/2", status: 200))
            #expect(journal.entries().map(\.path) == ["/engage/2"])
        }
    }

    @Test("harness serve's server keeps the configured number of requests")
    func configuredCapacity() async throws {
        var configuration = MockServerConfiguration()
        configuration.journalCapacity = 2
        try await withServer(configuration) { _, endpoints in
            for _ in 0..<4 {
                _ = try await TestHTTP.fetch(endpoints.baseURL(for: "counter").appendingPathComponent("count"))
            }
            let journal = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/journal"))
            #expect(journal.json?["count"] == 2, "\(journal.text)")
            #expect(journal.json?["entries"]?.arrayValue?.count == 2, "\(journal.text)")
        }
    }
}
