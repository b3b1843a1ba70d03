/* mustache_render: a template's tree rendered against a context stack (see
 * mustache_render.h).
 */
#include "template/mustache_render.h"

#include "base/buf.h"
#include "base/diag.h"
#include "template/mustache_memo.h"
#include "template/mustache_parse.h"
#include "template/value.h"
#include "base/xalloc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The arguments of one parent tag being rendered; `up` is the caller's. */
struct frame {
	const struct node *args;
	size_t nargs;
	const struct tmpl *owner; /* the template the arguments are written in */
	const struct frame *up;
};

#define INLINE_STACK 64

struct render {
	const struct mustache_render_env *env;
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
	struct tmpl_memo *memo; /* the caller's, or NULL */
	/* the section being recorded for the memo (NULL: none), whose own
	 * values are stack[rec_base, depth) */
	struct memo_rec *rec;
	size_t rec_base;
	struct mustache_watch *watch; /* the caller's, or NULL */
};

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
	/* not ALLOC_GROW: the stack starts in inline_stack, which is not
	 * the heap's, and moves to the heap only when that is full */
	if (r->depth == r->cap) {
		size_t ncap = r->cap * 2;
		const struct value **ns;
		if (r->stack == r->inline_stack) {
			ns = xreallocarray(NULL, ncap, sizeof *ns);
			memcpy(ns, r->stack, r->depth * sizeof *ns);
		} else {
			ns = xreallocarray(r->stack, ncap, sizeof *ns);
		}
		r->stack = ns;
		r->cap = ncap;
	}
	r->stack[r->depth++] = v;
}

/* Resolve a dotted name: the first segment walks the context stack from
 * the top, the others descend from what it found. NULL when missing. */
/* Whether the first key of `np` is found in a value the section being
 * recorded pushed (not outside it). */
static bool found_in_recorded(const struct render *r, const struct name_path *np)
{
	for (size_t i = r->depth; i-- > r->rec_base;)
		if (value_map_get_key(r->stack[i], &np->seg[0]))
			return true;
	return false;
}

static const struct value *ctx_lookup(const struct render *r,
				      const struct name_path *np)
{
	if (np->n == 0)
		return r->stack[r->depth - 1];
	const struct value *v = value_lookup_path(r->stack, r->depth, np->seg, np->n);
	if (r->rec && !found_in_recorded(r, np))
		memo_rec_dep(r->rec, np, v);
	if (r->watch && v == r->watch->v)
		r->watch->seen++;
	return v;
}

/* ctx_lookup for memo_look. */
static const struct value *memo_lookup(void *ctx, const struct name_path *np)
{
	return ctx_lookup(ctx, np);
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
		   what, nd->text, r->env->max_depth);
}

static const struct tmpl *find_by_name(const struct render *r,
					const char *name)
{
	return r->env->get(r->env->set, name);
}

/* The template a partial or parent tag names, or NULL. */
static const struct tmpl *find_template(struct render *r, const struct node *nd)
{
	if (!nd->dynamic)
		return find_by_name(r, nd->text);
	const struct value *v = ctx_lookup(r, &nd->path);
	if (!v)
		return NULL;
	if (v->type == VALUE_STRING)
		return find_by_name(r, v->u.str.ptr);
	buf_reset(&r->scratch);
	value_append_text(v, &r->scratch);
	return r->scratch.len ? find_by_name(r, r->scratch.ptr) : NULL;
}

/* A partial or parent naming no template: nothing (the spec), or in a
 * strict set an error at the tag. */
