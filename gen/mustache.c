/* mustache: the template set, the engine's public face (mustache.h): adding
 * templates (parsed by mustache_parse), loading a folder of them, checking
 * the names they use, and rendering.
 */
#include "mustache.h"

#include "buf.h"
#include "diag.h"
#include "fs.h"
#include "mustache_parse.h"
#include "text.h"
#include "value.h"
#include "xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- the set ----------------------------------------------------------- */

struct tmpl_slot {
	struct tmpl *t; /* NULL: empty slot */
	uint32_t hash;
};

struct tmpl_set {
	struct tmpl_slot *slots;
	size_t cap; /* a power of two, or 0 */
	size_t count;
	bool strict; /* an unknown template at render time is an error */
};

static uint32_t name_hash(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

struct tmpl_set *tmpl_set_new(void)
{
	struct tmpl_set *set = calloc(1, sizeof *set);
	if (!set)
		abort();
	return set;
}

void tmpl_set_free(struct tmpl_set *set)
{
	if (!set)
		return;
	for (size_t i = 0; i < set->cap; i++)
		mustache_parse_free(set->slots[i].t);
	free(set->slots);
	free(set);
}

static struct tmpl_slot *set_find(const struct tmpl_set *set, const char *name,
				  uint32_t h)
{
	if (!set->cap)
		return NULL;
	for (size_t i = h & (set->cap - 1);; i = (i + 1) & (set->cap - 1)) {
		struct tmpl_slot *s = &set->slots[i];
		if (!s->t || (s->hash == h && strcmp(s->t->name, name) == 0))
			return s;
	}
}

static void set_grow(struct tmpl_set *set)
{
	size_t ncap = set->cap ? set->cap * 2 : 64;
	struct tmpl_slot *old = set->slots;
	size_t ocap = set->cap;
	set->slots = calloc(ncap, sizeof *set->slots);
	if (!set->slots)
		abort();
	set->cap = ncap;
	for (size_t i = 0; i < ocap; i++)
		if (old[i].t)
			*set_find(set, old[i].t->name, old[i].hash) = old[i];
	free(old);
}

int tmpl_set_add(struct tmpl_set *set, const char *name, const char *path,
		 const char *src, size_t len, struct diag *diag)
{
	struct tmpl *t = mustache_parse_template(name, path, src, len,
						 MUSTACHE_MAX_NESTING, diag);
	if (!t)
		return -1;
	if ((set->count + 1) * 2 > set->cap)
		set_grow(set);
	uint32_t h = name_hash(name);
	struct tmpl_slot *s = set_find(set, name, h);
	if (s->t)
		mustache_parse_free(s->t);
	else
		set->count++;
	s->t = t;
	s->hash = h;
	return 0;
}

const struct tmpl *tmpl_set_get(const struct tmpl_set *set, const char *name)
{
	struct tmpl_slot *s = set_find(set, name, name_hash(name));
	return s ? s->t : NULL;
}

void tmpl_set_strict(struct tmpl_set *set, bool strict)
{
	set->strict = strict;
}

/* ---- checking the references ------------------------------------------- */

/* The folder of `t`'s file as messages show it ("templates/"): its path
 * without the name and ".mustache"; "" when the path is not built so. */
static size_t display_prefix(const struct tmpl *t)
{
	size_t pl = strlen(t->path), nl = strlen(t->name) + strlen(".mustache");
	if (pl >= nl && !strncmp(t->path + pl - nl, t->name, strlen(t->name)))
		return pl - nl;
	return 0;
}

struct ref_check {
	const struct tmpl_set *set;
	const char **names; /* every template's name, for "did you mean" */
	size_t nnames;
	struct diag *diag;
	int unknown;
	/* tmpl_set_check_names: the words allowed after `prefix` */
	const char *prefix;
	const char *const *words;
	size_t nwords;
	const char *what;
};

static int compare_words(const void *key, const void *item)
{
	return strcmp(key, *(const char *const *)item);
}

/* A name "<prefix>.<word>..." whose word is not allowed. */
static void check_name(struct ref_check *rc, const struct tmpl *t,
		       const struct node *nd)
{
	const struct name_path *np = &nd->path;
	if (np->n < 2 || strcmp(np->seg[0].s, rc->prefix))
		return;
	const char *word = np->seg[1].s;
	if (bsearch(word, rc->words, rc->nwords, sizeof *rc->words, compare_words))
		return;
	int line, col;
	mustache_parse_position(t->src, nd->offset, &line, &col);
	const char *near = text_did_you_mean(word, rc->words, rc->nwords);
	struct buf hint = BUF_INIT;
	if (near)
		buf_addf(&hint, "; did you mean \"%s.%s\"?", rc->prefix, near);
	diag_error(rc->diag, t->path, line, col, "\"%s.%s\" names no %s%s",
		   rc->prefix, word, rc->what, hint.len ? hint.ptr : "");
	buf_release(&hint);
	rc->unknown++;
}

static void check_nodes(struct ref_check *rc, const struct tmpl *t,
			const struct node *nodes, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct node *nd = &nodes[i];
		if (rc->prefix) {
			if (nd->kind == NODE_VAR || nd->kind == NODE_RAW ||
			    nd->kind == NODE_SECTION || nd->kind == NODE_INVERTED)
				check_name(rc, t, nd);
		} else if ((nd->kind == NODE_PARTIAL || nd->kind == NODE_PARENT) &&
		    !nd->dynamic && !tmpl_set_get(rc->set, nd->text)) {
			int line, col;
			mustache_parse_position(t->src, nd->offset, &line, &col);
			const char *near = text_did_you_mean(nd->text, rc->names,
							     rc->nnames);
			struct buf hint = BUF_INIT;
			if (near)
				buf_addf(&hint, "; did you mean \"%s\"?", near);
			diag_error(rc->diag, t->path, line, col,
				   "unknown %s \"%s\" (there is no %.*s%s.mustache)%s",
				   nd->kind == NODE_PARTIAL ? "partial" : "parent",
				   nd->text, (int)display_prefix(t), t->path,
				   nd->text, hint.len ? hint.ptr : "");
			buf_release(&hint);
			rc->unknown++;
		}
		check_nodes(rc, t, nd->kids, nd->nkids);
	}
}

