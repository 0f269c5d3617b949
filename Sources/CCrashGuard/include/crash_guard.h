#ifndef READER_CRASH_GUARD_H
#define READER_CRASH_GUARD_H

#include <stddef.h>

/*
 * Turns a crash inside a third-party module into one line naming it, and exit code 5.
 *
 * While a thread is inside a module call (between enter and leave), a fatal signal on that
 * thread (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT) writes the line prepared at
 * enter, the signal's name, and ends the process with _exit(5): only async-signal-safe calls,
 * on an alternate stack so that a stack overflow is caught too. Any other fatal signal goes to
 * the handler that was there before.
 */

/* Installs the handlers once; later calls do nothing. */
void reader_crash_guard_install(void);

/* Marks the calling thread as inside a module call; `line` (no newline) starts what a crash prints. */
void reader_crash_guard_enter(const char *line, size_t length);

/* The calling thread has left the module call. */
void reader_crash_guard_leave(void);

#endif
