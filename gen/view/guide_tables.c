/* guide_tables: see guide_tables.h. */
#include "view/guide_tables.h"

#include "view/guide_ledger.h"

#include "base/arena.h"
#include "base/buf.h"
#include "model/data.h"
#include "model/metrics.h"
#include "template/value.h"
#include "view/nodata.h"
#include "view/present.h"
#include "view/site.h"

#include <stdbool.h>
#include <stddef.h>

/* A table's context with its rows and the keys every table has. */
static struct value *table_new(const struct page_ctx *p, struct value *rows,
			       const char *caption)
{
	struct arena *a = pg_arena(p);
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "rows", rows);
	value_map_set_bool(a, ctx, "has_rows", value_list_len(rows) > 0);
	value_map_set_bool(a, ctx, "has_caption", caption && *caption);
	value_map_set_str(a, ctx, "caption", caption ? caption : "");
	return ctx;
}

/* Whether some row's cell `key` is "no data", when the column is `shown`. */
static bool column_gap(const struct value *rows, const char *key, bool shown)
{
	return shown && nodata_column_has_gap(rows, key);
}

/* ---- a job's time and cost ---- */

struct value *guide_tables_task_costs(const struct page_ctx *p, size_t t,
				      const char *caption)
{
	const struct site_inputs *in = p->in;
	struct arena *a = pg_arena(p);
	const struct data *d = &in->data;
	struct value *rows = value_new_list(a);
	struct nodata_list missing = NODATA_LIST_INIT;
	bool cards = false, stated = false;
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct task_cost *c = metrics_task_cost(d, &in->metrics, t, g);
		if (!c || c->time_row < 0) {
			nodata_list_add(p, &missing, d->gpus[g].name);
			continue;
		}
		const struct task_time *tt = &d->task_times[c->time_row];
		struct value *r = pg_gpu_link(p, g);
		value_map_set(a, r, "hours", pg_hours_cell(p, c));
		value_map_set(a, r, "cards", pg_cell_figure(p, (struct figure){
			(double)c->gpu_count, NULL }, FMT_NUMBER, NULL));
		cards |= c->gpu_count > 1;
		value_map_set(a, r, "price", pg_cell_figure(p, c->usd_per_hour,
							 FMT_PER_HOUR, NULL));
		value_map_set(a, r, "cost", pg_cost_cell(p, c));
		value_map_set_str(a, r, "quote",
				  pg_quote_text(p, c->quote_row, c->choice, QUOTE_FOR_TIME));
		value_map_set(a, r, "stated", pg_stated_cell(p, c->stated));
		stated |= c->stated >= 0;
		value_map_set_str(a, r, "source", pg_source_titles(p, tt->source));
		value_map_set_str(a, r, "note", pg_row_note(p, TABLE_TASK_TIMES, tt->row));
		value_list_push(a, rows, r);
	}
	struct value *ctx = table_new(p, rows, caption);
	/* no card with a time has a price: no columns of prices and costs */
	bool priced = metrics_task_priced(d, &in->metrics, t);
	value_map_set_bool(a, ctx, "has_cards", cards);
	value_map_set_bool(a, ctx, "has_stated", stated);
	value_map_set_bool(a, ctx, "has_notes", value_list_has_text(rows, "note"));
	value_map_set_bool(a, ctx, "has_prices", priced);
	value_map_set_bool(a, ctx, "has_nodata",
			   column_gap(rows, "hours", true) || column_gap(rows, "price", priced) ||
			   column_gap(rows, "cost", priced) || column_gap(rows, "stated", stated));
	value_map_set_str(a, ctx, "no_rows", pg_tr(p, "task.no_times"));
	const char *line = nodata_list_line(p, &missing, "task.no_time_for");
	value_map_set_str(a, ctx, "missing", line);
	value_map_set_bool(a, ctx, "has_missing", *line != 0);
	static const char *const flags[] = { "has_cards", "has_prices", "has_stated",
					     "has_notes", NULL };
	pg_rows_take_flags(p, rows, ctx, flags);
	return ctx;
}

/* ---- use cases ---- */

