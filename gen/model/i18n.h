/* i18n: the site's two languages, UI strings from data/i18n.csv, and the
 * formatting of numbers, money, units and dates for each language.
 *
 * Every key must have a text in every language: i18n_load reports a missing
 * one as an error naming the key, and a "{placeholder}" one language's text
 * has and the other's lacks; only a unit ("unit.*") may be empty, for a
 * figure that reads bare in one language (the column head names it).
 * Lookups of a key that does not exist at all return the key itself, and
 * are remembered; so are fills (i18n_fill_key) whose text has a placeholder
 * the caller gives no value for. i18n_report_uses reports both (before a
 * build publishes), so a missing row or a misspelt placeholder is an error,
 * never text on a page. Templates are checked against the table when they
 * load (i18n_check_templates).
 */
#ifndef GPUGUIDE_I18N_H
#define GPUGUIDE_I18N_H

#include "base/strmap.h"
#include "model/schema.h"

#include <stdbool.h>
#include <stddef.h>

struct arena;
struct data;
struct buf;
struct diag;
struct table;

enum lang { LANG_EN, LANG_ZH, LANG_COUNT };

/* "en" / "zh": the folder under site/ and the suffix of data columns. */
const char *lang_code(enum lang l);
/* "en" / "zh-CN": the value of <html lang> and hreflang. */
const char *lang_tag(enum lang l);
/* The language of a code ("en", "zh"); -1 when unknown. */
int lang_from_code(const char *code);
/* The language whose texts a data column holds: "name_en" and i18n.csv's
 * "en" LANG_EN, "notes_zh" LANG_ZH; -1 for a column of both (ids,
 * numbers, names). `*base` is the length of its name without "_<code>". */
int lang_of_column(const char *column, size_t *base);

struct i18n {
	const struct table *table; /* borrowed from struct data */
	struct strmap keys;        /* key (borrowed: the table's) -> row + 1 */
	size_t key_col, text_col[LANG_COUNT]; /* found once, at load */
	struct i18n_uses *uses; /* missing keys and placeholders asked for
				 * (owned; thread-safe) */
};

/* Check and index the key,en,zh table. Returns 0 or -1 (errors reported). */
int i18n_load(struct i18n *t, const struct table *table, struct diag *diag);
void i18n_free(struct i18n *t);
/* The text of `key` in `l`; the key itself when it does not exist (then
 * remembered for i18n_report_uses). Thread-safe. */
const char *i18n_get(const struct i18n *t, enum lang l, const char *key);
/* True when the key exists. */
bool i18n_has(const struct i18n *t, const char *key);

/* Append the sentence template `tmpl` (a UI string such as "{a} is {x} as
 * fast as {b}") with each "{name}" replaced by the value paired with that
 * name (NULL values read as ""); a brace naming no pair is copied as it is.
 * Where a value's first or last character is Latin or a digit and the text
 * beside it Chinese (or the other way round), one space goes between them
 * (content/STYLE.md), so "执行{task}" with "LoRA" reads "执行 LoRA".
 * Nothing is escaped: templates escape what they print. */
void i18n_fill(struct buf *out, const char *tmpl, const char *const *names,
	       const char *const *vals, size_t n);

/* i18n_fill with the text of `key` in `l`; a placeholder of that text that
 * none of `names` matches is replaced by nothing and remembered for
 * i18n_report_uses (the text is wrong, or the code). Thread-safe. */
void i18n_fill_key(struct buf *out, const struct i18n *t, enum lang l,
		   const char *key, const char *const *names,
		   const char *const *vals, size_t n);

/* A GPU on `cards` cards as a case study says them ("4 × A100 80GB",
 * "4 张 A100 80GB"; its name alone on one card), appended to `out`. */
void i18n_gpu_cards(struct buf *out, const struct i18n *t, enum lang l, int cards,
		    const char *gpu);

/* The key of the UI string that says a count of n things: `key` with the
 * count's form, ".one" for 1, else ".many" ("gpu.complete_prices.one":
 * "{n} price"), in `a`. Every count said in words picks its string by
 * this. */
const char *i18n_count_key(struct arena *a, const char *key, size_t n);

/* Report, as errors at data/i18n.csv, every key looked up that has no row
 * and every placeholder no caller filled, each once, in key order. Returns
 * how many. */
