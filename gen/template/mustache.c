/* mustache: the template set, the engine's public face (mustache.h): adding
 * templates (parsed by mustache_parse), loading a folder of them, checking
 * the names they use, and rendering them (by mustache_render, which finds
 * the templates a tag names through tmpl_set_get).
 */
#include "template/mustache.h"

#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/fs.h"
#include "template/mustache_memo.h"
#include "template/mustache_parse.h"
#include "template/mustache_render.h"
#include "base/strmap.h"
#include "base/text.h"
#include "base/text_suggest.h"
#include "template/value.h"
#include "base/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- the set ----------------------------------------------------------- */

struct tmpl_set {
	struct tmpl **list;   /* in the order they were first added */
	size_t count, cap;
	struct strmap by_name; /* name -> index + 1 into list */
	bool strict; /* an unknown template at render time is an error */
	struct digest digest; /* of every name and source added, in order */
	struct digest_value *sources; /* [count]: each template's name and source */
	size_t cap_sources;
};

struct tmpl_set *tmpl_set_new(void)
{
	struct tmpl_set *set = xcalloc(1, sizeof(struct tmpl_set));
	digest_init(&set->digest);
	return set;
}

void tmpl_set_free(struct tmpl_set *set)
{
	if (!set)
		return;
	for (size_t i = 0; i < set->count; i++)
		mustache_parse_free(set->list[i]);
	free(set->list);
	free(set->sources);
	strmap_free(&set->by_name);
	free(set);
}

int tmpl_set_add(struct tmpl_set *set, const char *name, const char *path,
		 const char *src, size_t len, struct diag *diag)
{
	struct tmpl *t = mustache_parse_template(name, path, src, len,
						 MUSTACHE_MAX_NESTING, diag);
	if (!t)
		return -1;
	struct digest one;
	digest_init(&one);
	digest_add_str(&one, name);
	digest_add_u64(&one, len);
	digest_add(&one, src, len);
	digest_add_value(&set->digest, digest_end(&one));
	bool created;
	size_t *at = strmap_slot(&set->by_name, name, &created);
	if (created) {
		ALLOC_GROW(set->list, set->count, set->cap);
		ALLOC_GROW(set->sources, set->count, set->cap_sources);
		set->list[set->count++] = t;
		*at = set->count;
	} else { /* a template of the same name is replaced */
		mustache_parse_free(set->list[*at - 1]);
		set->list[*at - 1] = t;
	}
	set->sources[*at - 1] = digest_end(&one);
	return 0;
}

struct digest_value tmpl_set_digest(const struct tmpl_set *set)
{
	return digest_end(&set->digest);
}