static int compare_tmpl_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Walk every template of the set in name order with `rc`. */
static int check_all(struct ref_check *rc)
{
	const struct tmpl_set *set = rc->set;
	rc->names = malloc((set->count ? set->count : 1) * sizeof *rc->names);
	if (!rc->names)
		abort();
	for (size_t i = 0; i < set->cap; i++)
		if (set->slots[i].t)
			rc->names[rc->nnames++] = set->slots[i].t->name;
	qsort(rc->names, rc->nnames, sizeof *rc->names, compare_tmpl_names);
	for (size_t i = 0; i < rc->nnames; i++) {
		const struct tmpl *t = tmpl_set_get(set, rc->names[i]);
		check_nodes(rc, t, t->nodes, t->nnodes);
	}
	free(rc->names);
	return rc->unknown;
}

int tmpl_set_check_refs(const struct tmpl_set *set, struct diag *diag)
{
	struct ref_check rc = { .set = set, .diag = diag };
	return check_all(&rc);
}

int tmpl_set_check_names(const struct tmpl_set *set, const char *prefix,
			 const char *const *words, size_t n, const char *what,
			 struct diag *diag)
{
	struct ref_check rc = { .set = set, .diag = diag, .prefix = prefix,
				.words = words, .nwords = n, .what = what };
	return check_all(&rc);
}

/* ---- loading a folder -------------------------------------------------- */

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n > m && strcmp(s + n - m, suffix) == 0;
}

