// libedit's readline-compatible API (Debian: libedit-dev), for the REPL's line editing,
// history and Tab completion.
#include <stdio.h>
#include <stdlib.h>
#include <locale.h>
#include <editline/readline.h>

// Swift 6 treats C globals as unsafe shared state; the REPL touches them only on the thread that
// calls readline, through these accessors.
static inline void okedit_configure(const char *name, rl_compentry_func_t *generator, rl_completion_func_t *attempt) {
    rl_readline_name = name;
    rl_completion_entry_function = generator;
    rl_attempted_completion_function = attempt;
}
static inline void okedit_disable_filename_completion(void) { rl_attempted_completion_over = 1; }
static inline const char *okedit_line_buffer(void) { return rl_line_buffer; }
static inline int okedit_point(void) { return rl_point; }
