#include "view/phrase.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/text.h"
#include "model/compare.h"
#include "model/data.h"

#include <math.h>
#include <string.h>

/* "5%", "about 5%" / "约 5%", "40–70%" / "40%～70%". */
static void percent_range(struct buf *out, const struct i18n *t, enum lang l,
			  double low, double high, bool about)
{
	struct buf n = BUF_INIT;
	i18n_format_percent_range(&n, low, high > low ? high : low, l);
	if (about && !strstr(n.ptr, i18n_range_mark(l))) {
		const char *names[] = { "x" }, *vals[] = { n.ptr };
		i18n_fill(out, i18n_get(t, l, "phrase.about"), names, vals, 1);
	} else {
		buf_adds(out, n.ptr);
	}
	buf_release(&n);
}

/* Fill template `key` with up to six name/value pairs, then tidy the spaces
 * an empty value leaves ("cuts memory  to" -> "cuts memory to"). */
static void compose(struct buf *out, const struct i18n *t, enum lang l,
		    const char *key, const char *const *names,
		    const char *const *vals, size_t n)
{
	struct buf s = BUF_INIT;
	i18n_fill(&s, i18n_get(t, l, key), names, vals, n);
	size_t start = out->len;
	for (size_t i = 0; i < s.len; i++) {
		bool space = s.ptr[i] == ' ';
		if (space && (out->len == start || out->ptr[out->len - 1] == ' '))
			continue;
		buf_addc(out, s.ptr[i]);
	}
	while (out->len > start && out->ptr[out->len - 1] == ' ')
		buf_truncate(out, out->len - 1);
	buf_release(&s);
}

/* ---- comparisons ---- */

void phrase_comparison(struct buf *out, const struct i18n *t, enum lang l,
		       const struct cmp_pair *p)
{
	struct cmp_judgement j = cmp_judge(p);
	struct buf key = BUF_INIT, n = BUF_INIT, pct = BUF_INIT;
	if (j.verdict == CMP_UNLIKE)
		buf_adds(&key, "cmp.s.unlike");
	else
		buf_addf(&key, "cmp.s.%s.%s", cmp_quantity_name(p->q),
			 cmp_verdict_name(j.verdict));
	i18n_format_ratio(&n, j.ratio, l);
	i18n_format_percent(&pct, j.percent, l);
	/* "twice as fast", "2.5 times as fast" / "2 倍", "2.5 倍" */
	struct buf times = BUF_INIT;
	const char *n_names[] = { "n" }, *n_vals[] = { n.ptr };
	i18n_fill(&times, i18n_get(t, l, strcmp(n.ptr, "2") ? "phrase.n_times" : "phrase.twice"),
		  n_names, n_vals, 1);
	/* each result's conditions in parentheses: a sentence of the data
	 * without its closing stop */
	const char *unstated = i18n_get(t, l, "cmp.conditions_unstated");
	struct buf ca = BUF_INIT, cb = BUF_INIT;
	const char *said_a = j.first->conditions, *said_b = j.second->conditions;
	said_a = said_a && *said_a ? said_a : unstated;
	said_b = said_b && *said_b ? said_b : unstated;
	buf_add(&ca, said_a, text_len_without_stop(said_a));
	buf_add(&cb, said_b, text_len_without_stop(said_b));
	const char *names[] = { "a", "b", "va", "vb", "what", "n", "times", "p", "ca", "cb" };
	const char *vals[] = {
		j.first->name, j.second->name,
		j.first->shown ? j.first->shown : "", j.second->shown ? j.second->shown : "",
		p->what ? p->what : "", n.ptr, times.ptr, pct.ptr, ca.ptr, cb.ptr,
	};
	compose(out, t, l, key.ptr, names, vals, sizeof names / sizeof *names);
	buf_release(&times);
	buf_release(&ca);
	buf_release(&cb);
	buf_release(&key);
	buf_release(&n);
	buf_release(&pct);
}

void phrase_comparison_cell(struct buf *out, const struct i18n *t, enum lang l,
			    const struct cmp_pair *p)
{
	struct cmp_judgement j = cmp_judge(p);
	bool said = cmp_is_duration(p->q) || p->q == CMP_COST;
	if (!said || (j.verdict != CMP_PERCENT && j.verdict != CMP_SAME))
		return;
	struct buf key = BUF_INIT, pct = BUF_INIT;
	buf_addf(&key, "cmp.cell.%s.%s", cmp_quantity_name(p->q), cmp_verdict_name(j.verdict));
	i18n_format_percent(&pct, j.percent, l);
	const char *names[] = { "p" }, *vals[] = { pct.ptr };
	compose(out, t, l, key.ptr, names, vals, 1);
	buf_release(&key);
	buf_release(&pct);
}

/* Whether a range of speeds up to `high` is said in multiples: any part of
 * it above content/STYLE.md's threshold ("1.33–1.67 times as fast", never
 * "33–67% faster", whose upper end is past where percentages stop). One
 * rule for a comparison's range and a technique's speed-up. */
static bool range_in_times(double high)
{
	return high > CMP_TIMES_ABOVE;
}

