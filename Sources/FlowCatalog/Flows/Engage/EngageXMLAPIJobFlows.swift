import CassetteKit
import ContractKit
import EngageSDK
import Foundation
import JSONCore

/// XMLAPI operation flows of group B (exports, imports, purges, job status), issue #34: each sends its operation
/// through `XMLAPI.resourceNamed(_:params:)`; the flows that wait for a job poll `GetJobStatus` as the Engage Node
/// client's `waitForJob` does, with the simulator's clock moved on by `secondsPerRequest` per XMLAPI request.
extension EngageFlows {
    static var jobOperationFlows: [Flow] {
        [
            purgeDataFlow, importListFlow, importTableFlow, exportListFlow, exportTableFlow, purgeTableFlow,
            calculateQueryFlow, trackingMetricExportFlow, rawRecipientDataExportFlow, webTrackingDataExportFlow,
            getJobStatusFlow, deleteJobFlow,
        ] + jobErrorFlows
    }

    // MARK: - One flow per operation

    static let purgeDataFlow = Flow(
        vendor: "engage", name: "purge-data",
        documentation: "Acoustic Campaign XML API reference, Purge data (PurgeData); Get the status of a data job",
        summary: "PurgeData removes the source list's contacts from the database when its job completes",
        simulatorSetup: [
            Env.settings([("secondsPerRequest", 10)]), JobEnv.doNotContactList,
            Env.addRecipient([("Email", "ann@example.com")]), Env.addRecipient([("Email", "bob@example.com")]),
            JobEnv.addRecipient(JobEnv.doNotContactID, [("Email", "BOB@example.com")]),
        ],
        facts: [JobEnv.timings]
    ) { context in
        let engage = try Env.engage(context)
        let purge = try await Env.post(
            engage, XMLAPI_OPERATION_PURGE_DATA,
            ["TARGET_ID": Env.listID, "SOURCE_ID": JobEnv.doNotContactID])
        let job = try await JobEnv.wait(engage, for: purge)
        let bob = try await engage.xmlAPI.selectRecipientData(email: "bob@example.com")
        let ann = try await engage.xmlAPI.selectRecipientData(email: "ann@example.com")
        return [
            "purge": purge, "statuses": job.statuses, "job": job.last, "bob": Env.outcome(bob),
            "ann": Env.outcome(ann),
        ]
    }

    static let importListFlow = Flow(
        vendor: "engage", name: "import-list",
        documentation:
            "Acoustic Campaign XML API reference, Import to a database (ImportList); Get the status of a data job",
        summary: "ImportList of a mapping and a source file in the FTP upload directory adds and updates contacts",
        simulatorSetup: [
            Env.settings([("secondsPerRequest", 10)]), Env.addRecipient([("Email", "ann@example.com")]),
            JobEnv.upload(
                "list_import_map.xml",
                """
                <LIST_IMPORT><LIST_INFO><ACTION>ADD_AND_UPDATE</ACTION><LIST_ID>\(Env.listID)</LIST_ID>
                <FILE_TYPE>0</FILE_TYPE><HASHEADERS>true</HASHEADERS></LIST_INFO>
                <SYNC_FIELDS><SYNC_FIELD><NAME>EMAIL</NAME></SYNC_FIELD></SYNC_FIELDS>
                <MAPPING><COLUMN><INDEX>1</INDEX><NAME>EMAIL</NAME><INCLUDE>true</INCLUDE></COLUMN>
                <COLUMN><INDEX>2</INDEX><NAME>Mobile User Id</NAME><INCLUDE>true</INCLUDE></COLUMN></MAPPING>
                </LIST_IMPORT>
                """),
            JobEnv.upload(
                "list_create.csv", "Email,Mobile User Id\r\nann@example.com,M-ANN\r\nbob@example.com,M-BOB\r\n"),
        ],
        facts: [JobEnv.timings, JobEnv.uploads, JobEnv.mappingFile]
    ) { context in
        let engage = try Env.engage(context)
        let started = try await Env.post(
            engage, XMLAPI_OPERATION_IMPORT_LIST,
            ["MAP_FILE": "list_import_map.xml", "SOURCE_FILE": "list_create.csv", "FILE_ENCODING": "UTF-8"])
        let job = try await JobEnv.wait(engage, for: started)
        let bob = try await engage.xmlAPI.selectRecipientData(email: "bob@example.com")
        return ["import": started, "statuses": job.statuses, "job": job.last, "bob": Env.outcome(bob)]
    }

