import ArgumentParser
import CassetteKit
import ContractKit
import Foundation

extension Harness.Import {
    /// The vendors' endpoints as `Schemas/` declares them: servers and the operations' paths.
    static func endpoints(_ schemas: String) throws -> [VendorEndpoint] {
        let registry: SchemaRegistry
        do {
            registry = try SchemaRegistry(folder: URL(fileURLWithPath: schemas, isDirectory: true))
        } catch {
            printError(
                "error: cannot attribute entries to vendors without the contracts: \(error.description); "
                    + "pass --schemas with the Schemas folder, or --vendor NAME to import a file whole")
            throw ExitCode(2)
        }
        return registry.vendors.compactMap { vendor in
            guard let contract = registry.contracts[vendor] else { return nil }
            return VendorEndpoint(vendor: vendor, servers: contract.servers) { method, path in
                if case .operation = contract.match(method: method, path: path) { return true }
                return false
            }
        }
    }

    /// Imports `file` as one cassette per vendor, `imported/<vendor>/<file name>`, and lists the entries set
    /// aside. Fails when no entry belongs to any vendor.
    func importByVendor(
        _ file: String, exported: Cassette, endpoints: [VendorEndpoint], store: CassetteStore, rules: [FieldRule]
    ) async throws {
        let url = URL(fileURLWithPath: file)
        let base = String(Self.defaultName(for: url).dropFirst("imported/".count))
        let attribution = exported.attributed(to: endpoints)
        let vendors = attribution.cassettes.keys.sorted()
        for vendor in vendors {
            let target = "imported/\(vendor)/\(base)"
            if !force, try await store.exists(target) {
                throw ValidationError("cassette \(try store.url(for: target).path) exists; pass --force to replace it")
            }
        }
        for vendor in vendors {
            guard let split = attribution.cassettes[vendor] else { continue }
            let target = "imported/\(vendor)/\(base)"
            let (cassette, redacted) = Cassette.imported(
                from: split, settings: HarnessExtension(flow: flow, vendor: vendor, redact: rules))
            try await store.save(cassette, as: target)
            let count = cassette.log.entries.count
            print(
                "\(file) → \(try store.url(for: target).path): \(count) \(vendor) interaction\(count == 1 ? "" : "s"), "
                    + "\(redacted) value\(redacted == 1 ? "" : "s") redacted")
        }
        if !attribution.setAside.isEmpty {
            let count = attribution.setAside.count
            print("\(file): \(count) entr\(count == 1 ? "y" : "ies") set aside (no vendor's host or contract path):")
            for entry in attribution.setAside { print("  \(entry)") }
        }
        if vendors.isEmpty {
            printError(
                "error: no entry of \(file) belongs to a vendor of \(schemas); "
                    + "pass --vendor NAME to import the file whole as that vendor's")
            throw ExitCode(1)
        }
    }
}