/* Load the *.mustache files of `dir` + `rel` (rel is "" or ends in '/'). */
static int load_tree(struct tmpl_set *set, const char *dir, const char *rel,
		     const char *display_dir, struct diag *diag)
{
	struct buf full = BUF_INIT, shown = BUF_INIT, file = BUF_INIT;
	int rc = 0;
	buf_addf(&full, "%s/%s", dir, rel);
	DIR *d = opendir(full.ptr);
	if (!d) {
		buf_addf(&shown, "%s/%s", display_dir, rel);
		if (shown.len > 1 && shown.ptr[shown.len - 1] == '/')
			buf_truncate(&shown, shown.len - 1);
		diag_error(diag, shown.ptr, 0, 0, "cannot open folder: %s",
			   strerror(errno));
		buf_release(&full);
		buf_release(&shown);
		return -1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.') /* ., .., hidden and editor files */
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			names = realloc(names, cap * sizeof *names);
			if (!names)
				abort();
		}
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, compare_names);

	for (size_t i = 0; i < n; i++) {
		struct stat st;
		buf_reset(&full);
		buf_addf(&full, "%s/%s%s", dir, rel, names[i]);
		buf_reset(&shown);
		buf_addf(&shown, "%s/%s%s", display_dir, rel, names[i]);
		/* lstat: a symbolic link to a folder is not followed (it could
		 * loop); one to a file is read like the file */
		bool is_dir = lstat(full.ptr, &st) == 0 && S_ISDIR(st.st_mode);
		if (is_dir) {
			struct buf sub = BUF_INIT;
			buf_addf(&sub, "%s%s/", rel, names[i]);
			if (load_tree(set, dir, sub.ptr, display_dir, diag) < 0)
				rc = -1;
			buf_release(&sub);
			continue;
		}
		if (!has_suffix(names[i], ".mustache"))
			continue;
		buf_reset(&file);
		if (fs_read_file(full.ptr, &file) < 0) {
			diag_error(diag, shown.ptr, 0, 0, "cannot read: %s",
				   fs_strerror(errno));
			rc = -1;
			continue;
		}
		struct buf name = BUF_INIT;
		buf_addf(&name, "%s%.*s", rel,
			 (int)(strlen(names[i]) - strlen(".mustache")),
			 names[i]);
		if (tmpl_set_add(set, name.ptr, shown.ptr, file.ptr, file.len,
				 diag) < 0)
			rc = -1;
		buf_release(&name);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	buf_release(&full);
	buf_release(&shown);
	buf_release(&file);
	return rc;
}

/* `s` without trailing slashes (a lone "/" stays). */
static void add_trimmed_dir(struct buf *b, const char *s)
{
	size_t n = strlen(s);
	while (n > 1 && s[n - 1] == '/')
		n--;
	buf_add(b, s, n);
}

int tmpl_set_load_dir(struct tmpl_set *set, const char *dir,
		      const char *display_dir, struct diag *diag)
{
	struct buf d = BUF_INIT, shown = BUF_INIT;
	add_trimmed_dir(&d, dir);
	add_trimmed_dir(&shown, display_dir ? display_dir : dir);
	int rc = load_tree(set, d.ptr, "", shown.ptr, diag);
	buf_release(&d);
	buf_release(&shown);
	return rc;
}

/* ---- rendering --------------------------------------------------------- */

/* The arguments of one parent tag being rendered; `up` is the caller's. */
struct frame {
	const struct node *args;
	size_t nargs;
	const struct tmpl *owner; /* the template the arguments are written in */
	const struct frame *up;
};

#define INLINE_STACK 64

struct render {
	const struct tmpl_set *set;
	struct diag *diag;
	struct buf *out;
	const struct value **stack; /* the context stack, bottom first */
	size_t depth, cap;
	const struct value *inline_stack[INLINE_STACK];
	struct buf indent; /* the current indentation is indent[base, len) */
	size_t indent_base;
	int nesting; /* partials, parents and overrides being expanded */
	const struct frame *frame;
	struct buf scratch; /* dynamic names that are not strings */
};

void mustache_escape_html(struct buf *out, const char *s, size_t len)
{
	text_escape_html(out, s, len);
}

/* Append `n` bytes to the output. Inline, because a page is thousands of
 * short appends (a line of text, a name): buf_add's call and room check
 * cost more than most of the copies. */
static inline void out_add(struct buf *out, const char *s, size_t n)
{
	if (n == 0)
		return;
	if (out->len + n >= out->cap)
		buf_grow(out, n);
	memcpy(out->ptr + out->len, s, n);
	out->len += n;
	out->ptr[out->len] = '\0';
}

/* What a byte becomes in HTML text and quoted attribute values, or NULL
 * when it stays as it is. */
static const char *html_entity(char c)
{
	switch (c) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '"': return "&quot;";
	case '\'': return "&#39;";
	default: return NULL;
	}
}

/* mustache_escape_html for a string value: the same bytes out, found
 * faster. A value's string has a NUL at ptr[len] (see value.h), so
 * strcspn, vectorised by the C library, can skip to the next byte to
 * escape; a NUL it stops at before `len` is an ordinary byte. */
static void out_escaped(struct buf *out, const struct value *str)
{
	const char *s = str->u.str.ptr, *end = s + str->u.str.len;
	while (s < end) {
		size_t run = strcspn(s, "&<>\"'");
		out_add(out, s, run);
		s += run;
		if (s == end)
			break;
		const char *entity = html_entity(*s);
		if (entity)
			out_add(out, entity, strlen(entity));
		else
			out_add(out, s, 1);
		s++;
	}
}