    static let importTableFlow = Flow(
        vendor: "engage", name: "import-table",
        documentation:
            "Acoustic Campaign XML API reference, Import a relational table from an FTP server (ImportTable)",
        summary: "ImportTable of a mapping and a tab-separated file adds the table's rows when its job completes",
        simulatorSetup: [
            Env.settings([("secondsPerRequest", 10)]),
            JobEnv.upload(
                "table_import_map.xml",
                """
                <TABLE_IMPORT><TABLE_INFO><ACTION>ADD_AND_UPDATE</ACTION><TABLE_ID>\(Env.auditTableID)</TABLE_ID>
                <FILE_TYPE>1</FILE_TYPE><HASHEADERS>true</HASHEADERS></TABLE_INFO><MAPPING>
                <COLUMN><INDEX>1</INDEX><NAME>Audit Record Id</NAME></COLUMN>
                <COLUMN><INDEX>2</INDEX><NAME>Old Recipient Id</NAME></COLUMN></MAPPING></TABLE_IMPORT>
                """),
            JobEnv.upload("table_create.tsv", "Audit Record Id\tOld Recipient Id\nA-1\t100001\nA-2\t100002\n"),
        ],
        facts: [JobEnv.timings, JobEnv.uploads, JobEnv.mappingFile]
    ) { context in
        let engage = try Env.engage(context)
        let started = try await Env.post(
            engage, XMLAPI_OPERATION_IMPORT_TABLE,
            ["MAP_FILE": "table_import_map.xml", "SOURCE_FILE": "table_create.tsv"])
        let job = try await JobEnv.wait(engage, for: started)
        return ["import": started, "statuses": job.statuses, "job": job.last]
    }

    static let exportListFlow = Flow(
        vendor: "engage", name: "export-list",
        documentation: "Silverpop engage-api-client ExportListCommand and node-engage export-list.js (ExportList)",
        summary: "ExportList answers the job and the /download file path; the completed job names the file",
        simulatorSetup: [
            Env.settings([("secondsPerRequest", 10)]),
            Env.addRecipient([("Email", "ann@example.com"), ("Mobile User Id", "M-ANN")]),
            Env.addRecipient([("Email", "bob@example.com")]),
        ],
        facts: [JobEnv.timings, JobEnv.fileNames]
    ) { context in
        let engage = try Env.engage(context)
        let export = try await Env.post(
            engage, XMLAPI_OPERATION_EXPORT_LIST,
            [
                "LIST_ID": Env.listID, "EXPORT_TYPE": "ALL", "EXPORT_FORMAT": "CSV", "ADD_TO_STORED_FILES": "",
                "EXPORT_COLUMNS": ["COLUMN": ["Email", "Mobile User Id"]],
            ])
        let job = try await JobEnv.wait(engage, for: export)
        return ["export": export, "statuses": job.statuses, "job": job.last]
    }

    static let exportTableFlow = Flow(
        vendor: "engage", name: "export-table",
        documentation: "Silverpop engage-api-client ExportTableCommand (ExportTable)",
        summary: "ExportTable of a relational table answers the job and the /download file path",
        simulatorSetup: [Env.settings()],
        facts: [JobEnv.fileNames]
    ) { context in
        let engage = try Env.engage(context)
        _ = try await engage.xmlAPI.insertUpdateRelationalTable(
            tableID: Env.auditTableID, rows: [[XMLAPI.NameValue("Audit Record Id", "A-1")]])
        return try await Env.post(
            engage, XMLAPI_OPERATION_EXPORT_TABLE,
            ["TABLE_ID": Env.auditTableID, "EXPORT_FORMAT": "CSV", "FILE_ENCODING": "UTF-8"])
    }

