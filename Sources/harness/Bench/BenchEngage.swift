import ArgumentParser
import EngageSDK
import Foundation
import Logging

extension Harness.Bench {
    /// `harness bench engage`: the Engage SDK core's targets, measured in process.
    struct BenchEngage: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "engage",
            abstract: "Event store appends/s (SQLite, WAL, batches) and XMLAPI envelope build + result parse/s."
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: "Events to append in total.")
        var events = 200_000

        @Option(help: "Events per append transaction.")
        var batch = 1000

        @Option(help: "Seconds to measure the envelope figure.")
        var seconds = 3.0

        func run() async throws {
            let logger = global.bootstrap()
            guard events > 0, batch > 0 else { throw ValidationError("--events and --batch must be positive") }
            print("bench engage: EngageSDK core")
            for durability in [EngageDurability.full, .normal] {
                let rate = try await appendRate(durability: durability, logger: logger)
                let label = durability == .full ? "synchronous=FULL  " : "synchronous=NORMAL"
                print(
                    "  store append, \(label), \(batch)/txn: \(Figures.grouped(rate)) events/s   (target >= 100,000)")
            }
            let typical = try envelopeRoundTripRate(response: Self.typicalResult)
            print(
                "  envelope build + form encode + parse of a \(Self.typicalResult.utf8.count)-byte result: "
                    + "\(Figures.grouped(typical)) /s   (target >= 50,000)")
            let large = Harness.Bench.BenchXML.resultEnvelope()
            let heavy = try envelopeRoundTripRate(response: large)
            print(
                "  envelope build + form encode + parse of a \(large.utf8.count)-byte, 24-column result: "
                    + "\(Figures.grouped(heavy)) /s")
            print("  flush 10,000 events to the simulator over loopback: not measured (needs the MockServer simulator)")
        }

        /// Appends `events` prebuilt events to a fresh WAL database file, `batch` per transaction.
        func appendRate(durability: EngageDurability, logger: Logger) async throws -> Double {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "bench-engage-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = try EngageEventStore(
                storage: .file(folder.appendingPathComponent("events.sqlite")), durability: durability)
            let builder = UBFEventBuilder(
                device: .current, identity: UBFIdentity(deviceID: UUID().uuidString, mobileUserID: "bench"),
                fieldNames: try EngageConfig.defaults().ubfFieldNames)
            let now = Date()
            let batches = (0..<(events + batch - 1) / batch).map { index in
                (0..<min(batch, events - index * batch)).map { offset in
                    builder.namedEvent(
                        "bench \(index * batch + offset)", at: now, campaign: "Bench", params: ["Plan": "gold"])
                }
            }
            let clock = ContinuousClock()
            let start = clock.now
            for events in batches {
                try await store.append(events, status: .notPosted)
            }
            let elapsed = start.duration(to: clock.now).seconds
            let stored = try await store.count()
            guard stored == events else { throw ValidationError("stored \(stored) of \(events) events") }
            logger.info("appended \(stored) events in \(elapsed) s")
            return Double(stored) / elapsed
        }

        /// The SelectRecipientData result of the Engage notes (§2.5) with the identity columns.
        static let typicalResult = """
            <Envelope><Body><RESULT><SUCCESS>TRUE</SUCCESS><EMAIL>somebody@domain.com</EMAIL>\
            <Email>somebody@domain.com</Email><RecipientId>33439394</RecipientId><EmailType>0</EmailType>\
            <LastModified>6/25/04 3:29 PM</LastModified><CreatedFrom>1</CreatedFrom><OptedIn>6/25/04 3:29 PM</OptedIn>\
            <OptedOut/><COLUMNS><COLUMN><NAME>Fname</NAME><VALUE>Somebody</VALUE></COLUMN><COLUMN><NAME>Mobile User Id\
            </NAME><VALUE>0F6C3B2A-7E1D-4C55-9A57-2B8E6C1D9F00</VALUE></COLUMN></COLUMNS></RESULT></Body></Envelope>
            """

        /// Builds a SelectRecipientData envelope, form-encodes it, and parses `response` as its result.
        func envelopeRoundTripRate(response text: String) throws -> Double {
            let response = Data(text.utf8)
            let columns = [XMLAPI.NameValue("facebook_id", "100 & <2>"), XMLAPI.NameValue("Email", "a@b.c")]
            return try Stopwatch(seconds: seconds).throughput {
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
