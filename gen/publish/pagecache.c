/* pagecache: what the published site was made from (see pagecache.h). */
/* dl_iterate_phdr and struct dl_phdr_info (link.h) */
#define _GNU_SOURCE
#include "publish/pagecache.h"

#include "publish/appender.h"

#include "base/buf.h"
#include "base/bytes.h"
#include "publish/output.h"
#include "base/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

/* The format's name and version: a cache of another version is not read. */
static const char magic[8] = { 'g', 'g', 'c', 'a', 'c', 'h', 'e', 'E' };

/* The header: the magic and the cache's secret (the key of its digests). */
#define HEADER_LEN (sizeof magic + DIGEST_KEY_LEN)
/* The trailer: the index's offset, how many files, pages and memos it
 * lists, and the index's seal (index_seal). */
#define TRAILER_LEN (4 * 8 + 16)

/* The seal of an index: its check (a checksum's cost: pagecache.h says why
 * that is enough) digested under the secret, so that a damaged secret is
 * told too. */
static struct digest_value index_seal(const unsigned char *secret, const void *index,
				      size_t len)
{
	struct digest_value c = digest_check(index, len);
	unsigned char w[16];
	bytes_put_le64(w, c.hi);
	bytes_put_le64(w + 8, c.lo);
	return digest_bytes_keyed(secret, w, sizeof w);
}

void pagecache_init(struct pagecache *pc)
{
	memset(pc, 0, sizeof *pc);
	pagecache_memos_init(&pc->memos);
	pc->file_index = (struct strmap)STRMAP_INIT_BORROWED;
	pc->page_index = (struct strmap)STRMAP_INIT_BORROWED;
	pc->fd = -1;
	pc->paths = (struct arena)ARENA_INIT;
	appender_init(&pc->out);
	pthread_mutex_init(&pc->lock, NULL);
}

static int cut_back(const char *path, uint64_t size);

void pagecache_free(struct pagecache *pc)
{
	arena_free(&pc->paths);
	free(pc->files);
	free(pc->pages);
	pagecache_memos_release(&pc->memos);
	strmap_free(&pc->file_index);
	strmap_free(&pc->page_index);
	if (pc->fd >= 0)
		close(pc->fd);
	if (pc->out.fd >= 0) { /* started, never finished: it describes no site */
		appender_abandon(&pc->out);
		if (pc->from)
			cut_back(pc->out_path, pc->base);
		unlink(pc->tmp_path);
	}
	free(pc->out_path);
	free(pc->tmp_path);
	pthread_mutex_destroy(&pc->lock);
	pagecache_init(pc);
}

char *pagecache_path(const char *out)
{
	size_t n = strlen(out);
	while (n > 1 && out[n - 1] == '/')
		n--;
	size_t slash = n;
	while (slash > 0 && out[slash - 1] != '/')
		slash--;
	struct buf b = BUF_INIT;
	buf_add(&b, out, slash);
	buf_adds(&b, ".site-cache-");
	buf_add(&b, out + slash, n - slash);
	return buf_detach(&b, NULL);
}

/* ---- records ---- */

/* Append `len` bytes at `at` of `fd` to `out`: 0, or -1 (and `out` as it
 * was) when they cannot all be read. */
static int read_at(int fd, uint64_t at, size_t len, struct buf *out)
{
	size_t start = out->len, done = 0;
	buf_grow(out, len);
	while (done < len) {
		ssize_t n = pread(fd, out->ptr + start + done, len - done,
				  (off_t)(at + done));
		if (n <= 0) {
			buf_truncate(out, start);
			return -1;
		}
		done += (size_t)n;
	}
	out->len = start + len;
	out->ptr[out->len] = '\0';
	return 0;
}

/* Append a record's bytes to the cache being written (with pc->lock held);
 * where they went. Without a file (none started, or a write failed) the
 * record is only indexed. A chunk of the file that is full goes to *full,
 * for the caller to write once the lock is released (appender.h). */
static struct pagecache_rec append_checked(struct pagecache *pc, const char *rec,
					   size_t len, struct digest_value check,
					   struct appender_chunk *full)
{
	return (struct pagecache_rec){ appender_add(&pc->out, rec, len, full), len, check };
}