    static let purgeTableFlow = Flow(
        vendor: "engage", name: "purge-table",
        documentation: "Acoustic Campaign XML API reference, Delete relational table data (PurgeTable)",
        summary: "PurgeTable deletes the table's rows when its job completes; the job reports how many",
        simulatorSetup: [Env.settings([("secondsPerRequest", 10)])],
        facts: [
            JobEnv.timings, .assumed("the simulator keeps no row modification times: DELETE_BEFORE purges every row"),
        ]
    ) { context in
        let engage = try Env.engage(context)
        _ = try await engage.xmlAPI.insertUpdateRelationalTable(
            tableID: Env.auditTableID,
            rows: [[XMLAPI.NameValue("Audit Record Id", "A-1")], [XMLAPI.NameValue("Audit Record Id", "A-2")]])
        let purge = try await Env.post(
            engage, XMLAPI_OPERATION_PURGE_TABLE,
            ["TABLE_ID": Env.auditTableID, "DELETE_BEFORE": "01/01/2026 00:00:00", "EMAIL": "ops@example.com"])
        let job = try await JobEnv.wait(engage, for: purge)
        return ["purge": purge, "statuses": job.statuses, "job": job.last]
    }

    static let calculateQueryFlow = Flow(
        vendor: "engage", name: "calculate-query",
        documentation:
            "node-engage calculate-query.js and Silverpop engage-api-client CalculateQueryCommand (CalculateQuery)",
        summary: "CalculateQuery of a query starts a job; the completed job reports the query's size",
        simulatorSetup: [
            Env.settings([("secondsPerRequest", 10)]), Env.addRecipient([("Email", "ann@example.com")]),
            Env.addRecipient([("Email", "bob@example.org")]),
        ],
        facts: [JobEnv.timings]
    ) { context in
        let engage = try Env.engage(context)
        let query = try await Env.post(
            engage, XMLAPI_OPERATION_CREATE_QUERY,
            [
                "QUERY_NAME": "Example Recipients", "PARENT_LIST_ID": Env.listID, "VISIBILITY": "1",
                "CRITERIA": [
                    "EXPRESSION": [
                        "TYPE": "TE", "COLUMN_NAME": "Email", "OPERATORS": "contains", "VALUES": "example.com",
                    ]
                ],
            ])
        let queryID = query["result"]?["ListId"]?.stringValue ?? ""
        let calculate = try await Env.post(
            engage, XMLAPI_OPERATION_CALCULATE_QUERY, ["QUERY_ID": queryID, "EMAIL": "ops@example.com"])
        let job = try await JobEnv.wait(engage, for: calculate)
        return ["query": query, "calculate": calculate, "statuses": job.statuses, "job": job.last]
    }

    static let trackingMetricExportFlow = EngageFlows.operationFlow(
        name: "tracking-metric-export", operation: XMLAPI_OPERATION_TRACKING_METRIC_EXPORT,
        params: {
            ["MAILING_ID": JobEnv.mailingID, "EXPORT_FORMAT": "CSV", "MOVE_TO_FTP": "", "ALL_AGGREGATE_METRICS": ""]
        },
        summary: "TrackingMetricExport of one mailing answers a MAILING with its job and file path",
        documentation: "Silverpop engage-api-client TrackingMetricExportCommand and TrackingMetricExportResult",
        facts: [JobEnv.fileNames])

    static let rawRecipientDataExportFlow = EngageFlows.operationFlow(
        name: "raw-recipient-data-export", operation: XMLAPI_OPERATION_RAW_RECIPIENT_DATA_EXPORT,
        params: {
            [
                "LIST_ID": Env.listID, "EVENT_DATE_START": "12/01/2025 00:00:00",
                "EVENT_DATE_END": "12/31/2025 23:59:59", "EXPORT_FORMAT": "0", "MOVE_TO_FTP": "",
                "ALL_EVENT_TYPES": "",
            ]
        },
        summary: "RawRecipientDataExport answers a MAILING with the export's job and file path",
        documentation: "Acoustic Campaign XML API reference, Export raw contact events (RawRecipientDataExport)",
        facts: [JobEnv.fileNames])

