/* appender: records appended by threads, written a chunk at a time (see
 * appender.h). */
#include "publish/appender.h"

#include "base/fs.h"
#include "base/xalloc.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

void appender_init(struct appender *ap)
{
	ap->fd = -1;
	ap->at = ap->chunk_at = 0;
	buf_init(&ap->chunk);
	atomic_init(&ap->failed, false);
	for (int i = 0; i < APPENDER_SPARES; i++)
		atomic_init(&ap->spare[i], NULL);
}

/* An empty chunk: a spare, or a new one. */
static void chunk_new(struct appender *ap)
{
	char *p = NULL;
	for (int i = 0; i < APPENDER_SPARES && !p; i++)
		p = atomic_exchange(&ap->spare[i], NULL);
	if (!p)
		p = xmalloc(APPENDER_CHUNK + 1);
	p[0] = '\0';
	ap->chunk = (struct buf){ p, 0, APPENDER_CHUNK + 1 };
}

/* A chunk's buffer back among the spares (freed when it is larger, or
 * when there is no room). */
static void chunk_give_back(struct appender *ap, char *p, size_t cap)
{
	for (int i = 0; cap == APPENDER_CHUNK + 1 && i < APPENDER_SPARES; i++) {
		char *none = NULL;
		if (atomic_compare_exchange_strong(&ap->spare[i], &none, p))
			return;
	}
	free(p);
}

static void spares_free(struct appender *ap)
{
	for (int i = 0; i < APPENDER_SPARES; i++)
		free(atomic_exchange(&ap->spare[i], NULL));
}

void appender_start(struct appender *ap, int fd, uint64_t at)
{
	ap->fd = fd;
	ap->at = ap->chunk_at = at;
	chunk_new(ap);
}

bool appender_active(const struct appender *ap)
{
	return ap->fd >= 0 && !atomic_load(&ap->failed);
}

/* The chunk being filled, handed out; the next one starts where it ends. */
static void hand_out(struct appender *ap, struct appender_chunk *c)
{
	c->at = ap->chunk_at;
	c->cap = ap->chunk.cap;
	c->bytes = buf_detach(&ap->chunk, &c->len);
	ap->chunk_at += c->len;
	chunk_new(ap);
}

uint64_t appender_add(struct appender *ap, const void *data, size_t len,
		      struct appender_chunk *full)
{
	full->bytes = NULL;
	uint64_t at = ap->at;
	if (!appender_active(ap) || !len)
		return at;
	if (ap->chunk.len && ap->chunk.len + len > APPENDER_CHUNK)
		hand_out(ap, full);
	buf_add(&ap->chunk, data, len);
	ap->at += len;
	return at;
}

void appender_write_chunk(struct appender *ap, struct appender_chunk *c)
{
	if (!c->bytes)
		return;
	if (!atomic_load(&ap->failed) && fs_write_all_at(ap->fd, c->bytes, c->len, c->at) != 0)
		atomic_store(&ap->failed, true);
	chunk_give_back(ap, c->bytes, c->cap);
	c->bytes = NULL;
}

int appender_finish(struct appender *ap, const void *tail, size_t len)
{
	if (ap->fd < 0) {
		errno = EINVAL;
		return -1;
	}
	/* the tail written from where it is: a cache's index is megabytes */
	int err = appender_active(ap) ? 0 : EIO;
	if (!err && (fs_write_all_at(ap->fd, ap->chunk.ptr, ap->chunk.len, ap->chunk_at) != 0 ||
		     fs_write_all_at(ap->fd, tail, len, ap->chunk_at + ap->chunk.len) != 0))
		err = errno;
	if (close(ap->fd) != 0 && !err)
		err = errno ? errno : EIO;
	ap->fd = -1;
	buf_release(&ap->chunk);
	spares_free(ap);
	errno = err;
	return err ? -1 : 0;
}

void appender_abandon(struct appender *ap)
{
	if (ap->fd >= 0)
		close(ap->fd);
	ap->fd = -1;
	buf_release(&ap->chunk);
	spares_free(ap);
}
