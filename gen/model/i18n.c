#include "model/i18n.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/csv.h"
#include "model/data.h"
#include "base/diag.h"
#include "base/numfmt.h"
#include "base/strmap.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const codes[LANG_COUNT] = { "en", "zh" };
static const char *const tags[LANG_COUNT] = { "en", "zh-CN" };

const char *lang_code(enum lang l)
{
	return codes[l];
}

const char *lang_tag(enum lang l)
{
	return tags[l];
}

int lang_from_code(const char *code)
{
	for (int l = 0; l < LANG_COUNT; l++)
		if (!strcmp(code, codes[l]))
			return l;
	return -1;
}

const char *i18n_tag_twin(const struct i18n *t, enum lang l, const char *tag)
{
	const struct table *tb = t->table;
	enum lang other = l == LANG_EN ? LANG_ZH : LANG_EN;
	for (size_t r = 0; tb && r < tb->nrows; r++)
		if (!strncmp(tb->rows[r][t->key_col], "tag.", 4) &&
		    !strcmp(tb->rows[r][t->text_col[l]], tag))
			return tb->rows[r][t->text_col[other]];
	return NULL;
}

int lang_of_column(const char *column, size_t *base)
{
	size_t n = strlen(column);
	*base = n;
	for (int l = 0; l < LANG_COUNT; l++) {
		size_t k = strlen(codes[l]);
		if (!strcmp(column, codes[l]))
			return l;
		if (n > k + 1 && column[n - k - 1] == '_' && !strcmp(column + n - k, codes[l])) {
			*base = n - k - 1;
			return l;
		}
	}
	return -1;
}

/* Index every key (the first row of a duplicated key wins, and each later
 * one is an error at its line): the pages look up thousands of strings. */
static int index_keys(struct i18n *t, struct diag *diag)
{
	const struct table *table = t->table;
	int failed = 0;
	t->keys = (struct strmap)STRMAP_INIT_BORROWED;
	for (size_t r = 0; r < table->nrows; r++) {
		bool created;
		size_t *first = strmap_slot(&t->keys, table->rows[r][t->key_col], &created);
		if (created) {
			*first = r + 1;
			continue;
		}
		diag_error(diag, table->path, table->lines[r], 1,
			   "duplicate UI string \"%s\" (first on line %d)",
			   table->rows[r][t->key_col], table->lines[*first - 1]);
		failed = 1;
	}
	return failed;
}

/* What the build asked for and the table lacks (see i18n.h). */
struct i18n_uses {
	pthread_mutex_t lock;
	struct strmap missing;      /* keys with no row */
	struct strmap placeholders; /* "key\x1f{name}" with no value given */
};

static void uses_note(const struct i18n *t, struct strmap *m, const char *what)
{
	if (!t || !t->uses)
		return;
	pthread_mutex_lock(&t->uses->lock);
	strmap_slot(m, what, NULL);
	pthread_mutex_unlock(&t->uses->lock);
}

/* A character of a placeholder's name: a-z, 0-9, '_'. */
static bool placeholder_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* The placeholder "{name}" at `s`: its length with the braces, or 0. */
static size_t placeholder_at(const char *s)
{
	if (*s != '{')
		return 0;
	/* by hand: strspn with a set of 37 builds a table on every call, and
	 * every sentence of every page is filled here */
	size_t n = 0;
	while (placeholder_char(s[n + 1]))
		n++;
	return n && s[n + 1] == '}' ? n + 2 : 0;
}

/* Does `text` hold the placeholder p[0, len)? */
static bool has_placeholder(const char *text, const char *p, size_t len)
{
	for (const char *c = strchr(text, '{'); c; c = strchr(c + 1, '{'))
		if (placeholder_at(c) == len && !memcmp(c, p, len))
			return true;
	return false;
}

