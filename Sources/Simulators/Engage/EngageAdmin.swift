import CassetteKit
import Foundation
import JSONCore
import LibXML

/// The Engage admin API under `/__harness/vendors/engage`:
///
/// | request | what it does |
/// | --- | --- |
/// | `GET /settings` | the settings (credentials, `tokenLifetime`, `tokensPerHour`, `tokenUseLimit`, `eventPostFailures`, `now`, `refusedEventName`) |
/// | `PUT /settings` | changes the settings named in a JSON object (`null` restores a default) |
/// | `GET /tokens` | issued tokens with their expiry and use count |
/// | `POST /tokens/expire` | expires every issued token (the next XMLAPI call gets fault 145) |
/// | `GET /lists` | lists and relational tables |
/// | `POST /lists` | creates a list: `{"listID","name","relational":false,"keyColumns":[…],"columns":[{"name","type","default"}]}` |
/// | `GET /lists/{id}` | a list with its columns and recipients (or rows, for a relational table) |
/// | `POST /lists/{id}/columns` | adds a column `{"name","type","default"}` |
/// | `POST /lists/{id}/recipients` | adds a recipient `{"columns":{name: value}}`, answers its `recipientId` |
/// | `GET /events` | stored UBF events in arrival order, with `count` and `duplicates` |
enum EngageAdmin {
    static func respond(to request: CassetteRequest, db: StateDB, now: Date) throws -> CassetteResponse {
        let segments = request.parts.path.split(separator: "/").map(String.init)
        let body =
            request.decodedBody.isEmpty ? JSONValue.object(JSONObject()) : try? JSONValue(parsing: request.decodedBody)
        guard let body else { return problem(400, "the body must be JSON") }
        // What the admin API shows includes the work of the data jobs due by now.
        try EngageJobs.settle(db, now: now)
        var route = segments
        let id = segments.count >= 2 && segments[0] == "lists" ? segments[1] : ""
        if !id.isEmpty { route[1] = "{id}" }
        switch (request.method.uppercased(), route.joined(separator: "/")) {
        case ("GET", "settings"):
            return .json(status: 200, try EngageSettings.load(db).json)
        case ("PUT", "settings"), ("POST", "settings"):
            return try updateSettings(body, db: db)
        case ("GET", "tokens"):
            let tokens = try StateRow.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM engage_tokens ORDER BY issued_at, token")
            ).map {
                row -> JSONValue in
                [
                    "token": .string(row["token"]),
                    "expiresAt": .string(EngageTime.iso(Date(timeIntervalSince1970: row["expires_at"]))),
                    "uses": .number(JSONNumber(row["uses"] as Int)), "revoked": .bool(row["revoked"]),
                ]
            }
            return .json(status: 200, ["tokens": .array(tokens)])
        case ("POST", "tokens/expire"):
            try db.execute(sql: "UPDATE engage_tokens SET revoked = 1")
            return .json(status: 200, ["expired": .number(JSONNumber(db.changesCount))])
        case ("GET", "lists"):
            return .json(status: 200, ["lists": .array(try EngageList.all(db).map(\.json))])
        case ("POST", "lists"):
            return try createList(body, db: db)
        case ("GET", "lists/{id}"):
            guard let list = try EngageList.find(db, id: id) else { return problem(404, "no list \(id)") }
            return .json(status: 200, try describe(list, db: db))
        case ("POST", "lists/{id}/columns"):
            guard let list = try EngageList.find(db, id: id) else { return problem(404, "no list \(id)") }
            guard let name = body["name"]?.stringValue, !name.isEmpty else { return problem(400, "name is required") }
            guard try list.column(db, named: name) == nil else { return problem(409, "column \(name) exists") }
            guard let type = columnType(body["type"]) else { return problem(400, Self.columnTypeProblem) }
            try list.addColumn(db, name: name, type: type, defaultValue: body["default"]?.stringValue ?? "")
            return .json(status: 201, try describe(list, db: db))
        case ("POST", "lists/{id}/recipients"):
            return try addRecipient(listID: id, body, db: db, now: now)
        case ("GET", "events"):
            let events = try EngageEvents.stored(db)
            return .json(
                status: 200,
                [
                    "count": .number(JSONNumber(events.count)),
                    "duplicates": .number(JSONNumber(try EngageSchema.counter(db, "duplicateEvent"))),
                    "events": .array(events),
                ])
        default:
            if let response = try EngageOperations.admin(
                request.method.uppercased(), segments, body: body, db: db, now: now)
            {
                return response
            }
            return problem(404, "engage has no admin endpoint \(request.method) \(request.parts.path)")
        }
    }

    static let columnTypeProblem = "type must be a whole number from 0 to 99 (an Engage column type code)"

    /// A column's type code: absent means 0 (text); anything but a whole number in 0...99 is refused.
    static func columnType(_ value: JSONValue?) -> Int? {
        guard let value else { return 0 }
        guard let code = value.numberValue?.integer, (0...99).contains(code) else { return nil }
        return Int(code)
    }

    static func problem(_ status: Int, _ message: String) -> CassetteResponse {
        .json(status: status, ["error": .string(message)])
    }

    private static func updateSettings(_ body: JSONValue, db: StateDB) throws -> CassetteResponse {
        guard let object = body.objectValue else { return problem(400, "settings must be a JSON object") }
        for (key, value) in object {
            guard EngageSettings.keys.contains(key) else {
                return problem(400, "unknown setting \(key); known: \(EngageSettings.keys.joined(separator: ", "))")
            }
            switch value {
            case .null: try EngageSettings.set(db, key: key, value: nil)
            case .string(let text): try EngageSettings.set(db, key: key, value: text)
            case .number(let number): try EngageSettings.set(db, key: key, value: number.text)
            default: return problem(400, "setting \(key) must be a string, a number or null")
            }
        }
        return .json(status: 200, try EngageSettings.load(db).json)
    }

    private static func createList(_ body: JSONValue, db: StateDB) throws -> CassetteResponse {
        guard let id = body["listID"]?.stringValue, !id.isEmpty else { return problem(400, "listID is required") }
        guard try EngageList.find(db, id: id) == nil else { return problem(409, "list \(id) exists") }
        let columns = body["columns"]?.arrayValue ?? []
        guard columns.allSatisfy({ columnType($0["type"]) != nil }) else { return problem(400, Self.columnTypeProblem) }
        let list = EngageList(
            id: id, name: body["name"]?.stringValue ?? id,
            type: body["relational"]?.boolValue == true ? .relationalTable : .database,
            keyColumns: body["keyColumns"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        try list.insert(db)
        for column in columns {
            guard let name = column["name"]?.stringValue else { return problem(400, "every column needs a name") }
            guard let type = columnType(column["type"]) else { return problem(400, Self.columnTypeProblem) }
            try list.addColumn(db, name: name, type: type, defaultValue: column["default"]?.stringValue ?? "")
        }
        return .json(status: 201, try describe(list, db: db))
    }

    private static func addRecipient(
        listID: String, _ body: JSONValue, db: StateDB, now: Date
    ) throws
        -> CassetteResponse
    {
        var xml = "<Envelope><Body><AddRecipient><LIST_ID>\(XMLText.text(listID))</LIST_ID>"
        for (name, value) in body["columns"]?.objectValue ?? JSONObject() {
            xml += "<COLUMN><NAME>\(XMLText.text(name))</NAME><VALUE>\(XMLText.text(value.stringValue ?? ""))"
            xml += "</VALUE></COLUMN>"
        }
        xml += "</AddRecipient></Body></Envelope>"
        do {
            let result = try EngageRecipients(db: db, now: now).add(
                EngageRequest(element: try XMLEnvelope.operation(xml)))
            let id = try XMLEnvelope.operation(result.envelope).first("RecipientId")?.text ?? ""
            return .json(status: 201, ["recipientId": .string(id)])
        } catch let fault as EngageFault {
            return problem(400, "fault \(fault.errorID): \(fault.message)")
        }
    }

    private static func describe(_ list: EngageList, db: StateDB) throws -> JSONValue {
        var json = list.json
        json["columns"] = .array(
            try list.columns(db).map {
                ["name": .string($0.name), "type": .number(JSONNumber($0.type)), "default": .string($0.defaultValue)]
            })
        switch list.type {
        case .database:
            let ids = try Int.fetchAll(
                db.cachedStatement(
                    sql: "SELECT recipient_id FROM engage_recipients WHERE list_id = ? ORDER BY recipient_id"),
                arguments: [list.id])
            json["recipients"] = .array(
                try ids.map { id in
                    let values = try EngageRecipients.values(db, recipient: id, list: list)
                    return [
                        "recipientId": .string(String(id)),
                        "columns": .object(JSONObject(values.map { ($0.name, JSONValue.string($0.value)) })),
                    ]
                })
        case .relationalTable:
            json["rows"] = .array(
                try String.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT row_json FROM engage_table_rows WHERE table_id = ? ORDER BY position"),
                    arguments: [list.id]
                ).map { try JSONValue(parsing: $0) })
        }
        return json
    }
}

/// Reads the operation (or `RESULT`) element of an envelope the simulator wrote itself.
enum XMLEnvelope {
    static func operation(_ xml: String) throws -> XML.Element {
        let document = try XML.Document(string: xml)
        guard let element = document.root?.first("Body")?.elements.first else {
            throw EngageFault.invalidXML("no operation element")
        }
        return element
    }
}
