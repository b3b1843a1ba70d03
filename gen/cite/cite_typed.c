/* cite_typed: figures typed by hand where the data holds them (see
 * cite_typed.h). */
#include "cite/cite_typed.h"

#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/xalloc.h"
#include "cite/cite.h"
#include "cite/cite_memo.h"
#include "cite/shortcode.h"
#include "markdown/markdown.h"
#include "model/data.h"
#include "model/metrics.h"
#include "model/schema.h"
#include "view/site.h"

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The GPUs a sentence names. */
enum { NAMED_MAX = 16 };

struct named {
	size_t g[NAMED_MAX];
	size_t n;
};

/* What an article's check compared with and said, to be kept
 * (cite_check_article): each GPU whose figures a typed number was held
 * against, and each warning's place and words. */
struct typed_log {
	bool *consulted; /* [ngpus] */
	size_t ngpus;
	struct buf warnings; /* each: line, column, its five texts */
	uint32_t nwarnings;
};

/* The specs' units as an article's language writes them, each looked up
 * once for all its prose (a number is tried against every unit: tens of
 * thousands of lookups in a build); by the key's pointer (the specs'
 * table's strings). */
enum { UNITS_MAX = 16 };
struct unit_memo {
	const char *key[UNITS_MAX], *text[UNITS_MAX];
	size_t len[UNITS_MAX];
	size_t n;
};

/* One stretch of prose being checked. */
struct typed {
	struct cite c; /* the kit's view of the site, for its lookups */
	const struct prose *p;
	struct md_cursor at; /* positions in the source found up to here */
	size_t sentence;     /* where the sentence being checked starts */
	struct typed_log *log; /* NULL: nothing kept */
	struct unit_memo *units;
};

/* A number as typed: its value, its digits after the point, where it
 * stands in the text (sign and unit included) and where its digits do. */
struct typed_num {
	double v;
	int decimals;
	bool dollars;
	size_t from, to;           /* "$0.39", "24 GB" */
	size_t digits, digits_end; /* "0.39", "24" */
};

static bool is_word_char(char ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') ||
	       (ch >= 'A' && ch <= 'Z') || ch == '_';
}

/* ---- sentences ---- */

static const char *const zh_ends[] = { "\xE3\x80\x82", "\xEF\xBC\x81",
				       "\xEF\xBC\x9F", "\xEF\xBC\x9B" };

/* True when a sentence ends just before s[i]: after ". ", "! ", "? ",
 * "; " (their space begins the next) or Chinese 。！？；. */
static bool sentence_ends_before(const char *s, size_t i)
{
	if (i >= 2 && s[i - 1] == ' ' && strchr(".!?;", s[i - 2]) && s[i - 2])
		return true;
	if (i < 3 || (unsigned char)s[i - 3] < 0xE3)
		return false;
	for (size_t k = 0; k < 4; k++)
		if (!memcmp(s + i - 3, zh_ends[k], 3))
			return true;
	return false;
}

/* The start of the sentence holding s[i]. */
static size_t sentence_start(const char *s, size_t i)
{
	while (i > 0 && !sentence_ends_before(s, i))
		i--;
	return i;
}

/* The end of the sentence holding s[i] (`len`: the end of the text). */
static size_t sentence_end(const char *s, size_t i, size_t len)
{
	while (i < len && !sentence_ends_before(s, i + 1))
		i++;
	return i < len ? i + 1 : len;
}

/* ---- the GPUs a sentence names ---- */

static void named_add(struct named *nm, size_t g)
{
	for (size_t i = 0; i < nm->n; i++)
		if (nm->g[i] == g)
			return;
	if (nm->n < NAMED_MAX)
		nm->g[nm->n++] = g;
}

/* True when `word` (n bytes, any case) stands at s[i], not inside a
 * longer word of s[from..to). */
static bool word_at(const char *s, size_t i, size_t from, size_t to,
		    const char *word, size_t n)
{
	return n && i >= from && i + n <= to && !strncasecmp(s + i, word, n) &&
	       (i == from || !is_word_char(s[i - 1])) &&
	       (i + n == to || !is_word_char(s[i + n]));
}

