/* A module library built for a module API this reader does not speak (see README.md). */
const void *reader_module_entry(void);