void phrase_speed_range(struct buf *out, const struct i18n *t, enum lang l,
			const char *a, const char *b, double low, double high,
			bool keep_order)
{
	if (!(high > low))
		high = low;
	if (high < 1 && !keep_order && low > 0) {
		/* turned round: the faster card first, a multiple >= 1 */
		const char *c = a;
		a = b;
		b = c;
		double lo = 1 / high;
		high = 1 / low;
		low = lo;
	}
	struct buf n = BUF_INIT;
	const char *key;
	if (range_in_times(high)) {
		i18n_format_ratio_range(&n, low, high, l);
		key = "phrase.range.times";
	} else if (low >= 1) {
		/* all of it up to 1.5: "5–33% faster", never "105–133% of
		 * the speed" */
		i18n_format_percent_range(&n, (low - 1) * 100, (high - 1) * 100, l);
		key = "phrase.range.faster";
	} else {
		i18n_format_percent_range(&n, low * 100, high * 100, l);
		key = high < 1 ? "phrase.range.share" : "phrase.range.share_mixed";
	}
	const char *names[] = { "a", "b", "n" }, *vals[] = { a, b, n.ptr };
	compose(out, t, l, key, names, vals, 3);
	buf_release(&n);
}

/* ---- techniques ---- */

void phrase_speedup(struct buf *out, const struct i18n *t, enum lang l,
		    double low, double high, const char *scope)
{
	if (!(high > low))
		high = low;
	struct buf n = BUF_INIT;
	const char *key;
	if (range_in_times(high)) {
		i18n_format_ratio_range(&n, low, high, l);
		key = "phrase.speedup.times";
	} else if (low >= 1) {
		percent_range(&n, t, l, (low - 1) * 100, (high - 1) * 100, true);
		key = round((high - 1) * 100) == 0 ? "phrase.speedup.same"
						    : "phrase.speedup.faster";
	} else {
		/* slower: 0.8..0.9 is "10–20% slower" */
		percent_range(&n, t, l, (1 - high) * 100, (1 - low) * 100, true);
		key = "phrase.speedup.slower";
	}
	const char *names[] = { "n", "scope" }, *vals[] = { n.ptr, scope ? scope : "" };
	compose(out, t, l, key, names, vals, 2);
	buf_release(&n);
}

/* "a quarter", "an eighth", "a twentieth"; "1/25" beyond; "1/4" in
 * Chinese. */
static void fraction(struct buf *out, double divisor, enum lang l)
{
	static const char *const words[] = {
		NULL, NULL, "a half", "a third", "a quarter", "a fifth",
		"a sixth", "a seventh", "an eighth", "a ninth", "a tenth",
		"an eleventh", "a twelfth", "a thirteenth", "a fourteenth",
		"a fifteenth", "a sixteenth", "a seventeenth", "an eighteenth",
		"a nineteenth", "a twentieth",
	};
	double d = round(divisor);
	if (l == LANG_EN && d == divisor && d >= 2 && d <= 20) {
		buf_adds(out, words[(int)d]);
		return;
	}
	buf_adds(out, "1/");
	i18n_format_ratio(out, divisor, l);
}

void phrase_memory_cut(struct buf *out, const struct i18n *t, enum lang l,
		       enum phrase_cut how, double low, double high,
		       const char *scope)
{
	struct buf f = BUF_INIT;
	const char *key;
	if (how == PHRASE_CUT_PERCENT) {
		percent_range(&f, t, l, low, high > low ? high : low, true);
		key = "phrase.cut.percent";
	} else {
		struct buf lo = BUF_INIT, hi = BUF_INIT;
		fraction(&lo, low, l);
		if (high > low) {
			fraction(&hi, high, l);
			if (l == LANG_EN) { /* "a quarter to an eighth" */
				buf_adds(&f, lo.ptr);
				buf_adds(&f, " to ");
				buf_adds(&f, hi.ptr);
			} else {
				i18n_format_range(&f, lo.ptr, hi.ptr, l);
			}
		} else {
			buf_adds(&f, lo.ptr);
		}
		key = high > 0 ? "phrase.cut.factor" : "phrase.cut.factor_or_less";
		buf_release(&lo);
		buf_release(&hi);
	}
	const char *names[] = { "f", "scope" }, *vals[] = { f.ptr, scope ? scope : "" };
	compose(out, t, l, key, names, vals, 2);
	buf_release(&f);
}

/* ---- techniques.csv ---- */

static const char *technique_speed(struct buf *b, const struct technique *x,
				   const struct i18n *t, enum lang l)
{
	buf_reset(b);
	if (x->speed_low.ok)
		phrase_speedup(b, t, l, x->speed_low.v,
			       x->speed_high.ok ? x->speed_high.v : 0,
			       x->speed_scope[l]);
	else
		buf_adds(b, x->speed_text[l] ? x->speed_text[l] : "");
	return b->len ? b->ptr : "";
}

static const char *technique_memory(struct buf *b, const struct technique *x,
				    const struct i18n *t, enum lang l)
{
	buf_reset(b);
	if (x->vram_low.ok && x->vram_cut && *x->vram_cut)
		phrase_memory_cut(b, t, l,
				  strcmp(x->vram_cut, "percent") ? PHRASE_CUT_FACTOR
								 : PHRASE_CUT_PERCENT,
				  x->vram_low.v, x->vram_high.ok ? x->vram_high.v : 0,
				  x->vram_scope[l]);
	else
		buf_adds(b, x->vram_text[l] ? x->vram_text[l] : "");
	return b->len ? b->ptr : "";
}

void phrase_compose_techniques(struct data *d, const struct i18n *t,
			       struct arena *ar)
{
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < d->ntechniques; i++) {
		struct technique *x = &d->techniques[i];
		x->speed_en = arena_strdup(ar, technique_speed(&b, x, t, LANG_EN));
		x->speed_zh = arena_strdup(ar, technique_speed(&b, x, t, LANG_ZH));
		x->vram_saving_en = arena_strdup(ar, technique_memory(&b, x, t, LANG_EN));
		x->vram_saving_zh = arena_strdup(ar, technique_memory(&b, x, t, LANG_ZH));
	}
	buf_release(&b);
}