static char ascii_lower(char ch)
{
	return ch >= 'A' && ch <= 'Z' ? (char)(ch + 'a' - 'A') : ch;
}

/* True when `word` stands somewhere in s[from..to). */
static bool find_word(const char *s, size_t from, size_t to, const char *word,
		      size_t n)
{
	char first = n ? ascii_lower(word[0]) : 0;
	for (size_t i = from; n && i + n <= to; i++)
		if (ascii_lower(s[i]) == first && word_at(s, i, from, to, word, n))
			return true;
	return false;
}

/* True when `word` stands over s[i] (so a number there is part of it). */
static bool word_over(const char *s, size_t i, size_t from, size_t to,
		      const char *word, size_t n)
{
	for (size_t k = i + 1 > n ? i + 1 - n : 0; k <= i; k++)
		if (word_at(s, k, from, to, word, n))
			return true;
	return false;
}

/* The length of `name` without a memory size at its end ("H100" of
 * "H100 80GB"), or its whole length. */
static size_t short_name_len(const char *name)
{
	size_t n = strlen(name);
	if (n < 4 || strcmp(name + n - 2, "GB"))
		return n;
	size_t i = n - 2;
	while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
		i--;
	return i < n - 2 && i > 1 && name[i - 1] == ' ' ? i - 1 : n;
}

/* True when no other GPU has the short name of GPU `g`. */
static bool short_name_unique(const struct data *d, size_t g, size_t n)
{
	for (size_t o = 0; o < d->ngpus; o++)
		if (o != g && short_name_len(d->gpus[o].name) == n &&
		    !strncmp(d->gpus[o].name, d->gpus[g].name, n))
			return false;
	return true;
}

/* The GPUs a shortcode's arguments name (gpu=, id=, gpus=a,b, a=, b=,
 * compare=a-vs-b ...: any value, or part of one, that is a GPU's id). */
static void named_by_cite(struct named *nm, const struct data *d,
			  const struct shortcode *sc)
{
	char part[MARKDOWN_SLUG_MAX + 1];
	for (size_t i = 0; i < sc->nargs; i++) {
		const char *v = sc->args[i].val;
		while (*v) {
			size_t n = strcspn(v, ",");
			const char *vs = strstr(v, "-vs-");
			if (vs && (size_t)(vs - v) < n)
				n = (size_t)(vs - v);
			if (n < sizeof part) {
				memcpy(part, v, n);
				part[n] = '\0';
				long g = data_gpu_index(d, part);
				if (g >= 0)
					named_add(nm, (size_t)g);
			}
			v += n;
			v += !strncmp(v, "-vs-", 4) ? 4 : *v == ',';
		}
	}
}

static void named_in(struct typed *t, size_t from, size_t to, struct named *nm)
{
	const struct data *d = t->c.d;
	const char *s = t->p->text;
	for (size_t g = 0; g < d->ngpus; g++) {
		const char *name = d->gpus[g].name;
		size_t n = strlen(name), sn = short_name_len(name);
		if (find_word(s, from, to, name, n) ||
		    find_word(s, from, to, d->gpus[g].id, strlen(d->gpus[g].id)) ||
		    (sn < n && find_word(s, from, to, name, sn) &&
		     short_name_unique(d, g, sn)))
			named_add(nm, g);
	}
	for (size_t i = 0; i < t->p->ncites; i++)
		if (t->p->cites[i].at >= from && t->p->cites[i].at < to)
			named_by_cite(nm, d, t->p->cites[i].sc);
}

/* True when s[i] is part of a GPU's name or id ("4090" of "RTX 4090"). */
static bool in_name(const struct typed *t, size_t i, size_t from, size_t to)
{
	const struct data *d = t->c.d;
	const char *s = t->p->text;
	for (size_t g = 0; g < d->ngpus; g++) {
		const char *name = d->gpus[g].name, *id = d->gpus[g].id;
		if (word_over(s, i, from, to, name, strlen(name)) ||
		    word_over(s, i, from, to, id, strlen(id)))
			return true;
	}
	return false;
}

/* ---- numbers ---- */

static bool is_digit(char ch)
{
	return ch >= '0' && ch <= '9';
}