/* Both languages' texts of row `r` must hold the same placeholders. */
static int check_placeholders(const struct table *table, size_t r, size_t kc,
			      const long *col, struct diag *diag)
{
	int bad = 0;
	for (int l = 0; l < LANG_COUNT; l++) {
		const char *text = table->rows[r][col[l]];
		const char *other = table->rows[r][col[1 - l]];
		for (const char *c = strchr(text, '{'); c; c = strchr(c + 1, '{')) {
			size_t len = placeholder_at(c);
			if (!len || has_placeholder(other, c, len))
				continue;
			diag_error(diag, table->path, table->lines[r], (int)col[l] + 1,
				   "placeholder %.*s of UI string \"%s\" is in the %s text but not in the %s one",
				   (int)len, c, table->rows[r][kc], codes[l], codes[1 - l]);
			bad = 1;
		}
	}
	return bad;
}

int i18n_load(struct i18n *t, const struct table *table, struct diag *diag)
{
	t->table = table;
	t->keys = (struct strmap)STRMAP_INIT_BORROWED;
	t->uses = xcalloc(1, sizeof *t->uses);
	pthread_mutex_init(&t->uses->lock, NULL);
	long kc = csv_table_column(table, "key");
	long col[LANG_COUNT];
	int failed = kc < 0;
	for (int l = 0; l < LANG_COUNT; l++) {
		col[l] = csv_table_column(table, codes[l]);
		failed |= col[l] < 0;
	}
	if (failed) {
		diag_error(diag, table->path, 1, 0,
			   "UI strings need the columns key, en and zh");
		return -1;
	}
	for (size_t r = 0; r < table->nrows; r++) {
		for (int l = 0; l < LANG_COUNT; l++) {
			if (table->rows[r][col[l]][0] ||
			    !strncmp(table->rows[r][kc], "unit.", 5) ||
			    !strncmp(table->rows[r][kc], "punct.title_", 12) ||
			    !strcmp(table->rows[r][kc], "punct.gap") ||
			    !strcmp(table->rows[r][kc], "punct.quoted_sep"))
				continue; /* a unit, the gap after a sentence
					     (none in Chinese), a title's
					     marks (《》, none in English) or
					     the mark between quoted names
					     (none in Chinese) may be none */
			diag_error(diag, table->path, table->lines[r],
				   (int)col[l] + 1, "UI string \"%s\" has no %s text",
				   table->rows[r][kc], codes[l]);
			failed = 1;
		}
		failed |= check_placeholders(table, r, (size_t)kc, col, diag);
	}
	t->key_col = (size_t)kc;
	failed |= index_keys(t, diag);
	for (int l = 0; l < LANG_COUNT; l++)
		t->text_col[l] = (size_t)col[l];
	return failed ? -1 : 0;
}

void i18n_free(struct i18n *t)
{
	if (t->uses) {
		strmap_free(&t->uses->missing);
		strmap_free(&t->uses->placeholders);
		pthread_mutex_destroy(&t->uses->lock);
		free(t->uses);
		t->uses = NULL;
	}
	strmap_free(&t->keys);
}

static long find_row(const struct i18n *t, const char *key)
{
	const size_t *row = t ? strmap_get(&t->keys, key) : NULL;
	return row ? (long)*row - 1 : -1;
}

const char *i18n_get(const struct i18n *t, enum lang l, const char *key)
{
	long r = find_row(t, key);
	if (r < 0) {
		if (t && t->uses)
			uses_note(t, &t->uses->missing, key);
		return key;
	}
	return t->table->rows[r][t->text_col[l]];
}

bool i18n_has(const struct i18n *t, const char *key)
{
	return find_row(t, key) >= 0;
}

/* i18n_fill; with `t`, a placeholder no name matches is left out and
 * remembered under `key`. */
