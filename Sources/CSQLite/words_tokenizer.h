#include <sqlite3.h>

// `reader_words`, the tokenizer of the full-text index (Sources/ReaderStore/PassageWords.swift):
// reader cuts and folds the words itself, as it cuts a query's words and a snippet's, and
// gives FTS5 each distinct word of a passage once, separated by spaces. This hands each run
// between spaces to FTS5 as it is — one definition of a word for the index, the query and the
// snippet, and none of unicode61's work done twice.

static inline int reader_words_create(void *context, const char **arguments, int count, Fts5Tokenizer **tokenizer) {
    (void)arguments;
    (void)count;
    // No state: any pointer that is not null will do.
    *tokenizer = (Fts5Tokenizer *)context;
    return SQLITE_OK;
}

static inline void reader_words_delete(Fts5Tokenizer *tokenizer) { (void)tokenizer; }

static inline int reader_words_tokenize(
    Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
    int (*token)(void *, int, const char *, int, int, int)) {
    (void)tokenizer;
    (void)flags;
    int start = 0;
    for (int index = 0; index <= length; index++) {
        if (index < length && text[index] != ' ') continue;
        if (index > start) {
            int code = token(context, 0, text + start, index - start, start, index);
            if (code != SQLITE_OK) return code;
        }
        start = index + 1;
    }
    return SQLITE_OK;
}

// Registers `reader_words` with the FTS5 of connection `db`; SQLite's result code.
static inline int reader_sqlite_register_words(sqlite3 *db) {
    static fts5_tokenizer words = {reader_words_create, reader_words_delete, reader_words_tokenize};
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    int code = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
    if (code != SQLITE_OK) return code;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    code = sqlite3_finalize(statement);
    if (code != SQLITE_OK) return code;
    if (api == 0 || api->iVersion < 2) return SQLITE_ERROR;
    return api->xCreateTokenizer(api, "reader_words", (void *)api, &words, 0);
}