/* True when s[j] is a thousands separator: "," and exactly three digits. */
static bool thousands_at(const char *s, size_t j, size_t to)
{
	return j + 4 <= to && s[j] == ',' && is_digit(s[j + 1]) &&
	       is_digit(s[j + 2]) && is_digit(s[j + 3]) &&
	       (j + 4 == to || !is_digit(s[j + 4]));
}

/* The number whose digits start at s[i] (to `to`): 1,234.5 and the like,
 * with "$" before it or "美元"/"USD" after it for dollars. Its end is
 * after the digits; the unit is matched later. */
static struct typed_num number_at(const char *s, size_t i, size_t to)
{
	struct typed_num n = { .digits = i, .from = i };
	double v = 0;
	size_t j = i;
	for (;;) {
		while (j < to && s[j] >= '0' && s[j] <= '9')
			v = v * 10 + (s[j++] - '0');
		if (!thousands_at(s, j, to))
			break;
		j++;
	}
	if (j + 1 < to && s[j] == '.' && s[j + 1] >= '0' && s[j + 1] <= '9') {
		double scale = 1;
		for (j++; j < to && s[j] >= '0' && s[j] <= '9' && n.decimals < 9; j++) {
			scale /= 10;
			v += (s[j] - '0') * scale;
			n.decimals++;
		}
	}
	n.v = v;
	n.digits_end = n.to = j;
	if (i > 0 && s[i - 1] == '$') {
		n.dollars = true;
		n.from = i - 1;
	}
	size_t k = j;
	if (k < to && s[k] == ' ')
		k++;
	static const char *const after[] = { "\xE7\xBE\x8E\xE5\x85\x83" /* 美元 */, "USD" };
	for (size_t a = 0; a < 2; a++)
		if (!strncmp(s + k, after[a], strlen(after[a])) && k + strlen(after[a]) <= to) {
			n.dollars = true;
			n.to = k + strlen(after[a]);
		}
	return n;
}

/* True when the typed number equals `v` at the precision it was typed. */
static bool same_figure(const struct typed_num *n, double v)
{
	double scale = pow(10, n->decimals);
	return llround(v * scale) == llround(n->v * scale);
}

/* The unit `key` as the article's language writes it, and its length;
 * from the memo when it has it. */
static const char *unit_text(struct typed *t, const char *key, size_t *len)
{
	struct unit_memo *m = t->units;
	for (size_t i = 0; i < m->n; i++)
		if (m->key[i] == key) {
			*len = m->len[i];
			return m->text[i];
		}
	const char *unit = i18n_get(&t->c.pg.in->i18n, t->c.l, key);
	*len = unit ? strlen(unit) : 0;
	if (m->n < UNITS_MAX) {
		m->key[m->n] = key;
		m->text[m->n] = unit;
		m->len[m->n++] = *len;
	}
	return unit;
}

/* The unit of a spec (as the article's language writes it) right after
 * the number: extends n->to over it. */
static bool unit_follows(struct typed *t, struct typed_num *n, const char *unit_key,
			 size_t to)
{
	const char *s = t->p->text;
	size_t k = n->digits_end;
	if (k < to && s[k] == ' ')
		k++;
	size_t u;
	const char *unit = unit_text(t, unit_key, &u);
	if (!u || k + u > to || strncasecmp(s + k, unit, u) ||
	    (k + u < to && (is_word_char(s[k + u]) || s[k + u] == '/')))
		return false;
	n->to = k + u;
	return true;
}

/* ---- the warning ---- */

/* Where the number stands in the file: its digits found by markdown,
 * then its sign counted back. */
static void locate(struct typed *t, const struct typed_num *n, int *line, int *col)
{
	if (markdown_prose_position(t->p, n->digits, n->digits_end - n->digits,
				    &t->at, line, col) && *col > (int)(n->digits - n->from))
		*col -= (int)(n->digits - n->from);
}

/* The warning, from the check or from its log: `typed` is the figure as
 * typed, `what` the figure it is, `gpu` whose, `table` the CSV file that
 * holds it and `cite` the shortcode that cites it. */
