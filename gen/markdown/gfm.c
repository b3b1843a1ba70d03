/* gfm: an article body through cmark-gfm (see gfm.h). */
/* memmem is a GNU extension of glibc */
#define _GNU_SOURCE
#include "markdown/gfm.h"

#include "markdown/gfm_html.h"
#include "markdown/gfm_inline.h"
#include "markdown/gfm_quick.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- cmark's memory ----
 *
 * cmark allocates every node, inline and buffer on its own (thousands of
 * calloc/free pairs per article: a fifth of a build's time went to malloc).
 * Rendering one article takes cmark's memory from an arena freed as a whole
 * afterwards, handed out from chunks of it in turn. A block is never given
 * twice, so the chunk is zeroed ahead of the blocks, a kilobyte at a time,
 * and a calloc's block is zero already (a memset per calloc, and a call
 * into the arena, cost more than most of cmark's nodes). cmark_mem has no
 * context pointer, so the arena of the article being rendered on this
 * thread is found through a thread-local. */

#define SCRATCH_CHUNK (64 * 1024)
#define SCRATCH_ZEROED 1024 /* zeroed at a time: below memset's `rep stosb` */

struct scratch {
	struct arena *a;  /* the article's */
	char *cur, *end;  /* the chunk's rest, never handed out yet */
	char *zeroed;     /* [cur, zeroed) is zero (when cur is below it) */
};

static _Thread_local struct scratch cmark_scratch;

/* cmark's memory from `a` from now on (NULL: none). */
static void scratch_use(struct arena *a)
{
	if (cmark_scratch.a != a)
		cmark_scratch = (struct scratch){ a, NULL, NULL, NULL };
}

/* Each block remembers its size, for realloc. */
struct scratch_head {
	alignas(max_align_t) size_t size;
};

/* A block's bytes with its head, aligned for any type. */
static size_t scratch_total(size_t size)
{
	const size_t align = alignof(max_align_t);
	if (size > SIZE_MAX - sizeof(struct scratch_head) - align)
		xfatal("out of memory");
	return (sizeof(struct scratch_head) + size + align - 1) / align * align;
}

/* A zeroed block of `size` bytes: from the chunk, or a new chunk; one
 * larger than a quarter chunk has an arena block of its own. */
static struct scratch_head *scratch_block(size_t size)
{
	struct scratch *s = &cmark_scratch;
	size_t total = scratch_total(size);
	/* (as integers: none yet is two null pointers) */
	if ((uintptr_t)s->end - (uintptr_t)s->cur < total) {
		if (total > SCRATCH_CHUNK / 4) {
			struct scratch_head *h = arena_alloc(s->a, total);
			h->size = size;
			return h;
		}
		s->cur = s->zeroed = arena_alloc_uninit(s->a, SCRATCH_CHUNK);
		s->end = s->cur + SCRATCH_CHUNK;
	}
	char *h = s->cur, *from = s->zeroed > h ? s->zeroed : h;
	s->cur += total;
	if (from < s->cur) {
		size_t n = (size_t)(s->cur - from) + SCRATCH_ZEROED - 1;
		n -= n % SCRATCH_ZEROED;
		if (n > (size_t)(s->end - from))
			n = (size_t)(s->end - from);
		memset(from, 0, n);
		s->zeroed = from + n;
	}
	((struct scratch_head *)h)->size = size;
	return (struct scratch_head *)h;
}

static void *scratch_calloc(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		xfatal("out of memory");
	return scratch_block(n * size) + 1; /* zero: never given before */
}

static void *scratch_realloc(void *p, size_t size)
{
	if (!p) /* a buffer's first block */
		return scratch_block(size) + 1;
	struct scratch_head *h = (struct scratch_head *)p - 1;
	if (size <= h->size)
		return p;
	/* cmark's buffers grow one at a time: usually the chunk's last
	 * block, extended in place */
	struct scratch *s = &cmark_scratch;
	char *after = (char *)h + scratch_total(h->size);
	size_t total = scratch_total(size);
	if (after == s->cur && (size_t)(s->end - (char *)h) >= total) {
		s->cur = (char *)h + total;
		h->size = size;
		return p;
	}
	struct scratch_head *q = scratch_block(size);
	memcpy(q + 1, p, h->size);
	return q + 1;
}

static void scratch_free(void *p)
{
	(void)p; /* freed with the arena */
}

static cmark_mem scratch_mem = { scratch_calloc, scratch_realloc, scratch_free };

/* ---- the parser ---- */

/* The extensions GitHub's Markdown has that editors write: tables,
 * ~~strikethrough~~ and bare URLs as links. (Not "tagfilter": safe mode
 * already drops all raw HTML; not task lists: a checkbox means nothing on a
 * static page.) */
static const char *const extension_names[] = { "table", "strikethrough", "autolink" };
enum { NEXTENSIONS = sizeof extension_names / sizeof extension_names[0] };
static cmark_syntax_extension *extensions[NEXTENSIONS];
static pthread_once_t extensions_once = PTHREAD_ONCE_INIT;

/* cmark-gfm registers its extensions in a global list without a lock: once
 * per process, before any thread parses. */
static void extensions_find(void)
{
	cmark_gfm_core_extensions_ensure_registered();
	for (size_t i = 0; i < NEXTENSIONS; i++) {
		extensions[i] = cmark_find_syntax_extension(extension_names[i]);
		if (!extensions[i])
			xfatal("cmark-gfm without its table, strikethrough and autolink extensions");
	}
}

/* cmark-gfm parses a document's inlines against a table of special
 * characters that is global: it adds its extensions' characters ("~" of
 * strikethrough, those of autolinks) to the table before and takes them out
 * after, with no lock. Two threads parsing at once could each see the other
 * take "~" out midway, and an article's ~~strikethrough~~ or bare link come
 * out as text on one build and not on the next. So the inline phase
 * (cmark_parser_finish) runs one article at a time; the block phase
 * (cmark_parser_feed) touches no such table and stays on every core. */
static pthread_mutex_t inlines_lock = PTHREAD_MUTEX_INITIALIZER;

enum { EXT_TABLE, EXT_STRIKE, EXT_AUTOLINK };

/* Whether extension `i` could change the tree of `md`: a table needs a
 * '|', a strikethrough a '~' (the only characters each reads). */
static bool extension_applies(int i, const char *md, size_t len)
{
	return memchr(md, i == EXT_TABLE ? '|' : '~', len) != NULL;
}

/* Parse `md` into a tree whose memory lives in `ar`, with the extensions
 * that could change it (autolinks when `autolink`). One that cannot costs
 * work for the same HTML: autolink's ':' and 'w' split every text where
 * they stand and its pass copies every text again, a tenth of cmark's
 * work. So a body is parsed without autolinks, and again with them when a
 * text of that tree holds what may_autolink finds (inspect_tree tells;
 * the first tree goes with the arena). autolink.c looks at texts only (a
 * link's target is none), so a tree without such a text is the tree it
 * would have made, its texts unsplit. The texts, not the Markdown: an
 * address may be written with an entity ("ed&#64;b.org"), which autolink.c
 * links once it is decoded. */
static cmark_node *parse_with(struct arena *ar, const char *md, size_t len, bool autolink)
{
	pthread_once(&extensions_once, extensions_find);
	scratch_use(ar);
	/* ~~struck~~ only: a single tilde is "about" ("~2x faster, ~$0.40") */
	cmark_parser *p = cmark_parser_new_with_mem(
		CMARK_OPT_SMART | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE, &scratch_mem);
	for (int i = 0; i < NEXTENSIONS; i++)
		if (i == EXT_AUTOLINK ? autolink : extension_applies(i, md, len))
			cmark_parser_attach_syntax_extension(p, extensions[i]);
	cmark_parser_feed(p, md, len);
	pthread_mutex_lock(&inlines_lock);
	cmark_node *doc = cmark_parser_finish(p);
	pthread_mutex_unlock(&inlines_lock);
	cmark_parser_free(p);
	return doc;
}

/* ---- what the article takes from the tree ---- */

/* The text of `node` into `out`: its text, breaks as spaces; code spans as
 * their text (`code`) or as a space. */
static void collect_text(cmark_node *node, bool code, struct buf *out)
{
	cmark_iter *it = cmark_iter_new(node);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		cmark_node_type t = cmark_node_get_type(n);
		if (t == CMARK_NODE_TEXT || (code && t == CMARK_NODE_CODE)) {
			const char *lit = cmark_node_get_literal(n);
			if (lit)
				buf_adds(out, lit);
		} else if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK ||
			   t == CMARK_NODE_CODE) {
			buf_addc(out, ' ');
		}
	}
	cmark_iter_free(it);
}