int pagecache_read(const struct pagecache *pc, const struct pagecache_rec *rec,
		   struct buf *out)
{
	size_t start = out->len;
	if (pc->fd < 0 || read_at(pc->fd, rec->at, rec->len, out) != 0)
		return -1;
	if (digest_equal(digest_check(out->ptr + start, rec->len), rec->check))
		return 0;
	buf_truncate(out, start);
	return -1;
}

void pagecache_add_file(struct pagecache *pc, const char *rel,
			const struct fs_file_id *id)
{
	/* the key is the file's own copy (the map borrows it): made first,
	 * so that the path is hashed once (a site has tens of thousands); a
	 * path recorded again leaves its copy in the arena */
	char *copy = arena_strdup(&pc->paths, rel);
	bool created;
	size_t *slot = strmap_slot(&pc->file_index, copy, &created);
	if (!created) {
		pc->files[*slot - 1].id = *id;
		return;
	}
	ALLOC_GROW(pc->files, pc->nfiles, pc->cap_files);
	pc->files[pc->nfiles++] = (struct pagecache_file){ copy, *id };
	*slot = pc->nfiles;
}

/* Index a page (pc->lock held, or one thread). */
static void index_page(struct pagecache *pc, const char *rel,
		       struct digest_value inputs, struct pagecache_rec rec)
{
	/* the key is the page's own copy (the map borrows it): made first, so
	 * that the path is hashed once */
	char *key = arena_strdup(&pc->paths, rel);
	bool created;
	size_t *slot = strmap_slot(&pc->page_index, key, &created);
	struct pagecache_page *pg;
	if (!created) {
		pg = &pc->pages[*slot - 1];
	} else {
		ALLOC_GROW(pc->pages, pc->npages, pc->cap_pages);
		pg = &pc->pages[pc->npages++];
		pg->rel = key;
		*slot = pc->npages;
	}
	pg->inputs = inputs;
	pg->rec = rec;
}

void pagecache_add_page(struct pagecache *pc, const char *rel,
			struct digest_value inputs, const char *rec, size_t len)
{
	struct digest_value check = digest_check(rec, len);
	struct appender_chunk full;
	pthread_mutex_lock(&pc->lock);
	index_page(pc, rel, inputs, append_checked(pc, rec, len, check, &full));
	pthread_mutex_unlock(&pc->lock);
	appender_write_chunk(&pc->out, &full);
}

/* Whether `old`'s records lie in the file `pc` is appended to: then a
 * record carried stays where it is. */
static bool appends_to(const struct pagecache *pc, const struct pagecache *old)
{
	return pc->from && pc->from == old && appender_active(&pc->out);
}

void pagecache_carry_page(struct pagecache *pc, const char *rel,
			  const struct pagecache_page *old, const char *rec)
{
	struct appender_chunk full = { .bytes = NULL };
	pthread_mutex_lock(&pc->lock);
	const struct pagecache *from = pc->from;
	bool in_place = from && old >= from->pages && old < from->pages + from->npages &&
			appends_to(pc, from);
	index_page(pc, rel, old->inputs,
		   in_place ? old->rec
			    : append_checked(pc, rec, old->rec.len, old->rec.check, &full));
	pthread_mutex_unlock(&pc->lock);
	appender_write_chunk(&pc->out, &full);
}

const struct pagecache_file *pagecache_file(const struct pagecache *pc,
					    const char *rel)
{
	const size_t *at = strmap_get(&pc->file_index, rel);
	return at ? &pc->files[*at - 1] : NULL;
}

const struct pagecache_page *pagecache_page(const struct pagecache *pc,
					    const char *rel)
{
	const size_t *at = strmap_get(&pc->page_index, rel);
	return at ? &pc->pages[*at - 1] : NULL;
}

/* Room for the files, pages and memos an index lists (the last build's:
 * most are kept again), so that neither reading it nor indexing them
 * again grows a table step by step. */
static void index_reserve(struct pagecache *pc, size_t nfiles, size_t npages, size_t nmemos)
{
	strmap_reserve(&pc->file_index, nfiles);
	strmap_reserve(&pc->page_index, npages);
	ALLOC_GROW(pc->files, nfiles, pc->cap_files);
	ALLOC_GROW(pc->pages, npages, pc->cap_pages);
	pagecache_memos_reserve(&pc->memos, nmemos);
}

/* Keep `len` bytes under `key` with their check, unless the key has a
 * record already. */
