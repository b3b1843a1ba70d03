/* frontmatter: an article's file split into front matter and body (see
 * frontmatter.h). */
#include "markdown/frontmatter.h"

#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/text.h"
#include "base/text_suggest.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_date(const char *s)
{
	static const int days[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
		return false;
	for (int i = 0; i < 10; i++)
		if (i != 4 && i != 7 && !isdigit((unsigned char)s[i]))
			return false;
	int y = atoi(s), m = atoi(s + 5), d = atoi(s + 8);
	if (m < 1 || m > 12 || d < 1 || d > days[m - 1])
		return false;
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	return !(m == 2 && d == 29 && !leap);
}

static void split_tags(struct article *a, const char *v)
{
	while (*v) {
		while (*v == ' ' || *v == ',')
			v++;
		const char *end = v;
		while (*end && *end != ',')
			end++;
		size_t n = (size_t)(end - v);
		while (n && v[n - 1] == ' ')
			n--;
		if (n) {
			ALLOC_GROW(a->tags, a->ntags, a->cap_tags);
			a->tags[a->ntags++] = xstrndup(v, n);
		}
		v = end;
	}
}

/* Check and store one "key: value" line of the front matter: a value
 * stored is taken from *owned (left NULL), else left to the caller. */
static int front_matter_field(struct article *a, const char *key,
			      char **owned, int line, int vcol,
			      struct diag *diag)
{
	const char *val = *owned; /* still the article's when stored */
	char **slot = NULL;
	if (!strcmp(key, "title"))
		slot = &a->title;
	else if (!strcmp(key, "description"))
		slot = &a->description;
	else if (!strcmp(key, "date"))
		slot = &a->date;
	else if (!strcmp(key, "slug"))
		slot = &a->slug;
	else if (!strcmp(key, "translation"))
		slot = &a->translation;
	if (slot == &a->slug)
		a->slug_line = line;
	if (slot == &a->translation)
		a->translation_line = line;
	if (slot) {
		if (*slot) {
			diag_error(diag, a->path, line, 1, "%s given twice", key);
			return -1;
		}
		*slot = *owned;
		*owned = NULL;
	}
	if (!strcmp(key, "date") && !is_date(val)) {
		diag_error(diag, a->path, line, vcol,
			   "date \"%s\" is not a date (YYYY-MM-DD)", val);
		return -1;
	}
	if ((!strcmp(key, "slug") || !strcmp(key, "translation")) &&
	    text_is_slug(val) && strlen(val) > MARKDOWN_SLUG_MAX) {
		/* a slug names a folder: keep it far below the 255 bytes a
		 * file name may have */
		diag_error(diag, a->path, line, vcol, "%s is %zu characters long; at most %d",
			   key, strlen(val), MARKDOWN_SLUG_MAX);
		return -1;
	}
	if ((!strcmp(key, "slug") || !strcmp(key, "translation")) &&
	    !text_is_slug(val)) {
		diag_error(diag, a->path, line, vcol,
			   "%s \"%s\" is not a slug (a-z, 0-9 and single hyphens)",
			   key, val);
		return -1;
	}
	if (!strcmp(key, "tags")) {
		split_tags(a, val);
		a->tags_line = line;
		if (a->ntags > MARKDOWN_TAGS_MAX) {
			diag_error(diag, a->path, line, vcol,
				   "%zu tags; at most %d (each tag's page lists the article)",
				   a->ntags, MARKDOWN_TAGS_MAX);
			return -1;
		}
		for (size_t i = 0; i < a->ntags; i++) {
			const char *tag = a->tags[i];
			size_t chars = text_utf8_length(tag, strlen(tag));
			/* shown by its first 20 characters, cut between characters */
			int shown = (int)text_utf8_prefix(tag, strlen(tag), 20);
			if (chars > MARKDOWN_SLUG_MAX) {
				diag_error(diag, a->path, line, vcol,
					   "tag \"%.*s…\" is %zu characters long; at most %d",
					   shown, tag, chars, MARKDOWN_SLUG_MAX);
				return -1;
			}
			if (strlen(tag) > MARKDOWN_NAME_BYTES) { /* its folder's name */
				diag_error(diag, a->path, line, vcol,
					   "tag \"%.*s…\" is %zu characters, %zu bytes in UTF-8; "
					   "a folder name holds at most %d bytes",
					   shown, tag, chars, strlen(tag), MARKDOWN_NAME_BYTES);
				return -1;
			}
			const char *why = text_tag_problem(a->tags[i]);
			if (!why)
				continue;
			diag_error(diag, a->path, line, vcol, "tag \"%s\" %s",
				   a->tags[i], why);
			return -1;
		}
	} else if (!strcmp(key, "draft")) {
		if (strcmp(val, "true") && strcmp(val, "false")) {
			diag_error(diag, a->path, line, vcol,
				   "draft \"%s\" must be true or false", val);
			return -1;
		}
		a->draft = !strcmp(val, "true");
	} else if (!slot) {
		/* an error: a misspelt key (tagz) would silently lose its value */
		static const char *const known[] = { "title", "description", "date", "slug",
						     "translation", "tags", "draft" };
		const char *near = text_did_you_mean(key, known, sizeof known / sizeof *known);
		if (near)
			diag_error(diag, a->path, line, 1,
				   "unknown front matter key \"%s\"; did you mean \"%s\"?",
				   key, near);
		else
			diag_error(diag, a->path, line, 1,
				   "unknown front matter key \"%s\" (known: title, description, "
				   "date, slug, translation, tags, draft)", key);
		return -1;
	}
	return 0;
}

/* A value as YAML reads one written in quotes (a title that holds a colon
 * is written so): "…", with \" and \\ inside, or '…', with '' inside, its
 * text without them; any other value as it is. The quote closes at the
 * line's end. Malloc'd, or NULL after reporting what is wrong at its column
 * (`col`: the value's first; columns count characters, as the body's do). */
static char *front_matter_value(struct article *a, const char *v, size_t n, int line,
				int col, struct diag *diag)
{
	char q = v[0];
	if (q != '"' && q != '\'')
		return xstrndup(v, n);
	char *out = xmalloc(n), *o = out;
	size_t i = 1;
	for (; i < n; i++) {
		if (v[i] == q && q == '\'' && i + 1 < n && v[i + 1] == '\'') {
			*o++ = q; /* '' */
			i++;
		} else if (v[i] == q) {
			break;
		} else if (v[i] == '\\' && q == '"') {
			if (i + 1 < n && (v[i + 1] == '"' || v[i + 1] == '\\')) {
				*o++ = v[++i];
				continue;
			}
			diag_error(diag, a->path, line, col + (int)text_utf8_length(v, i),
				   "\"\\%.*s\" is no escape a quoted value may hold "
				   "(\\\" for a quote, \\\\ for a backslash)",
				   (int)text_utf8_sequence((const unsigned char *)v + i + 1,
							   n - i - 1),
				   v + i + 1);
			free(out);
			return NULL;
		} else {
			*o++ = v[i];
		}
	}
	if (i != n - 1) {
		if (i >= n)
			diag_error(diag, a->path, line, col + (int)text_utf8_length(v, n),
				   "the value's %s quote is not closed at the line's end",
				   q == '"' ? "double" : "single");
		else
			diag_error(diag, a->path, line, col + (int)text_utf8_length(v, i + 1),
				   "text after the quoted value (quote it whole, with %s inside)",
				   q == '"' ? "\\\" for a quote" : "'' for a quote");
		free(out);
		return NULL;
	}
	*o = '\0';
	return out;
}

/* Parse one front matter line; returns 0 or -1. */
static int front_matter_line(struct article *a, const char *s, size_t n,
			     int line, struct diag *diag)
{
	size_t k = 0;
	while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '_'))
		k++;
	if (k == 0 || k >= n || s[k] != ':' ||
	    (k + 1 < n && s[k + 1] != ' ')) {
		diag_error(diag, a->path, line, 1,
			   "front matter line is not \"key: value\"");
		return -1;
	}
	size_t v = k + 1;
	while (v < n && s[v] == ' ')
		v++;
	size_t end = n;
	while (end > v && (s[end - 1] == ' ' || s[end - 1] == '\r'))
		end--;
	/* the key on the stack (a known one is short), the value malloc'd
	 * and kept by the article when it is stored */
	char short_key[32];
	char *key = k < sizeof short_key ? short_key : xmalloc(k + 1);
	memcpy(key, s, k);
	key[k] = '\0';
	char *val = NULL;
	int rc = 0;
	if (end == v) {
		diag_error(diag, a->path, line, (int)k + 2,
			   "%s has no value", key);
		rc = -1;
	} else if (!(val = front_matter_value(a, s + v, end - v, line, (int)v + 1, diag))) {
		rc = -1;
	} else if (!*val) {
		diag_error(diag, a->path, line, (int)v + 1, "%s has no value", key);
		rc = -1;
	} else {
		rc = front_matter_field(a, key, &val, line, (int)v + 1, diag);
	}
	if (key != short_key)
		free(key);
	free(val);
	return rc;
}

