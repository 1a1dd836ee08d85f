import CassetteKit
import EngageSDK
import Foundation
import HarnessTesting
import JSONCore
import LibXML
import Testing

@testable import MockServer
@testable import Simulators

/// The data-job operations of issue #34 (group B): each starts a job on the simulator's clock, does its work on the
/// simulator's data when the job completes, and refuses bad input with the SDK error table's fault.
@Suite("EngageSimulator data jobs")
struct JobOperationsTests {
    /// A simulator with a token, its clock fixed at the flow epoch and moved by ``at(_:)``.
    struct Jobs {
        let simulator: SimulatorFixture
        let token: String

        static func make() async throws -> Jobs {
            let simulator = try await SimulatorFixture()
            _ = try await simulator.admin("PUT", "/settings", ["now": "2026-01-01T00:00:00Z"])
            return Jobs(simulator: simulator, token: try await simulator.token())
        }

        /// Sets the clock to `seconds` after the epoch.
        func at(_ seconds: Int) async throws {
            let date = Date(timeIntervalSince1970: 1_767_225_600 + TimeInterval(seconds))
            _ = try await simulator.admin("PUT", "/settings", ["now": .string(date.formatted(.iso8601))])
        }

        func post(_ operation: String, _ inner: String) async throws -> XMLAPIResult {
            try await simulator.xmlAPI(XMLAPITests.envelope(operation, inner), token: token)
        }

        /// The text of `RESULT/<path>` (`MAILING/JOB_ID`).
        func value(_ result: XMLAPIResult, _ path: String) -> String? {
            var element = result.envelope.first("Body")?.first("RESULT")
            for name in path.split(separator: "/") { element = element?.first(String(name)) }
            return element?.text
        }

        /// GetJobStatus: the status and the parameters by name.
        func status(_ job: String) async throws -> (status: String?, parameters: [String: String], description: String?)
        {
            let result = try await post("GetJobStatus", "<JOB_ID>\(job)</JOB_ID>")
            var parameters: [String: String] = [:]
            for parameter in result.envelope.first("Body")?.first("RESULT")?.first("PARAMETERS")?.all("PARAMETER") ?? []
            {
                parameters[parameter.first("NAME")?.text ?? ""] = parameter.first("VALUE")?.text ?? ""
            }
            return (value(result, "JOB_STATUS"), parameters, value(result, "JOB_DESCRIPTION"))
        }

        func addRecipient(_ list: String, _ columns: JSONValue) async throws {
            _ = try await simulator.admin("POST", "/lists/\(list)/recipients", ["columns": columns])
        }

        func insertRows(_ ids: [String]) async throws {
            let rows = ids.map { "<ROW><COLUMN name=\"Audit Record Id\"><![CDATA[\($0)]]></COLUMN></ROW>" }.joined()
            let inserted = try await post(
                "InsertUpdateRelationalTable", "<TABLE_ID>29392</TABLE_ID><ROWS>\(rows)</ROWS>")
            #expect(inserted.isSuccess)
        }

        func tableRows() async throws -> Int {
            try await simulator.admin("GET", "/lists/29392")["rows"]?.arrayValue?.count ?? -1
        }

        func upload(_ name: String, _ content: String) async throws {
            _ = try await simulator.admin("PUT", "/ftp/upload/\(name)", ["content": .string(content)])
        }

        func file(_ path: String) async throws -> String? {
            let name = path.split(separator: "/").last.map(String.init) ?? ""
            let encoded = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name
            return try await simulator.admin("GET", "/ftp/download/\(encoded)")["content"]?.stringValue
        }
    }

    @Suite("Request shape")
    struct Shape {
        static let files = [
            "PurgeData": "purge-data", "ImportList": "import-list", "ImportTable": "import-table",
            "ExportList": "export-list", "ExportTable": "export-table", "PurgeTable": "purge-table",
            "CalculateQuery": "calculate-query", "TrackingMetricExport": "tracking-metric-export",
            "RawRecipientDataExport": "raw-recipient-data-export", "WebTrackingDataExport": "web-tracking-data-export",
            "GetJobStatus": "get-job-status", "DeleteJob": "delete-job",
        ]

        /// The `name`s of the elements declared inside the element at `path` (operation, then children).
        static func declared(_ document: XML.Document, _ path: [String], type: String? = nil) throws -> Set<String> {
            let steps = path.map { "*[local-name()='element'][@name='\($0)']/*[local-name()='complexType']/*" }
            let filter = type.map { "[@type='\($0)']" } ?? ""
            let expression = "//" + steps.joined(separator: "/") + "/*[local-name()='element']\(filter)/@name"
            return Set(try document.select(expression).map(\.value))
        }

        @Test("Each data-job operation takes exactly the elements its request XSD declares, switches as switches")
        func matchesXSD() throws {
            let folder = try RepositoryRoot.url().appendingPathComponent("Schemas/engage/xsd")
            #expect(Set(EngageJobShape.all.keys) == Set(Self.files.keys))
            for (operation, shape) in EngageJobShape.all {
                let file = folder.appendingPathComponent("\(try #require(Self.files[operation])).xsd")
                let document = try XML.Document(data: try Data(contentsOf: file))
                let all = try Self.declared(document, [operation])
                #expect(shape.values.union(shape.switches) == all, "\(operation)")
                #expect(shape.switches == (try Self.declared(document, [operation], type: "JobsPresenceFlag")))
                var nested: [String: Set<String>] = [:]
                for name in all {
                    let children = try Self.declared(document, [operation, name])
                    if !children.isEmpty { nested[name] = children }
                    for child in children {
                        let grandchildren = try Self.declared(document, [operation, name, child])
                        if !grandchildren.isEmpty { nested[name + "/" + child] = grandchildren }
                    }
                }
                #expect(shape.nested == nested, "\(operation)")
            }
        }