static void fill_text(struct buf *out, const char *tmpl, const char *const *names,
		      const char *const *vals, size_t n, const struct i18n *t,
		      const char *key)
{
	for (const char *c = tmpl; *c;) {
		const char *brace = strchr(c, '{');
		if (!brace) {
			buf_adds(out, c);
			break;
		}
		buf_add(out, c, (size_t)(brace - c)); /* the text up to the brace */
		c = brace;
		size_t plen = placeholder_at(c);
		size_t i = n;
		for (i = 0; plen && i < n; i++)
			if (strlen(names[i]) == plen - 2 && !memcmp(names[i], c + 1, plen - 2))
				break;
		if (plen && i < n) {
			const char *v = vals[i] ? vals[i] : "";
			/* Chinese meets Latin or digits across the value's edges:
			 * one space; Chinese or its full-width punctuation meets
			 * Chinese: none, even where the template has one for a
			 * Latin value ("{gpu} 有" with "H100（4 张卡）")
			 * (content/STYLE.md) */
			if (out->len >= 2 && out->ptr[out->len - 1] == ' ' &&
			    text_no_space_between(out->ptr, out->len - 1, v))
				buf_truncate(out, out->len - 1);
			if (text_needs_space(out->ptr, out->len, v))
				buf_addc(out, ' ');
			buf_adds(out, v);
			c += plen;
			if (*c == ' ' && *v && text_no_space_between(out->ptr, out->len, c + 1))
				c++;
			if (text_needs_space(out->ptr, out->len, c) && *v)
				buf_addc(out, ' ');
		} else if (plen && t) {
			struct buf what = BUF_INIT;
			buf_addf(&what, "%s\x1f%.*s", key, (int)plen, c);
			uses_note(t, &t->uses->placeholders, what.ptr);
			buf_release(&what);
			c += plen;
		} else {
			buf_addc(out, *c++);
		}
	}
}

const char *i18n_count_key(struct arena *a, const char *key, size_t n)
{
	return arena_printf(a, "%s.%s", key, n == 1 ? "one" : "many");
}

void i18n_fill_key(struct buf *out, const struct i18n *t, enum lang l,
		   const char *key, const char *const *names,
		   const char *const *vals, size_t n)
{
	long r = find_row(t, key);
	if (r < 0 || !t->uses) {
		buf_adds(out, i18n_get(t, l, key));
		return;
	}
	fill_text(out, t->table->rows[r][t->text_col[l]], names, vals, n, t, key);
}

void i18n_gpu_cards(struct buf *out, const struct i18n *t, enum lang l, int cards,
		    const char *gpu)
{
	if (cards > 1) {
		char n[24];
		n[numfmt_uint(n, (uint64_t)cards)] = '\0';
		const char *names[] = { "n" }, *vals[] = { n };
		i18n_fill_key(out, t, l, "case.cards", names, vals, 1);
		buf_addc(out, ' ');
	}
	buf_adds(out, gpu);
}

/* The keys of `m`, sorted (a malloc'd array of borrowed strings). */
static const char **sorted_keys(const struct strmap *m, size_t *n)
{
	const char **keys = xmalloc((m->len + 1) * sizeof *keys);
	*n = 0;
	for (size_t i = 0; i < m->cap; i++)
		if (m->slots[i].key)
			keys[(*n)++] = m->slots[i].key;
	qsort(keys, *n, sizeof *keys, text_compare_strings);
	return keys;
}

int i18n_report_uses(const struct i18n *t, struct diag *diag)
{
	if (!t->uses)
		return 0;
	size_t n, count = 0;
	const char *path = t->table ? t->table->path : "data/i18n.csv";
	const char **keys = sorted_keys(&t->uses->missing, &n);
	for (size_t i = 0; i < n; i++)
		diag_error(diag, path, 0, 0,
			   "no row for the UI string \"%s\" (the site uses it; add key,en,zh)",
			   keys[i]);
	count += n;
	free(keys);
	keys = sorted_keys(&t->uses->placeholders, &n);
	for (size_t i = 0; i < n; i++) {
		const char *sep = strchr(keys[i], '\x1f');
		struct buf key = BUF_INIT;
		buf_add(&key, keys[i], (size_t)(sep - keys[i]));
		long r = find_row(t, key.ptr);
		diag_error(diag, path, r >= 0 ? t->table->lines[r] : 0, 0,
			   "placeholder %s of UI string \"%s\" is not one the site fills; "
			   "remove it or check its spelling", sep + 1, key.ptr);
		buf_release(&key);
	}
	count += n;
	free(keys);
	return (int)count;
}