static bool is_fence_line(const char *s, size_t n)
{
	while (n && (s[n - 1] == '\r' || s[n - 1] == ' '))
		n--;
	return n == 3 && !memcmp(s, "---", 3);
}

void markdown_count_words(struct article *a)
{
	a->words = text_count_words(a->body, strlen(a->body));
}

/* A position in a file, counted forward: the line and column (in
 * characters, both from 1) of src[at]. */
struct position {
	size_t at;
	int line, col;
};

static void position_advance(struct position *p, const char *src, size_t to)
{
	for (; p->at < to; p->at++) {
		if (src[p->at] == '\n') {
			p->line++;
			p->col = 1;
		} else if (((unsigned char)src[p->at] & 0xC0) != 0x80) {
			p->col++;
		}
	}
}

/* Report where the file is not valid UTF-8 (the first place) or holds
 * characters no page may carry (each); returns 0 when neither, else -1. */
static int check_publishable(const char *path, const char *src, size_t len,
			     struct diag *diag)
{
	size_t bad = text_utf8_check(src, len);
	struct position where = { 0, 1, 1 };
	if (bad < len) {
		position_advance(&where, src, bad);
		diag_error(diag, path, where.line, where.col, "invalid UTF-8 (or NUL byte)");
		return -1;
	}
	/* a control character or noncharacter anywhere (front matter or body)
	 * would reach a page, a feed or the search index raw */
	int refused = 0;
	unsigned cp;
	for (const char *at = src, *end = src + len;
	     (at = text_find_unpublishable(at, (size_t)(end - at), &cp)); refused++) {
		position_advance(&where, src, (size_t)(at - src));
		diag_error(diag, path, where.line, where.col,
			   "the %s U+%04X cannot be published; remove it",
			   text_unpublishable_kind(cp), cp);
		size_t n = text_utf8_sequence((const unsigned char *)at, (size_t)(end - at));
		at += n ? n : 1;
	}
	return refused ? -1 : 0;
}

