/* diag: diagnostics for people, in the compiler style editors can jump to:
 *
 *     data/prices.csv:14:3: error: usd_per_hour "0,39" is not a number
 *
 * Every reader takes a `struct diag *`, reports each problem it finds and keeps
 * going; the caller decides at the end (diag_failed) whether to stop. Every
 * problem is counted, but only DIAG_MAX_PER_KIND of one kind are shown. Messages
 * go to `echo` (NULL for silence) and, when `log` is set,
 * are also appended to it, one per line, so tests can assert exact texts.
 */
#ifndef GPUGUIDE_DIAG_H
#define GPUGUIDE_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct buf;

/* At most this many messages of one kind (one format: "duplicate id ...",
 * "... is not a number") are shown; the rest are counted, and
 * diag_flush_capped says how many more there were. */
#define DIAG_MAX_PER_KIND 100
#define DIAG_KINDS 64

/* A message kept by a diag of one thread's work, to be passed on. */
struct diag_kept {
	const char *fmt; /* its kind (NULL for a note: never capped) */
	char *line;      /* the whole line, newline included (owned) */
};

struct diag {
	FILE *echo;      /* where messages are printed; NULL prints nothing */
	struct buf *log; /* optional copy of every message (borrowed) */
	int errors;
	int warnings;
	/* messages per kind: the first DIAG_KINDS kinds seen, and the kinds
	 * past those counted together */
	struct { const char *fmt; unsigned shown, hidden; } kinds[DIAG_KINDS + 1];
	/* a diag made by diag_init_kept keeps its messages here, uncapped */
	bool keeping;
	struct diag_kept *kept; size_t nkept, cap_kept;
};

/* Start counting; print to `echo` (e.g. stderr, or NULL) and copy to `log`
 * (may be NULL). */
void diag_init(struct diag *d, FILE *echo, struct buf *log);

/* A diag for one piece of work on a thread (one file, one page): its
 * messages are kept, not shown, until diag_pass_on hands them to the
 * build's diag in the order the caller chooses, so the cap of a kind
 * counts every file's messages, and the hidden ones are said. */
void diag_init_kept(struct diag *d);
/* Show `from`'s kept messages through `to` (capped there per kind), add
 * its counts to `to`'s, and free what `from` kept. */
void diag_pass_on(struct diag *to, struct diag *from);
/* diag_pass_on, but a message already in `said` (which it adds to: a set
 * the caller frees with strmap_free) is counted and not shown again, as
 * one over its kind's cap is: a template's fault is met on every page
 * that uses it, and said once. */
struct strmap;
void diag_pass_on_once(struct diag *to, struct diag *from, struct strmap *said);
/* A kept diag's messages and counts moved to a new one (malloc'd, for
 * diag_pass_on later) when it has any, `d` empty again for the next piece
 * of work; NULL when it has none. A thread keeps one diag for all its
 * pieces, and only those with messages take memory. */
struct diag *diag_take_kept(struct diag *d);

/* Report an error at path:line:col. line 0 leaves out line and column; col 0
 * leaves out the column. path may be NULL for a problem with no file. */
void diag_error(struct diag *d, const char *path, int line, int col,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The same for a warning: counted, shown, never fails the build. */
void diag_warning(struct diag *d, const char *path, int line, int col,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Before publishing: when standard output is a pipe or socket whose reader
 * has gone (`gen build | head` after head exited), report an error and
 * return -1, so the build stops before the swap instead of publishing a
 * site whose summary nobody can read. 0 otherwise (never blocks). */
int diag_check_stdout(struct diag *d);

/* Say, once per kind of message that went over DIAG_MAX_PER_KIND, how
 * many more there were ("gen: ... and 999,900 more errors like the last
 * one shown"), and start counting again. */
void diag_flush_capped(struct diag *d);

/* Messages of an earlier run printed again as they were (`text`, whole
 * lines), counted as `warnings` warnings: what a build that has nothing
 * to do says of the build it stands for. */
void diag_replay(struct diag *d, const char *text, size_t len, int warnings);

/* True once any error was reported. */
int diag_failed(const struct diag *d);

#endif