static void add_memo_checked(struct pagecache *pc, struct digest_value key,
			     const char *rec, size_t len, struct digest_value check)
{
	struct appender_chunk full = { .bytes = NULL };
	pthread_mutex_lock(&pc->lock);
	struct pagecache_memo_entry *m = pagecache_memos_add(&pc->memos, key);
	if (m)
		m->rec = append_checked(pc, rec, len, check, &full);
	pthread_mutex_unlock(&pc->lock);
	appender_write_chunk(&pc->out, &full);
}

void pagecache_add_memo(struct pagecache *pc, struct digest_value key,
			const char *rec, size_t len)
{
	add_memo_checked(pc, key, rec, len, digest_check(rec, len));
}

/* The record of `key`, or NULL. */
static const struct pagecache_rec *memo_rec(const struct pagecache *pc,
					    struct digest_value key)
{
	const struct pagecache_memo_entry *m = pagecache_memos_find(&pc->memos, key);
	return m ? &m->rec : NULL;
}

void pagecache_index_memos(struct pagecache *pc)
{
	pagecache_memos_index(&pc->memos);
}

int pagecache_memo(const struct pagecache *pc, struct digest_value key,
		   struct buf *out)
{
	const struct pagecache_rec *r = memo_rec(pc, key);
	return r ? pagecache_read(pc, r, out) : -1;
}

/* The record `r` of `old` kept under `key`: where it lies when `pc` is
 * appended to old's file, else its bytes `rec` appended. */
static void carry_memo_rec(struct pagecache *pc, const struct pagecache *old,
			   struct digest_value key, const struct pagecache_rec *r,
			   const char *rec)
{
	struct appender_chunk full = { .bytes = NULL };
	pthread_mutex_lock(&pc->lock);
	struct pagecache_memo_entry *m = pagecache_memos_add(&pc->memos, key);
	if (m)
		m->rec = appends_to(pc, old)
			? *r : append_checked(pc, rec, r->len, r->check, &full);
	pthread_mutex_unlock(&pc->lock);
	appender_write_chunk(&pc->out, &full);
}

int pagecache_carry_memo(struct pagecache *pc, const struct pagecache *old,
			 struct digest_value key, struct buf *out)
{
	const struct pagecache_rec *r = memo_rec(old, key);
	size_t start = out->len;
	if (!r || pagecache_read(old, r, out) != 0)
		return -1;
	carry_memo_rec(pc, old, key, r, out->ptr + start);
	return 0;
}

int pagecache_carry_memo_unread(struct pagecache *pc, const struct pagecache *old,
				struct digest_value key)
{
	const struct pagecache_rec *r = memo_rec(old, key);
	if (!r || old->fd < 0)
		return -1;
	pthread_mutex_lock(&pc->lock); /* appended to: it stays where it lies, unread */
	bool in_place = appends_to(pc, old);
	struct pagecache_memo_entry *m = in_place ? pagecache_memos_add(&pc->memos, key) : NULL;
	if (m)
		m->rec = *r;
	pthread_mutex_unlock(&pc->lock);
	if (in_place)
		return 0;
	struct buf b = BUF_INIT;
	int rc = read_at(old->fd, r->at, r->len, &b);
	if (rc == 0)
		carry_memo_rec(pc, old, key, r, b.ptr);
	buf_release(&b);
	return rc;
}

/* ---- the published tree ---- */

static void add_walked(void *ctx, const char *rel, const struct fs_file_id *id)
{
	pagecache_add_file(ctx, rel, id);
}

int pagecache_add_published(struct pagecache *pc, const struct output *out)
{
	/* room made at once for every file the output published */
	size_t n = pc->nfiles + out->nstaged;
	strmap_reserve(&pc->file_index, n);
	if (pc->cap_files < n) {
		pc->files = xreallocarray(pc->files, n, sizeof *pc->files);
		pc->cap_files = n;
	}
	return output_published_ids(out, add_walked, pc) == 0 ? 0 : -1;
}

int pagecache_add_tree(struct pagecache *pc, const char *dir)
{
	return fs_walk_files(dir, add_walked, pc) == 0 ? 0 : -1;
}

/* What the walk of a published site finds (on several threads). */
struct tree_check {
	const struct pagecache *pc;
	atomic_size_t seen;
	atomic_bool changed;
};