/* What an article is before its file's text: its path (as messages show
 * it), file name and language. */
static void article_set_path(struct article *a, const char *path, int lang)
{
	a->path = xstrdup(path);
	const char *slash = strrchr(path, '/');
	a->file = xstrdup(slash ? slash + 1 : path);
	a->lang = lang;
}

/* markdown_parse_article, the body copied when `keep_body`. */
static int parse_article(struct article *a, const char *path, int lang, const char *src,
			 size_t len, struct diag *diag, bool keep_body)
{
	memset(a, 0, sizeof *a);
	article_set_path(a, path, lang);
	/* one pass for the common file with nothing to report; else the two
	 * checks that say where */
	size_t words;
	if (!text_scan_publishable(src, len, &words)) {
		if (check_publishable(path, src, len, diag) != 0)
			return -1;
		words = text_count_words(src, len); /* (not reached: the scan
						     * and the checks agree) */
	}
	size_t pos = 0;
	if (len >= 3 && !memcmp(src, "\xEF\xBB\xBF", 3))
		pos = 3;
	const char *nl = memchr(src + pos, '\n', len - pos);
	size_t first_len = nl ? (size_t)(nl - src) - pos : len - pos;
	if (!is_fence_line(src + pos, first_len)) {
		diag_error(diag, path, 1, 1,
			   "missing front matter (the file must start with a \"---\" line)");
		return -1;
	}
	int errors = 0, line = 1;
	bool closed = false;
	pos += first_len + (nl ? 1 : 0);
	while (pos < len) {
		line++;
		nl = memchr(src + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - src) - pos : len - pos;
		const char *s = src + pos;
		pos += n + (nl ? 1 : 0);
		if (is_fence_line(s, n)) {
			closed = true;
			break;
		}
		if (n == 0 || (n == 1 && s[0] == '\r'))
			continue;
		if (front_matter_line(a, s, n, line, diag) != 0)
			errors++;
	}
	if (!closed) {
		diag_error(diag, path, 1, 1,
			   "front matter is not closed by a \"---\" line");
		return -1;
	}
	if (!a->title) {
		diag_error(diag, path, 1, 1, "missing title in front matter");
		errors++;
	}
	if (!a->date) {
		diag_error(diag, path, 1, 1, "missing date in front matter");
		errors++;
	}
	if (!a->slug) {
		diag_error(diag, path, 1, 1, "missing slug in front matter");
		errors++;
	}
	a->body_line = line + 1;
	a->body_at = pos;
	a->file_len = len;
	if (keep_body)
		a->body = xstrndup(src + pos, len - pos);
	/* the body's words: the file's less the front matter's, which end
	 * with its closing line's newline (no word runs across) */
	a->words = words - text_count_words(src, pos);
	return errors ? -1 : 0;
}

