// EngageStoreProbe: fills an Engage event store and flushes it, slowly, so a test can SIGKILL it mid-flush.
//
// usage: EngageStoreProbe <database> <event count> <events per post> <server journal> [stall after N posts]
//
// The "server" is a transport in this process: it issues a token and, for each batch, appends the event ids
// to the journal file (one write per batch, so a kill keeps whole batches), prints `posted <n>`, and takes a
// millisecond or two, as a network would; after the optional N-th batch it stops answering (a hung request), so
// a kill is sure to land mid-flush. The probe prints `appended <n>` and, if it is not killed, `done`.
import EngageSDK
import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

struct JournalTransport: ClientTransport {
    let journal: FileHandle
    let stallAfter: Int?
    let batches = Counter()

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var data = Data()
        if let body { data = try await Data(collecting: body, upTo: 64 * 1024 * 1024) }
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        if request.path == EngageEndpoint.tokenPath {
            return (
                HTTPResponse(status: .ok, headerFields: fields),
                HTTPBody(#"{"access_token":"probe","token_type":"bearer","expires_in":14400}"#)
            )
        }
        guard case .array(let events) = try JSONValue(parsing: data)["events"] else {
            return (HTTPResponse(status: .badRequest, headerFields: fields), HTTPBody("{}"))
        }
        let ids = events.compactMap { $0["eventId"]?.stringValue }
        try journal.write(contentsOf: Data(ids.map { $0 + "\n" }.joined().utf8))
        let count = await batches.increment()
        say("posted \(count)")
        if count == stallAfter {
            say("stalled")
            try await Task.sleep(for: .seconds(3600))
        }
        try await Task.sleep(for: .milliseconds(2))
        return (HTTPResponse(status: .ok, headerFields: fields), HTTPBody("{}"))
    }
}

actor Counter {
    private var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard (5...6).contains(arguments.count), let count = Int(arguments[2]), let perPost = Int(arguments[3]) else {
    FileHandle.standardError.write(
        Data("usage: EngageStoreProbe <database> <count> <per post> <journal> [stall after]\n".utf8))
    exit(64)
}
let journalPath = arguments[4]
if !FileManager.default.fileExists(atPath: journalPath) {
    _ = FileManager.default.createFile(atPath: journalPath, contents: nil)
}
guard let journal = FileHandle(forWritingAtPath: journalPath) else {
    FileHandle.standardError.write(Data("cannot open \(journalPath)\n".utf8))
    exit(66)
}
try journal.seekToEnd()

var config = try EngageConfig.defaults()
config.set(.number(JSONNumber(count + 1)), "ubfEventCacheSize", in: "General")
// The journal tracks delivered events by eventId, so the probe sends them (Engage.Options.sendsEventIDs).
var options = Engage.Options(
    credentials: EngageCredentials(clientID: "probe", clientSecret: "probe", refreshToken: "probe"),
    host: "https://probe.invalid", listID: "1",
    transport: JournalTransport(journal: journal, stallAfter: arguments.count == 6 ? Int(arguments[5]) : nil),
    storage: .file(URL(fileURLWithPath: arguments[1])), config: config, maxEventsPerPost: perPost)
options.sendsEventIDs = true
let engage = try Engage(options)
try await engage.identity.setMobileUserID("probe-user")
let builder = try await engage.ubf.builder()
let now = Date()
for start in stride(from: 0, to: count, by: 1000) {
    let events = (start..<min(start + 1000, count)).map { builder.namedEvent("probe \($0)", at: now, campaign: "") }
    try await engage.store.append(events, status: .notPosted)
}
say("appended \(count)")
let report = try await engage.ubf.postEventCache()
say("done \(report.posted.count)")