    static let webTrackingDataExportFlow = EngageFlows.operationFlow(
        name: "web-tracking-data-export", operation: XMLAPI_OPERATION_WEB_TRACKING_DATA_EXPORT,
        params: {
            [
                "DATABASE_ID": Env.listID, "EVENT_DATE_START": "12/01/2025 00:00:00",
                "EVENT_DATE_END": "12/31/2025 23:59:59", "EXPORT_FORMAT": "0", "MOVE_TO_FTP": "",
                "ALL_EVENT_TYPES": "",
            ]
        },
        summary: "WebTrackingDataExport answers the export's job and file path",
        documentation: "Silverpop engage-api-client WebTrackingDataExportCommand and WebTrackingDataExportResult",
        facts: [JobEnv.fileNames])

    static let getJobStatusFlow = Flow(
        vendor: "engage", name: "get-job-status",
        documentation: "Acoustic Campaign XML API reference, Get the status of a data job (GetJobStatus)",
        summary: "GetJobStatus polled after an export shows WAITING, then RUNNING, then COMPLETE with its parameters",
        simulatorSetup: [Env.settings([("secondsPerRequest", 4)]), Env.addRecipient([("Email", "ann@example.com")])],
        facts: [JobEnv.timings]
    ) { context in
        let engage = try Env.engage(context)
        let export = try await Env.post(engage, XMLAPI_OPERATION_EXPORT_LIST, ["LIST_ID": Env.listID])
        let job = try await JobEnv.wait(engage, for: export)
        return ["export": export, "statuses": job.statuses, "job": job.last]
    }

    static let deleteJobFlow = Flow(
        vendor: "engage", name: "delete-job",
        documentation: "Silverpop engage-api-client DeleteJobCommand and DeleteJobResult (DeleteJob)",
        summary: "DeleteJob removes a data job: asking for its status afterwards is fault 135",
        simulatorSetup: [Env.settings()],
        facts: [JobEnv.jobNotValid]
    ) { context in
        let engage = try Env.engage(context)
        let export = try await Env.post(engage, XMLAPI_OPERATION_EXPORT_LIST, ["LIST_ID": Env.listID])
        let id = JobEnv.jobID(export)
        let delete = try await Env.post(engage, XMLAPI_OPERATION_DELETE_JOB, ["JOB_ID": id])
        let status = try await Env.post(engage, XMLAPI_OPERATION_GET_JOB_STATUS, ["JOB_ID": id])
        return ["export": export, "delete": delete, "status": status]
    }

    // MARK: - Error cases