static void check_walked(void *ctx, const char *rel, const struct fs_file_id *id)
{
	struct tree_check *c = ctx;
	const struct pagecache_file *f = pagecache_file(c->pc, rel);
	atomic_fetch_add_explicit(&c->seen, 1, memory_order_relaxed);
	if (!f || !fs_file_id_same(&f->id, id))
		atomic_store(&c->changed, true);
}

bool pagecache_tree_intact(const struct pagecache *pc, const char *dir, int jobs)
{
	struct tree_check c = { pc, 0, false };
	if (fs_walk_files_jobs(dir, jobs, check_walked, &c) != 0)
		return false;
	return !atomic_load(&c.changed) && atomic_load(&c.seen) == pc->nfiles;
}

/* ---- the file ---- */

static void add_rec(struct buf *b, const struct pagecache_rec *r)
{
	buf_add_u64(b, r->at);
	buf_add_u64(b, r->len);
	digest_value_write(b, r->check);
}

static struct pagecache_rec read_rec(struct buf_reader *r)
{
	struct pagecache_rec rec;
	rec.at = buf_read_u64(r);
	rec.len = buf_read_u64(r);
	rec.check = digest_value_read(r);
	return rec;
}

static void add_str(struct buf *b, const char *s)
{
	buf_add_counted(b, s, strlen(s));
}

/* A counted string as a NUL-terminated copy in `tmp` (NULL when bad). */
static const char *read_str(struct buf_reader *r, struct buf *tmp)
{
	size_t n;
	const char *p = buf_read_counted(r, &n);
	if (!p)
		return NULL;
	buf_reset(tmp);
	buf_add(tmp, p, n);
	return tmp->ptr;
}

static void encode_index(const struct pagecache *pc, struct buf *b)
{
	/* made room for at once: megabytes at N=10,000 */
	size_t need = 64;
	for (size_t i = 0; i < pc->nfiles; i++)
		need += 8 + strlen(pc->files[i].rel) + 32;
	for (size_t i = 0; i < pc->npages; i++)
		need += 8 + strlen(pc->pages[i].rel) + 16 + 32;
	need += pc->memos.n * (16 + 32);
	buf_grow(b, need);
	digest_value_write(b, pc->tool);
	digest_value_write(b, pc->inputs);
	buf_add_u32(b, (uint32_t)pc->clean | (uint32_t)pc->placeholder_url << 1);
	buf_add_u32(b, (uint32_t)pc->nfiles);
	for (size_t i = 0; i < pc->nfiles; i++) {
		const struct fs_file_id *id = &pc->files[i].id;
		add_str(b, pc->files[i].rel);
		buf_add_u64(b, id->ino);
		buf_add_u64(b, id->size);
		buf_add_u64(b, (uint64_t)id->mtime_ns);
		buf_add_u64(b, (uint64_t)id->ctime_ns);
	}
	buf_add_u32(b, (uint32_t)pc->npages);
	for (size_t i = 0; i < pc->npages; i++) {
		add_str(b, pc->pages[i].rel);
		digest_value_write(b, pc->pages[i].inputs);
		add_rec(b, &pc->pages[i].rec);
	}
	buf_add_u32(b, (uint32_t)pc->memos.n);
	for (size_t i = 0; i < pc->memos.n; i++) {
		digest_value_write(b, pc->memos.at[i].key);
		add_rec(b, &pc->memos.at[i].rec);
	}
}

/* True when the record lies between the magic and the index (which
 * begins at `index_at`). */
static bool rec_inside(const struct pagecache_rec *rec, uint64_t index_at)
{
	return rec->at >= HEADER_LEN && rec->at <= index_at &&
	       rec->len <= index_at - rec->at;
}