        @Test("An undeclared element, a tag in another case, markup in a value and a switch holding text are fault 51")
        func refused() async throws {
            let jobs = try await Jobs.make()
            for (operation, inner) in [
                ("ExportList", "<LIST_ID>23949</LIST_ID><SHOE_SIZE>9</SHOE_SIZE>"),
                ("ExportList", "<list_id>23949</list_id>"),
                ("ExportList", "<LIST_ID>23949</LIST_ID><EXPORT_COLUMNS><NAME>Email</NAME></EXPORT_COLUMNS>"),
                ("PurgeData", "<TARGET_ID><ID>1</ID></TARGET_ID><SOURCE_ID>1</SOURCE_ID>"),
                ("RawRecipientDataExport", "<OPENS>often</OPENS>"),
                ("WebTrackingDataExport", "<COLUMNS><COLUMN><LABEL>x</LABEL></COLUMN></COLUMNS>"),
            ] {
                let result = try await jobs.post(operation, inner)
                #expect(result.errorID == 51, "\(operation) \(inner)")
            }
            let accepted = "<OPENS>TRUE</OPENS><CLICKS/><COLUMNS><COLUMN><NAME>Email</NAME></COLUMN></COLUMNS>"
            #expect(try await jobs.post("RawRecipientDataExport", accepted).isSuccess)
        }
    }

    @Suite("GetJobStatus and DeleteJob")
    struct Status {
        @Test("A job is WAITING, then RUNNING, then COMPLETE as the simulator's clock moves on")
        func progression() async throws {
            let jobs = try await Jobs.make()
            let started = try await jobs.post("ExportList", "<LIST_ID>23949</LIST_ID>")
            let job = try #require(jobs.value(started, "JOB_ID"))
            #expect(try await jobs.status(job).status == "WAITING")
            try await jobs.at(4)
            #expect(try await jobs.status(job).status == "WAITING")
            try await jobs.at(5)
            #expect(try await jobs.status(job).status == "RUNNING")
            try await jobs.at(29)
            #expect(try await jobs.status(job).status == "RUNNING")
            try await jobs.at(30)
            let complete = try await jobs.status(job)
            #expect(complete.status == "COMPLETE")
            #expect(complete.parameters["LIST_ID"] == "23949")
            #expect(complete.parameters["NUM_PROCESSED"] == "0")
        }

        @Test("The status answer is JOB_ID, JOB_STATUS, JOB_DESCRIPTION and PARAMETERS, in the reference's order")
        func shape() async throws {
            let jobs = try await Jobs.make()
            let job = try #require(jobs.value(try await jobs.post("ExportList", "<LIST_ID>23949</LIST_ID>"), "JOB_ID"))
            let result = try await jobs.post("GetJobStatus", "<JOB_ID>\(job)</JOB_ID>")
            let names = result.envelope.first("Body")?.first("RESULT")?.elements.map(\.name)
            #expect(names == ["SUCCESS", "JOB_ID", "JOB_STATUS", "JOB_DESCRIPTION", "PARAMETERS"])
        }

        @Test("Unknown, malformed and deleted job ids are fault 135; no JOB_ID is fault 100")
        func unknownJobs() async throws {
            let jobs = try await Jobs.make()
            for operation in ["GetJobStatus", "DeleteJob"] {
                #expect(try await jobs.post(operation, "<JOB_ID>999</JOB_ID>").errorID == 135)
                #expect(try await jobs.post(operation, "<JOB_ID>abc</JOB_ID>").errorID == 135)
                #expect(try await jobs.post(operation, "").errorID == 100)
            }
            let job = try #require(jobs.value(try await jobs.post("ExportList", "<LIST_ID>23949</LIST_ID>"), "JOB_ID"))
            let deleted = try await jobs.post("DeleteJob", "<JOB_ID>\(job)</JOB_ID>")
            #expect(deleted.isSuccess)
            #expect(deleted.envelope.first("Body")?.first("RESULT")?.elements.map(\.name) == ["SUCCESS"])
            #expect(try await jobs.post("GetJobStatus", "<JOB_ID>\(job)</JOB_ID>").errorID == 135)
            #expect(try await jobs.post("DeleteJob", "<JOB_ID>\(job)</JOB_ID>").errorID == 135)
        }

        @Test("A job deleted before it completes never does its work")
        func deletedWork() async throws {
            let jobs = try await Jobs.make()
            try await jobs.insertRows(["A-1", "A-2"])
            let purge = try await jobs.post("PurgeTable", "<TABLE_ID>29392</TABLE_ID>")
            let job = try #require(jobs.value(purge, "JOB_ID"))
            #expect(try await jobs.post("DeleteJob", "<JOB_ID>\(job)</JOB_ID>").isSuccess)
            try await jobs.at(60)
            _ = try await jobs.simulator.admin("GET", "/jobs")
            #expect(try await jobs.tableRows() == 2)
        }

        @Test("Job ids are numbered from 1000001 and every job is kept apart")
        func ids() async throws {
            let jobs = try await Jobs.make()
            let first = try await jobs.post("ExportList", "<LIST_ID>23949</LIST_ID>")
            let second = try await jobs.post("ExportTable", "<TABLE_ID>29392</TABLE_ID>")
            #expect(jobs.value(first, "JOB_ID") == "1000001")
            #expect(jobs.value(second, "JOB_ID") == "1000002")
            let listed = try await jobs.simulator.admin("GET", "/jobs")["jobs"]?.arrayValue ?? []
            #expect(listed.compactMap { $0["kind"]?.stringValue } == ["ExportList", "ExportTable"])
        }
    }

