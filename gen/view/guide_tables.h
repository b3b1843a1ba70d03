/* guide_tables: the guide's tables that both a page of their own and an
 * article show: a job's time and cost on every GPU (the job's page, the
 * report, {{< table name=task-costs task=... >}}), the use cases (the
 * use-case page, {{< table name=use-cases >}}) and the training techniques
 * (their page, {{< table name=techniques >}}). Each is made once, here, as
 * a context that one partial draws wherever the table appears
 * (templates/partials/table-task-costs, table-use-cases, table-techniques):
 * the same figures under the same column heads, with the same marks, the
 * same words for what no source gives and the same columns left out.
 *
 * Keys every table's context has, besides its rows and column flags (each
 * row holds the flags it reads too: pg_rows_take_flags):
 *   has_caption, caption   an article's caption (a page's heading names
 *                          the table there: no caption)
 *   has_nodata             some cell is "no data": the legend follows
 *
 * Memory: the contexts live in the page's arena (struct page_ctx); their
 * figures are marked in the ledger as shown by that page.
 */
#ifndef GPUGUIDE_GUIDE_TABLES_H
#define GPUGUIDE_GUIDE_TABLES_H

#include <stdbool.h>
#include <stddef.h>

struct page_ctx;
struct use_case;
struct value;

/* Job t on every GPU with a time for it, in the GPUs' order: rows {id,
 * href, name, hours, cards, price, cost, quote, stated, source, note};
 * has_rows, has_cards, has_prices, has_stated, has_notes, no_rows (the
 * line in the table's place), missing and has_missing (the GPUs without a
 * time). `caption` is NULL on the job's own page. */
struct value *guide_tables_task_costs(const struct page_ctx *p, size_t t,
				      const char *caption);

/* Every use case: rows {id, name, href, picks [{role, has_gpu, name,
 * href, price, has_note, note, note_paren}], reason, has_reason, source},
 * has_rows, has_reasons; roles [{label}] (the picks some use case names;
 * a row's picks are of these) and roles_missing (the line naming the
 * others, or ""). With `only_picked`, a row's picks are only the
 * roles that name a GPU (the home page's short list). */
struct value *guide_tables_use_cases(const struct page_ctx *p, const char *caption,
				     bool only_picked);

/* Every training technique: rows {id, name, speed, vram, difficulty,
 * notes, source}, has_rows, has_speed, has_vram, has_notes. */
struct value *guide_tables_techniques(const struct page_ctx *p, const char *caption);

/* ---- use cases ---- */

/* A use case's three picks: their label keys and column stems. */
extern const char *const guide_role_keys[3];
extern const char *const guide_role_cols[3];

/* A use case's card for `role` (0 budget, 1 recommended, 2 fastest): the
 * one its source picks first, or -1; whether the role names GPU g, as the
 * pick or as an alternative ("RTX 4090 or L40S"). */
long guide_use_case_pick(const struct use_case *u, int role);
bool guide_use_case_names(const struct use_case *u, int role, size_t g);
const char *guide_use_case_note(const struct page_ctx *p, const struct use_case *u,
				 int role);
/* A use case's name where it starts a row or an item: the data's name,
 * written as it reads inside a sentence ("computer vision (large scale)",
 * "Stable Diffusion LoRA"), its first letter a capital. */
const char *guide_use_case_title(const struct page_ctx *p, const struct use_case *u);

#endif
