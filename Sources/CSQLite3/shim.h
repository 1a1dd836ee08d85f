#ifndef CSQLITE3_SHIM_H
#define CSQLITE3_SHIM_H

#include <sqlite3.h>

/* `sqlite3_config` is variadic, which Swift cannot call. Turns off SQLite's memory statistics for the process:
   with them on, every SQLite allocation takes one process-wide mutex, which parallel connections then queue on.
   Returns SQLITE_OK, or SQLITE_MISUSE once SQLite is initialised (the setting can then no longer change). */
static inline int csqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