int markdown_parse_article(struct article *a, const char *path, int lang,
			   const char *src, size_t len, struct diag *diag)
{
	return parse_article(a, path, lang, src, len, diag, true);
}

int markdown_parse_front(struct article *a, const char *path, int lang,
			 const char *src, size_t len, struct diag *diag)
{
	return parse_article(a, path, lang, src, len, diag, false);
}

int markdown_reload_body(struct article *a, struct buf *file)
{
	if (file->len != a->file_len || a->body_at > file->len)
		return -1;
	/* moved, not copied to a block of its own: tens of kilobytes */
	size_t n = file->len - a->body_at;
	memmove(file->ptr, file->ptr + a->body_at, n);
	buf_truncate(file, n);
	free(a->body);
	a->body = buf_detach(file, NULL);
	return 0;
}

/* ---- the parse kept between builds ---- */

/* A string that may be absent: a u32 flag, then its counted bytes. */
static void add_opt(struct buf *rec, const char *s)
{
	buf_add_u32(rec, s != NULL);
	if (s)
		buf_add_counted(rec, s, strlen(s));
}

/* The string add_opt wrote, where it stands in the record (its `n`
 * bytes at the pointer returned; NULL when absent or bad). A string
 * holding a NUL byte is no record of ours. */
static const char *read_opt(struct buf_reader *r, size_t *n)
{
	*n = 0;
	if (!buf_read_u32(r))
		return NULL;
	const char *p = buf_read_counted(r, n);
	if (!p || memchr(p, '\0', *n)) {
		r->bad = true;
		return NULL;
	}
	return p;
}

/* The bytes add_opt takes for `s`. */
static size_t opt_size(const char *s)
{
	return s ? 8 + strlen(s) : 4;
}

void markdown_article_encode(const struct article *a, struct buf *rec)
{
	/* made room for at once: the strings, then a hundred bytes of numbers */
	size_t need = 128 + opt_size(a->title) + opt_size(a->description) +
		      opt_size(a->date) + opt_size(a->slug) + opt_size(a->translation);
	for (size_t i = 0; i < a->ntags; i++)
		need += opt_size(a->tags[i]);
	buf_grow(rec, need);
	add_opt(rec, a->title);
	add_opt(rec, a->description);
	add_opt(rec, a->date);
	add_opt(rec, a->slug);
	add_opt(rec, a->translation);
	buf_add_u32(rec, (uint32_t)a->ntags);
	for (size_t i = 0; i < a->ntags; i++)
		add_opt(rec, a->tags[i]);
	buf_add_u32(rec, (uint32_t)a->tags_line);
	buf_add_u32(rec, a->draft);
	buf_add_u32(rec, (uint32_t)a->slug_line);
	buf_add_u32(rec, (uint32_t)a->translation_line);
	buf_add_u32(rec, (uint32_t)a->body_line);
	buf_add_u64(rec, a->body_at);
	buf_add_u64(rec, a->file_len);
	buf_add_u64(rec, a->words);
	buf_add_u32(rec, a->has_body_key);
	digest_value_write(rec, a->has_body_key ? a->body_key : (struct digest_value){ 0, 0 });
}

/* The article's strings as the record holds them, copied into one block
 * (a->strings: the tags' array, then each string): title, description,
 * date, slug, translation, then its tags. A string absent stays NULL.
 * false when the record is bad. */
static bool decode_strings(struct article *a, struct buf_reader *r)
{
	enum { NFIXED = 5 };
	struct { const char *s; size_t n; } sp[NFIXED + MARKDOWN_TAGS_MAX];
	for (size_t k = 0; k < NFIXED; k++)
		sp[k].s = read_opt(r, &sp[k].n);
	size_t ntags = buf_read_u32(r);
	if (ntags > MARKDOWN_TAGS_MAX)
		return false;
	size_t size = ntags * sizeof(char *);
	for (size_t k = 0; k < NFIXED + ntags && !r->bad; k++) {
		if (k >= NFIXED && !(sp[k].s = read_opt(r, &sp[k].n)))
			return false; /* a tag is never absent */
		size += sp[k].s ? sp[k].n + 1 : 0;
	}
	if (r->bad)
		return false;
	a->strings = xmalloc(size ? size : 1);
	a->tags = (char **)a->strings;
	a->ntags = a->cap_tags = ntags;
	char *o = a->strings + ntags * sizeof(char *);
	char **to[NFIXED] = { &a->title, &a->description, &a->date, &a->slug, &a->translation };
	for (size_t k = 0; k < NFIXED + ntags; k++) {
		if (!sp[k].s)
			continue;
		memcpy(o, sp[k].s, sp[k].n);
		o[sp[k].n] = '\0';
		*(k < NFIXED ? to[k] : &a->tags[k - NFIXED]) = o;
		o += sp[k].n + 1;
	}
	return true;
}

