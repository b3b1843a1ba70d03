/* pagecache: what the published site was made from (see pagecache.h). */
#include "pagecache.h"

#include "buf.h"
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The format's name and version: a cache of another version is not read. */
static const char magic[8] = { 'g', 'g', 'c', 'a', 'c', 'h', 'e', '2' };

void pagecache_init(struct pagecache *pc)
{
	memset(pc, 0, sizeof *pc);
	pc->file_index = (struct strmap)STRMAP_INIT_BORROWED;
	pc->page_index = (struct strmap)STRMAP_INIT_BORROWED;
	pc->memo_index = (struct strmap)STRMAP_INIT_BORROWED;
	pthread_mutex_init(&pc->lock, NULL);
}

void pagecache_free(struct pagecache *pc)
{
	for (size_t i = 0; i < pc->nfiles; i++)
		free(pc->files[i].rel);
	for (size_t i = 0; i < pc->npages; i++) {
		free(pc->pages[i].rel);
		if (!pc->pages[i].borrowed)
			free(pc->pages[i].kept);
	}
	for (size_t i = 0; i < pc->nmemos; i++) {
		free(pc->memos[i].key);
		if (!pc->memos[i].borrowed)
			free(pc->memos[i].rec);
	}
	free(pc->files);
	free(pc->pages);
	free(pc->memos);
	strmap_free(&pc->file_index);
	strmap_free(&pc->page_index);
	strmap_free(&pc->memo_index);
	free(pc->backing);
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

void pagecache_add_file(struct pagecache *pc, const char *rel,
			const struct fs_file_id *id)
{
	const size_t *known = strmap_get(&pc->file_index, rel);
	if (known) {
		pc->files[*known - 1].id = *id;
		return;
	}
	ALLOC_GROW(pc->files, pc->nfiles, pc->cap_files);
	char *copy = xstrdup(rel); /* the map borrows it */
	pc->files[pc->nfiles++] = (struct pagecache_file){ copy, *id };
	*strmap_slot(&pc->file_index, copy, NULL) = pc->nfiles;
}

/* A record's bytes: copied, or (`borrowed`: read from the cache file,
 * which pc->backing keeps) pointed to. */
static char *record_bytes(const char *data, size_t len, bool borrowed)
{
	if (borrowed)
		return (char *)data;
	char *copy = xmalloc(len + 1);
	memcpy(copy, data ? data : "", len);
	copy[len] = '\0';
	return copy;
}

static void put_page(struct pagecache *pc, const char *rel, struct digest_value inputs,
		     const char *kept, size_t kept_len, bool borrowed)
{
	const size_t *known = strmap_get(&pc->page_index, rel);
	struct pagecache_page *pg;
	if (known) {
		pg = &pc->pages[*known - 1];
		if (!pg->borrowed)
			free(pg->kept);
	} else {
		ALLOC_GROW(pc->pages, pc->npages, pc->cap_pages);
		pg = &pc->pages[pc->npages++];
		pg->rel = xstrdup(rel);
		*strmap_slot(&pc->page_index, pg->rel, NULL) = pc->npages;
	}
	pg->inputs = inputs;
	pg->kept = record_bytes(kept, kept_len, borrowed);
	pg->kept_len = kept_len;
	pg->borrowed = borrowed;
}

void pagecache_add_page(struct pagecache *pc, const char *rel,
			struct digest_value inputs, const char *kept,
			size_t kept_len)
{
	put_page(pc, rel, inputs, kept, kept_len, false);
}

static void add_memo(struct pagecache *pc, const char *key, const char *rec,
		     size_t len, bool borrowed)
{
	if (strmap_get(&pc->memo_index, key))
		return;
	ALLOC_GROW(pc->memos, pc->nmemos, pc->cap_memos);
	struct pagecache_memo *m = &pc->memos[pc->nmemos++];
	m->key = xstrdup(key); /* the map borrows it */
	m->rec = record_bytes(rec, len, borrowed);
	m->len = len;
	m->borrowed = borrowed;
	*strmap_slot(&pc->memo_index, m->key, NULL) = pc->nmemos;
}

void pagecache_add_memo(struct pagecache *pc, struct digest_value key,
			const char *rec, size_t len)
{
	char hex[33];
	digest_hex(key, hex);
	pthread_mutex_lock(&pc->lock);
	add_memo(pc, hex, rec, len, false);
	pthread_mutex_unlock(&pc->lock);
}

const char *pagecache_memo(const struct pagecache *pc, struct digest_value key,
			   size_t *len)
{
	char hex[33];
	digest_hex(key, hex);
	const size_t *at = strmap_get(&pc->memo_index, hex);
	if (!at)
		return NULL;
	*len = pc->memos[*at - 1].len;
	return pc->memos[*at - 1].rec;
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

/* ---- the published tree ---- */

static void add_walked(void *ctx, const char *rel, const struct fs_file_id *id)
{
	pagecache_add_file(ctx, rel, id);
}

int pagecache_add_tree(struct pagecache *pc, const char *dir)
{
	return fs_walk_files(dir, add_walked, pc) == 0 ? 0 : -1;
}

struct tree_check {
	const struct pagecache *pc;
	size_t seen;
	bool intact;
};

static void check_walked(void *ctx, const char *rel, const struct fs_file_id *id)
{
	struct tree_check *c = ctx;
	const struct pagecache_file *f = pagecache_file(c->pc, rel);
	c->seen++;
	if (!f || !fs_file_id_same(&f->id, id))
		c->intact = false;
}

bool pagecache_tree_intact(const struct pagecache *pc, const char *dir)
{
	struct tree_check c = { pc, 0, true };
	if (fs_walk_files(dir, check_walked, &c) != 0)
		return false;
	return c.intact && c.seen == pc->nfiles;
}

/* ---- the file ---- */

static void add_digest(struct buf *b, struct digest_value v)
{
	buf_add_u64(b, v.hi);
	buf_add_u64(b, v.lo);
}

static struct digest_value read_digest(struct buf_reader *r)
{
	struct digest_value v;
	v.hi = buf_read_u64(r);
	v.lo = buf_read_u64(r);
	return v;
}

static void add_id(struct buf *b, const struct fs_file_id *id)
{
	buf_add_u64(b, id->ino);
	buf_add_u64(b, id->size);
	buf_add_u64(b, (uint64_t)id->mtime_ns);
}

static struct fs_file_id read_id(struct buf_reader *r)
{
	struct fs_file_id id = { 0 };
	id.ino = buf_read_u64(r);
	id.size = buf_read_u64(r);
	id.mtime_ns = (int64_t)buf_read_u64(r);
	return id;
}

static struct digest_value digest_of(const void *data, size_t len)
{
	struct digest d;
	digest_init(&d);
	digest_add(&d, data, len);
	return digest_end(&d);
}

static void encode(const struct pagecache *pc, struct buf *b)
{
	buf_add(b, magic, sizeof magic);
	add_digest(b, pc->tool);
	add_digest(b, pc->inputs);
	buf_add_u32(b, (uint32_t)pc->clean | (uint32_t)pc->placeholder_url << 1);
	buf_add_u32(b, (uint32_t)pc->nfiles);
	for (size_t i = 0; i < pc->nfiles; i++) {
		buf_add_counted(b, pc->files[i].rel, strlen(pc->files[i].rel));
		add_id(b, &pc->files[i].id);
	}
	buf_add_u32(b, (uint32_t)pc->npages);
	for (size_t i = 0; i < pc->npages; i++) {
		const struct pagecache_page *pg = &pc->pages[i];
		buf_add_counted(b, pg->rel, strlen(pg->rel));
		add_digest(b, pg->inputs);
		buf_add_counted(b, pg->kept, pg->kept_len);
	}
	buf_add_u32(b, (uint32_t)pc->nmemos);
	for (size_t i = 0; i < pc->nmemos; i++) {
		buf_add_counted(b, pc->memos[i].key, strlen(pc->memos[i].key));
		buf_add_counted(b, pc->memos[i].rec, pc->memos[i].len);
	}
	add_digest(b, digest_of(b->ptr, b->len));
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

static int decode(struct pagecache *pc, const char *data, size_t len)
{
	if (len < sizeof magic + 16 || memcmp(data, magic, sizeof magic))
		return -1;
	struct buf_reader end = { (const unsigned char *)data + len - 16, 16, false };
	if (!digest_equal(read_digest(&end), digest_of(data, len - 16)))
		return -1;
	struct buf_reader r = { (const unsigned char *)data + sizeof magic,
				len - 16 - sizeof magic, false };
	struct buf tmp = BUF_INIT;
	pc->tool = read_digest(&r);
	pc->inputs = read_digest(&r);
	uint32_t flags = buf_read_u32(&r);
	pc->clean = flags & 1;
	pc->placeholder_url = flags & 2;
	size_t nfiles = buf_read_u32(&r);
	for (size_t i = 0; i < nfiles && !r.bad; i++) {
		const char *rel = read_str(&r, &tmp);
		struct fs_file_id id = read_id(&r);
		if (rel && !r.bad)
			pagecache_add_file(pc, rel, &id);
	}
	size_t npages = buf_read_u32(&r);
	for (size_t i = 0; i < npages && !r.bad; i++) {
		const char *rel = read_str(&r, &tmp);
		struct digest_value inputs = read_digest(&r);
		size_t n;
		const char *kept = buf_read_counted(&r, &n);
		if (rel && kept && !r.bad)
			put_page(pc, rel, inputs, kept, n, true);
	}
	size_t nmemos = buf_read_u32(&r);
	for (size_t i = 0; i < nmemos && !r.bad; i++) {
		const char *key = read_str(&r, &tmp);
		size_t n;
		const char *rec = buf_read_counted(&r, &n);
		if (key && rec && !r.bad)
			add_memo(pc, key, rec, n, true);
	}
	buf_release(&tmp);
	return r.bad || r.left ? -1 : 0;
}

int pagecache_load(struct pagecache *pc, const char *path)
{
	struct buf b = BUF_INIT;
	int rc = fs_read_file(path, &b);
	if (rc == 0) {
		/* the records point into the file's bytes, kept with the cache */
		size_t len;
		pc->backing = buf_detach(&b, &len);
		rc = decode(pc, pc->backing, len);
	}
	buf_release(&b);
	if (rc != 0)
		pagecache_free(pc);
	return rc;
}

int pagecache_write(const struct pagecache *pc, const char *path)
{
	struct buf b = BUF_INIT, tmp = BUF_INIT;
	encode(pc, &b);
	buf_addf(&tmp, "%s.%ld", path, (long)getpid());
	int rc = fs_write_file(tmp.ptr, b.ptr, b.len);
	if (rc == 0 && rename(tmp.ptr, path) != 0)
		rc = -1;
	if (rc != 0) {
		int err = errno;
		unlink(tmp.ptr);
		errno = err;
	}
	buf_release(&b);
	buf_release(&tmp);
	return rc;
}

/* ---- the gen that writes it ---- */

struct digest_value pagecache_tool(void)
{
	struct buf exe = BUF_INIT;
	struct digest d;
	digest_init(&d);
	digest_add(&d, magic, sizeof magic);
	/* the program's own bytes: a gen built from other sources renders
	 * otherwise; where they cannot be read, no cache is ever trusted */
	if (fs_read_file("/proc/self/exe", &exe) == 0)
		digest_add(&d, exe.ptr, exe.len);
	else
		digest_add_u64(&d, (uint64_t)getpid());
	buf_release(&exe);
	return digest_end(&d);
}
