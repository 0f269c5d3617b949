#include "future_api_module.h"

#include <stdint.h>

/* Only the version is where every version of the table keeps it; the rest is a future layout. */
struct future_table {
    uint32_t api_version;
    uint32_t reserved;
    void *functions[16];
};

static const struct future_table table = { 2, 0, { 0 } };

const void *reader_module_entry(void) { return &table; }