const struct tmpl *tmpl_set_get(const struct tmpl_set *set, const char *name)
{
	const size_t *at = strmap_get(&set->by_name, name);
	return at ? set->list[*at - 1] : NULL;
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

/* Walk every template of the set in name order with `rc`. */
static int check_all(struct ref_check *rc)
{
	const struct tmpl_set *set = rc->set;
	rc->names = xmalloc((set->count ? set->count : 1) * sizeof *rc->names);
	for (size_t i = 0; i < set->count; i++)
		rc->names[rc->nnames++] = set->list[i]->name;
	qsort(rc->names, rc->nnames, sizeof *rc->names, text_compare_strings);
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

/* ---- what a template's pages depend on --------------------------------- */

struct closure {
	const struct tmpl_set *set;
	struct strmap seen;   /* templates visited: name -> index + 1 */
	struct strmap *names; /* first segments of the names looked up */
	bool exact;
};

static void closure_visit(struct closure *c, const char *name);

static void closure_nodes(struct closure *c, const struct node *nodes, size_t n,
			  int depth)
{
	for (size_t i = 0; i < n; i++) {
		const struct node *nd = &nodes[i];
		bool named = nd->kind == NODE_VAR || nd->kind == NODE_RAW ||
			     nd->kind == NODE_SECTION || nd->kind == NODE_INVERTED;
		bool ref = nd->kind == NODE_PARTIAL || nd->kind == NODE_PARENT;
		if (named && nd->path.n)
			strmap_slot(c->names, nd->path.seg[0].s, NULL);
		else if (named && depth == 0)
			c->exact = false; /* "." at the top: the whole context */
		if (ref && nd->dynamic)
			c->exact = false; /* which template is known only at render */
		else if (ref)
			closure_visit(c, nd->text);
		int inner = nd->kind == NODE_SECTION || nd->kind == NODE_INVERTED;
		closure_nodes(c, nd->kids, nd->nkids, depth + inner);
	}
}

static void closure_visit(struct closure *c, const char *name)
{
	const size_t *at = strmap_get(&c->set->by_name, name);
	if (!at) {
		c->exact = false;
		return;
	}
	bool created;
	strmap_slot(&c->seen, name, &created);
	if (!created)
		return;
	const struct tmpl *t = c->set->list[*at - 1];
	closure_nodes(c, t->nodes, t->nnodes, 0);
}

bool tmpl_set_depends(const struct tmpl_set *set, const char *name,
		      struct digest_value *sources, struct strmap *names)
{
	struct closure c = { set, STRMAP_INIT_BORROWED, names, true };
	closure_visit(&c, name);
	/* the sources in name order, whatever order the tags came in */
	const char **visited = xmalloc((c.seen.len + 1) * sizeof *visited);
	size_t n = 0;
	for (size_t i = 0; i < set->count; i++)
		if (strmap_get(&c.seen, set->list[i]->name))
			visited[n++] = set->list[i]->name;
	qsort(visited, n, sizeof *visited, text_compare_strings);
	struct digest d;
	digest_init(&d);
	for (size_t i = 0; i < n; i++)
		digest_add_value(&d, set->sources[*strmap_get(&set->by_name, visited[i]) - 1]);
	*sources = digest_end(&d);
	free(visited);
	strmap_free(&c.seen);
	return c.exact;
}

/* ---- loading a folder -------------------------------------------------- */

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
		ALLOC_GROW(names, n, cap);
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, text_compare_strings);

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

struct tmpl_memo *tmpl_memo_new(void)
{
	return memo_new();
}

void tmpl_memo_free(struct tmpl_memo *memo)
{
	memo_free(memo);
}

size_t tmpl_memo_hits(const struct tmpl_memo *memo)
{
	return memo_hits(memo);
}

int tmpl_render_spot(const struct tmpl_set *set, const struct tmpl *t,
		     const struct value *ctx, struct buf *out, struct diag *diag,
		     struct tmpl_memo *memo, const struct value *v, size_t *at, size_t *len)
{
	struct mustache_render_env env = { tmpl_set_get, set, set->strict,
					   MUSTACHE_MAX_DEPTH };
	struct mustache_watch w = { v, 0, 0, 0, 0 };
	int rc = mustache_render_template(&env, t, ctx, out, diag, memo, v ? &w : NULL);
	bool once = w.seen == 1 && w.written == 1;
	*at = once ? w.at : SIZE_MAX;
	*len = once ? w.len : 0;
	return rc;
}

int tmpl_render_memo(const struct tmpl_set *set, const struct tmpl *t,
		     const struct value *ctx, struct buf *out, struct diag *diag,
		     struct tmpl_memo *memo)
{
	size_t at, len;
	return tmpl_render_spot(set, t, ctx, out, diag, memo, NULL, &at, &len);
}

int tmpl_render(const struct tmpl_set *set, const struct tmpl *t,
		const struct value *ctx, struct buf *out, struct diag *diag)
{
	return tmpl_render_memo(set, t, ctx, out, diag, NULL);
}

void mustache_escape_html(struct buf *out, const char *s, size_t len)
{
	text_escape_html(out, s, len);
}