void markdown_article_keep(const struct markdown_memo *memo, struct digest_value key,
			   const struct article *a, struct buf *tmp)
{
	buf_reset(tmp);
	markdown_article_encode(a, tmp);
	memo->keep(memo->ctx, key, tmp->ptr, tmp->len);
}

int markdown_article_decode(struct article *a, const char *path, int lang,
			    const char *rec, size_t len)
{
	memset(a, 0, sizeof *a);
	struct buf_reader r = { (const unsigned char *)rec, len, false };
	if (!decode_strings(a, &r))
		r.bad = true;
	a->tags_line = (int)buf_read_u32(&r);
	a->draft = buf_read_u32(&r) != 0;
	a->slug_line = (int)buf_read_u32(&r);
	a->translation_line = (int)buf_read_u32(&r);
	a->body_line = (int)buf_read_u32(&r);
	a->body_at = (size_t)buf_read_u64(&r);
	a->file_len = (size_t)buf_read_u64(&r);
	a->words = (size_t)buf_read_u64(&r);
	uint32_t has_key = buf_read_u32(&r);
	a->body_key = digest_value_read(&r);
	a->has_body_key = has_key == 1;
	if (has_key > 1)
		r.bad = true;
	/* what a parse without errors always has */
	bool whole = !r.bad && !r.left && a->title && a->date &&
		     a->slug && a->body_at <= a->file_len && a->body_line > 1;
	if (!whole) {
		markdown_article_free(a);
		memset(a, 0, sizeof *a);
		return -1;
	}
	article_set_path(a, path, lang);
	return 0;
}

int markdown_compare_newest_first(const void *a, const void *b)
{
	const struct article *x = *(const struct article *const *)a;
	const struct article *y = *(const struct article *const *)b;
	int c = strcmp(y->date ? y->date : "", x->date ? x->date : "");
	return c ? c : strcmp(x->slug ? x->slug : "", y->slug ? y->slug : "");
}

size_t markdown_newest_first(const struct article **list, size_t n, size_t k)
{
	size_t m = 0; /* list[0, m): the newest so far, in order */
	for (size_t i = 0; i < n && k; i++) {
		const struct article *a = list[i];
		if (m == k && markdown_compare_newest_first(&a, &list[m - 1]) >= 0)
			continue;
		size_t j = m < k ? m++ : m - 1; /* full: the last one goes */
		for (; j > 0 && markdown_compare_newest_first(&a, &list[j - 1]) < 0; j--)
			list[j] = list[j - 1];
		list[j] = a;
	}
	return m;
}

/* An article's sort key: its slug, or its translation key ("" for none). */
static const char *sort_key(const struct article *a, bool by_translation)
{
	return by_translation ? (a->translation ? a->translation : "") : a->slug;
}

/* What the sort compares, carried with each item (no context in globals:
 * the build may run on several threads). */
struct sort_item {
	const struct article *a;
	const char *key;
	size_t index;
};

static int compare_lang_key(const void *x, const void *y)
{
	const struct sort_item *p = x, *q = y;
	if (p->a->lang != q->a->lang)
		return p->a->lang - q->a->lang;
	int c = strcmp(p->key, q->key);
	return c ? c : strcmp(p->a->path, q->a->path);
}

size_t *markdown_sorted_articles(const struct article *articles, size_t n,
				 bool by_translation)
{
	struct sort_item *items = xmalloc((n + 1) * sizeof *items);
	for (size_t i = 0; i < n; i++)
		items[i] = (struct sort_item){ &articles[i], sort_key(&articles[i], by_translation),
					       i };
	/* files are listed in name order, most named by their slug: mostly
	 * sorted already, which a pass tells for less than a sort costs */
	size_t in_order = 1;
	while (in_order < n && compare_lang_key(&items[in_order - 1], &items[in_order]) <= 0)
		in_order++;
	if (in_order < n)
		qsort(items, n, sizeof *items, compare_lang_key);
	size_t *idx = xmalloc((n + 1) * sizeof *idx);
	for (size_t i = 0; i < n; i++)
		idx[i] = items[i].index;
	free(items);
	return idx;
}