void i18n_fill(struct buf *out, const char *tmpl, const char *const *names,
	       const char *const *vals, size_t n)
{
	fill_text(out, tmpl, names, vals, n, NULL, NULL);
}

/* Append the digits of a non-negative number with `decimals` decimals and
 * thousands grouped by commas. */
static void append_grouped(struct buf *out, double v, int decimals)
{
	char digits[96];
	numfmt_fixed(digits, 64, v, decimals);
	buf_add(out, digits, numfmt_group(digits, sizeof digits));
}

void i18n_format_fixed(struct buf *out, double v, int decimals, enum lang l)
{
	(void)l; /* both languages group by thousands with commas */
	if (!isfinite(v)) {
		buf_adds(out, "?");
		return;
	}
	/* rounded on its decimal value ($0.225 is $0.23); -0.00 reads as a
	 * bug: print 0 */
	double rounded = numfmt_round(v, decimals);
	if (rounded < 0)
		buf_addc(out, '-');
	append_grouped(out, fabs(rounded), decimals);
}

static int auto_decimals(double v)
{
	double a = fabs(v);
	if (a >= 100)
		return 0;
	if (a >= 10)
		return 1;
	return 2;
}

void i18n_format_trimmed(struct buf *out, double v, int decimals, enum lang l)
{
	size_t start = out->len;
	i18n_format_fixed(out, v, decimals, l);
	if (decimals <= 0 || !memchr(out->ptr + start, '.', out->len - start))
		return;
	size_t end = out->len;
	while (end > start && out->ptr[end - 1] == '0')
		end--;
	if (end > start && out->ptr[end - 1] == '.')
		end--;
	buf_truncate(out, end);
}

void i18n_format_number(struct buf *out, double v, enum lang l)
{
	i18n_format_trimmed(out, v, auto_decimals(v), l);
}

void i18n_format_usd(struct buf *out, double v, enum lang l)
{
	if (v < 0) {
		buf_addc(out, '-');
		v = -v;
	}
	buf_addc(out, '$');
	/* a fraction of a cent keeps four decimals ("$0.0042"), not "$0.00" */
	if (v > 0 && numfmt_round(v, 2) == 0) {
		i18n_format_fixed(out, v, 4, l);
		return;
	}
	/* below $1, a tenth of a cent where it shows ("$0.126", not the
	 * "$0.13" of $0.13): a small job's costs that print alike in cents
	 * can be 3% apart, and a ratio beside them must be read from them */
	double cents = numfmt_round(v, 2), mills = numfmt_round(v, 3);
	if (mills < 1 && mills != cents) {
		i18n_format_fixed(out, v, 3, l);
		return;
	}
	/* cents below $1,000 ("$544.32"), none on whole dollars ("$545") or
	 * above ("$1,600") */
	bool whole = cents == floor(cents);
	i18n_format_fixed(out, v, v >= 1000 || whole ? 0 : 2, l);
}

int i18n_ratio_decimals(double ratio)
{
	return ratio >= 10 ? 0 : ratio >= 2 ? 1 : 2;
}

void i18n_format_ratio(struct buf *out, double ratio, enum lang l)
{
	i18n_format_trimmed(out, ratio, i18n_ratio_decimals(ratio), l);
}

void i18n_format_percent(struct buf *out, double percent, enum lang l)
{
	i18n_format_fixed(out, percent, 0, l);
	buf_addc(out, '%');
}

/* A range of two figures each written by `format` (the upper end only
 * when above the lower one), joined by the language's mark. */
static void format_range_of(struct buf *out, double low, double high, enum lang l,
			    void (*format)(struct buf *, double, enum lang))
{
	struct buf lo = BUF_INIT, hi = BUF_INIT;
	format(&lo, low, l);
	if (high > low)
		format(&hi, high, l);
	i18n_format_range(out, lo.ptr, hi.ptr, l);
	buf_release(&lo);
	buf_release(&hi);
}

void i18n_format_ratio_range(struct buf *out, double low, double high, enum lang l)
{
	format_range_of(out, low, high, l, i18n_format_ratio);
}

