/// A state store other `harness serve` processes use at the same time (PostgreSQL): the simulators' transactions
/// run there instead of in the embedded SQLite file, each one serialisable.
package protocol SharedStateStore: Sendable {
    /// Where the store is, for messages, without its password (`postgres://harness@127.0.0.1:5432/harness`).
    var location: String { get }
    /// A read-only transaction.
    func read<T: Sendable>(_ body: @escaping @Sendable (StateDB) throws -> T) async throws -> T
    /// A serialisable transaction, run again when the database reports a conflict with a concurrent one. With
    /// `readFirst` it starts read-only and runs again read-write only when `body` tries to write.
    func write<T: Sendable>(readFirst: Bool, _ body: @escaping @Sendable (StateDB) throws -> T) async throws -> T
}
