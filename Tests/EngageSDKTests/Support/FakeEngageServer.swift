import EngageSDK
import Foundation
import HTTPTypes
import JSONCore
import LibXML
import OpenAPIRuntime

/// A small in-process Engage server behind `ClientTransport`: issues tokens, answers XMLAPI calls from a
/// recipient table, and accepts UBF batches (counting each event id once). It records every request.
actor FakeEngageServer: ClientTransport {
    struct Recipient {
        var id: String
        var columns: [String: String]
    }

    /// One XMLAPI request as the server read it.
    struct XMLRequest: Sendable {
        var operation: String
        var envelope: String
        var bearer: String?
        var elements: [String: String]
        var columns: [(name: String, value: String)]
        var rows: [[String: String]]
    }

    /// How the server rejects a token it does not know.
    enum Rejection { case http401, fault145 }

    let expiresIn: Int
    var rejection: Rejection = .fault145
    var tokenFailures: [(status: Int, body: String)] = []
    var eventFailures: [Int] = []
    /// Replies (status, content type, body) the next event posts get instead of the server's own answer.
    var eventReplies: [(status: Int, contentType: String, body: String)] = []
    /// Event names the server refuses: a batch holding one is answered 400 `invalid_request`, as Engage's
    /// simulator answers an invalid event.
    var refusedEventNames: Set<String> = []
    private(set) var tokenRequests: [[String: String]] = []
    private(set) var xmlRequests: [XMLRequest] = []
    private(set) var eventBatches: [[String]] = []
    /// The event ids of every well-formed batch that reached the events endpoint, accepted or refused.
    private(set) var attemptedBatches: [[String]] = []
    private(set) var eventBearers: [String?] = []
    private(set) var receivedEvents: [String: JSONValue] = [:]
    private(set) var recipients: [Recipient] = []
    private(set) var tableRows: [String: [[String: String]]] = [:]
    private var validTokens: Set<String> = []
    private var holdingTokens = false
    private var heldTokens: [CheckedContinuation<Void, Never>] = []
    private var nextRecipientID = 100_000

    init(expiresIn: Int = 14_400) {
        self.expiresIn = expiresIn
    }

    func setRejection(_ rejection: Rejection) { self.rejection = rejection }
    func failNextTokenRequests(_ failures: [(status: Int, body: String)]) { tokenFailures = failures }
    func failNextEventPosts(_ statuses: [Int]) { eventFailures = statuses }
    func replyToNextEventPosts(_ replies: [(status: Int, contentType: String, body: String)]) {
        eventReplies = replies
    }
    func refuseEvents(named names: Set<String>) { refusedEventNames = names }
    func revokeAllTokens() { validTokens.removeAll() }
    func holdTokenRequests() { holdingTokens = true }

    func releaseTokenRequests() {
        holdingTokens = false
        for continuation in heldTokens { continuation.resume() }
        heldTokens.removeAll()
    }

    @discardableResult
    func addRecipient(columns: [String: String]) -> String {
        nextRecipientID += 1
        let id = String(nextRecipientID)
        recipients.append(Recipient(id: id, columns: columns))
        return id
    }

    func recipient(_ id: String) -> Recipient? { recipients.first { $0.id == id } }

    /// While true, every request fails as a dropped network would, before reaching the server.
    private(set) var offline = false
    func setOffline(_ value: Bool) { offline = value }

    private func checkNetwork() throws {
        if offline { throw URLError(.notConnectedToInternet) }
    }

    nonisolated func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await checkNetwork()
        var data = Data()
        if let body { data = try await Data(collecting: body, upTo: 64 * 1024 * 1024) }
        let bearer = request.headerFields[.authorization].map { String($0.dropFirst("Bearer ".count)) }
        let (status, contentType, text) = try await handle(
            path: request.path ?? "", body: data, bearer: bearer, contentType: request.headerFields[.contentType])
        var fields = HTTPFields()
        fields[.contentType] = contentType
        return (HTTPResponse(status: .init(code: status), headerFields: fields), HTTPBody(text))
    }

    private func handle(
        path: String, body: Data, bearer: String?, contentType: String?
    ) async throws -> (Int, String, String) {
        switch path {
        case "/oauth/token": return await token((FormCoding.decode(validating: body) ?? []).lastValues)
        case "/XMLAPI": return try xmlAPI(body, bearer: bearer)
        case "/rest/events/submission": return try events(body, bearer: bearer)
        default: return (404, "text/plain", "no route \(path)")
        }
    }

    private func token(_ form: [String: String]) async -> (Int, String, String) {
        tokenRequests.append(form)
        if holdingTokens { await withCheckedContinuation { heldTokens.append($0) } }
        if !tokenFailures.isEmpty {
            let failure = tokenFailures.removeFirst()
            return (failure.status, "application/json", failure.body)
        }
        guard form["grant_type"] == "refresh_token", form["client_id"] == "client", form["client_secret"] == "secret"
        else { return (401, "application/json", #"{"error":"invalid_client","error_description":"bad client"}"#) }
        guard form["refresh_token"] == "refresh" else {
            return (400, "application/json", #"{"error":"invalid_grant","error_description":"bad refresh token"}"#)
        }
        let token = "token-\(tokenRequests.count)"
        validTokens.insert(token)
        return (
            200, "application/json",
            #"{"access_token":"\#(token)","token_type":"bearer","refresh_token":"refresh","expires_in":\#(expiresIn)}"#
        )
    }

    private func xmlAPI(_ body: Data, bearer: String?) throws -> (Int, String, String) {
        let xml = (FormCoding.decode(validating: body) ?? []).lastValues["xml"] ?? ""
        guard let document = try? XML.Document(string: xml),
            let operation = document.root?.descendant(["Body"])?.elements.first
        else { return Self.fault(51, "Invalid XML Request") }
        var request = XMLRequest(
            operation: operation.name, envelope: xml, bearer: bearer, elements: [:], columns: [], rows: [])
        for child in operation.elements {
            switch child.name {
            case "COLUMN": request.columns.append((child.first("NAME")?.text ?? "", child.first("VALUE")?.text ?? ""))
            case "ROWS":
                request.rows = child.all("ROW").map { row in
                    Dictionary(row.all("COLUMN").map { ($0.attribute("name") ?? "", $0.text) }) { $1 }
                }
            default: request.elements[child.name] = child.text
            }
        }
        xmlRequests.append(request)
        guard let bearer, validTokens.contains(bearer) else {
            if rejection == .http401 { return (401, "text/plain", "Unauthorized") }
            return Self.fault(145, "Session has expired or is invalid", errorClass: "SP.Admin")
        }
        return answer(request)
    }

    private func answer(_ request: XMLRequest) -> (Int, String, String) {
        let columns = Dictionary(request.columns.map { ($0.name, $0.value) }) { $1 }
        switch request.operation {
        case "AddRecipient":
            return Self.success(["RecipientId": addRecipient(columns: columns)])
        case "UpdateRecipient":
            guard let id = request.elements["RECIPIENT_ID"], let index = recipients.firstIndex(where: { $0.id == id })
            else { return Self.fault(128, "Recipient not found or is not a member of the list.") }
            recipients[index].columns.merge(columns) { $1 }
            return Self.success(["RecipientId": id])
        case "SelectRecipientData":
            let found = recipients.first { recipient in
                if let id = request.elements["RECIPIENT_ID"] { return recipient.id == id }
                return !columns.isEmpty && columns.allSatisfy { recipient.columns[$0.key] == $0.value }
            }
            guard let found else { return Self.fault(128, "Recipient not found or is not a member of the list.") }
            return Self.success(["RecipientId": found.id], columns: found.columns)
        case "InsertUpdateRelationalTable":
            tableRows[request.elements["TABLE_ID"] ?? "", default: []] += request.rows
            return Self.success([:])
        case "AddListColumn":
            return Self.success([:])
        default:
            return Self.fault(51, "Invalid XML Request")
        }
    }

    private func events(_ body: Data, bearer: String?) throws -> (Int, String, String) {
        eventBearers.append(bearer)
        guard let bearer, validTokens.contains(bearer) else { return (401, "application/json", "{}") }
        if !eventReplies.isEmpty {
            let reply = eventReplies.removeFirst()
            return (reply.status, reply.contentType, reply.body)
        }
        if !eventFailures.isEmpty { return (eventFailures.removeFirst(), "application/json", "{}") }
        let json = try JSONValue(parsing: body)
        guard case .array(let events) = json["events"] else { return (400, "application/json", "{}") }
        attemptedBatches.append(events.map { $0["eventId"]?.stringValue ?? "" })
        if let index = events.firstIndex(where: { event in
            event["attributes"]?.arrayValue?.contains {
                $0["name"] == "Event Name" && refusedEventNames.contains($0["value"]?.stringValue ?? "")
            } == true
        }) {
            return (
                400, "application/json",
                #"{"error":"invalid_request","error_description":"/events/\#(index): refused"}"#
            )
        }
        var ids: [String] = []
        for event in events {
            let id = event["eventId"]?.stringValue ?? ""
            ids.append(id)
            receivedEvents[id] = event
        }
        eventBatches.append(ids)
        return (200, "application/json", "{}")
    }

    static func success(_ values: [String: String], columns: [String: String] = [:]) -> (Int, String, String) {
        var result = XML.Element("RESULT")
        result.append("SUCCESS", text: "TRUE")
        for key in values.keys.sorted() { result.append(key, text: values[key] ?? "") }
        if !columns.isEmpty {
            result.append(
                XML.Element(
                    "COLUMNS",
                    elements: columns.keys.sorted().map { name in
                        XML.Element(
                            "COLUMN",
                            elements: [
                                XML.Element("NAME", text: name), XML.Element("VALUE", text: columns[name] ?? ""),
                            ])
                    }))
        }
        return (
            200, "text/xml", XML.Element("Envelope", elements: [XML.Element("Body", elements: [result])]).serialized()
        )
    }

    static func fault(_ errorID: Int, _ message: String, errorClass: String = "SP.API") -> (Int, String, String) {
        let text = """
            <Envelope><Body><RESULT><SUCCESS>false</SUCCESS></RESULT><Fault><Request/><FaultCode/>\
            <FaultString><![CDATA[\(message)]]></FaultString><detail><error><errorid>\(errorID)</errorid>\
            <module/><class>\(errorClass)</class><method/></error></detail></Fault></Body></Envelope>
            """
        return (200, "text/xml", text)
    }
}