static void say_typed(struct diag *d, const char *path, int line, int col,
		      const char *typed, size_t len, const char *what, const char *gpu,
		      const char *table, const char *cite)
{
	diag_warning(d, path, line, col,
		     "\"%.*s\" types %s of %s, which data/%s.csv holds: cite it with %s so that it follows the data",
		     (int)len, typed, what, gpu, table, cite);
}

static void warn_typed(struct typed *t, const struct typed_num *n, size_t g,
		       const char *what, const char *table, const char *cite)
{
	int line, col;
	locate(t, n, &line, &col);
	const char *typed = t->p->text + n->from, *gpu = t->c.d->gpus[g].name;
	size_t len = n->to - n->from;
	say_typed(t->c.diag, t->p->path, line, col, typed, len, what, gpu, table, cite);
	if (!t->log)
		return;
	struct buf *w = &t->log->warnings;
	buf_add_u32(w, (uint32_t)line);
	buf_add_u32(w, (uint32_t)col);
	buf_add_counted(w, typed, len);
	buf_add_counted(w, what, strlen(what));
	buf_add_counted(w, gpu, strlen(gpu));
	buf_add_counted(w, table, strlen(table));
	buf_add_counted(w, cite, strlen(cite));
	t->log->nwarnings++;
}

/* Warn when dollar amount `n` is a price of GPU `g`; true when it did. */
static bool check_dollars(struct typed *t, const struct typed_num *n, size_t g)
{
	if (!n->decimals && n->v < 10)
		return false;
	const char *id = t->c.d->gpus[g].id;
	struct buf cite = BUF_INIT;
	const char *what = NULL, *table = schema_tables[TABLE_PRICES].name;
	const struct gpu_prices *gp = t->c.m->prices ? &t->c.m->prices[g] : NULL;
	struct figure lowest = sc_lowest_price(&t->c, g);
	if (!lowest.missing && same_figure(n, lowest.value)) {
		what = "the lowest on-demand price";
		buf_addf(&cite, "{{< price gpu=%s >}}", id);
	} else if (gp && !gp->low.missing && same_figure(n, gp->low.value)) {
		what = "the lowest price";
		buf_addf(&cite, "{{< price gpu=%s which=low >}}", id);
	} else if (gp && !gp->high.missing && same_figure(n, gp->high.value)) {
		what = "the highest price";
		buf_addf(&cite, "{{< price gpu=%s which=high >}}", id);
	}
	struct buf field = BUF_INIT;
	for (int i = 0; !what && i < GPU_COL_COUNT; i++) {
		const struct gpu_column_info *f = &gpu_columns[i];
		struct num v = gpu_column_num(&t->c.d->gpus[g], (enum gpu_column)i);
		if (f->unit || !v.ok || !same_figure(n, v.v)) /* dollars alone */
			continue;
		buf_addf(&field, "the %s", f->name);
		what = field.ptr;
		table = schema_tables[TABLE_GPUS].name;
		buf_addf(&cite, "{{< gpu id=%s field=%s >}}", id, f->name);
	}
	if (what)
		warn_typed(t, n, g, what, table, cite.ptr);
	buf_release(&cite);
	buf_release(&field);
	return what != NULL;
}

/* True when `n` is typed as the memory size that ends GPU `g`'s name is
 * ("80GB" of "A100 80GB": "the 80GB version"): it names the GPU. A figure
 * is written as the site writes one ("80 GB"). */
static bool names_variant(const struct typed *t, const struct typed_num *n, size_t g)
{
	const char *name = t->c.d->gpus[g].name;
	size_t sn = short_name_len(name), len = strlen(name);
	if (sn == len)
		return false;
	const char *suffix = name + sn + 1;
	return n->to - n->from == strlen(suffix) &&
	       !strncasecmp(t->p->text + n->from, suffix, strlen(suffix));
}

