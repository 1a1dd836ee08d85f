public import Foundation

/// Every vendor contract under a Schemas folder: `Schemas/<vendor>/<vendor>.openapi.yaml` and the XSDs they
/// name. Loaded and compiled once; then shared by every check (it is immutable).
///
/// ```swift
/// let registry = try SchemaRegistry(folder: URL(fileURLWithPath: "Schemas"))
/// let violations = ContractCheck(registry: registry).check(interaction, vendor: "engage")
/// ```
public struct SchemaRegistry: Sendable {
    /// The Schemas folder the contracts were loaded from.
    public let folder: URL
    /// The contracts by vendor name (`engage`), one per `<vendor>/<vendor>.openapi.yaml`.
    public let contracts: [String: VendorContract]

    /// Loads every `<vendor>/<vendor>.openapi.yaml` (or `.json`) under `folder`.
    ///
    /// - Throws: ``ContractError`` when the folder cannot be read or a document does not load: YAML syntax
    ///   (with line and column), an unresolvable `$ref` (with file and pointer), an XSD that does not compile.
    public init(folder: URL, options: JSONSchema.Options = JSONSchema.Options()) throws(ContractError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw .unreadableFile(path: folder.path, reason: "no such folder (pass --schemas with the Schemas folder)")
        }
        let vendors = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        var documents: [String: URL] = [:]
        for vendor in vendors {
            for name in ["\(vendor).openapi.yaml", "\(vendor).openapi.yml", "\(vendor).openapi.json"] {
                let file = folder.appendingPathComponent(vendor).appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: file.path) {
                    documents[vendor] = file
                    break
                }
            }
        }
        try self.init(folder: folder, documents: documents, options: options)
    }

    /// Loads the given documents, one per vendor.
    public init(
        folder: URL, documents: [String: URL], options: JSONSchema.Options = JSONSchema.Options()
    ) throws(ContractError) {
        self.folder = folder
        let cache = XSDCache()
        var contracts: [String: VendorContract] = [:]
        for (vendor, file) in documents.sorted(by: { $0.key < $1.key }) {
            let reader = try OpenAPIReader(
                vendor: vendor, file: file, folder: folder, options: options, xsdCache: cache)
            contracts[vendor] = try reader.read()
        }
        self.contracts = contracts
    }

    /// The vendors with a contract, sorted.
    public var vendors: [String] { contracts.keys.sorted() }
}