    static var jobErrorFlows: [Flow] {
        [
            errorFlow(
                "get-job-status-unknown-job", XMLAPI_OPERATION_GET_JOB_STATUS, ["JOB_ID": "999"],
                "GetJobStatus of a job that does not exist is fault 135 Job ID is not valid.", [JobEnv.jobNotValid]),
            errorFlow(
                "delete-job-unknown-job", XMLAPI_OPERATION_DELETE_JOB, ["JOB_ID": "999"],
                "DeleteJob of a job that does not exist is fault 135 Job ID is not valid.", [JobEnv.jobNotValid]),
            errorFlow(
                "export-list-unknown-list", XMLAPI_OPERATION_EXPORT_LIST,
                ["LIST_ID": "99999", "EXPORT_TYPE": "ALL", "EXPORT_FORMAT": "CSV"],
                "ExportList of a list that does not exist is fault 106 List ID is not valid.", [JobEnv.listNotValid]),
            errorFlow(
                "export-list-not-list-column", XMLAPI_OPERATION_EXPORT_LIST,
                ["LIST_ID": Env.listID, "EXPORT_COLUMNS": ["COLUMN": ["Email", "Shoe Size"]]],
                "ExportList of a column the list does not have is fault 153 ERR_EXPORT_NOT_LIST_COLUMN",
                [JobEnv.errorTable("XMLAPI_ERROR_ERR_EXPORT_NOT_LIST_COLUMN (153)")]),
            errorFlow(
                "purge-data-missing-source", XMLAPI_OPERATION_PURGE_DATA, ["TARGET_ID": Env.listID],
                "PurgeData without its required SOURCE_ID is fault 100 Parameter SOURCE_ID was not provided",
                [JobEnv.missingParameter]),
            errorFlow(
                "purge-table-unknown-table", XMLAPI_OPERATION_PURGE_TABLE, ["TABLE_ID": "99999"],
                "PurgeTable of a relational table that does not exist is fault 106 List ID is not valid.",
                [JobEnv.tableNotValid]),
            errorFlow(
                "export-table-unknown-table", XMLAPI_OPERATION_EXPORT_TABLE,
                ["TABLE_NAME": "No Such Table", "TABLE_VISIBILITY": "1", "EXPORT_FORMAT": "CSV"],
                "ExportTable by the name of a table that does not exist is fault 106 List ID is not valid.",
                [JobEnv.tableNotValid]),
            errorFlow(
                "import-list-missing-map-file", XMLAPI_OPERATION_IMPORT_LIST, ["SOURCE_FILE": "list_create.csv"],
                "ImportList without its required MAP_FILE is fault 100 Parameter MAP_FILE was not provided",
                [JobEnv.missingParameter]),
            errorFlow(
                "import-table-file-not-uploaded", XMLAPI_OPERATION_IMPORT_TABLE,
                ["MAP_FILE": "table_import_map.xml", "SOURCE_FILE": "table_create.csv"],
                "ImportTable of files not in the FTP upload directory is fault 132 Unable to create import job.",
                [JobEnv.uploads]),
            errorFlow(
                "calculate-query-not-a-query", XMLAPI_OPERATION_CALCULATE_QUERY, ["QUERY_ID": Env.listID],
                "CalculateQuery of a database rather than a query is fault 312 List is not the right type for this API.",
                [
                    JobEnv.errorTable(
                        "XMLAPI_ERROR_LIST_TYPE_NOT_VALID_2 (312, List is not the right type for this API.)")
                ]),
            errorFlow(
                "tracking-metric-export-mailing-and-list", XMLAPI_OPERATION_TRACKING_METRIC_EXPORT,
                ["MAILING_ID": JobEnv.mailingID, "LIST_ID": Env.listID],
                "TrackingMetricExport of both a mailing and a list is fault 320 Both MAILING_ID and LIST_ID provided",
                [JobEnv.errorTable("XMLAPI_ERROR_MAILING_ID_AND_LIST_ID_SET (320)")]),
            errorFlow(
                "tracking-metric-export-unknown-mailing", XMLAPI_OPERATION_TRACKING_METRIC_EXPORT,
                ["MAILING_ID": "99", "EXPORT_FORMAT": "CSV"],
                "TrackingMetricExport of a mailing that does not exist is fault 126 Mailing does not exist.",
                [JobEnv.errorTable("XMLAPI_ERROR_MAILING_DOES_NOT_EXIST (126)")]),
            errorFlow(
                "raw-recipient-data-export-unknown-list", XMLAPI_OPERATION_RAW_RECIPIENT_DATA_EXPORT,
                ["LIST_ID": "99999", "ALL_EVENT_TYPES": ""],
                "RawRecipientDataExport of a database that does not exist is fault 106 List ID is not valid.",
                [JobEnv.listNotValid]),
            errorFlow(
                "web-tracking-data-export-bad-date", XMLAPI_OPERATION_WEB_TRACKING_DATA_EXPORT,
                ["EVENT_DATE_START": "2025-12-01", "ALL_EVENT_TYPES": ""],
                "WebTrackingDataExport with a date not in mm/dd/yyyy hh:mm:ss is fault 184 (date errors)",
                [JobEnv.errorTable("XMLAPI_ERROR_DATE_ERROR (184, Numerous errors related to dates.)")]),
        ]
    }

