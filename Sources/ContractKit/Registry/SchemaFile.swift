internal import CassetteKit
internal import Foundation
package import JSONCore
internal import Yams

/// Reads schema documents (JSON or YAML) from disk as ``JSONValue``s, with positioned syntax errors.
package enum SchemaFile {
    /// Loads the file at `path`: YAML for `.yaml`/`.yml`, JSON otherwise.
    ///
    /// - Parameter required: when false, a missing file gives nil instead of an error.
    /// - Throws: ``ContractError/yamlSyntax(file:line:column:problem:)``, ``ContractError/jsonSyntax(file:message:)``
    ///   or ``ContractError/unreadableFile(path:reason:)``.
    package static func load(path: String, required: Bool = true) throws(ContractError) -> JSONValue? {
        let path = path.hasPrefix("file://") ? String(path.dropFirst(7)) : path
        guard FileManager.default.fileExists(atPath: path) else {
            if required { throw .unreadableFile(path: path, reason: "no such file") }
            return nil
        }
        let data = try read(path)
        if path.hasSuffix(".yaml") || path.hasSuffix(".yml") {
            guard let text = String(data: data, encoding: .utf8) else {
                throw .unreadableFile(path: path, reason: "it is not UTF-8 text (\(firstInvalidUTF8(in: data)))")
            }
            return try parseYAML(text, file: path)
        }
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw .jsonSyntax(file: path, message: error.description)
        }
    }

    /// The largest schema document or XSD read, 16 MiB: hundreds of times the largest vendor contract, small
    /// enough that a hostile file cannot exhaust memory. Larger files are refused before they are read.
    package static let maximumFileSize = 16 << 20

    /// The bytes of `path`, refused above ``maximumFileSize`` without reading past it.
    static func read(_ path: String) throws(ContractError) -> Data {
        do {
            switch try BoundedFile.read(URL(fileURLWithPath: path), limit: maximumFileSize) {
            case .data(let data): return data
            case .tooLarge(let bytes):
                throw ContractError.unreadableFile(
                    path: path,
                    reason: "it is " + (bytes.map { "\($0 >> 20) MiB" } ?? "longer than the limit")
                        + ", over the \(maximumFileSize >> 20) MiB a schema file may hold")
            }
        } catch let error as ContractError {
            throw error
        } catch {
            throw .unreadableFile(path: path, reason: "it cannot be read (\(error.localizedDescription))")
        }
    }

    /// Parses YAML text into a JSON value (mappings with string keys, sequences, and scalars resolved by the
    /// YAML 1.1 core rules: null, booleans, integers, floats, everything else a string).
    package static func parseYAML(_ text: String, file: String) throws(ContractError) -> JSONValue {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, file: file)
        } catch {
            throw .yamlSyntax(file: file, line: 0, column: 0, problem: "\(error)")
        }
        guard let node else { return .null }
        return try value(of: node, file: file)
    }

    private static func syntaxError(_ error: YamlError, file: String) -> ContractError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) (\($0.text) at line \($0.mark.line), column \($0.mark.column))" }
            return .yamlSyntax(file: file, line: mark.line, column: mark.column, problem: detail ?? problem)
        case .reader(let problem, let offset, _, let yaml):
            let (line, column) = position(of: offset ?? 0, in: yaml)
            return .yamlSyntax(file: file, line: line, column: column, problem: problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return .yamlSyntax(
                file: file, line: context.mark.line, column: context.mark.column,
                problem: "duplicated keys \(duplicates.joined(separator: ", "))")
        default:
            return .yamlSyntax(file: file, line: 0, column: 0, problem: "\(error)")
        }
    }

    /// Where the first byte that is not UTF-8 is: `byte 0xE9 at line 3, column 7`.
    static func firstInvalidUTF8(in data: Data) -> String {
        var line = 1
        var column = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return "an invalid sequence"
            case .error:
                let byte = offset < data.count ? data[data.startIndex + offset] : 0
                return "byte 0x\(String(byte, radix: 16, uppercase: true)) at line \(line), column \(column)"
            }
        }
    }

    private static func position(of offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for character in text.unicodeScalars.prefix(offset) {
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    private static func value(of node: Node, file: String, depth: Int = 0) throws(ContractError) -> JSONValue {
        guard depth < JSONValue.defaultMaximumDepth else {
            let mark = node.mark
            throw .yamlSyntax(
                file: file, line: mark?.line ?? 0, column: mark?.column ?? 0,
                problem: "nests deeper than \(JSONValue.defaultMaximumDepth) levels")
        }
        switch node {
        case .scalar(let scalar):
            switch node.tag.description {
            case Tag.Name.null.rawValue: return .null
            case Tag.Name.bool.rawValue: return node.bool.map(JSONValue.bool) ?? .string(scalar.string)
            case Tag.Name.int.rawValue: return node.int.map { .number(JSONNumber($0)) } ?? .string(scalar.string)
            case Tag.Name.float.rawValue:
                guard let double = node.float, double.isFinite else { return .string(scalar.string) }
                return .number(JSONNumber(double))
            default: return .string(scalar.string)
            }
        case .mapping(let mapping):
            var object = JSONObject()
            for (key, member) in mapping {
                guard case .scalar(let name) = key else {
                    throw .yamlSyntax(
                        file: file, line: key.mark?.line ?? 0, column: key.mark?.column ?? 0,
                        problem: "mapping keys must be plain scalars")
                }
                object[name.string] = try value(of: member, file: file, depth: depth + 1)
            }
            return .object(object)
        case .sequence(let sequence):
            var array: [JSONValue] = []
            for element in sequence { array.append(try value(of: element, file: file, depth: depth + 1)) }
            return .array(array)
        case .alias:
            throw .yamlSyntax(
                file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0, problem: "unresolved alias")
        }
    }

    /// A document URI as a reader wants it: `Schemas/engage/engage.openapi.yaml` rather than `file:///…`.
    package static func displayName(_ uri: String) -> String {
        var path = uri.hasPrefix("file://") ? String(uri.dropFirst(7)) : uri
        if let range = path.range(of: "/Schemas/", options: .backwards) {
            path = String(path[path.index(after: range.lowerBound)...])
        }
        return path
    }
}