int i18n_report_uses(const struct i18n *t, struct diag *diag);

/* Numbers: grouped thousands; decimals chosen by size (>= 100: none,
 * >= 10: one, else two; trailing zeros dropped), e.g. 4,103  3.35  0.3 */
void i18n_format_number(struct buf *out, double v, enum lang l);
/* The same with a fixed number of decimals. */
void i18n_format_fixed(struct buf *out, double v, int decimals, enum lang l);
/* At most `decimals` decimals: trailing zeros (and a bare point) dropped. */
void i18n_format_trimmed(struct buf *out, double v, int decimals, enum lang l);
/* Every figure below is rounded on its decimal value (numfmt_round: 0.75 h
 * x $1.50 = $1.125 prints "$1.13"). These are the site's only formats of
 * numbers, money, durations, ranges and dates: pages, shortcodes, charts,
 * feeds, the calculator's data and the ledger all write through them. */

/* US dollars: $1.17, $0.39, $545, $30,000 (cents below $1,000 unless whole;
 * below $1 a tenth of a cent where it is not 0: $0.126, $0.13; a fraction
 * of a cent with four decimals: $0.0042). */
void i18n_format_usd(struct buf *out, double v, enum lang l);
/* A ratio's digits as tables and sentences show it: 19, 3.3, 2.9, 1.05
 * (>= 10: no decimals; >= 2: one; else two; trailing zeros dropped). */
void i18n_format_ratio(struct buf *out, double ratio, enum lang l);
/* The decimals i18n_format_ratio rounds `ratio` to, before trailing zeros
 * are dropped. */
int i18n_ratio_decimals(double ratio);
/* A share in percent, rounded to a whole number: "24%" (no space). */
void i18n_format_percent(struct buf *out, double percent, enum lang l);
/* Ratios from `low` to `high`, each as i18n_format_ratio writes it:
 * "1.5–2" / "1.5～2", one ratio when `high` is not above `low`. */
void i18n_format_ratio_range(struct buf *out, double low, double high, enum lang l);
/* Percentages from `low` to `high`: "18–30%" / "18%～30%" (one percent sign
 * in English), one percentage when both print alike. */
void i18n_format_percent_range(struct buf *out, double low, double high,
			       enum lang l);
/* The mark between the ends of a range: an en dash in English ("4–8 h"),
 * the wave dash in Chinese ("4～8 小时", content/STYLE.md). */
const char *i18n_range_mark(enum lang l);
/* A range of two formatted ends, "$1.76–$3.52" / "$1.76～$3.52"; just `low`
 * when `high` is NULL, empty or equal to it. */
void i18n_format_range(struct buf *out, const char *low, const char *high,
		       enum lang l);
/* Money from `low` to `high`: "$1.76–$3.52"; one amount when `high` is
 * not above `low` or both print alike. */
void i18n_format_usd_range(struct buf *out, double low, double high, enum lang l);
/* Hours from `low` to `high`: "4–8 h" / "4～8 小时"; one duration
 * (i18n_format_duration) when `high` is not above `low`. */
void i18n_format_hours_range(struct buf *out, const struct i18n *t, double low,
			     double high, enum lang l);
/* A duration given in hours: "3 h", "1.5 h"; under an hour in minutes,
 * "40 min" / "40 分钟" (unit.h, unit.min). */
void i18n_format_duration(struct buf *out, const struct i18n *t, double hours,
			  enum lang l);
/* A duration as i18n_format_duration prints it, with "min" or "h" for the
 * UI strings' units: two durations print alike exactly when these do (for
 * a model that compares prints without the UI strings). */
void i18n_format_duration_plain(struct buf *out, double hours);
/* A number with its unit: "24 GB", "4,103 h" / "4,103 小时", "1.41 TFLOPS/W".
 * `unit_key` is an i18n key (e.g. "unit.h") or a literal unit when no such
 * key exists. */
void i18n_format_unit(struct buf *out, const struct i18n *t, double v,
		      const char *unit_key, enum lang l);
/* A range of numbers with their unit once, at the end: "7,194–10,791 h" /
 * "7,194～10,791 小时" (one number when `high` is not above `low` or both
 * print alike). */
