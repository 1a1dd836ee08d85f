// A process that records into a cassette without pause, for the test that kills it with SIGKILL.
//
// Usage: CassetteRecordingProbe <cassette root> <cassette name>
// It appends interactions (mode new-episodes) in batches of 40, prints `flushed <count>` once a batch is on
// disk, and goes on until it is killed.

import CassetteKit
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: CassetteRecordingProbe <cassette root> <cassette name>\n".utf8))
    exit(64)
}

let store = CassetteStore(root: URL(fileURLWithPath: arguments[1], isDirectory: true))
let run = ProcessInfo.processInfo.processIdentifier
let padding = String(repeating: "payload ", count: 64)
do {
    let recorder = try await CassetteRecorder(cassette: arguments[2], store: store, mode: .newEpisodes)
    var count = 0
    while true {
        for _ in 0..<40 {
            let request = CassetteRequest(
                method: "POST", url: "https://probe.test/events",
                headers: ["Content-Type": "application/json", "Authorization": "Bearer probe-secret"],
                body: Data("{\"run\":\(run),\"n\":\(count),\"padding\":\"\(padding)\"}".utf8))
            _ = try await recorder.response(for: request) { request in
                CassetteResponse(status: 200, headers: ["Content-Type": "application/json"], body: request.body)
            }
            count += 1
        }
        try await recorder.finish()
        FileHandle.standardOutput.write(Data("flushed \(count)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
