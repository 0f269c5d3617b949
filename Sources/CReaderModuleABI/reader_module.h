#ifndef READER_MODULE_H
#define READER_MODULE_H

/*
 * The boundary between `reader` and a parser module loaded at run time from the plugin path.
 *
 * Swift has no stable ABI on Linux, so nothing Swift crosses it: a module library exports one
 * C function, `reader_module_entry`, that returns a table of C function pointers; bytes go in,
 * JSON comes out. The JSON is the Codable form of ReaderPluginAPI's types (`ModuleDescriptor`,
 * `Document`) plus the small objects written out below. `ReaderModuleExport` fills the table
 * for any `ParserModule`, so a module author never writes C.
 */

#include <stddef.h>
#include <stdint.h>

/*
 * The version of this boundary: the table and every JSON shape it carries, Document's Codable
 * form included. Bump it whenever one of them changes; `reader` refuses a module built for
 * another version, naming both.
 */
#define READER_MODULE_API_VERSION 1

/* What a call answers; `*out` is then owned by the caller, who gives it back with `release`. */
#define READER_MODULE_OK 0            /* *out is the answer, JSON text */
#define READER_MODULE_NONE 1          /* no answer (locate: the module is reached by URL or file only) */
#define READER_MODULE_PARSE_ERROR 2   /* *out is {"module": …, "location": … or null, "reason": …} */
#define READER_MODULE_REQUEST_ERROR 3 /* *out is the message, plain UTF-8 text */
#define READER_MODULE_FAILURE 4       /* *out is the message of any other error, plain UTF-8 text */

typedef struct reader_module_table {
    /* First in every version, so that a host reads it before anything else. */
    uint32_t api_version;
    uint32_t reserved;
    /* The ModuleDescriptor, as JSON. */
    int32_t (*describe)(char **out);
    /* 0 (not mine) to 100 (certainly mine); file_name and media_type may be NULL. */
    int32_t (*recognize)(const uint8_t *prefix, size_t count, const char *file_name, const char *media_type);
    /* settings_json: {"NAME": "value", …}; answer: {"key", "urls", "headers", "secretHeaders", "isImmutable"}. */
    int32_t (*locate)(const char *argument, const char *settings_json, char **out);
    /* arguments_json and the answer: ["…", …]. */
    int32_t (*expand)(const char *arguments_json, char **out);
    /* input_json: {"requestType", "key", "url", "mediaType", "charset"}; answer: a Document. */
    int32_t (*parse)(const uint8_t *bytes, size_t count, const char *input_json, char **out);
    /* Frees what a call put in *out. */
    void (*release)(char *text);
} reader_module_table;

/* The one symbol a module library exports: `const reader_module_table *reader_module_entry(void)`. */
#define READER_MODULE_ENTRY_SYMBOL "reader_module_entry"
typedef const reader_module_table *(*reader_module_entry_function)(void);

#endif