    private static func errorFlow(
        _ name: String, _ operation: XMLAPIOperation, _ params: [String: any Sendable], _ summary: String,
        _ facts: [Fact]
    ) -> Flow {
        operationFlow(
            name: name, operation: operation, params: { params }, summary: summary,
            documentation: "Engage SDK XMLAPIErrorCode (the fault); the request per the \(operation.rawValue) sources",
            kind: .errorCase, facts: facts)
    }
}

/// What the job flows share: demo data and polling.
enum JobEnv {
    typealias Env = EngageFlowEnvironment

    static let doNotContactID = "60001"
    static let mailingID = "4301"

    /// A second database, "Do Not Contact", with an Email column.
    static let doNotContactList = Env.admin(
        "POST", "/lists",
        ["listID": .string(doNotContactID), "name": "Do Not Contact", "columns": [["name": "Email", "type": 0]]])

    static func addRecipient(_ listID: String, _ columns: [(String, String)]) -> CassetteRequest {
        Env.admin(
            "POST", "/lists/\(listID)/recipients",
            ["columns": .object(JSONObject(columns.map { ($0.0, Outcome.string($0.1)) }))])
    }

    /// Places `name` in the simulated FTP upload directory.
    static func upload(_ name: String, _ content: String) -> CassetteRequest {
        Env.admin("PUT", "/ftp/upload/\(name)", ["content": .string(content)])
    }

    static let timings = Fact.assumed(
        "a data job waits 5 s and runs until 30 s after it starts: Engage documents the states, not their durations")
    static let fileNames = Fact.assumed(
        "export file names: <list> - <type> - <time>.CSV as a client test quotes one; the others by analogy")
    static let uploads = Fact.assumed(
        "an import needs its files in the FTP upload directory; missing ones are fault 132 as for ImportDCRuleset")
    static let mappingFile = Fact.assumed(
        "the mapping file's format as public clients write it (LIST_IMPORT/TABLE_IMPORT, ACTION, MAPPING by INDEX)")
    static let jobNotValid = errorTable("XMLAPI_ERROR_JOB_ID_NOT_VALID (135, Job ID is not valid.)")
    static let listNotValid = errorTable("XMLAPI_ERROR_LIST_ID_NOT_VALID (106, List ID is not valid.)")
    static let tableNotValid = Fact.assumed(
        "an unknown relational table (a list of type 15) is fault 106 List ID is not valid., as an unknown list")
    static let missingParameter = errorTable("XMLAPI_ERROR_PARAM_NOT_PROVIDED (100, Parameter x was not provided)")

    /// A fault of the iOS SDK's error table, which names each fault by its case, not by the operation answering it.
    static func errorTable(_ constant: String) -> Fact {
        .sdkSource("EngageSDK/Public/XMLAPIErrorCode.h, \(constant)")
    }

    /// The `JOB_ID` of an operation's outcome (``EngageFlowEnvironment/post(_:_:_:)``), also inside `MAILING`.
    static func jobID(_ outcome: Outcome) -> String {
        outcome["result"]?["JOB_ID"]?.stringValue ?? outcome["result"]?["MAILING"]?["JOB_ID"]?.stringValue ?? ""
    }

    /// Polls `GetJobStatus` for the job `started` answered until it is no longer waiting or running (at most 12
    /// times): every status seen, and the last answer.
    static func wait(_ engage: Engage, for started: Outcome) async throws -> (statuses: Outcome, last: Outcome) {
        var statuses: [Outcome] = []
        var last: Outcome = .null
        for _ in 0..<12 {
            last = try await Env.post(engage, XMLAPI_OPERATION_GET_JOB_STATUS, ["JOB_ID": jobID(started)])
            let status = last["result"]?["JOB_STATUS"]?.stringValue ?? "none"
            statuses.append(.string(status))
            if status != "WAITING" && status != "RUNNING" { break }
        }
        return (.array(statuses), last)
    }
}
