internal import CSQLite3

/// SQLite settings that hold for the whole process, made before the harness opens its first connection.
///
/// SQLite keeps memory statistics by default, and with them on every allocation and free of every connection takes
/// one process-wide mutex. The harness opens many connections at once (a store per provider check, `verify
/// --jobs`; a WAL pool's readers in simulate mode), and they queued on that mutex: `harness bench verify` scaled
/// 1.4× on 2 cores with the statistics on and 1.9× with them off. The harness reads none of them
/// (`sqlite3_memory_used`, soft heap limits).
package enum SQLiteProcess {
    /// Turns SQLite's memory statistics off for the process, once; later calls return the first call's answer.
    ///
    /// - Returns: true when they are off; false when SQLite was initialised before the first call (another library
    ///   of the process opened a connection first), which leaves them on: slower in parallel, and still correct.
    @discardableResult
    package static func prepare() -> Bool { statisticsOff }

    /// The bytes SQLite counts as in use: stays 0 while the statistics are off.
    package static var bytesCounted: Int64 { sqlite3_memory_used() }

    private static let statisticsOff = csqlite3_disable_memory_statistics() == SQLITE_OK
}