/* Replace a link or image by its children (the link text, or alt text). */
static void unwrap_node(cmark_node *n)
{
	cmark_node *child;
	while ((child = cmark_node_first_child(n))) {
		cmark_node_unlink(child);
		cmark_node_insert_before(n, child);
	}
	cmark_node_unlink(n);
	cmark_node_free(n);
}

/* The length of s[0..n) up to its first Chinese punctuation mark. */
static size_t before_zh_punct(const char *s, size_t n)
{
	static const char marks[][4] = { "\u3002", "\uFF0C", "\u3001", "\uFF1B",
					 "\uFF1A", "\uFF01", "\uFF1F", "\uFF08",
					 "\uFF09", "\u300C", "\u300D", "\u300E",
					 "\u300F", "\u300A", "\u300B", "\u3010",
					 "\u3011", "\u201C", "\u201D" };
	for (size_t i = 0; i + 3 <= n; i++) {
		if ((unsigned char)s[i] < 0xE2)
			continue;
		for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
			if (!memcmp(s + i, marks[k], 3))
				return i;
	}
	return n;
}

/* A bare URL in Chinese text: GFM's autolink runs to the next space, so
 * "见 https://example.org。也见" would take the full stop and the words
 * after it into the link. A link whose URL ends with its text (an
 * autolink) ends at its first Chinese punctuation mark; the rest goes back
 * to the text after it. */