void i18n_format_percent_range(struct buf *out, double low, double high,
			       enum lang l)
{
	struct buf lo = BUF_INIT, hi = BUF_INIT;
	i18n_format_percent(&lo, low, l);
	i18n_format_percent(&hi, high, l);
	if (strcmp(lo.ptr, hi.ptr) && l != LANG_ZH)
		buf_truncate(&lo, lo.len - 1); /* "18–30%" */
	i18n_format_range(out, lo.ptr, hi.ptr, l);
	buf_release(&lo);
	buf_release(&hi);
}

const char *i18n_range_mark(enum lang l)
{
	return l == LANG_ZH ? "～" : "–";
}

void i18n_format_range(struct buf *out, const char *low, const char *high,
		       enum lang l)
{
	buf_adds(out, low);
	if (high && *high && strcmp(high, low)) {
		buf_adds(out, i18n_range_mark(l));
		buf_adds(out, high);
	}
}

void i18n_format_usd_range(struct buf *out, double low, double high, enum lang l)
{
	format_range_of(out, low, high, l, i18n_format_usd);
}

void i18n_format_hours_range(struct buf *out, const struct i18n *t, double low,
			     double high, enum lang l)
{
	if (!(high > low)) {
		i18n_format_duration(out, t, low, l);
		return;
	}
	/* "40–50 min" below an hour, else "4–8 h": the unit once, at the end */
	bool minutes = high < 1.0;
	struct buf lo = BUF_INIT, hi = BUF_INIT;
	i18n_format_number(&lo, minutes ? low * 60.0 : low, l);
	i18n_format_duration(&hi, t, high, l);
	i18n_format_range(out, lo.ptr, hi.ptr, l);
	buf_release(&lo);
	buf_release(&hi);
}

/* The number a duration prints, in minutes (*minutes) below an hour,
 * whole and at least one, else in hours. */
static double duration_number(double hours, bool *minutes)
{
	*minutes = hours > 0 && hours < 1.0;
	if (!*minutes)
		return hours;
	double min = numfmt_round(hours * 60.0, 0);
	return min < 1 ? 1 : min;
}

void i18n_format_duration(struct buf *out, const struct i18n *t, double hours,
			  enum lang l)
{
	bool minutes;
	double v = duration_number(hours, &minutes);
	i18n_format_unit(out, t, v, minutes ? "unit.min" : "unit.h", l);
}

void i18n_format_duration_plain(struct buf *out, double hours)
{
	bool minutes;
	i18n_format_number(out, duration_number(hours, &minutes), LANG_EN);
	buf_adds(out, minutes ? " min" : " h");
}

void i18n_append_unit(struct buf *out, const char *unit)
{
	if (!*unit)
		return;
	/* "3.3×" and "45%" hug the number, and so does a rate written from
	 * its slash ("0.61/（美元/小时）", as "$0.39/小时"); words and symbols
	 * get a space */
	if (strcmp(unit, "×") && strcmp(unit, "x") && strcmp(unit, "%") && *unit != '/')
		buf_addc(out, ' ');
	buf_adds(out, unit);
}

void i18n_format_unit(struct buf *out, const struct i18n *t, double v,
		      const char *unit_key, enum lang l)
{
	i18n_format_number(out, v, l);
	/* a literal unit when there is no such key (not a missing string) */
	i18n_append_unit(out, i18n_has(t, unit_key) ? i18n_get(t, l, unit_key) : unit_key);
}

void i18n_format_unit_range(struct buf *out, const struct i18n *t, double low,
			    double high, const char *unit_key, enum lang l)
{
	format_range_of(out, low, high, l, i18n_format_number);
	i18n_append_unit(out, i18n_has(t, unit_key) ? i18n_get(t, l, unit_key) : unit_key);
}

