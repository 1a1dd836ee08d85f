import CassetteKit
import Foundation
import JSONCore

/// The org's FTP account, as far as the data jobs use it: imports read `MAP_FILE` and `SOURCE_FILE` from the upload
/// directory, and exports write their file where their `FILE_PATH` says, `/download/<file name>` (the Engage Node
/// client downloads `/download/` + the base name of `FILE_PATH` over SFTP). A file is text and is kept by its path.
///
/// Admin routes (under `/__harness/vendors/engage`):
///
/// | request | what it does |
/// | --- | --- |
/// | `GET /ftp` | every file's path and size |
/// | `GET /ftp/{upload or download}/{name}` | one file: `{"path","content"}` |
/// | `PUT /ftp/upload/{name}` | places a file for an import: `{"content": "…"}` |
/// | `DELETE /ftp/{upload or download}/{name}` | removes a file |
struct EngageFTP {
    let db: StateDB

    static let directories = ["upload", "download"]

    static func migrate(_ db: StateDB) throws {
        try db.execute(
            sql: """
                CREATE TABLE engage_ftp_files(
                    path TEXT PRIMARY KEY, content TEXT NOT NULL, modified_at REAL NOT NULL)
                """)
    }

    /// `/download/<name>`.
    static func downloadPath(_ name: String) -> String { "/download/" + name }

    static func uploadPath(_ name: String) -> String { "/upload/" + name }

    func write(_ path: String, _ content: String, now: Date) throws {
        try db.execute(
            sql: """
                INSERT INTO engage_ftp_files(path, content, modified_at) VALUES (?, ?, ?)
                ON CONFLICT(path) DO UPDATE SET content = excluded.content, modified_at = excluded.modified_at
                """, arguments: [path, content, now.timeIntervalSince1970])
    }

    func read(_ path: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT content FROM engage_ftp_files WHERE path = ?"), arguments: [path])
    }

    func exists(_ path: String) throws -> Bool { try read(path) != nil }

    static func admin(
        _ method: String, _ route: [String], body: JSONValue, db: StateDB, now: Date
    ) throws -> CassetteResponse? {
        guard route.first == "ftp" else { return nil }
        let ftp = EngageFTP(db: db)
        if route.count == 1 {
            guard method == "GET" else { return nil }
            let files = try StateRow.fetchAll(
                db.cachedStatement(
                    sql: "SELECT path, length(CAST(content AS BLOB)) AS bytes FROM engage_ftp_files ORDER BY path")
            ).map { row -> JSONValue in
                ["path": .string(row["path"]), "bytes": .number(JSONNumber(row["bytes"] as Int))]
            }
            return .json(status: 200, ["files": .array(files)])
        }
        guard route.count == 3, directories.contains(route[1]) else { return nil }
        let name = FormCoding.decodePath(route[2])
        let path = "/\(route[1])/\(name)"
        switch method {
        case "GET":
            guard let content = try ftp.read(path) else { return EngageAdmin.problem(404, "no file \(path)") }
            return .json(status: 200, ["path": .string(path), "content": .string(content)])
        case "PUT", "POST":
            guard route[1] == "upload" else {
                return EngageAdmin.problem(405, "only the upload directory takes files; exports write the download one")
            }
            guard let content = body["content"]?.stringValue else {
                return EngageAdmin.problem(400, "the body must be {\"content\": \"…\"}")
            }
            try ftp.write(path, content, now: now)
            return .json(status: 201, ["path": .string(path)])
        case "DELETE":
            try db.execute(sql: "DELETE FROM engage_ftp_files WHERE path = ?", arguments: [path])
            guard db.changesCount > 0 else { return EngageAdmin.problem(404, "no file \(path)") }
            return .json(status: 200, ["deleted": .string(path)])
        default:
            return nil
        }
    }
}