/* The index (whose records lie before `index_at`) into `pc`. */
static int decode_index(struct pagecache *pc, const char *data, size_t len,
			uint64_t index_at, const uint64_t counts[3])
{
	struct buf_reader r = { (const unsigned char *)data, len, false };
	struct buf tmp = BUF_INIT;
	pc->tool = digest_value_read(&r);
	pc->inputs = digest_value_read(&r);
	uint32_t flags = buf_read_u32(&r);
	pc->clean = flags & 1;
	pc->placeholder_url = flags & 2;
	size_t nfiles = buf_read_u32(&r);
	if (nfiles != counts[0])
		r.bad = true;
	else /* counts the index's length bounds (index_len_fits) */
		index_reserve(pc, nfiles, counts[1], 0); /* memos: appended */
	for (size_t i = 0; i < nfiles && !r.bad; i++) {
		const char *rel = read_str(&r, &tmp);
		struct fs_file_id id = { 0 };
		id.ino = buf_read_u64(&r);
		id.size = buf_read_u64(&r);
		id.mtime_ns = (int64_t)buf_read_u64(&r);
		id.ctime_ns = (int64_t)buf_read_u64(&r);
		if (rel && !r.bad)
			pagecache_add_file(pc, rel, &id);
	}
	bool inside = true; /* every record lies between the magic and the index */
	size_t npages = buf_read_u32(&r);
	if (npages != counts[1])
		r.bad = true;
	for (size_t i = 0; i < npages && !r.bad; i++) {
		const char *rel = read_str(&r, &tmp);
		struct digest_value inputs = digest_value_read(&r);
		struct pagecache_rec rec = read_rec(&r);
		inside = inside && rec_inside(&rec, index_at);
		if (rel && !r.bad)
			index_page(pc, rel, inputs, rec);
	}
	size_t nmemos = buf_read_u32(&r);
	if (nmemos != counts[2])
		r.bad = true;
	else
		pagecache_memos_expect(&pc->memos, nmemos);
	for (size_t i = 0; i < nmemos && !r.bad; i++) {
		struct digest_value key = digest_value_read(&r);
		struct pagecache_rec rec = read_rec(&r);
		inside = inside && rec_inside(&rec, index_at);
		if (!r.bad) /* put in their table only when a build goes on */
			pagecache_memos_append(&pc->memos, key, rec);
	}
	buf_release(&tmp);
	return r.bad || r.left || !inside ? -1 : 0;
}

/* The most bytes an index of these counts can take: its fixed part, and
 * per file, page and memo the longest path a file system allows (PATH_MAX)
 * and the numbers beside it. The index is read whole, so this is what keeps
 * the memory a cache costs bounded by what it lists, never by its size. */
#define MAX_REL 4096
#define MAX_ENTRIES (1u << 24)

static bool index_len_fits(uint64_t len, const uint64_t counts[3])
{
	for (int i = 0; i < 3; i++)
		if (counts[i] > MAX_ENTRIES)
			return false;
	uint64_t most = 2 * 16 + 4 + 3 * 4 + counts[0] * (4 + MAX_REL + 4 * 8) +
			counts[1] * (4 + MAX_REL + 16 + 32) + counts[2] * (16 + 32);
	return len <= most;
}

/* The index of the cache open as `fd` into `pc`: 0, or -1 with the reason
 * in *why. Nothing is read before the sizes and offsets are checked. */
static int load_index(struct pagecache *pc, int fd, const char **why)
{
	struct stat st;
	struct buf b = BUF_INIT;
	char *index = NULL;
	int rc = -1;
	*why = "damaged";
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		*why = "not a regular file";
		goto out;
	}
	if ((uint64_t)st.st_size < HEADER_LEN + TRAILER_LEN)
		goto out;
	uint64_t size = (uint64_t)st.st_size;
	if (read_at(fd, 0, HEADER_LEN, &b) != 0)
		goto out;
	if (memcmp(b.ptr, magic, sizeof magic)) {
		/* another version's cache (an upgrade) is no reason to warn;
		 * anything else in its place is */
		*why = memcmp(b.ptr, magic, sizeof magic - 1) ? "damaged" : NULL;
		goto out;
	}
	memcpy(pc->secret, b.ptr + sizeof magic, DIGEST_KEY_LEN);
	buf_reset(&b);
	if (read_at(fd, size - TRAILER_LEN, TRAILER_LEN, &b) != 0)
		goto out;
	struct buf_reader tr = { (const unsigned char *)b.ptr, TRAILER_LEN, false };
	uint64_t index_at = buf_read_u64(&tr), counts[3];
	for (int i = 0; i < 3; i++)
		counts[i] = buf_read_u64(&tr);
	struct digest_value check = digest_value_read(&tr);
	if (index_at < HEADER_LEN || index_at > size - TRAILER_LEN)
		goto out;
	uint64_t len = size - TRAILER_LEN - index_at;
	if (!index_len_fits(len, counts)) {
		*why = "larger than what it lists";
		goto out;
	}
	/* not xmalloc: a cache that cannot be held only costs a full build */
	index = malloc(len ? (size_t)len : 1);
	if (!index) {
		*why = "too large for the memory";
		goto out;
	}
	for (uint64_t done = 0; done < len;) {
		ssize_t n = pread(fd, index + done, (size_t)(len - done),
				  (off_t)(index_at + done));
		if (n <= 0)
			goto out;
		done += (uint64_t)n;
	}
	if (!digest_equal(index_seal(pc->secret, index, (size_t)len), check))
		goto out;
	rc = decode_index(pc, index, (size_t)len, index_at, counts);