/* A card a use case names: its name, link and lowest price in `m`. */
static void use_case_card(const struct page_ctx *p, struct value *m, long g)
{
	struct arena *a = pg_arena(p);
	value_map_set_str(a, m, "name", g >= 0 ? p->in->data.gpus[g].name : "");
	value_map_set_str(a, m, "href", g >= 0 ? pg_href_to(p, pg_gpu_path(p, (size_t)g)) : "");
	const char *price = "";
	if (g >= 0) {
		struct figure f = pg_rent_shown(p, (size_t)g);
		price = figure_ok(f) ? pg_fmt_per_hour(p, f.value)
				     : pg_fill(p, "uc.no_price", "why", pg_tr(p, "why.no_price"), NULL);
	}
	value_map_set_str(a, m, "price", price);
}

/* One pick of a use case: {role, has_gpu, name, href, price, alternatives
 * (each {name, href, price}), has_note, note}. */
/* On the recommended pick (`role` 1) of use case `u`, where the budget
 * pick is another card: a link to their comparison (compare_href,
 * compare_text; has_compare), where a buyer sees which costs less per job
 * (a source picks its budget card by the hourly price). */
static void use_case_compare(const struct page_ctx *p, const struct use_case *u, int role,
			     struct value *row)
{
	struct arena *a = pg_arena(p);
	long b = guide_use_case_pick(u, 0), r = guide_use_case_pick(u, 1);
	bool two = role == 1 && b >= 0 && r >= 0 && b != r;
	value_map_set_bool(a, row, "has_compare", two);
	value_map_set_str(a, row, "compare_href",
			  two ? pg_href_to(p, pg_pair_path(p, (size_t)b, (size_t)r)) : "");
	value_map_set_str(a, row, "compare_text",
			  two ? pg_fill(p, "uc.compare", "b", p->in->data.gpus[b].name, NULL) : "");
}

static struct value *use_case_pick_value(const struct page_ctx *p, const struct use_case *u,
					 int role)
{
	struct arena *a = pg_arena(p);
	long g = guide_use_case_pick(u, role);
	struct value *m = value_new_map(a), *alts = value_new_list(a);
	value_map_set_str(a, m, "role", pg_tr(p, guide_role_keys[role]));
	value_map_set_bool(a, m, "has_gpu", g >= 0);
	use_case_card(p, m, g);
	for (size_t i = 0; g >= 0 && i < u->nalternatives[role]; i++) {
		struct value *alt = value_new_map(a);
		use_case_card(p, alt, u->alternatives[role][i]);
		value_list_push(a, alts, alt);
	}
	value_map_set(a, m, "alternatives", alts);
	const char *note = guide_use_case_note(p, u, role);
	value_map_set_str(a, m, "note", note);
	value_map_set_bool(a, m, "has_note", *note != 0);
	use_case_compare(p, u, role, m);
	return m;
}

/* Whether some use case names a GPU or a note for `role`: a column nobody
 * filled is left out, named in a line. */
static bool use_case_role_given(const struct page_ctx *p, int role)
{
	const struct data *d = &p->in->data;
	for (size_t i = 0; i < d->nuse_cases; i++)
		if (guide_use_case_pick(&d->use_cases[i], role) >= 0 ||
		    *guide_use_case_note(p, &d->use_cases[i], role))
			return true;
	return false;
}

struct value *guide_tables_use_cases(const struct page_ctx *p, const char *caption,
				     bool only_picked)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	struct value *rows = value_new_list(a), *roles = value_new_list(a);
	struct nodata_list none = NODATA_LIST_INIT;
	bool given[3];
	for (int role = 0; role < 3; role++) {
		if (!(given[role] = use_case_role_given(p, role))) {
			nodata_list_add(p, &none, pg_tr(p, guide_role_keys[role]));
			continue;
		}
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "label", pg_tr(p, guide_role_keys[role]));
		value_list_push(a, roles, m);
	}
	for (size_t i = 0; i < d->nuse_cases; i++) {
		const struct use_case *u = &d->use_cases[i];
		struct value *r = value_new_map(a), *picks = value_new_list(a);
		for (int role = 0; role < 3; role++)
			if (given[role] && (!only_picked || guide_use_case_pick(u, role) >= 0))
				value_list_push(a, picks, use_case_pick_value(p, u, role));
		value_map_set_str(a, r, "id", u->id);
		value_map_set_str(a, r, "name", guide_use_case_title(p, u));
		value_map_set_str(a, r, "href", pg_href_to(p, arena_printf(a, "use-cases/#%s",
									u->id)));
		value_map_set(a, r, "picks", picks);
		const char *reason = pg_pick_lang(p, u->reason_en, u->reason_zh);
		value_map_set_str(a, r, "reason", reason);
		value_map_set_bool(a, r, "has_reason", *reason != 0);
		value_map_set_str(a, r, "source", pg_source_titles(p, u->source));
		value_list_push(a, rows, r);
	}
	struct value *ctx = table_new(p, rows, caption);
	value_map_set(a, ctx, "roles", roles);
	value_map_set_str(a, ctx, "roles_missing", nodata_list_line(p, &none, "uc.roles_missing"));
	/* a column of reasons nobody wrote is left out */
	value_map_set_bool(a, ctx, "has_reasons", value_list_has_text(rows, "reason"));
	value_map_set_bool(a, ctx, "has_nodata", false); /* a pick nobody named is "none given" */
	static const char *const flags[] = { "has_reasons", "has_caption", NULL };
	pg_rows_take_flags(p, rows, ctx, flags);
	return ctx;
}