static int render_unknown(struct render *r, const struct tmpl *t,
			  const struct node *nd)
{
	if (!r->env->strict)
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

/* A variable or section naming nothing on the context stack: "" or
 * false (the spec), or in a strict env an error at the tag: a misspelt
 * name, or one the page does not have (a value or flag that may be
 * missing is there, as null or false). */
static int render_missing(struct render *r, const struct tmpl *t, const struct node *nd)
{
	if (!r->env->strict)
		return 0;
	int line, col;
	mustache_parse_position(t->src, nd->offset, &line, &col);
	buf_reset(&r->scratch);
	for (size_t i = 0; i < nd->path.n; i++) {
		if (i)
			buf_addc(&r->scratch, '.');
		buf_add(&r->scratch, nd->path.seg[i].s, nd->path.seg[i].len);
	}
	diag_error(r->diag, t->path, line, col, "unknown name \"%s\": the page has no such value",
		   r->scratch.ptr);
	return -1;
}

/* Render a partial or parent tag: the other template, indented when the
 * tag stood alone on its line (else with no indentation at all). */
static int render_include(struct render *r, const struct tmpl *t,
			  const struct node *nd)
{
	const struct tmpl *inc = find_template(r, nd);
	if (!inc)
		return render_unknown(r, t, nd);
	if (r->nesting >= r->env->max_depth) {
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
	if (use != nd && r->nesting >= r->env->max_depth) {
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

/* A section's content over its value `v` (truthy). */
static int render_section_over(struct render *r, const struct tmpl *t,
			       const struct node *nd, const struct value *v)
{
	int rc = 0;
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

/* A self-contained section over `v`, sealed as `key`, outside any
 * recording and indentation: as the memo kept it, or rendered (and kept
 * when the memo says so). */
static int render_section_memo(struct render *r, const struct tmpl *t,
			       const struct node *nd, const struct value *v,
			       const struct digest_value *key)
{
	const char *kept;
	size_t len;
	switch (memo_look(r->memo, nd, key, memo_lookup, r, &kept, &len)) {
	case MEMO_HIT:
		out_add(r->out, kept, len);
		return 0;
	case MEMO_RENDER:
		return render_section_over(r, t, nd, v);
	case MEMO_RECORD:
		break;
	}
	struct memo_rec rec = MEMO_REC_INIT;
	size_t from = r->out->len;
	r->rec = &rec;
	r->rec_base = r->depth;
	int rc = render_section_over(r, t, nd, v);
	r->rec = NULL;
	if (rc == 0)
		memo_rec_keep(r->memo, nd, key, &rec, r->out->ptr + from, r->out->len - from);
	else
		memo_rec_drop(&rec);
	return rc;
}

static int render_section(struct render *r, const struct tmpl *t,
			  const struct node *nd)
{
	const struct value *v = ctx_lookup(r, &nd->path);
	if (!v)
		return render_missing(r, t, nd);
	if (!value_is_truthy(v))
		return 0;
	const struct digest_value *key;
	if (r->memo && !r->rec && nd->self_contained && r->indent.len == r->indent_base &&
	    (key = memo_key_of(v)))
		return render_section_memo(r, t, nd, v, key);
	return render_section_over(r, t, nd, v);
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
			if (!v && render_missing(r, t, nd) < 0)
				return -1;
			if (v && v->type == VALUE_STRING)
				value_append_html(v, r->out);
			else
				value_append_text(v, r->out); /* no specials */
			break;
		case NODE_RAW:
			v = ctx_lookup(r, &nd->path);
			if (!v && render_missing(r, t, nd) < 0)
				return -1;
			if (r->watch && v == r->watch->v) {
				r->watch->written++;
				r->watch->at = r->out->len;
			}
			out_text(r->out, v);
			if (r->watch && v == r->watch->v)
				r->watch->len = r->out->len - r->watch->at;
			break;
		case NODE_SECTION:
			if (render_section(r, t, nd) < 0)
				return -1;
			break;
		case NODE_INVERTED:
			v = ctx_lookup(r, &nd->path);
			if (!v && render_missing(r, t, nd) < 0)
				return -1;
			if (!value_is_truthy(v) && render_nodes(r, t, nd->kids, nd->nkids) < 0)
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

int mustache_render_template(const struct mustache_render_env *env,
			     const struct tmpl *t, const struct value *ctx,
			     struct buf *out, struct diag *diag, struct tmpl_memo *memo,
			     struct mustache_watch *watch)
{
	struct render r;
	r.watch = watch;
	r.memo = memo;
	r.rec = NULL;
	r.rec_base = 0;
	r.env = env;
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

