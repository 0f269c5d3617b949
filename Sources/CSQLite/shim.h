#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import: binding
// text with it makes SQLite copy the bytes before the call returns.
static inline sqlite3_destructor_type reader_sqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_db_config is variadic, which Swift cannot call. The full-text index is a file anyone
// may have crafted (it is derived data, rebuilt when damaged): nothing its schema defines may
// run. DEFENSIVE: no writable schema, no direct page edits; triggers and views off (a view with
// a recursive CTE spins for ever, a trigger runs on each insert); an untrusted schema may call
// no function that is not innocuous. 0 when all of it is set.
static inline int reader_sqlite_harden(sqlite3 *db) {
    int code = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    if (code == SQLITE_OK) code = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
    if (code == SQLITE_OK) code = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, (int *)0);
    if (code == SQLITE_OK) code = sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
    return code;
}