    @Suite("PurgeData and PurgeTable")
    struct Purges {
        @Test("PurgeData removes the source's contacts from the target when its job completes, copying them")
        func purgeData() async throws {
            let jobs = try await Jobs.make()
            _ = try await jobs.simulator.admin(
                "POST", "/lists", ["listID": "60001", "name": "Do Not Contact", "columns": [["name": "Email"]]])
            try await jobs.addRecipient("23949", ["Email": "ann@example.com"])
            try await jobs.addRecipient("23949", ["Email": "bob@example.com"])
            try await jobs.addRecipient("23949", ["Email": ""])
            try await jobs.addRecipient("60001", ["Email": "BOB@example.com"])
            try await jobs.addRecipient("60001", ["Email": ""])
            let purge = try await jobs.post("PurgeData", "<TARGET_ID>23949</TARGET_ID><SOURCE_ID>60001</SOURCE_ID>")
            let job = try #require(jobs.value(purge, "JOB_ID"))
            let select = "<LIST_ID>23949</LIST_ID><EMAIL>bob@example.com</EMAIL>"
            try await jobs.at(29)
            #expect(try await jobs.status(job).status == "RUNNING")
            #expect(try await jobs.post("SelectRecipientData", select).isSuccess)
            try await jobs.at(30)
            #expect(try await jobs.status(job).status == "COMPLETE")
            #expect(try await jobs.post("SelectRecipientData", select).errorID == 128)
            let ann = "<LIST_ID>23949</LIST_ID><EMAIL>ann@example.com</EMAIL>"
            #expect(try await jobs.post("SelectRecipientData", ann).isSuccess)
            let status = try await jobs.status(job)
            #expect(status.status == "COMPLETE")
            #expect(status.parameters["LIST_SIZE"] == "1")
            #expect(status.parameters["LIST1_NAME"] == "Mobile App Users")
            #expect(status.parameters["LIST2_NAME"] == "Do Not Contact")
            #expect(status.parameters["LIST_NAME_C"] == "Mobile App Users PURGE")
            let copy = try await jobs.simulator.admin("GET", "/lists/\(status.parameters["LIST_ID_C"] ?? "")")
            let copied = copy["recipients"]?.arrayValue?.compactMap { $0["columns"]?["Email"]?.stringValue }
            #expect(copied == ["bob@example.com"])
        }

        @Test("PurgeData of relational tables removes the rows whose key the source table has")
        func purgeTables() async throws {
            let jobs = try await Jobs.make()
            try await jobs.insertRows(["A-1", "A-2"])
            _ = try await jobs.simulator.admin(
                "POST", "/lists",
                [
                    "listID": "60003", "name": "Old Audits", "relational": true, "keyColumns": ["Audit Record Id"],
                    "columns": [["name": "Audit Record Id"]],
                ])
            let rows = "<ROW><COLUMN name=\"Audit Record Id\">A-2</COLUMN></ROW>"
            #expect(
                try await jobs.post("InsertUpdateRelationalTable", "<TABLE_ID>60003</TABLE_ID><ROWS>\(rows)</ROWS>")
                    .isSuccess)
            let purge = try await jobs.post("PurgeData", "<TARGET_ID>29392</TARGET_ID><SOURCE_ID>60003</SOURCE_ID>")
            let job = try #require(jobs.value(purge, "JOB_ID"))
            try await jobs.at(30)
            #expect(try await jobs.status(job).parameters["LIST_SIZE"] == "1")
            #expect(try await jobs.tableRows() == 1)
            let mixed = try await jobs.post("PurgeData", "<TARGET_ID>29392</TARGET_ID><SOURCE_ID>23949</SOURCE_ID>")
            #expect(mixed.errorID == 312)
        }

        @Test("PurgeData faults: 100 without TARGET_ID or SOURCE_ID, 310 a non-numeric id, 106 an unknown list")
        func purgeDataFaults() async throws {
            let jobs = try await Jobs.make()
            #expect(try await jobs.post("PurgeData", "<SOURCE_ID>23949</SOURCE_ID>").errorID == 100)
            let missing = try await jobs.post("PurgeData", "<TARGET_ID>23949</TARGET_ID>")
            #expect(missing.errorID == 100)
            #expect(missing.faultString == "Parameter SOURCE_ID was not provided in API call.")
            #expect(try await jobs.post("PurgeData", "<TARGET_ID>x</TARGET_ID><SOURCE_ID>1</SOURCE_ID>").errorID == 310)
            let unknown = try await jobs.post("PurgeData", "<TARGET_ID>23949</TARGET_ID><SOURCE_ID>99999</SOURCE_ID>")
            #expect(unknown.errorID == 106)
            #expect(unknown.faultString == "List ID is not valid.")
        }

        @Test("PurgeTable deletes the table's rows when its job completes and reports how many")
        func purgeTable() async throws {
            let jobs = try await Jobs.make()
            try await jobs.insertRows(["A-1", "A-2", "A-3"])
            let purge = try await jobs.post(
                "PurgeTable",
                "<TABLE_NAME>Shared/Identity Audit</TABLE_NAME><DELETE_BEFORE>01/01/2026 00:00:00</DELETE_BEFORE>")
            let job = try #require(jobs.value(purge, "JOB_ID"))
            #expect(try await jobs.tableRows() == 3)
            try await jobs.at(30)
            let status = try await jobs.status(job)
            #expect(try await jobs.tableRows() == 0)
            #expect(status.parameters["NUM_PROCESSED"] == "3")
            #expect(status.parameters["DELETE_BEFORE"] == "01/01/2026 00:00:00")
        }