static void trim_autolink(cmark_node *link)
{
	cmark_node *text = cmark_node_first_child(link);
	if (!text || cmark_node_next(text) || cmark_node_get_type(text) != CMARK_NODE_TEXT)
		return;
	const char *lit = cmark_node_get_literal(text), *url = cmark_node_get_url(link);
	size_t n = lit ? strlen(lit) : 0, u = url ? strlen(url) : 0;
	if (!n || u < n || strcmp(url + u - n, lit))
		return;
	size_t keep = before_zh_punct(lit, n);
	if (keep == n || !keep)
		return;
	struct buf head = BUF_INIT, tail = BUF_INIT, to = BUF_INIT;
	buf_add(&head, lit, keep);
	buf_add(&tail, lit + keep, n - keep);
	buf_add(&to, url, u - (n - keep));
	cmark_node_set_url(link, to.ptr);
	cmark_node_set_literal(text, head.ptr);
	cmark_node *after = cmark_node_new_with_mem(CMARK_NODE_TEXT, &scratch_mem);
	cmark_node_set_literal(after, tail.ptr);
	cmark_node_insert_after(link, after);
	buf_release(&head);
	buf_release(&tail);
	buf_release(&to);
}

/* True for a node of the table extension of type `what` ("table_row",
 * "table_header" for the head row, "table_cell"). */
static bool is_table(cmark_node *n, const char *what)
{
	return cmark_node_get_syntax_extension(n) &&
	       !strcmp(cmark_node_get_type_string(n), what);
}

/* The prose being read: a paragraph's or a table row's text, gathered as
 * the walk passes its inlines (a cell's text after " | "). */
struct prose_walk {
	cmark_node *block; /* NULL between blocks */
	bool row;
	struct buf text;
};

/* Node `n` of type `t` met by the walk (`lit`: a text's literal). */
static void walk_prose(struct prose_walk *w, cmark_node *n, cmark_node_type t,
		       const char *lit)
{
	if (!w->block) {
		w->row = is_table(n, "table_row") || is_table(n, "table_header");
		if (t == CMARK_NODE_PARAGRAPH || w->row)
			w->block = n;
		return;
	}
	if (t == CMARK_NODE_TEXT) {
		if (lit)
			buf_adds(&w->text, lit);
	} else if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK ||
		   t == CMARK_NODE_CODE) {
		buf_addc(&w->text, ' ');
	} else if (cmark_node_previous(n) && is_table(n, "table_cell")) {
		buf_adds(&w->text, " | ");
	}
}

/* The links and images whose target is not allowed, in the order the
 * walk meets them. */
struct unsafe_links {
	cmark_node **n;
	size_t len, cap;
};

