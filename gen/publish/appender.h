/* appender: a file that several threads append records to, written a
 * chunk at a time (the page cache's file, pagecache.h).
 *
 * A record's bytes are copied into the chunk being filled, and its offset
 * in the file is known at once; when a record would not fit, the chunk is
 * handed to the thread that filled it, which writes it (pwrite, at its
 * offset) once the caller's lock is released: one thread's write of a
 * quarter of a megabyte never holds up the other threads' records, which
 * a FILE's buffer flushed under the lock did. The appender has no lock of
 * its own: appender_add is called with the caller's lock held (its index
 * of the records and their order in the file go together),
 * appender_write_chunk without it; chunks may be written in any order.
 *
 * Memory: the appender owns the chunk being filled, the spare chunks and,
 * from appender_start on, the descriptor (appender_finish and
 * appender_abandon close it and free the rest); a chunk handed out is the
 * caller's until appender_write_chunk gives it back. A chunk written goes
 * back to the spares (a new one would be paged in under the caller's
 * lock: a quarter of a megabyte of page faults).
 */
#ifndef GPUGUIDE_APPENDER_H
#define GPUGUIDE_APPENDER_H

#include "base/buf.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The size of a chunk: records are a few kilobytes each. */
#define APPENDER_CHUNK (256 * 1024)
/* Chunks written and kept for the next ones: one per thread writing. */
#define APPENDER_SPARES 4

struct appender {
	int fd;             /* -1: not started (or finished) */
	uint64_t at;        /* the file's length once all appended is written */
	struct buf chunk;   /* appended and not handed out, from chunk_at on */
	uint64_t chunk_at;
	atomic_bool failed; /* a write failed: the file is not to be finished */
	/* buffers of APPENDER_CHUNK + 1 bytes, or NULL */
	_Atomic(char *) spare[APPENDER_SPARES];
};

/* A full chunk to write: `len` bytes at `at` (bytes NULL: none), in a
 * buffer of `cap` bytes. */
struct appender_chunk {
	char *bytes;
	size_t len, cap;
	uint64_t at;
};

/* Not started: appender_active is false, appender_add only counts. */
void appender_init(struct appender *ap);
/* Records go to the file open for writing as `fd` from offset `at` on. */
void appender_start(struct appender *ap, int fd, uint64_t at);
/* Started, and no write failed. */
bool appender_active(const struct appender *ap);
/* Append `len` bytes (the caller's lock held): where they go in the file.
 * *full is the chunk to write when this one would not fit in it. Not
 * active, the bytes are dropped (and the offset is where they would go). */
uint64_t appender_add(struct appender *ap, const void *data, size_t len,
		      struct appender_chunk *full);
/* Write a chunk appender_add handed out (no lock held), and give it back;
 * a write that fails makes the appender inactive. */
void appender_write_chunk(struct appender *ap, struct appender_chunk *c);
/* Write what is left and `len` bytes of `tail` after it, then close the
 * file: 0, or -1 with errno (EIO for a write that failed before). */
int appender_finish(struct appender *ap, const void *tail, size_t len);
/* Close the file without finishing it (removing it is the caller's). */
void appender_abandon(struct appender *ap);

#endif