        @Test(
            "PurgeTable faults: 106 an unknown table (by id or name), 312 a database, 184 a bad date, 104 a bad visibility"
        )
        func purgeTableFaults() async throws {
            let jobs = try await Jobs.make()
            #expect(try await jobs.post("PurgeTable", "<TABLE_ID>99999</TABLE_ID>").errorID == 106)
            #expect(try await jobs.post("PurgeTable", "<TABLE_NAME>Nope</TABLE_NAME>").errorID == 106)
            #expect(try await jobs.post("PurgeTable", "<TABLE_ID>23949</TABLE_ID>").errorID == 312)
            #expect(try await jobs.post("PurgeTable", "").errorID == 100)
            let date = "<TABLE_ID>29392</TABLE_ID><DELETE_BEFORE>yesterday</DELETE_BEFORE>"
            #expect(try await jobs.post("PurgeTable", date).errorID == 184)
            let visibility = "<TABLE_NAME>Identity Audit</TABLE_NAME><TABLE_VISIBILITY>2</TABLE_VISIBILITY>"
            #expect(try await jobs.post("PurgeTable", visibility).errorID == 104)
        }
    }

    @Suite("Exports")
    struct Exports {
        @Test("ExportList writes the list's contacts to the /download file its answer and job description name")
        func exportList() async throws {
            let jobs = try await Jobs.make()
            try await jobs.addRecipient("23949", ["Email": "ann@example.com", "Mobile User Id": "M, \"1\""])
            try await jobs.addRecipient("23949", ["Email": "bob@example.com"])
            let export = try await jobs.post(
                "ExportList",
                """
                <LIST_ID>23949</LIST_ID><EXPORT_TYPE>ALL</EXPORT_TYPE><EXPORT_FORMAT>CSV</EXPORT_FORMAT>\
                <INCLUDE_RECIPIENT_ID/><EXPORT_COLUMNS><COLUMN>Email</COLUMN><COLUMN>Mobile User Id</COLUMN></EXPORT_COLUMNS>
                """)
            let path = try #require(jobs.value(export, "FILE_PATH"))
            #expect(path == "/download/Mobile App Users - All - Jan 1 2026 12-00-00 AM.CSV")
            let job = try #require(jobs.value(export, "JOB_ID"))
            #expect(try await jobs.status(job).description?.contains("Mobile App Users - All - Jan 1 2026") == true)
            #expect(try await jobs.file(path) == nil)
            try await jobs.at(30)
            #expect(
                try await jobs.file(path)
                    == "RECIPIENT_ID,Email,Mobile User Id\r\n100001,ann@example.com,\"M, \"\"1\"\"\"\r\n100002,bob@example.com,\r\n"
            )
            #expect(try await jobs.status(job).parameters["NUM_PROCESSED"] == "2")
        }

        @Test(
            "ExportList faults: 106 unknown list, 312 a relational table, 321 format, 141 encoding, 153 a column, 184 a date"
        )
        func exportListFaults() async throws {
            let jobs = try await Jobs.make()
            for (inner, fault) in [
                ("<LIST_ID>99999</LIST_ID>", 106), ("<LIST_ID>29392</LIST_ID>", 312), ("", 100),
                ("<LIST_ID>23949</LIST_ID><EXPORT_FORMAT>XLS</EXPORT_FORMAT>", 321),
                ("<LIST_ID>23949</LIST_ID><FILE_ENCODING>latin1</FILE_ENCODING>", 141),
                ("<LIST_ID>23949</LIST_ID><EXPORT_COLUMNS><COLUMN>Shoe Size</COLUMN></EXPORT_COLUMNS>", 153),
                ("<LIST_ID>23949</LIST_ID><DATE_START>2026-01-01</DATE_START>", 184),
                ("<LIST_ID>23949</LIST_ID><EXPORT_TYPE>SOME</EXPORT_TYPE>", 51),
            ] {
                #expect(try await jobs.post("ExportList", inner).errorID == fault, "\(inner)")
            }
        }

        @Test("ExportTable writes the table's rows; an unknown table is fault 106")
        func exportTable() async throws {
            let jobs = try await Jobs.make()
            try await jobs.insertRows(["A-1", "A|2"])
            let export = try await jobs.post(
                "ExportTable", "<TABLE_ID>29392</TABLE_ID><EXPORT_FORMAT>PIPE</EXPORT_FORMAT>")
            let path = try #require(jobs.value(export, "FILE_PATH"))
            #expect(path == "/download/Identity Audit - Jan 1 2026 12-00-00 AM.TXT")
            try await jobs.at(30)
            #expect(
                try await jobs.file(path)
                    == "Audit Record Id|Old Recipient Id|New Recipient Id|Create Date\r\nA-1|||\r\n\"A|2\"|||\r\n")
            #expect(try await jobs.post("ExportTable", "<TABLE_ID>99999</TABLE_ID>").errorID == 106)
            #expect(try await jobs.post("ExportTable", "<TABLE_NAME>Nope</TABLE_NAME>").errorID == 106)
            #expect(
                try await jobs.post("ExportTable", "<TABLE_ID>29392</TABLE_ID><EXPORT_FORMAT>TSV</EXPORT_FORMAT>")
                    .errorID == 321)
        }

        @Test("RawRecipientDataExport answers a MAILING with the job and the .zip it writes")
        func rawRecipientData() async throws {
            let jobs = try await Jobs.make()
            let export = try await jobs.post(
                "RawRecipientDataExport",
                "<LIST_ID>23949</LIST_ID><EXPORT_FORMAT>0</EXPORT_FORMAT><ALL_EVENT_TYPES/><EXPORT_FILE_NAME>events</EXPORT_FILE_NAME>"
            )
            #expect(jobs.value(export, "MAILING/JOB_ID") == "1000001")
            let path = try #require(jobs.value(export, "MAILING/FILE_PATH"))
            #expect(path == "/download/events - Jan 1 2026 12-00-00 AM.zip")
            try await jobs.at(30)
            #expect(try await jobs.file(path)?.hasPrefix("Recipient Id,") == true)
            #expect(try await jobs.status("1000001").parameters["EXPORTED_ROW_COUNT"] == "0")
            let faults: [(String, Int)] = [
                ("<LIST_ID>99999</LIST_ID>", 106), ("<EXPORT_FORMAT>7</EXPORT_FORMAT>", 321), ("<LIST_ID/>", 310),
                ("<MAILING><MAILING_ID>x</MAILING_ID></MAILING>", 310),
                ("<EVENT_DATE_START>soon</EVENT_DATE_START>", 184),
            ]
            for (inner, fault) in faults {
                #expect(try await jobs.post("RawRecipientDataExport", inner).errorID == fault, "\(inner)")
            }
        }

        @Test("WebTrackingDataExport answers the job and its file; an unknown database is fault 106")
        func webTracking() async throws {
            let jobs = try await Jobs.make()
            let export = try await jobs.post(
                "WebTrackingDataExport", "<DATABASE_ID>23949</DATABASE_ID><DOMAINS><DOMAIN_ID>1</DOMAIN_ID></DOMAINS>")
            #expect(jobs.value(export, "JOB_ID") == "1000001")
            #expect(
                jobs.value(export, "FILE_PATH") == "/download/Web Tracking Data Export - Jan 1 2026 12-00-00 AM.zip")
            #expect(try await jobs.post("WebTrackingDataExport", "<DATABASE_ID>99999</DATABASE_ID>").errorID == 106)
            #expect(try await jobs.post("WebTrackingDataExport", "<DATABASE_ID>29392</DATABASE_ID>").errorID == 312)
            #expect(try await jobs.post("WebTrackingDataExport", "<FILE_ENCODING>x</FILE_ENCODING>").errorID == 141)
        }

        @Test("TrackingMetricExport answers one MAILING per mailing; a mailing and a list is 320, neither is 100")
        func trackingMetrics() async throws {
            let jobs = try await Jobs.make()
            let export = try await jobs.post(
                "TrackingMetricExport", "<MAILING_ID>4301</MAILING_ID><EXPORT_FORMAT>TSV</EXPORT_FORMAT>")
            #expect(jobs.value(export, "MAILING/MAILING_ID") == "4301")
            #expect(jobs.value(export, "MAILING/JOB_ID") == "1000001")
            let both = "<MAILING_ID>4301</MAILING_ID><LIST_ID>23949</LIST_ID>"
            #expect(try await jobs.post("TrackingMetricExport", both).errorID == 320)
            #expect(try await jobs.post("TrackingMetricExport", "<EXPORT_FORMAT>CSV</EXPORT_FORMAT>").errorID == 100)
            #expect(
                try await jobs.post(
                    "TrackingMetricExport", "<MAILING_ID>4301</MAILING_ID><EXPORT_FORMAT>TAB</EXPORT_FORMAT>"
                ).errorID == 321)
        }
    }

    @Suite("Imports and queries")
    struct Imports {
        @Test("ImportList and ImportTable need both files in the FTP upload directory (fault 132 otherwise)")
        func imports() async throws {
            let jobs = try await Jobs.make()
            let files = "<MAP_FILE>map.xml</MAP_FILE><SOURCE_FILE>data.csv</SOURCE_FILE>"
            for operation in ["ImportList", "ImportTable"] {
                #expect(try await jobs.post(operation, files).errorID == 132)
                #expect(try await jobs.post(operation, "<SOURCE_FILE>data.csv</SOURCE_FILE>").errorID == 100)
                #expect(try await jobs.post(operation, files + "<FILE_ENCODING>UTF-16</FILE_ENCODING>").errorID == 141)
            }
            _ = try await jobs.simulator.admin("PUT", "/ftp/upload/map.xml", ["content": "<LIST_IMPORT/>"])
            #expect(try await jobs.post("ImportList", files).errorID == 132)
            _ = try await jobs.simulator.admin("PUT", "/ftp/upload/data.csv", ["content": "Email\n"])
            let started = try await jobs.post("ImportList", files + "<FILE_ENCODING>utf-8</FILE_ENCODING>")
            let job = try #require(jobs.value(started, "JOB_ID"))
            try await jobs.at(30)
            let status = try await jobs.status(job)
            #expect(status.status == "ERROR")
            #expect(status.parameters["SOURCE_FILE"] == "data.csv")
            #expect(status.parameters["FILE_ENCODING"] == "UTF-8")
            #expect(status.parameters["ERROR_FILE_NAME"] == "\(job).err")
            #expect(try await jobs.file("/download/\(job).err") == "the mapping file has no LIST_INFO\r\n")
        }

        @Test("ImportList adds and updates contacts as the mapping file maps the source file's columns")
        func importList() async throws {
            let jobs = try await Jobs.make()
            try await jobs.addRecipient("23949", ["Email": "ann@example.com"])
            try await jobs.upload(
                "map.xml",
                """
                <LIST_IMPORT><LIST_INFO><ACTION>ADD_AND_UPDATE</ACTION><LIST_ID>23949</LIST_ID><FILE_TYPE>0</FILE_TYPE>
                <HASHEADERS>true</HASHEADERS></LIST_INFO><SYNC_FIELDS><SYNC_FIELD><NAME>EMAIL</NAME></SYNC_FIELD>
                </SYNC_FIELDS><MAPPING><COLUMN><INDEX>1</INDEX><NAME>EMAIL</NAME><INCLUDE>true</INCLUDE></COLUMN>
                <COLUMN><INDEX>2</INDEX><NAME>Mobile User Id</NAME><INCLUDE>true</INCLUDE></COLUMN></MAPPING></LIST_IMPORT>
                """)
            try await jobs.upload(
                "data.csv",
                "Email,Mobile User Id\r\nann@example.com,M-ANN\r\n\"bob@example.com\",\"M,\"\"B\"\"\"\r\nANN@example.com,M-2\r\n,M-3\r\n"
            )
            let started = try await jobs.post(
                "ImportList", "<MAP_FILE>map.xml</MAP_FILE><SOURCE_FILE>data.csv</SOURCE_FILE>")
            let job = try #require(jobs.value(started, "JOB_ID"))
            try await jobs.at(30)
            let status = try await jobs.status(job)
            #expect(status.status == "COMPLETE")
            let tallies = ["TOTAL_ROWS", "TOTAL_VALID", "SQL_ADDED", "SQL_UPDATED", "DUPLICATES", "BAD_RECORDS"]
            #expect(tallies.map { status.parameters[$0] } == ["4", "2", "1", "1", "1", "1"])
            #expect(status.parameters["LIST_NAME"] == "Mobile App Users")
            let ann = try await jobs.post(
                "SelectRecipientData", "<LIST_ID>23949</LIST_ID><EMAIL>ann@example.com</EMAIL>")
            #expect(ann.column("Mobile User Id") == "M-ANN")
            let bob = try await jobs.post(
                "SelectRecipientData", "<LIST_ID>23949</LIST_ID><EMAIL>bob@example.com</EMAIL>")
            #expect(bob.column("Mobile User Id") == "M,\"B\"")
            #expect(try await jobs.file("/download/\(job).err") == "row 4: no value for EMAIL\r\n")
        }

        @Test("ImportList CREATE makes a database from the mapping file; OPT_OUT opts the listed contacts out")
        func importCreateAndOptOut() async throws {
            let jobs = try await Jobs.make()
            try await jobs.upload(
                "create.xml",
                """
                <LIST_IMPORT><LIST_INFO><ACTION>CREATE</ACTION><LIST_NAME>Imported</LIST_NAME><LIST_TYPE>0</LIST_TYPE>
                <FILE_TYPE>2</FILE_TYPE><HASHEADERS>false</HASHEADERS></LIST_INFO><COLUMNS><COLUMN><NAME>EMAIL</NAME>
                <TYPE>9</TYPE></COLUMN><COLUMN><NAME>City</NAME><TYPE>0</TYPE></COLUMN></COLUMNS><MAPPING>
                <COLUMN><INDEX>1</INDEX><NAME>EMAIL</NAME></COLUMN><COLUMN><INDEX>2</INDEX><NAME>City</NAME></COLUMN>
                </MAPPING></LIST_IMPORT>
                """)
            try await jobs.upload("people.txt", "ann@example.com|Paris\ncy@example.com|Oslo\n")
            let created = try await jobs.post(
                "ImportList", "<MAP_FILE>create.xml</MAP_FILE><SOURCE_FILE>people.txt</SOURCE_FILE>")
            let job = try #require(jobs.value(created, "JOB_ID"))
            try await jobs.at(30)
            let status = try await jobs.status(job)
            #expect(status.parameters["SQL_ADDED"] == "2")
            let list = try #require(status.parameters["LIST_ID"])
            let stored = try await jobs.simulator.admin("GET", "/lists/\(list)")
            #expect(stored["name"]?.stringValue == "Imported")
            #expect(stored["recipients"]?[1]?["columns"]?["City"]?.stringValue == "Oslo")
            try await jobs.upload(
                "optout.xml",
                """
                <LIST_IMPORT><LIST_INFO><ACTION>OPT_OUT</ACTION><LIST_ID>\(list)</LIST_ID><FILE_TYPE>0</FILE_TYPE>
                </LIST_INFO><MAPPING><COLUMN><INDEX>1</INDEX><NAME>EMAIL</NAME></COLUMN></MAPPING></LIST_IMPORT>
                """)
            try await jobs.upload("optout.csv", "cy@example.com\nnobody@example.com\n")
            let optOut = try await jobs.post(
                "ImportList", "<MAP_FILE>optout.xml</MAP_FILE><SOURCE_FILE>optout.csv</SOURCE_FILE>")
            let second = try #require(jobs.value(optOut, "JOB_ID"))
            try await jobs.at(60)
            #expect(try await jobs.status(second).status == "COMPLETE")
            let cy = try await jobs.post(
                "SelectRecipientData", "<LIST_ID>\(list)</LIST_ID><EMAIL>cy@example.com</EMAIL>")
            #expect(cy.value(forShortPath: "OptedOut")?.isEmpty == false)
            let again = try await jobs.post(
                "ImportList", "<MAP_FILE>create.xml</MAP_FILE><SOURCE_FILE>people.txt</SOURCE_FILE>")
            try await jobs.at(90)
            #expect(try await jobs.status(try #require(jobs.value(again, "JOB_ID"))).status == "ERROR")
        }

        @Test("ImportTable adds and updates a relational table's rows by its key")
        func importTable() async throws {
            let jobs = try await Jobs.make()
            try await jobs.insertRows(["A-1"])
            try await jobs.upload(
                "table.xml",
                """
                <TABLE_IMPORT><TABLE_INFO><ACTION>ADD_AND_UPDATE</ACTION><TABLE_ID>29392</TABLE_ID>
                <FILE_TYPE>1</FILE_TYPE><HASHEADERS>true</HASHEADERS></TABLE_INFO><MAPPING>
                <COLUMN><INDEX>1</INDEX><NAME>Audit Record Id</NAME></COLUMN>
                <COLUMN><INDEX>2</INDEX><NAME>Old Recipient Id</NAME></COLUMN></MAPPING></TABLE_IMPORT>
                """)
            try await jobs.upload("rows.tsv", "Audit Record Id\tOld Recipient Id\nA-1\t7\nA-2\t8\n")
            let started = try await jobs.post(
                "ImportTable", "<MAP_FILE>table.xml</MAP_FILE><SOURCE_FILE>rows.tsv</SOURCE_FILE>")
            let job = try #require(jobs.value(started, "JOB_ID"))
            try await jobs.at(30)
            let status = try await jobs.status(job)
            #expect(status.parameters["SQL_ADDED"] == "1")
            #expect(status.parameters["SQL_UPDATED"] == "1")
            let rows = try await jobs.simulator.admin("GET", "/lists/29392")["rows"]?.arrayValue ?? []
            #expect(rows.compactMap { $0["Old Recipient Id"]?.stringValue } == ["7", "8"])
        }

        @Test("CalculateQuery needs a query: 100 without QUERY_ID, 106 an unknown list, 312 a database")
        func calculateQueryFaults() async throws {
            let jobs = try await Jobs.make()
            #expect(try await jobs.post("CalculateQuery", "").errorID == 100)
            #expect(try await jobs.post("CalculateQuery", "<QUERY_ID>99999</QUERY_ID>").errorID == 106)
            #expect(try await jobs.post("CalculateQuery", "<QUERY_ID>23949</QUERY_ID>").errorID == 312)
        }

        @Test("CalculateQuery works out the query's contacts: LIST_SIZE and the parent database when it completes")
        func calculateQuery() async throws {
            let jobs = try await Jobs.make()
            try await jobs.addRecipient("23949", ["Email": "ann@example.com"])
            try await jobs.addRecipient("23949", ["Email": "bob@example.org"])
            let query = try await jobs.makeQuery()
            let started = try await jobs.post("CalculateQuery", "<QUERY_ID>\(query)</QUERY_ID>")
            let job = try #require(jobs.value(started, "JOB_ID"))
            #expect(try await jobs.status(job).parameters["LIST_SIZE"] == nil)
            try await jobs.at(30)
            let status = try await jobs.status(job)
            #expect(status.parameters["LIST_SIZE"] == "1")
            #expect(status.parameters["PARENT_LIST_ID"] == "23949")
            #expect(status.parameters["PARENT_LIST_NAME"] == "Mobile App Users")
        }
    }

    @Suite("Queries, contact lists, opt-outs and mailings")
    struct Shared {
        @Test("ExportList of a query exports its contacts; OPT_IN and OPT_OUT split them by opt-out")
        func exportQueryAndOptOuts() async throws {
            let jobs = try await Jobs.make()
            try await jobs.addRecipient("23949", ["Email": "ann@example.com"])
            try await jobs.addRecipient("23949", ["Email": "bob@example.com"])
            try await jobs.addRecipient("23949", ["Email": "cy@example.org"])
            let optOut = "<LIST_ID>23949</LIST_ID><EMAIL>bob@example.com</EMAIL>"
            #expect(try await jobs.post("OptOutRecipient", optOut).isSuccess)
            let query = try await jobs.makeQuery()
            var paths: [String] = []
            for (list, type) in [(query, "ALL"), ("23949", "OPT_IN"), ("23949", "OPT_OUT"), ("23949", "UNDELIVERABLE")]
            {
                try await jobs.at(paths.count)
                let export = try await jobs.post(
                    "ExportList",
                    "<LIST_ID>\(list)</LIST_ID><EXPORT_TYPE>\(type)</EXPORT_TYPE><EXPORT_COLUMNS><COLUMN>Email</COLUMN></EXPORT_COLUMNS>"
                )
                paths.append(try #require(jobs.value(export, "FILE_PATH")))
            }
            try await jobs.at(60)
            _ = try await jobs.simulator.admin("GET", "/jobs")
            let files = try await paths.asyncMap { try await jobs.file($0) }
            #expect(files[0] == "Email\r\nann@example.com\r\nbob@example.com\r\n")
            #expect(files[1] == "Email\r\nann@example.com\r\ncy@example.org\r\n")
            #expect(files[2] == "Email\r\nbob@example.com\r\n")
            #expect(files[3] == "Email\r\n")
        }

        @Test("PurgeData of a contact list removes members only; by a query, the contacts its criteria match")
        func purgeContactListAndByQuery() async throws {
            let jobs = try await Jobs.make()
            try await jobs.addRecipient("23949", ["Email": "ann@example.com"])
            try await jobs.addRecipient("23949", ["Email": "bob@example.org"])
            let created = try await jobs.post(
                "CreateContactList",
                "<DATABASE_ID>23949</DATABASE_ID><CONTACT_LIST_NAME>Members</CONTACT_LIST_NAME><VISIBILITY>1</VISIBILITY>"
            )
            let contactList = try #require(jobs.value(created, "CONTACT_LIST_ID"))
            for id in ["100001", "100002"] {
                let add = "<CONTACT_LIST_ID>\(contactList)</CONTACT_LIST_ID><CONTACT_ID>\(id)</CONTACT_ID>"
                #expect(try await jobs.post("AddContactToContactList", add).isSuccess)
            }
            let query = try await jobs.makeQuery()
            let purge = try await jobs.post(
                "PurgeData", "<TARGET_ID>\(contactList)</TARGET_ID><SOURCE_ID>\(query)</SOURCE_ID>")
            let job = try #require(jobs.value(purge, "JOB_ID"))
            try await jobs.at(30)
            #expect(try await jobs.status(job).parameters["LIST_SIZE"] == "1")
            let members = try await jobs.simulator.admin("GET", "/contact-lists")
            #expect(members.serialized().contains("100002"))
            let ann = "<LIST_ID>23949</LIST_ID><EMAIL>ann@example.com</EMAIL>"
            #expect(try await jobs.post("SelectRecipientData", ann).isSuccess)
            let byQuery = try await jobs.post(
                "PurgeData", "<TARGET_ID>23949</TARGET_ID><SOURCE_ID>\(query)</SOURCE_ID>")
            let second = try #require(jobs.value(byQuery, "JOB_ID"))
            try await jobs.at(60)
            #expect(try await jobs.status(second).parameters["LIST_SIZE"] == "1")
            #expect(try await jobs.post("SelectRecipientData", ann).errorID == 128)
            #expect(
                try await jobs.post("PurgeData", "<TARGET_ID>\(query)</TARGET_ID><SOURCE_ID>23949</SOURCE_ID>").errorID
                    == 312)
        }

        @Test("TrackingMetricExport writes a row per sent report of the mailing; an unknown mailing is fault 126")
        func trackingMetricFile() async throws {
            let jobs = try await Jobs.make()
            let export = try await jobs.post("TrackingMetricExport", "<MAILING_ID>4301</MAILING_ID>")
            let path = try #require(jobs.value(export, "MAILING/FILE_PATH"))
            try await jobs.at(30)
            _ = try await jobs.simulator.admin("GET", "/jobs")
            let lines = try #require(try await jobs.file(path)).split(separator: "\r\n")
            #expect(lines.first?.hasPrefix("Mailing Id,Report Id,Mailing Name,Sent Date,NumSent,NumSeeds") == true)
            #expect(
                lines.dropFirst().first?.hasPrefix("4301,7301,December Newsletter,2025-12-15 09:00:00.0,1200,2,")
                    == true)
            #expect(try await jobs.post("TrackingMetricExport", "<MAILING_ID>1</MAILING_ID>").errorID == 126)
            let byList = try await jobs.post(
                "TrackingMetricExport",
                "<LIST_ID>23949</LIST_ID><SEND_DATE_START>12/01/2025 00:00:00</SEND_DATE_START>")
            let mailings = byList.envelope.first("Body")?.first("RESULT")?.all("MAILING").compactMap {
                $0.first("MAILING_ID")?.text
            }
            #expect(mailings?.contains("4301") == true)
        }

        @Test("RawRecipientDataExport writes a Sent event per contact a mailing went to; an unknown mailing is 126")
        func rawRecipientEvents() async throws {
            let jobs = try await Jobs.make()
            try await jobs.addRecipient("23949", ["Email": "ann@example.com"])
            _ = try await jobs.simulator.admin(
                "POST", "/mailings/4301/sends",
                ["recipientID": 100001, "listID": "23949", "sentAt": "2025-12-15T09:00:00Z"])
            let export = try await jobs.post(
                "RawRecipientDataExport",
                "<MAILING><MAILING_ID>4301</MAILING_ID></MAILING><ALL_EVENT_TYPES/><EXPORT_FORMAT>1</EXPORT_FORMAT>")
            let path = try #require(jobs.value(export, "MAILING/FILE_PATH"))
            try await jobs.at(30)
            #expect(try await jobs.status("1000001").parameters["EXPORTED_ROW_COUNT"] == "1")
            let lines = try #require(try await jobs.file(path)).split(separator: "\r\n")
            let event = try #require(lines.last).split(separator: "|", omittingEmptySubsequences: false)
            #expect(event.count == 12)
            #expect(Array(event.prefix(3)) == ["100001", "Normal", "4301"])
            #expect(Array(event[5...7]) == ["ann@example.com", "Sent", "2025-12-15 09:00:00.0"])
            let unknown = "<MAILING><MAILING_ID>99</MAILING_ID></MAILING>"
            #expect(try await jobs.post("RawRecipientDataExport", unknown).errorID == 126)
        }
    }
}

extension JobOperationsTests.Jobs {
    /// CreateQuery (the contact operations): the default database's contacts with an Email at example.com.
    func makeQuery() async throws -> String {
        let created = try await post(
            "CreateQuery",
            """
            <QUERY_NAME>Example Recipients</QUERY_NAME><PARENT_LIST_ID>23949</PARENT_LIST_ID><VISIBILITY>1</VISIBILITY>\
            <CRITERIA><EXPRESSION><TYPE>TE</TYPE><COLUMN_NAME>Email</COLUMN_NAME><OPERATORS>contains</OPERATORS>\
            <VALUES>example.com</VALUES></EXPRESSION></CRITERIA>
            """)
        return try #require(value(created, "ListId"))
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
