import ArgumentParser
import EngageSDK
import Foundation
import HTTPTypes
import JSONCore
import Logging
import OpenAPIRuntime

extension Harness.Bench {
    /// `harness bench engage`: the Engage SDK core's targets, measured in process.
    struct BenchEngage: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "engage",
            abstract:
                "Event store appends/s, XMLAPI envelope build + result parse/s, and a 10,000-event flush to the simulator."
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: "Events to append in total.")
        var events = 200_000

        @Option(help: "Events per append transaction.")
        var batch = 1000

        @Option(help: "Times each store append figure is measured (the median is reported).")
        var rounds = 5

        @Option(help: "Envelope round trips (build + form encode + result parse) to time.")
        var roundTrips = 100_000

        func validate() throws {
            try OptionRange.count(events, "--events", in: 1...100_000_000)
            try OptionRange.count(batch, "--batch", in: 1...1_000_000)
            try OptionRange.count(rounds, "--rounds", in: 1...1000)
            try OptionRange.count(roundTrips, "--round-trips", in: 1...1_000_000_000)
        }

        func run() async throws {
            let logger = global.bootstrap()
            print("bench engage: EngageSDK core (wall-clock rates, and rates per CPU-second of this process)")
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("bench-engage-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let runs: [(String, EngageStorage?, EngageDurability)] = [
                ("WAL file, synchronous=FULL  ", nil, .full),
                ("WAL file, synchronous=NORMAL", nil, .normal),
                ("in memory                   ", .inMemory, .normal),
            ]
            let prepared = try appendBatches()
            for (label, storage, durability) in runs {
                var measured: [Measurement] = []
                for round in 0..<rounds {
                    // A fresh folder per round, removed after it, so rounds do not pile up files on the disk.
                    let roundFolder = folder.appendingPathComponent("\(durability)-\(round)")
                    defer { try? FileManager.default.removeItem(at: roundFolder) }
                    let store = storage ?? .file(roundFolder.appendingPathComponent("events.sqlite"))
                    measured.append(
                        try await appendTime(prepared, storage: store, durability: durability, logger: logger))
                }
                print(
                    "  store append, \(label), \(batch)/txn: \(Measurement.medianRates(measured, events, unit: "events"))"
                )
            }
            print("    (target >= 100,000 events/s)")
            let large = Harness.Bench.BenchXML.resultEnvelope()
            for (response, label) in [(Self.typicalResult, "result"), (large, "24-column result")] {
                let measured = try await roundTripTime(response: response)
                print(
                    "  envelope build + form encode + parse of a \(response.utf8.count)-byte \(label): "
                        + measured.rates(roundTrips, unit: "round trips"))
            }
            print("    (target >= 50,000/s)")
            let flush = try await flushTime(count: 10_000)
            print(
                "  flush 10,000 stored events, \(Engage.Options.defaultMaxEventsPerPost) per request, through an "
                    + "in-process transport: "
                    + "\(String(format: "%.3f", flush.wallSeconds)) s wall, \(String(format: "%.3f", flush.cpuSeconds)) s CPU"
            )
            let loopback = try await loopbackFlushTime(count: 10_000, logger: logger)
            print(
                "  flush 10,000 stored events to the simulator over loopback (HTTP, "
                    + "\(Engage.Options.defaultMaxEventsPerPost) per request): "
                    + "\(String(format: "%.3f", loopback.wallSeconds)) s wall, "
                    + "\(String(format: "%.3f", loopback.cpuSeconds)) s CPU (target <= 2 s)")
        }

        /// `events` events in batches of `batch`, built before any store is timed.
        func appendBatches() throws -> [[UBFEvent]] {
            let builder = UBFEventBuilder(
                device: .current, identity: UBFIdentity(deviceID: UUID().uuidString, mobileUserID: "bench"),
                fieldNames: try EngageConfig.defaults().ubfFieldNames)
            let now = Date()
            return (0..<(events + batch - 1) / batch).map { index in
                (0..<min(batch, events - index * batch)).map { offset in
                    builder.namedEvent(
                        "bench \(index * batch + offset)", at: now, campaign: "Bench", params: ["Plan": "gold"])
                }
            }
        }

        /// Appends the prebuilt batches to a fresh store, one transaction each.
        func appendTime(
            _ batches: [[UBFEvent]], storage: EngageStorage, durability: EngageDurability, logger: Logger
        ) async throws -> Measurement {
            let store = try EngageEventStore(storage: storage, durability: durability)
            let measured = try await Measurement.of {
                for events in batches {
                    try await store.append(events, status: .notPosted)
                }
            }
            let stored = try await store.count()
            guard stored == events else { throw ValidationError("stored \(stored) of \(events) events") }
            logger.info("appended \(stored) events in \(measured.wallSeconds) s")
            return measured
        }

        /// Stores `count` events, then times `postEventCache()` through a transport that reads each request body
        /// and answers `200 {}`: the SDK's own share of a flush (claim, batch body, mark posted).
        func flushTime(count: Int) async throws -> Measurement {
            var config = try EngageConfig.defaults()
            config.set(.number(JSONNumber(count + 1)), "ubfEventCacheSize", in: "General")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "bench-flush-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let engage = try Engage(
                Engage.Options(
                    credentials: EngageCredentials(clientID: "bench", clientSecret: "bench", refreshToken: "bench"),
                    host: "https://bench.invalid", listID: "1", transport: AcceptingTransport(),
                    storage: .file(folder.appendingPathComponent("events.sqlite")), config: config))
            // Universal Behaviors wait for a mobile user id; the bench's user has one from the start.
            try await engage.identity.setMobileUserID("bench-mobile-user")
            let builder = try await engage.ubf.builder()
            let now = Date()
            try await engage.store.append(
                (0..<count).map { builder.namedEvent("flush \($0)", at: now, campaign: "") }, status: .notPosted)
            var report = UBFPostReport()
            let measured = try await Measurement.of { report = try await engage.ubf.postEventCache() }
            guard report.posted.count == count, report.error == nil else {
                throw ValidationError(
                    "flushed \(report.posted.count) of \(count) (awaiting a mobile user id: \(report.awaitingIdentity)): "
                        + (report.error.map(String.init(describing:)) ?? ""))
            }
            return measured
        }

        /// The SelectRecipientData result of the Engage notes (§2.5) with the identity columns.
        static let typicalResult = """
            <Envelope><Body><RESULT><SUCCESS>TRUE</SUCCESS><EMAIL>somebody@domain.com</EMAIL>\
            <Email>somebody@domain.com</Email><RecipientId>33439394</RecipientId><EmailType>0</EmailType>\
            <LastModified>6/25/04 3:29 PM</LastModified><CreatedFrom>1</CreatedFrom><OptedIn>6/25/04 3:29 PM</OptedIn>\
            <OptedOut/><COLUMNS><COLUMN><NAME>Fname</NAME><VALUE>Somebody</VALUE></COLUMN><COLUMN><NAME>Mobile User Id\
            </NAME><VALUE>0F6C3B2A-7E1D-4C55-9A57-2B8E6C1D9F00</VALUE></COLUMN></COLUMNS></RESULT></Body></Envelope>
            """

        /// Builds a SelectRecipientData envelope, form-encodes it, and parses `response` as its result, `roundTrips`
        /// times.
        func roundTripTime(response text: String) async throws -> Measurement {
            let response = Data(text.utf8)
            let columns = [XMLAPI.NameValue("facebook_id", "100 & <2>"), XMLAPI.NameValue("Email", "a@b.c")]
            return try await Measurement.of {
                for _ in 0..<roundTrips {
                    let api = XMLAPI.selectRecipientData(columns: columns, listID: "23949")
                    let body = FormEncoding.encode([("xml", api.envelopeString)])
                    let result = try XMLAPIResult(data: response)
                    guard !body.isEmpty, result.isSuccess, result.recipientID == "33439394",
                        result.column("Mobile User Id") != nil
                    else { throw ValidationError("the benchmark result did not read back") }
                }
            }
        }
    }
}

/// Answers the token request, and every other request with `200 {}` after reading its body.
private struct AcceptingTransport: ClientTransport {
    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if let body { _ = try await Data(collecting: body, upTo: 256 * 1024 * 1024) }
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        let answer = request.path == EngageEndpoint.tokenPath ? #"{"access_token":"bench","expires_in":14400}"# : "{}"
        return (HTTPResponse(status: .ok, headerFields: fields), HTTPBody(answer))
    }
}