/* Append a value's text form: strings here, the rest by value.c. */
static void out_text(struct buf *out, const struct value *v)
{
	if (v && v->type == VALUE_STRING)
		out_add(out, v->u.str.ptr, v->u.str.len);
	else
		value_append_text(v, out);
}

static void ctx_push(struct render *r, const struct value *v)
{
	if (r->depth == r->cap) {
		size_t ncap = r->cap * 2;
		const struct value **ns;
		if (r->stack == r->inline_stack) {
			ns = malloc(ncap * sizeof *ns);
			if (ns)
				memcpy(ns, r->stack, r->depth * sizeof *ns);
		} else {
			ns = realloc(r->stack, ncap * sizeof *ns);
		}
		if (!ns)
			abort();
		r->stack = ns;
		r->cap = ncap;
	}
	r->stack[r->depth++] = v;
}

/* Resolve a dotted name: the first segment walks the context stack from
 * the top, the others descend from what it found. NULL when missing. */
static const struct value *ctx_lookup(const struct render *r,
				      const struct name_path *np)
{
	if (np->n == 0)
		return r->stack[r->depth - 1];
	const struct value *v = NULL;
	for (size_t i = r->depth; i-- > 0;) {
		v = value_map_get_key(r->stack[i], &np->seg[0]);
		if (v)
			break;
	}
	for (size_t k = 1; v && k < np->n; k++)
		v = value_map_get_key(v, &np->seg[k]);
	return v;
}

static int render_nodes(struct render *r, const struct tmpl *t,
			const struct node *nodes, size_t n);

static void render_error(struct render *r, const struct tmpl *t,
			 const struct node *nd, const char *what)
{
	int line, col;
	mustache_parse_position(t->src, nd->offset, &line, &col);
	diag_error(r->diag, t->path, line, col,
		   "%s \"%s\" nested more than %d deep (does it include itself?)",
		   what, nd->text, MUSTACHE_MAX_DEPTH);
}

/* The template a partial or parent tag names, or NULL. */
static const struct tmpl *find_template(struct render *r, const struct node *nd)
{
	if (!nd->dynamic)
		return tmpl_set_get(r->set, nd->text);
	const struct value *v = ctx_lookup(r, &nd->path);
	if (!v)
		return NULL;
	if (v->type == VALUE_STRING)
		return tmpl_set_get(r->set, v->u.str.ptr);
	buf_reset(&r->scratch);
	value_append_text(v, &r->scratch);
	return r->scratch.len ? tmpl_set_get(r->set, r->scratch.ptr) : NULL;
}

/* Render a partial or parent tag: the other template, indented when the
 * tag stood alone on its line (else with no indentation at all). */
/* A partial or parent naming no template: nothing (the spec), or in a
 * strict set an error at the tag. */
static int render_unknown(struct render *r, const struct tmpl *t,
			  const struct node *nd)
{
	if (!r->set->strict)
		return 0;
	int line, col;
	mustache_parse_position(t->src, nd->offset, &line, &col);
	const char *what = nd->kind == NODE_PARTIAL ? "partial" : "parent";
	if (!nd->dynamic) {
		diag_error(r->diag, t->path, line, col, "unknown %s \"%s\"", what,
			   nd->text);
		return -1;
	}
	const struct value *v = ctx_lookup(r, &nd->path);
	buf_reset(&r->scratch);
	if (v)
		value_append_text(v, &r->scratch);
	if (r->scratch.len)
		diag_error(r->diag, t->path, line, col,
			   "unknown %s \"%s\" (the value of \"*%s\")", what,
			   r->scratch.ptr, nd->text);
	else
		diag_error(r->diag, t->path, line, col,
			   "dynamic %s \"*%s\" names no template (the value is %s)",
			   what, nd->text, v ? "empty" : "missing");
	return -1;
}