/* ---- techniques ---- */

struct value *guide_tables_techniques(const struct page_ctx *p, const char *caption)
{
	const struct site_inputs *in = p->in;
	struct arena *a = pg_arena(p);
	struct value *rows = value_new_list(a);
	for (size_t i = 0; i < in->data.ntechniques; i++) {
		const struct technique *t = &in->data.techniques[i];
		guide_ledger_show_technique(p, i, false);
		guide_ledger_show_technique(p, i, true);
		struct value *r = value_new_map(a);
		value_map_set_str(a, r, "id", t->id);
		value_map_set_str(a, r, "name", pg_pick_lang(p, t->name_en, t->name_zh));
		value_map_set(a, r, "speed", pg_cell_phrase(p, pg_pick_lang(p, t->speed_en, t->speed_zh),
						       "why.not_stated"));
		value_map_set(a, r, "vram", pg_cell_phrase(p, pg_pick_lang(p, t->vram_saving_en,
								   t->vram_saving_zh),
						      "why.not_stated"));
		value_map_set_str(a, r, "difficulty", pg_technique_difficulty(p, t));
		value_map_set_str(a, r, "notes", pg_pick_lang(p, t->notes_en, t->notes_zh));
		value_map_set_str(a, r, "source", pg_source_titles(p, t->source));
		value_list_push(a, rows, r);
	}
	struct value *ctx = table_new(p, rows, caption);
	/* a column no technique fills is left out */
	bool speed = nodata_column_has_figure(rows, "speed");
	bool vram = nodata_column_has_figure(rows, "vram");
	value_map_set_bool(a, ctx, "has_speed", speed);
	value_map_set_bool(a, ctx, "has_vram", vram);
	value_map_set_bool(a, ctx, "has_notes", value_list_has_text(rows, "notes"));
	value_map_set_bool(a, ctx, "has_nodata",
			   column_gap(rows, "speed", speed) || column_gap(rows, "vram", vram));
	static const char *const flags[] = { "has_speed", "has_vram", "has_notes", "has_caption",
					     NULL };
	pg_rows_take_flags(p, rows, ctx, flags);
	return ctx;
}

/* ---- use cases ---- */

const char *const guide_role_keys[3] = { "uc.budget", "uc.recommended", "uc.fastest" };
const char *const guide_role_cols[3] = { "budget", "recommended", "fastest" };

long guide_use_case_pick(const struct use_case *u, int role)
{
	return role == 0 ? u->budget : role == 1 ? u->recommended : u->fastest;
}

bool guide_use_case_names(const struct use_case *u, int role, size_t g)
{
	if (guide_use_case_pick(u, role) == (long)g)
		return true;
	for (size_t i = 0; i < u->nalternatives[role]; i++)
		if (u->alternatives[role][i] == (long)g)
			return true;
	return false;
}

const char *guide_use_case_note(const struct page_ctx *p, const struct use_case *u,
				 int role)
{
	return pg_raw_cell_lang(p, TABLE_USE_CASES, u->row,
			     arena_printf(pg_arena(p), "%s_note", guide_role_cols[role]));
}

const char *guide_use_case_title(const struct page_ctx *p, const struct use_case *u)
{
	const char *name = pg_pick_lang(p, u->name_en, u->name_zh);
	if (*name < 'a' || *name > 'z')
		return name;
	return arena_printf(pg_arena(p), "%c%s", *name - 'a' + 'A', name + 1);
}