out:
	free(index);
	buf_release(&b);
	return rc;
}

int pagecache_load(struct pagecache *pc, const char *path, const char **why)
{
	*why = NULL;
	/* not blocking (a FIFO in its place would wait for a writer forever),
	 * not through a link */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0) {
		if (errno != ENOENT)
			*why = errno == ELOOP ? "a symbolic link" : "unreadable";
		return -1;
	}
	if (load_index(pc, fd, why) != 0) {
		close(fd);
		pagecache_free(pc);
		return -1;
	}
	pc->fd = fd;
	*why = NULL;
	return 0;
}

void pagecache_new_secret(unsigned char secret[DIGEST_KEY_LEN])
{
	size_t got = 0;
	while (got < DIGEST_KEY_LEN) {
		ssize_t n = getrandom(secret + got, DIGEST_KEY_LEN - got, 0);
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	if (got == DIGEST_KEY_LEN)
		return;
	/* no randomness from the kernel: the clock and the pid, which an
	 * adversary would have to guess */
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	struct digest d;
	digest_init(&d);
	digest_add_u64(&d, (uint64_t)ts.tv_sec);
	digest_add_u64(&d, (uint64_t)ts.tv_nsec);
	digest_add_u64(&d, (uint64_t)getpid());
	for (size_t i = 0; i < DIGEST_KEY_LEN; i += 16) {
		digest_add_u64(&d, i);
		struct digest_value v = digest_end(&d);
		for (int k = 0; k < 8; k++) {
			secret[i + (size_t)k] = (unsigned char)(v.hi >> (8 * k));
			secret[i + 8 + (size_t)k] = (unsigned char)(v.lo >> (8 * k));
		}
	}
}

/* Cut the file at `path` back to `size` bytes (not through a link): 0,
 * or -1. */
static int cut_back(const char *path, uint64_t size)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	int rc = fd >= 0 && ftruncate(fd, (off_t)size) == 0 ? 0 : -1;
	if (fd >= 0)
		close(fd);
	return rc;
}