void i18n_group_number_text(struct buf *out, const char *text)
{
	const char *p = text + (*text == '-');
	size_t digits = strspn(p, "0123456789");
	const char *rest = p + digits;
	bool plain = digits > 0 && (!*rest || (*rest == '.' && rest[1] &&
					     strspn(rest + 1, "0123456789") == strlen(rest + 1)));
	if (!plain || digits < 4) {
		buf_adds(out, text);
		return;
	}
	buf_add(out, text, (size_t)(p - text));
	for (size_t i = 0; i < digits; i++) {
		if (i && (digits - i) % 3 == 0)
			buf_addc(out, ',');
		buf_addc(out, p[i]);
	}
	buf_adds(out, rest);
}

/* The value of the `n` decimal digits at s, or -1 when one is not a digit. */
static int read_digits(const char *s, int n)
{
	int v = 0;
	for (int i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* y, m and d of a date written "YYYY-MM-DD" (anything after it ignored),
 * read as sscanf "%4d-%2d-%2d" reads it; false when it is not written so
 * (then sscanf is asked: it reads "7-4-2026" or "+2026-7-4" too). */
static bool read_iso_date(const char *ymd, int *y, int *m, int *d)
{
	if (strnlen(ymd, 10) < 10 || ymd[4] != '-' || ymd[7] != '-')
		return false;
	*y = read_digits(ymd, 4);
	*m = read_digits(ymd + 5, 2);
	*d = read_digits(ymd + 8, 2);
	return *y >= 0 && *m >= 0 && *d >= 0;
}

static void add_int(struct buf *out, int v)
{
	char digits[NUMFMT_UINT_MAX];
	buf_add(out, digits, numfmt_uint(digits, (uint64_t)v));
}

/* A date "YYYY-MM-DD" as i18n_format_date writes it, without printf (every
 * article's date is written on its page and in lists). */
static void add_iso_date(struct buf *out, int y, int m, int d, enum lang l,
			 const char *month)
{
	if (l == LANG_ZH) {
		add_int(out, y);
		buf_adds(out, "年");
		add_int(out, m);
		buf_adds(out, "月");
		add_int(out, d);
		buf_adds(out, "日");
		return;
	}
	add_int(out, d);
	buf_addc(out, ' ');
	buf_adds(out, month);
	buf_addc(out, ' ');
	add_int(out, y);
}

void i18n_format_date(struct buf *out, const char *ymd, enum lang l)
{
	static const char *const months[12] = {
		"Jan", "Feb", "Mar", "Apr", "May", "Jun",
		"Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
	};
	int y, m, d;
	if (read_iso_date(ymd, &y, &m, &d)) {
		if (m < 1 || m > 12)
			buf_adds(out, ymd);
		else
			add_iso_date(out, y, m, d, l, months[m - 1]);
		return;
	}
	if (sscanf(ymd, "%4d-%2d-%2d", &y, &m, &d) != 3 || m < 1 || m > 12) {
		buf_adds(out, ymd);
		return;
	}
	if (l == LANG_ZH)
		buf_addf(out, "%d年%d月%d日", y, m, d);
	else
		buf_addf(out, "%d %s %d", d, months[m - 1], y);
}

const char *i18n_date_text(struct arena *a, const char *ymd, enum lang l)
{
	if (!ymd || !*ymd)
		return NULL;
	struct buf b = BUF_INIT;
	i18n_format_date(&b, ymd, l);
	const char *r = arena_strndup(a, b.ptr, b.len);
	buf_release(&b);
	return r;
}

const char *i18n_spec_key(const char *col)
{
	static const char *const labels[][2] = {
		{ "segment", "gpu.segment" }, { "vram_gb", "gpu.vram" }, { "memory_type", "gpu.memory" },
		{ "bandwidth_gbs", "gpu.bandwidth" }, { "fp16_tflops", "gpu.fp16" },
		{ "fp32_tflops", "gpu.fp32" }, { "tensor_core_gen", "gpu.tensor_gen" },
		{ "fp8", "gpu.fp8" }, { "nvlink_gbs", "gpu.nvlink" }, { "pcie_gbs", "gpu.pcie" },
		{ "tdp_w", "gpu.tdp" }, { "price", "gpu.list_price" },
	};
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
		if (!strcmp(labels[i][0], col))
			return labels[i][1];
	return NULL;
}

#define METHOD(id, formula) { id, "method." id ".name", formula }
static const struct i18n_method methods[] = {
	METHOD("cost_per_job", true),     METHOD("default_price", false),
	METHOD("relative_speed", true),   METHOD("implied_speed", true),
	METHOD("speed_per_dollar", true), METHOD("tflops_per_watt", true),
	METHOD("tflops_per_kusd", true),  METHOD("break_even", true),
	METHOD("vram_needed", true),      METHOD("training_memory", true),
	METHOD("gpus_needed", true),
	METHOD("cost_per_mtok", true),    METHOD("monthly_cost", true),
	METHOD("stated_cost", true),      METHOD("tolerance", true),
	METHOD("comparison", false),      METHOD("no_data", false),
};
#undef METHOD

const struct i18n_method *i18n_methods(size_t *n)
{
	*n = sizeof methods / sizeof methods[0];
	return methods;
}

const char *i18n_method_key(const char *id)
{
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		if (!strcmp(methods[i].id, id))
			return methods[i].name_key;
	return NULL;
}

void i18n_add_joined(const struct i18n *t, enum lang l, struct buf *b, const char *const *items,
		     size_t n, const char *sep_key, const char *last_key, const char *many_key)
{
	const char *last = n >= 3 && many_key ? many_key : last_key;
	for (size_t i = 0; i < n; i++) {
		const char *parts[2] = { i ? i18n_get(t, l, i + 1 == n ? last : sep_key) : "",
					 items[i] };
		/* Chinese against Latin across a joint ("和 Stable
		 * Diffusion"): one space (content/STYLE.md) */
		for (int k = 0; k < 2; k++) {
			if (b->len && text_needs_space(b->ptr, b->len, parts[k]))
				buf_addc(b, ' ');
			buf_adds(b, parts[k]);
		}
	}
}

const char *i18n_list(const struct i18n *t, enum lang l, struct arena *a,
		      const char *const *items, size_t n)
{
	struct buf b = BUF_INIT;
	i18n_add_joined(t, l, &b, items, n, "list.sep", "list.last", "list.last_many");
	const char *out = arena_strndup(a, b.ptr, b.len);
	buf_release(&b);
	return out;
}

const char *i18n_list_quoted(const struct i18n *t, enum lang l, struct arena *a,
			     const char *const *items, size_t n)
{
	const char **quoted = arena_alloc(a, (n ? n : 1) * sizeof *quoted);
	for (size_t i = 0; i < n; i++) {
		struct buf q = BUF_INIT;
		static const char *const names[] = { "x" };
		i18n_fill_key(&q, t, l, "quote.item", names, &items[i], 1);
		quoted[i] = arena_strndup(a, q.ptr, q.len);
		buf_release(&q);
	}
	struct buf b = BUF_INIT;
	i18n_add_joined(t, l, &b, quoted, n, "punct.quoted_sep", "list.quoted_last",
			"list.quoted_last_many");
	const char *out = arena_strndup(a, b.ptr, b.len);
	buf_release(&b);
	return out;
}

const char *i18n_row_note(const struct data *d, enum data_table_id t, size_t row, enum lang l)
{
	char col[16];
	snprintf(col, sizeof col, "note_%s", lang_code(l));
	const char *note = data_cell(d, t, row, col);
	if (!*note)
		note = data_cell(d, t, row, "note_en");
	return *note ? note : data_cell(d, t, row, "note");
}

void i18n_add_in_brackets(const struct i18n *t, enum lang l, struct buf *out, const char *a,
			  const char *b)
{
	static const char stop[] = "。";
	size_t n = strlen(a), k = sizeof stop - 1;
	bool zh_stop = n > k && !memcmp(a + n - k, stop, k);
	/* a sentence ended in English stays one; anything else is a clause */
	bool en_stop = n && a[n - 1] == '.';
	buf_add(out, a, zh_stop ? n - k : n);
	buf_adds(out, i18n_get(t, l, en_stop ? "punct.gap" : "punct.semicolon"));
	buf_adds(out, b);
}
