/// The iOS SDK's `EngageUUIDGenerating`: a generator class the configuration names by class name
/// (`Recipient.mobileUserIdGeneratorClassName`, `AuditRecord.auditRecordPrimaryKeyGeneratorClassName`). An app hands
/// its generators to the SDK in ``Engage/Options/generators`` under the names its configuration uses.
public protocol EngageUUIDGenerating: Sendable {
    /// A new identifier. An empty one is replaced by the default generator's, as the iOS SDK does.
    func generateUUID() -> String
}

/// The README's default generator class: an upper-case random (version 4) UUID string, as the iOS SDK's
/// `[[NSUUID UUID] UUIDString]`.
public struct EngageDefaultUUIDGenerator: EngageUUIDGenerating {
    /// The name the configuration's generator keys use for this generator.
    public static let className = "EngageDefaultUUIDGenerator"

    /// The default generator.
    public init() {}

    /// A new upper-case random UUID string.
    public func generateUUID() -> String { IdentifierGenerator.randomUUIDString() }
}

/// The generators the configuration names, resolved once when ``Engage`` is built.
struct EngageGenerators: Sendable {
    /// Mobile user ids (`Recipient.mobileUserIdGeneratorClassName`).
    var mobileUserID: @Sendable () -> String
    /// Audit record primary keys (`AuditRecord.auditRecordPrimaryKeyGeneratorClassName`).
    var auditRecordPrimaryKey: @Sendable () -> String

    /// Looks up both configured class names among `registered`. `EngageDefaultUUIDGenerator`, unless the app
    /// registered its own under that name, is `fallback` (the options' ``IdentifierGenerator/next``, random UUIDs
    /// unless a test counts). Throws a configuration error naming the key when a class name is not registered.
    init(
        config: EngageConfig, registered: [String: any EngageUUIDGenerating],
        fallback: @escaping @Sendable () -> String
    ) throws {
        mobileUserID = try Self.resolve(
            config.recipient.mobileUserIDGeneratorClassName, key: "Recipient.mobileUserIdGeneratorClassName",
            registered: registered, fallback: fallback)
        auditRecordPrimaryKey = try Self.resolve(
            config.auditRecord.auditRecordPrimaryKeyGeneratorClassName,
            key: "AuditRecord.auditRecordPrimaryKeyGeneratorClassName", registered: registered, fallback: fallback)
    }

    private static func resolve(
        _ name: String, key: String, registered: [String: any EngageUUIDGenerating],
        fallback: @escaping @Sendable () -> String
    ) throws -> @Sendable () -> String {
        if let generator = registered[name] {
            return {
                let id = generator.generateUUID()
                return id.isEmpty ? fallback() : id
            }
        }
        guard name == EngageDefaultUUIDGenerator.className || name.isEmpty else {
            let known = ([EngageDefaultUUIDGenerator.className] + registered.keys.sorted()).joined(separator: ", ")
            throw EngageError.configuration(
                source: key,
                detail: "no generator named \(name) (known: \(known)); pass it in Engage.Options.generators "
                    + "under that name, or set \(key) to \(EngageDefaultUUIDGenerator.className)")
        }
        return fallback
    }
}