static int render_include(struct render *r, const struct tmpl *t,
			  const struct node *nd)
{
	const struct tmpl *inc = find_template(r, nd);
	if (!inc)
		return render_unknown(r, t, nd);
	if (r->nesting >= MUSTACHE_MAX_DEPTH) {
		render_error(r, t, nd,
			     nd->kind == NODE_PARTIAL ? "partial" : "parent");
		return -1;
	}
	size_t old_len = r->indent.len, old_base = r->indent_base;
	if (nd->indent_len)
		buf_add(&r->indent, nd->indent, nd->indent_len);
	else
		r->indent_base = r->indent.len;
	struct frame fr = { nd->kids, nd->nkids, t, r->frame };
	const struct frame *old_frame = r->frame;
	if (nd->kind == NODE_PARENT)
		r->frame = &fr;
	r->nesting++;
	int rc = render_nodes(r, inc, inc->nodes, inc->nnodes);
	r->nesting--;
	r->frame = old_frame;
	r->indent_base = old_base;
	buf_truncate(&r->indent, old_len);
	return rc;
}

/* A block where it expands: the outermost argument of that name wins. */
static int render_block(struct render *r, const struct tmpl *t,
			const struct node *nd)
{
	const struct node *use = nd;
	const struct tmpl *owner = t;
	for (const struct frame *f = r->frame; f; f = f->up)
		for (size_t i = 0; i < f->nargs; i++)
			if (strcmp(f->args[i].text, nd->text) == 0) {
				use = &f->args[i];
				owner = f->owner;
			}
	if (use != nd && r->nesting >= MUSTACHE_MAX_DEPTH) {
		render_error(r, t, nd, "block");
		return -1;
	}
	size_t old_len = r->indent.len;
	buf_add(&r->indent, nd->indent, nd->indent_len);
	r->nesting += use != nd;
	int rc = render_nodes(r, owner, use->kids, use->nkids);
	r->nesting -= use != nd;
	buf_truncate(&r->indent, old_len);
	return rc;
}

static int render_section(struct render *r, const struct tmpl *t,
			  const struct node *nd)
{
	const struct value *v = ctx_lookup(r, &nd->path);
	int rc = 0;
	if (!value_is_truthy(v))
		return 0;
	if (v->type == VALUE_LIST) {
		for (size_t i = 0; i < v->u.list.len && rc == 0; i++) {
			ctx_push(r, v->u.list.items[i]);
			rc = render_nodes(r, t, nd->kids, nd->nkids);
			r->depth--;
		}
		return rc;
	}
	ctx_push(r, v);
	rc = render_nodes(r, t, nd->kids, nd->nkids);
	r->depth--;
	return rc;
}

static int render_nodes(struct render *r, const struct tmpl *t,
			const struct node *nodes, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct node *nd = &nodes[i];
		const struct value *v;
		switch (nd->kind) {
		case NODE_TEXT:
			if (r->indent.len == r->indent_base) {
				out_add(r->out, nd->text, nd->run_len);
				i += nd->run_nodes - 1;
				break;
			}
			if (nd->lead)
				out_add(r->out, r->indent.ptr + r->indent_base,
					r->indent.len - r->indent_base);
			out_add(r->out, nd->text, nd->len);
			break;
		case NODE_VAR:
			v = ctx_lookup(r, &nd->path);
			if (v && v->type == VALUE_STRING)
				out_escaped(r->out, v);
			else
				value_append_text(v, r->out); /* no specials */
			break;
		case NODE_RAW:
			out_text(r->out, ctx_lookup(r, &nd->path));
			break;
		case NODE_SECTION:
			if (render_section(r, t, nd) < 0)
				return -1;
			break;
		case NODE_INVERTED:
			if (!value_is_truthy(ctx_lookup(r, &nd->path)) &&
			    render_nodes(r, t, nd->kids, nd->nkids) < 0)
				return -1;
			break;
		case NODE_PARTIAL:
		case NODE_PARENT:
			if (render_include(r, t, nd) < 0)
				return -1;
			break;
		case NODE_BLOCK:
			if (render_block(r, t, nd) < 0)
				return -1;
			break;
		}
	}
	return 0;
}

int tmpl_render(const struct tmpl_set *set, const struct tmpl *t,
		const struct value *ctx, struct buf *out, struct diag *diag)
{
	struct render r;
	r.set = set;
	r.diag = diag;
	r.out = out;
	r.stack = r.inline_stack;
	r.depth = 0;
	r.cap = INLINE_STACK;
	buf_init(&r.indent);
	r.indent_base = 0;
	r.nesting = 0;
	r.frame = NULL;
	buf_init(&r.scratch);
	ctx_push(&r, ctx ? ctx : value_null());
	int rc = render_nodes(&r, t, t->nodes, t->nnodes);
	if (r.stack != r.inline_stack)
		free(r.stack);
	buf_release(&r.indent);
	buf_release(&r.scratch);
	return rc;
}
