/* phrase: whole sentences that compare figures, composed per language from
 * the sentence templates "phrase.*" in data/i18n.csv, with each language's
 * grammar (content/STYLE.md):
 *
 *   - an increase reads as a multiple only above 1.5x: "3.3 times as fast" /
 *     "速度是 … 的 3.3 倍"; up to 1.5x it is a percentage: "about 5% faster"
 *     / "快约 5%"; within 1% the two are the same;
 *   - a lower-is-better figure (latency, step time) that is lower is said to
 *     be lower: "latency about 24% lower (52 ms vs 68 ms)" /
 *     "延迟低约 24%（52 毫秒 vs 68 毫秒）";
 *   - a memory reduction is a fraction or a percentage: "cuts memory to a
 *     quarter to an eighth" / "显存降到原来的 1/4～1/8", "by 40–70%" /
 *     "减少 40%～70%";
 *   - ranges are "1.5–2" in English and "1.5～2" in Chinese.
 *
 * A number in a sentence is written by the same function as the number in
 * the table beside it (i18n_format_ratio, i18n_format_percent), so the
 * two agree to the last digit. Output is plain text (templates escape it).
 * Nothing here allocates beyond the caller's buffer.
 */
#ifndef GPUGUIDE_PHRASE_H
#define GPUGUIDE_PHRASE_H

#include "model/compare.h"
#include "model/i18n.h"

#include <stdbool.h>

struct buf;


/* A comparison of two figures as one sentence of language `l`, from the
 * comparison model's verdict (model/compare.h) and the sentence template
 * of that quantity and verdict, "cmp.s.<quantity>.<verdict>" (or
 * "cmp.s.unlike"): "H100 80GB's 70B model inference latency is about 13%
 * lower than RTX 4090's (45 ms vs 52 ms)." / "70B 模型推理延迟，H100 80GB
 * 比 RTX 4090 低约 13%（45 毫秒 vs 52 毫秒）。" Each language's templates
 * are written for it; the placeholders are the better side first ({a},
 * {va}, {ca}), the other ({b}, {vb}, {cb}), the measure ({what}), the
 * multiple ({n}) and the percentage ({p}). */
void phrase_comparison(struct buf *out, const struct i18n *t, enum lang l,
		       const struct cmp_pair *p);

/* A duration's (a latency, a step's time) or a job's cost's difference as
 * a table's cell beside the sentence says it, from the same verdict
 * ("cmp.cell.<quantity>.<verdict>"): "34% lower", "38% shorter", "19%
 * less", "about the same"; nothing for a multiple or any other quantity,
 * whose cell is the ratio (cmp_ratio_upright). */
void phrase_comparison_cell(struct buf *out, const struct i18n *t, enum lang l,
			    const struct cmp_pair *p);

/* How fast `a` runs against `b` over several workloads, as one clause:
 * `low`..`high` are the speed ratios a/b. Multiples when the high end is
 * above the model's threshold, always >= 1 (the faster card named first,
 * unless `keep_order`: then the page's own card stays the subject and a
 * slower one runs at a share of the other's speed): "H100 80GB is 3.3–5.6
 * times as fast as RTX 4090", "A100 80GB is 1.33–1.67 times as fast as RTX
 * 4090", "A100 80GB is 5–7% faster than A100 40GB", "RTX 4090 runs at
 * only 18–30% of the speed of H100 80GB" / "RTX 4090 的速度只有 H100 80GB
 * 的 18%～30%"; slower on some and faster on others, "runs at 80–120% of
 * the speed of". No full stop. */
void phrase_speed_range(struct buf *out, const struct i18n *t, enum lang l,
			const char *a, const char *b, double low, double high,
			bool keep_order);

/* A technique's effect on speed, as a clause: `low`..`high` is the speed
 * multiplied (0.9 = 10% slower, 1 = unchanged, 2 = twice as fast; high <=
 * low or 0: one figure). `scope` ("for attention" / "注意力部分的"; "" for
 * the whole run) says what is sped up. "1.5–2 times as fast" /
 * "速度提升到原来的 1.5～2 倍", "about 10% slower" / "速度降低约 10%". */
void phrase_speedup(struct buf *out, const struct i18n *t, enum lang l,
		    double low, double high, const char *scope);

/* How memory use shrinks. */
enum phrase_cut {
	PHRASE_CUT_FACTOR,  /* divided by low..high: "to a quarter to an eighth" */
	PHRASE_CUT_PERCENT, /* low..high percent saved: "by 40–70%" */
};

/* A technique's memory saving, as a clause: "cuts memory to a quarter to an
 * eighth" / "显存降到原来的 1/4～1/8", "cuts memory by about 50%" /
 * "显存减少约 50%"; `high` 0: "to an eighth or less" / "降到原来的 1/8
 * 以下" for a factor, "about N%" for a percentage. `scope` as for
 * phrase_speedup ("for attention" / "注意力部分的"). */
void phrase_memory_cut(struct buf *out, const struct i18n *t, enum lang l,
		       enum phrase_cut how, double low, double high,
		       const char *scope);

struct arena;
struct data;

/* Compose every technique's speed and memory effects (techniques.csv) in
 * both languages into its speed_en/_zh and vram_saving_en/_zh, in `ar`:
 * the figures through phrase_speedup and phrase_memory_cut, an effect with
 * no figure as its text; "" when the data say nothing. */
void phrase_compose_techniques(struct data *d, const struct i18n *t,
			       struct arena *ar);

#endif