/* Warn when `n`, followed by a spec's unit, is that spec of GPU `g`. */
static bool check_spec(struct typed *t, struct typed_num *n, size_t g, size_t to)
{
	if (n->v == 0)
		return false;
	for (int i = 0; i < GPU_COL_COUNT; i++) {
		const struct gpu_column_info *f = &gpu_columns[i];
		struct num v = gpu_column_num(&t->c.d->gpus[g], (enum gpu_column)i);
		if (!f->unit || !v.ok || !same_figure(n, v.v) ||
		    !unit_follows(t, n, f->unit, to))
			continue;
		if (names_variant(t, n, g))
			return false;
		struct buf what = BUF_INIT, cite = BUF_INIT;
		buf_addf(&what, "the %s", f->name);
		buf_addf(&cite, "{{< gpu id=%s field=%s >}}", t->c.d->gpus[g].id, f->name);
		warn_typed(t, n, g, what.ptr, schema_tables[TABLE_GPUS].name, cite.ptr);
		buf_release(&what);
		buf_release(&cite);
		return true;
	}
	return false;
}

/* True when a letter follows s[i] (after one space): a number there may
 * have a unit. */
static bool letter_after(const char *s, size_t i, size_t to)
{
	if (i < to && s[i] == ' ')
		i++;
	return i < to && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z'));
}

/* True when one of the specs' units follows the number `n` (each unit
 * looked at once: several specs share one). */
static bool unit_after(struct typed *t, const struct typed_num *n, size_t to)
{
	const char *tried[16];
	size_t ntried = 0;
	for (int i = 0; i < GPU_COL_COUNT; i++) {
		const char *unit = gpu_columns[i].unit;
		bool seen = !unit;
		for (size_t k = 0; k < ntried && !seen; k++)
			seen = !strcmp(tried[k], unit);
		if (seen)
			continue;
		if (ntried < sizeof tried / sizeof tried[0])
			tried[ntried++] = unit;
		struct typed_num m = *n;
		if (unit_follows(t, &m, unit, to))
			return true;
	}
	return false;
}

/* Check the typed number `n` against the GPUs its sentence (a row: the
 * whole row) names; the sentence and its GPUs are found once for all its
 * numbers. */
static void check_number(struct typed *t, struct typed_num *n, struct named *nm,
			 size_t *to)
{
	const struct prose *p = t->p;
	if (n->digits >= *to) {
		t->sentence = p->row ? 0 : sentence_start(p->text, n->digits);
		*to = p->row ? p->len : sentence_end(p->text, n->digits, p->len);
		nm->n = 0;
		named_in(t, t->sentence, *to, nm);
		/* every GPU named: the figures of each may decide the outcome */
		for (size_t k = 0; t->log && k < nm->n; k++)
			t->log->consulted[nm->g[k]] = true;
	}
	if (!nm->n || in_name(t, n->digits, t->sentence, *to))
		return;
	for (size_t k = 0; k < nm->n; k++)
		if (n->dollars ? check_dollars(t, n, nm->g[k])
			       : check_spec(t, n, nm->g[k], *to))
			return;
}

/* The kit's view of the site for the page `pc`, its messages to `diag`. */
static struct cite kit_of(const struct page_ctx *pc, struct diag *diag)
{
	return (struct cite){ .d = &pc->in->data, .m = &pc->in->metrics, .l = pc->l,
			      .diag = diag, .pg = *pc };
}

/* Check `p` for the page `pc`, into `log` when there is one; its units
 * from `units` (the article's). */
static void check_logged(const struct page_ctx *pc, const struct prose *p,
			 struct diag *diag, struct typed_log *log, struct unit_memo *units)
{
	struct typed t = { .c = kit_of(pc, diag), .p = p, .log = log, .units = units };
	/* only a dollar amount or a number with a unit after it can be a
	 * figure: the sentence and its GPUs are looked at only then (most
	 * numbers in prose are neither) */
	const char *s = p->text;
	struct named nm = { .n = 0 };
	size_t to = 0; /* the end of the sentence looked at last */
	for (size_t i = strcspn(s, "0123456789"); i < p->len;
	     i += strcspn(s + i, "0123456789")) {
		if (i > 0 && (is_word_char(s[i - 1]) || s[i - 1] == '.' || s[i - 1] == ',')) {
			while (i < p->len && (is_word_char(s[i]) || s[i] == '.'))
				i++; /* the rest of this word ("A100", "v1.2") */
			continue;
		}
		struct typed_num n = number_at(s, i, p->len);
		i = n.digits_end;
		if ((i < p->len && s[i] == '%') ||
		    (!n.dollars && !(letter_after(s, i, p->len) && unit_after(&t, &n, p->len))))
			continue;
		check_number(&t, &n, &nm, &to);
	}
}