static void check_link(cmark_node *n, struct unsafe_links *unsafe)
{
	if (cmark_node_get_type(n) == CMARK_NODE_LINK)
		trim_autolink(n);
	const char *url = cmark_node_get_url(n);
	if (url && !text_url_is_safe(url)) {
		ALLOC_GROW(unsafe->n, unsafe->len, unsafe->cap);
		unsafe->n[unsafe->len++] = n;
	}
}

/* Each unsafe link said, in the order met, and dropped: it keeps its text
 * and loses its target; past 64 in one article the rest stay as links
 * with an empty target. */
static void drop_unsafe(struct unsafe_links *unsafe, const char *path, int body_line,
			struct diag *diag)
{
	for (size_t i = 0; i < unsafe->len; i++) {
		cmark_node *n = unsafe->n[i];
		diag_warning(diag, path, cmark_node_get_start_line(n) + body_line - 1,
			     cmark_node_get_start_column(n),
			     "link target \"%s\" is not allowed (only http, https, mailto and relative links); the link is dropped",
			     cmark_node_get_url(n));
		cmark_node_set_url(n, "");
	}
	for (size_t i = 0; i < unsafe->len && i < 64; i++)
		unwrap_node(unsafe->n[i]);
	free(unsafe->n);
}

/* Walk the tree once: collect headings and prose, drop unsafe links
 * (said once the walk is done). A tree parsed without autolinks
 * (`autolinked` false) stops at the first text in which autolinks could
 * find a link: false, nothing kept in `o` nor said; the body is parsed
 * again (parse_with). */
static bool inspect_tree(cmark_node *doc, const char *path, int body_line,
			 struct gfm_out *o, struct diag *diag, bool autolinked)
{
	struct unsafe_links unsafe = { NULL, 0, 0 };
	struct prose_walk w = { NULL, false, BUF_INIT };
	size_t nh = o->nheadings, np = o->nprose;
	bool whole = true;
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_EXIT) {
			if (n == w.block) {
				gfm_out_add_prose(o, w.row, cmark_node_get_start_line(n),
						  cmark_node_get_end_line(n), &w.text);
				w.block = NULL;
			}
			continue;
		}
		cmark_node_type t = cmark_node_get_type(n);
		const char *lit = t == CMARK_NODE_TEXT ? cmark_node_get_literal(n) : NULL;
		if (lit && !autolinked && gfm_inline_may_autolink(lit)) {
			whole = false;
			break;
		}
		if (t == CMARK_NODE_HEADING) {
			struct buf text = BUF_INIT;
			collect_text(n, true, &text);
			gfm_out_add_heading(o, cmark_node_get_heading_level(n), &text);
			collect_text(n, false, &text);
			gfm_out_add_prose(o, false, cmark_node_get_start_line(n),
					  cmark_node_get_end_line(n), &text);
			buf_release(&text);
		} else if (t == CMARK_NODE_LINK || t == CMARK_NODE_IMAGE) {
			check_link(n, &unsafe);
		}
		walk_prose(&w, n, t, lit);
	}
	cmark_iter_free(it);
	buf_release(&w.text);
	if (whole) {
		drop_unsafe(&unsafe, path, body_line, diag);
	} else {
		free(unsafe.n);
		gfm_out_truncate(o, nh, np);
	}
	return whole;
}

void gfm_render_cmark(const char *md, size_t len, const char *path, int body_line,
		      struct gfm_out *o, struct diag *diag)
{
	struct arena scratch = ARENA_INIT;
	cmark_node *doc = parse_with(&scratch, md, len, false);
	if (!inspect_tree(doc, path, body_line, o, diag, false)) {
		doc = parse_with(&scratch, md, len, true);
		inspect_tree(doc, path, body_line, o, diag, true);
	}
	if (!gfm_html_render(doc, &o->html))
		gfm_html_render_cmark(doc, &scratch_mem, &o->html);
	/* the tree goes with the arena, no cmark_node_free */
	arena_free(&scratch);
	scratch_use(NULL);
}

void gfm_render(const char *md, size_t len, const char *path, int body_line,
		struct gfm_out *o, struct diag *diag)
{
	buf_grow(&o->html, len + len / 4); /* about what a body's HTML takes */
	if (!gfm_quick_render(md, len, o))
		gfm_render_cmark(md, len, path, body_line, o, diag);
}