/* The size a mark gives (its decimal digits): false when it gives none. */
static bool read_mark(const char *mark, uint64_t *size)
{
	int fd = open(mark, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	char text[32];
	ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
	if (fd >= 0)
		close(fd);
	if (n <= 0 || n > 20)
		return false;
	uint64_t v = 0;
	for (ssize_t i = 0; i < n; i++) {
		if (text[i] < '0' || text[i] > '9' || v > (UINT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (uint64_t)(text[i] - '0');
	}
	*size = v;
	return true;
}

/* After a build killed while it appended to the cache at `path`: the
 * cache cut back to the size its mark gives (removed when the mark gives
 * none, or more than the cache has), the mark removed. 1 when there was
 * one, else 0. */
static size_t cut_back_killed(const char *path)
{
	struct buf mark = BUF_INIT;
	buf_addf(&mark, "%s" PAGECACHE_TAIL, path);
	struct stat st;
	size_t n = 0;
	if (lstat(mark.ptr, &st) == 0) {
		uint64_t size;
		struct stat cache;
		if (!read_mark(mark.ptr, &size) || lstat(path, &cache) != 0 ||
		    !S_ISREG(cache.st_mode) || size > (uint64_t)cache.st_size ||
		    cut_back(path, size) != 0)
			unlink(path);
		unlink(mark.ptr);
		n = 1;
	}
	buf_release(&mark);
	return n;
}

/* "<name>.<digits>" for the cache file "<dir>/<name>": a cache being
 * written (pagecache_start). */
static bool is_temp_of(const char *entry, const char *name)
{
	size_t n = strlen(name);
	const char *pid = entry + n;
	return !strncmp(entry, name, n) && pid[0] == '.' && pid[1] &&
	       strspn(pid + 1, "0123456789") == strlen(pid + 1);
}

size_t pagecache_remove_leftovers(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *name = slash ? slash + 1 : path;
	struct buf parent = BUF_INIT, full = BUF_INIT;
	if (slash)
		buf_add(&parent, path, (size_t)(slash - path) + (slash == path));
	else
		buf_adds(&parent, ".");
	size_t removed = 0;
	DIR *d = opendir(parent.ptr);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (!is_temp_of(e->d_name, name))
			continue;
		buf_reset(&full);
		buf_addf(&full, "%s/%s", parent.ptr, e->d_name);
		removed += unlink(full.ptr) == 0;
	}
	if (d)
		closedir(d);
	buf_release(&parent);
	buf_release(&full);
	return removed + cut_back_killed(path);
}

/* Records go to the file open as `fd` from `at` on, for the cache at
 * `path`; `side` is the file beside it (the new cache, or the mark:
 * pagecache.h), taken. */
static void write_to(struct pagecache *pc, int fd, struct buf *side, const char *path,
		     uint64_t at)
{
	appender_start(&pc->out, fd, at);
	pc->tmp_path = buf_detach(side, NULL);
	pc->out_path = xstrdup(path);
}

int pagecache_start(struct pagecache *pc, const char *path)
{
	struct buf tmp = BUF_INIT;
	buf_addf(&tmp, "%s.%ld", path, (long)getpid());
	unlink(tmp.ptr); /* a killed build's, of this pid */
	int fd = open(tmp.ptr, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (fd < 0) {
		buf_release(&tmp);
		return -1;
	}
	write_to(pc, fd, &tmp, path, 0);
	struct appender_chunk full; /* (the first chunk has room for them) */
	appender_add(&pc->out, magic, sizeof magic, &full);
	appender_add(&pc->out, pc->secret, DIGEST_KEY_LEN, &full);
	return 0;
}

/* The bytes of `old`'s file its index lists (records), and the file's
 * size: appending to it pays while the first is at least half the second. */
static bool worth_appending(const struct pagecache *old, uint64_t *size)
{
	struct stat st;
	if (old->fd < 0 || fstat(old->fd, &st) != 0 || !S_ISREG(st.st_mode))
		return false;
	uint64_t listed = 0;
	for (size_t i = 0; i < old->npages; i++)
		listed += old->pages[i].rec.len;
	for (size_t i = 0; i < old->memos.n; i++)
		listed += old->memos.at[i].rec.len;
	*size = (uint64_t)st.st_size;
	return listed >= *size / 2;
}

/* The file `path` opened to append to, when it is the one `old` read. */
static int open_same(const char *path, const struct pagecache *old)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	struct stat a, b;
	if (fd >= 0 && (fstat(fd, &a) != 0 || fstat(old->fd, &b) != 0 ||
			a.st_dev != b.st_dev || a.st_ino != b.st_ino)) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* Write the mark holding `size` (a new file, not through a link): 0 or -1. */
static int write_mark(const char *mark, uint64_t size)
{
	unlink(mark);
	int fd = open(mark, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
	char text[32];
	int n = snprintf(text, sizeof text, "%llu", (unsigned long long)size);
	bool ok = fd >= 0 && write(fd, text, (size_t)n) == n;
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	if (!ok)
		unlink(mark);
	return ok ? 0 : -1;
}

int pagecache_start_after(struct pagecache *pc, const struct pagecache *old,
			  const char *path)
{
	uint64_t size;
	if (old)
		index_reserve(pc, old->nfiles, old->npages, old->memos.n);
	if (!old || !worth_appending(old, &size))
		return pagecache_start(pc, path);
	struct buf mark = BUF_INIT;
	buf_addf(&mark, "%s" PAGECACHE_TAIL, path);
	int fd = open_same(path, old);
	if (fd < 0 || write_mark(mark.ptr, size) != 0) {
		if (fd >= 0)
			close(fd);
		buf_release(&mark);
		return pagecache_start(pc, path);
	}
	write_to(pc, fd, &mark, path, size);
	pc->from = old;
	pc->base = size;
	return 0;
}

int pagecache_finish(struct pagecache *pc)
{
	if (pc->out.fd < 0) {
		errno = EINVAL;
		return -1;
	}
	struct buf b = BUF_INIT;
	encode_index(pc, &b);
	struct digest_value check = index_seal(pc->secret, b.ptr, b.len);
	buf_add_u64(&b, pc->out.at);
	buf_add_u64(&b, pc->nfiles);
	buf_add_u64(&b, pc->npages);
	buf_add_u64(&b, pc->memos.n);
	digest_value_write(&b, check);
	bool ok = appender_finish(&pc->out, b.ptr, b.len) == 0;
	int err = ok ? 0 : errno;
	buf_release(&b);
	if (pc->from) { /* appended: the file is the new cache now */
		if (!ok)
			cut_back(pc->out_path, pc->base);
		unlink(pc->tmp_path);
		pc->from = NULL;
		if (ok)
			return 0;
		errno = err ? err : EIO;
		return -1;
	}
	if (ok && rename(pc->tmp_path, pc->out_path) == 0)
		return 0;
	err = errno ? errno : err;
	unlink(pc->tmp_path);
	errno = err ? err : EIO;
	return -1;
}

/* ---- the gen that writes it ---- */

/* The GNU build id of a loaded object (its PT_NOTE segments, in memory):
 * into `d` with true, or false when it has none. */
static bool add_build_id(struct digest *d, const struct dl_phdr_info *info)
{
	for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
		size_t left = ph->p_memsz;
		while (left >= sizeof(ElfW(Nhdr))) {
			ElfW(Nhdr) nh;
			memcpy(&nh, p, sizeof nh);
			size_t name = (nh.n_namesz + 3) & ~(size_t)3;
			size_t desc = (nh.n_descsz + 3) & ~(size_t)3;
			if (name + desc > left - sizeof nh)
				break;
			const unsigned char *n = p + sizeof nh;
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
			    !memcmp(n, "GNU", 4)) {
				digest_add_field(d, n + name, nh.n_descsz);
				return true;
			}
			p += sizeof nh + name + desc;
			left -= sizeof nh + name + desc;
		}
	}
	return false;
}

/* The program and each shared library it runs with (an LD_PRELOAD one
 * too): the library's path, and the build id the linker wrote into each
 * (a digest of its bytes), or, where there is none, its bytes: a gen built
 * from other sources, or with another libcmark, renders otherwise. */
static int add_object(struct dl_phdr_info *info, size_t size, void *ctx)
{
	(void)size;
	struct digest *d = ctx;
	/* the program comes first, without a name; the kernel's vDSO (no
	 * path) renders nothing */
	bool program = !info->dlpi_name || !info->dlpi_name[0];
	if (!program && info->dlpi_name[0] != '/')
		return 0;
	digest_add_str(d, program ? "" : info->dlpi_name);
	if (add_build_id(d, info))
		return 0;
	struct buf bytes = BUF_INIT;
	if (fs_read_file(program ? "/proc/self/exe" : info->dlpi_name, &bytes) == 0)
		digest_add_field(d, bytes.ptr, bytes.len);
	else
		digest_add_u64(d, (uint64_t)getpid()); /* unknown: never trusted */
	buf_release(&bytes);
	return 0;
}

struct digest_value pagecache_tool(void)
{
	struct digest d;
	digest_init(&d);
	digest_add(&d, magic, sizeof magic);
	dl_iterate_phdr(add_object, &d);
	return digest_end(&d);
}

/* ---- the build's warnings ---- */

/* The key of the warnings' record among the memos: no digest of an input
 * (a memo's key) is this one. */
static struct digest_value warnings_key(void)
{
	static const char name[] = "pagecache: the build's warnings";
	return digest_bytes(name, sizeof name - 1);
}

void pagecache_keep_warnings(struct pagecache *pc, int count, const char *text,
			     size_t len)
{
	struct buf rec = BUF_INIT;
	buf_add_u32(&rec, (uint32_t)count);
	buf_add_counted(&rec, text, len);
	pagecache_add_memo(pc, warnings_key(), rec.ptr, rec.len);
	buf_release(&rec);
}

int pagecache_warnings(const struct pagecache *pc, int *count, struct buf *text)
{
	struct buf rec = BUF_INIT;
	int rc = pagecache_memo(pc, warnings_key(), &rec);
	struct buf_reader r = { (const unsigned char *)rec.ptr, rec.len, false };
	size_t n = 0;
	const char *p = NULL;
	if (rc == 0) {
		*count = (int)buf_read_u32(&r);
		p = buf_read_counted(&r, &n);
	}
	if (rc == 0 && (r.bad || r.left || !p))
		rc = -1;
	if (rc == 0)
		buf_add(text, p, n);
	buf_release(&rec);
	return rc;
}