void cite_check_prose(void *ctx, const struct prose *p, struct diag *diag)
{
	struct unit_memo units = { .n = 0 };
	check_logged(ctx, p, diag, NULL, &units);
}

/* ---- an article's check, kept between builds ---- */

/* A run of the check over one article, logged. */
struct logged_run {
	const struct page_ctx *pc;
	struct typed_log log;
	struct unit_memo units;
};

static void check_into_log(void *ctx, const struct prose *p, struct diag *diag)
{
	struct logged_run *run = ctx;
	check_logged(run->pc, p, diag, &run->log, &run->units);
}

static void add_number(struct digest *d, bool ok, double v)
{
	uint64_t bits;
	memcpy(&bits, &v, sizeof bits);
	digest_add_byte(d, ok);
	if (ok)
		digest_add_u64(d, bits);
}

/* What the check reads of the data besides the figures of the GPUs a
 * sentence names: every GPU's id and name (which GPUs a sentence names,
 * which digits belong to a name, the warning's words) and the numeric
 * columns with their units as the kit's language writes them. */
static struct digest_value names_digest(const struct cite *c)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "typed figures: names");
	digest_add_len(&d, c->d->ngpus);
	for (size_t g = 0; g < c->d->ngpus; g++) {
		digest_add_str(&d, c->d->gpus[g].id);
		digest_add_str(&d, c->d->gpus[g].name);
	}
	for (int i = 0; i < GPU_COL_COUNT; i++) {
		const struct gpu_column_info *f = &gpu_columns[i];
		digest_add_str(&d, f->name);
		digest_add_str(&d, f->unit);
		digest_add_str(&d, f->unit ? i18n_get(&c->pg.in->i18n, c->l, f->unit) : NULL);
	}
	return digest_end(&d);
}

/* Every figure of GPU `g` that check_dollars and check_spec hold a typed
 * number against. */
static struct digest_value figures_digest(const struct cite *c, size_t g)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "typed figures: a GPU's");
	struct figure lowest = sc_lowest_price(c, g);
	add_number(&d, !lowest.missing, lowest.value);
	const struct gpu_prices *gp = c->m->prices ? &c->m->prices[g] : NULL;
	digest_add_byte(&d, gp != NULL);
	if (gp) {
		add_number(&d, !gp->low.missing, gp->low.value);
		add_number(&d, !gp->high.missing, gp->high.value);
	}
	for (int i = 0; i < GPU_COL_COUNT; i++) {
		struct num v = gpu_column_num(&c->d->gpus[g], (enum gpu_column)i);
		add_number(&d, v.ok, v.v);
	}
	return digest_end(&d);
}

/* The thread's digest in slot `i` (GPUs first, then the languages' names),
 * worked out at its first use. */
static struct digest_value slot_digest(const struct cite *c, size_t i)
{
	struct cite_memo_digest *s =
		&cite_memo_digests(c->pg.cites, c->d->ngpus + LANG_COUNT)[i];
	if (!s->known) {
		s->value = i < c->d->ngpus ? figures_digest(c, i) : names_digest(c);
		s->known = true;
	}
	return s->value;
}

/* The memo's key of the check of article `a` on page `pc`: its body's key
 * (its prose, and each shortcode's place and text, follow from it; what a
 * shortcode resolved to is never read: an edited price that an article
 * cites leaves its check as it was unless a typed number was held to that
 * GPU's figures, which replay tells), the line its body starts on (the
 * warnings' places), its language and the names. */
static struct digest_value check_key(const struct cite *c, const struct article *a)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "typed figures: an article's check");
	digest_add_value(&d, a->body_key);
	digest_add_u64(&d, (uint64_t)a->body_line);
	digest_add_byte(&d, (unsigned char)c->l);
	digest_add_value(&d, slot_digest(c, c->d->ngpus + (size_t)c->l));
	return digest_end(&d);
}

/* The log as a record: the GPUs consulted, each with the digest of its
 * figures, then the warnings. */
