#define _GNU_SOURCE
#include "crash_guard.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { LINE_CAPACITY = 1024, ALTERNATE_STACK_SIZE = 64 * 1024 };

static const int guarded_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT };
#define GUARDED_COUNT (sizeof guarded_signals / sizeof guarded_signals[0])

static struct sigaction previous[GUARDED_COUNT];
static pthread_once_t installed = PTHREAD_ONCE_INIT;

/* Per thread, so that parallel parsers each name their own module. */
static __thread volatile sig_atomic_t inside;
static __thread char line[LINE_CAPACITY];
static __thread size_t line_length;
static __thread int has_alternate_stack;

static const char *signal_name(int sig) {
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGTRAP: return "SIGTRAP";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    default: return "a fatal signal";
    }
}

static void write_all(const char *text, size_t length) {
    while (length > 0) {
        ssize_t written = write(STDERR_FILENO, text, length);
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

static void on_fatal_signal(int sig, siginfo_t *info, void *context) {
    (void)context;
    if (inside) {
        const char *name = signal_name(sig);
        write_all(line, line_length);
        write_all(" (", 2);
        write_all(name, strlen(name));
        static const char advice[] = "); remove it from the plugin path or report the crash to its author\n";
        write_all(advice, sizeof advice - 1);
        _exit(5);
    }
    /* Not a module's crash: give the signal back to whoever handled it before. */
    for (size_t index = 0; index < GUARDED_COUNT; index++) {
        if (guarded_signals[index] == sig) sigaction(sig, &previous[index], NULL);
    }
    /* A fault happens again when the instruction is retried; a sent signal must be sent again. */
    if (info == NULL || info->si_code <= 0) raise(sig);
}

static void install_once(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < GUARDED_COUNT; index++) {
        sigaction(guarded_signals[index], &action, &previous[index]);
    }
}

void reader_crash_guard_install(void) { pthread_once(&installed, install_once); }

/* A stack overflow leaves no stack to run the handler on: each guarded thread gets its own. */
static void ensure_alternate_stack(void) {
    if (has_alternate_stack) return;
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) {
        has_alternate_stack = 1;
        return;
    }
    stack_t stack;
    stack.ss_sp = malloc(ALTERNATE_STACK_SIZE); /* kept for the thread's life, on purpose */
    if (stack.ss_sp == NULL) return;
    stack.ss_size = ALTERNATE_STACK_SIZE;
    stack.ss_flags = 0;
    if (sigaltstack(&stack, NULL) == 0) {
        has_alternate_stack = 1;
    } else {
        free(stack.ss_sp);
    }
}

void reader_crash_guard_enter(const char *text, size_t length) {
    ensure_alternate_stack();
    if (length > LINE_CAPACITY) length = LINE_CAPACITY;
    memcpy(line, text, length);
    line_length = length;
    inside = 1;
}

void reader_crash_guard_leave(void) { inside = 0; }