void i18n_format_unit_range(struct buf *out, const struct i18n *t, double low,
			    double high, const char *unit_key, enum lang l);
/* Append a unit after a number: "×", "%" and a rate from its slash
 * ("/（美元/小时）") hug it, anything else follows one space; an empty unit
 * appends nothing. */
void i18n_append_unit(struct buf *out, const char *unit);
/* A number as the data types it ("3350", "0.416667", "-2"), its thousands
 * grouped with commas as every figure is (content/STYLE.md: "3,350"), its
 * decimals kept as typed; any other text is appended unchanged. */
void i18n_group_number_text(struct buf *out, const char *text);
/* The other language's spelling of tag `tag` of language `l` (a tag.<name>
 * row of data/i18n.csv: "buying" and "选购"), or NULL: a tag page links
 * its twin when the other language has one. */
const char *i18n_tag_twin(const struct i18n *t, enum lang l, const char *tag);

/* A YYYY-MM-DD date for reading: "27 Jul 2026" / "2026年7月27日". */
void i18n_format_date(struct buf *out, const char *ymd, enum lang l);
/* The same in `a`, or NULL when `ymd` is NULL or empty: the caller says
 * "date not given" as its page says a missing figure. */
const char *i18n_date_text(struct arena *a, const char *ymd, enum lang l);

/* The UI string (data/i18n.csv) naming the specification of gpus.csv's
 * column `col` (vram_gb, memory_type, ...; "price" for the list price): the
 * one name a spec has in every table, chart and figure label. NULL for a
 * column that is no specification. */
const char *i18n_spec_key(const char *col);
/* The methodology's entries, in the order its page explains them (*n of
 * them): an entry's id, the UI string naming it (method.<id>.name) and
 * whether it has a formula (method.<id>.formula); method.<id>.text always. */
struct i18n_method {
	const char *id, *name_key;
	bool formula;
};
const struct i18n_method *i18n_methods(size_t *n);
/* The UI string naming methodology entry `id` (cost_per_job, speed_per_dollar,
 * tflops_per_watt, break_even, cost_per_mtok, monthly_cost, ...):
 * method.<id>.name, the one name a derived figure has on the methodology
 * page, a GPU page, a chart's table, an article's table and the ledger's
 * labels. NULL for an id the methodology does not explain. */
const char *i18n_method_key(const char *id);

/* Append `items` as a sentence lists them: the UI string `sep_key` between
 * them, before the last `last_key` ("A and B", "A和B"), or `many_key`
 * when there are three or more ("A, B, and C": English's serial comma
 * keeps an item that holds an "and" whole; "A、B和C"; NULL: `last_key`),
 * one space where Chinese meets Latin across a joint (content/STYLE.md). */
void i18n_add_joined(const struct i18n *t, enum lang l, struct buf *b, const char *const *items,
		     size_t n, const char *sep_key, const char *last_key, const char *many_key);
/* Two sentences that stand in one bracket after a figure, `a` then `b`:
 * in Chinese a bracket within a sentence holds no 。, so `a`'s is dropped
 * and they are joined by punct.semicolon (；), as is an `a` that is no
 * sentence ("batch size 4; ..."); an English sentence ended by its "."
 * is followed by punct.gap. */
void i18n_add_in_brackets(const struct i18n *t, enum lang l, struct buf *out, const char *a,
			  const char *b);
/* A row's note in language l: its column note_<l>, else note_en, else
 * note ("" when none). */
const char *i18n_row_note(const struct data *d, enum data_table_id t, size_t row, enum lang l);
/* `items` as a sentence lists them ("A, B, and C", "A、B、C":
 * i18n_add_joined with list.sep, list.last and list.last_many), in `a`. */
const char *i18n_list(const struct i18n *t, enum lang l, struct arena *a,
		      const char *const *items, size_t n);
/* `items` quoted (quote.item: “A”) and listed as a sentence lists quoted
 * names (punct.quoted_sep, list.quoted_last, list.quoted_last_many: "“A”,
 * “B” and “C”"; in Chinese no 顿号 between quoted items, GB/T 15834:
 * "“A”“B”和“C”"), in `a`. */
const char *i18n_list_quoted(const struct i18n *t, enum lang l, struct arena *a,
			     const char *const *items, size_t n);

#endif