static void encode_log(const struct cite *c, const struct typed_log *log, struct buf *rec)
{
	uint32_t n = 0;
	for (size_t g = 0; g < log->ngpus; g++)
		n += log->consulted[g];
	buf_add_u32(rec, n);
	for (size_t g = 0; g < log->ngpus; g++) {
		if (!log->consulted[g])
			continue;
		struct digest_value v = slot_digest(c, g);
		buf_add_u32(rec, (uint32_t)g);
		digest_value_write(rec, v);
	}
	buf_add_u32(rec, log->nwarnings);
	buf_add(rec, log->warnings.ptr, log->warnings.len);
}

/* True when the record's GPUs are GPUs whose figures are still those
 * digested; it is then read to its warnings. */
static bool figures_unchanged(const struct cite *c, struct buf_reader *r)
{
	uint32_t n = buf_read_u32(r);
	for (uint32_t i = 0; i < n && !r->bad; i++) {
		uint32_t g = buf_read_u32(r);
		struct digest_value v = digest_value_read(r);
		if (r->bad || g >= c->d->ngpus || !digest_equal(v, slot_digest(c, g)))
			return false;
	}
	return !r->bad;
}

/* The record's warnings said again for article `path`: 0, or -1 (nothing
 * said) when it is not such a record or its GPUs' figures changed. */
static int replay(const struct cite *c, const char *path, const char *rec, size_t len)
{
	struct buf_reader r = { (const unsigned char *)rec, len, false };
	if (!figures_unchanged(c, &r))
		return -1;
	/* read through once before saying anything: a record cut short says
	 * nothing */
	struct buf_reader at = r;
	uint32_t n = buf_read_u32(&r);
	for (uint32_t i = 0; i < n && !r.bad; i++) {
		size_t len_part;
		if (buf_read_u32(&r) > INT_MAX || buf_read_u32(&r) > INT_MAX)
			return -1; /* no place a warning is said at */
		for (int k = 0; k < 5; k++)
			buf_read_counted(&r, &len_part);
	}
	if (r.bad || r.left)
		return -1;
	n = buf_read_u32(&at);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t line = buf_read_u32(&at), col = buf_read_u32(&at);
		const char *part[5];
		size_t plen[5];
		for (int k = 0; k < 5; k++)
			part[k] = buf_read_counted(&at, &plen[k]);
		/* the texts are counted, not ended: the four after the figure
		 * copied to be strings */
		struct buf t[4] = { BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT };
		for (int k = 0; k < 4; k++)
			buf_add(&t[k], part[k + 1] ? part[k + 1] : "", plen[k + 1]);
		say_typed(c->diag, path, (int)line, (int)col, part[0] ? part[0] : "", plen[0],
			  t[0].ptr, t[1].ptr, t[2].ptr, t[3].ptr);
		for (int k = 0; k < 4; k++)
			buf_release(&t[k]);
	}
	return 0;
}

void cite_check_article(const struct page_ctx *pc, struct markdown_pending *p)
{
	const struct markdown_memo *memo = pc->in->markdown_memo;
	struct article *a = markdown_pending_article(p);
	if (!markdown_pending_parsed(p))
		return;
	if (!memo || !memo->peek || !pc->cites || !a->has_body_key) {
		markdown_check_prose(p, cite_check_prose, (void *)pc);
		return;
	}
	struct cite c = kit_of(pc, pc->diag);
	struct digest_value key = check_key(&c, a);
	struct buf rec = BUF_INIT;
	if (memo->peek(memo->ctx, key, &rec) == 0 && replay(&c, a->path, rec.ptr, rec.len) == 0) {
		memo->keep(memo->ctx, key, rec.ptr, rec.len);
		buf_release(&rec);
		return;
	}
	struct logged_run run = { pc, { NULL, c.d->ngpus, BUF_INIT, 0 }, { .n = 0 } };
	run.log.consulted = xcalloc(c.d->ngpus + 1, sizeof *run.log.consulted);
	if (markdown_check_prose(p, check_into_log, &run)) {
		buf_reset(&rec);
		encode_log(&c, &run.log, &rec);
		memo->keep(memo->ctx, key, rec.ptr, rec.len);
	}
	free(run.log.consulted);
	buf_release(&run.log.warnings);
	buf_release(&rec);
}
