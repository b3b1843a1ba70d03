/* pair_sides: what a comparison page shows of one GPU, made once per GPU
 * and language.
 *
 * A GPU is on G - 1 comparison pages per language, and most of what such a
 * page shows about it does not depend on the other GPU: its link, the cells
 * of its specs, results, task hours and costs, the notes of its results.
 * Those are made once per GPU and language (struct pair_lang, kept in the
 * pages kit by pages_compare_prepare before any page is planned, and only
 * read afterwards), and shared by its pages, each with its winner's
 * version for the pages where it wins. pages_compare builds the pages from
 * them.
 *
 * Ownership: everything here lives in the site's arena.
 */
#ifndef GPUGUIDE_PAIR_SIDES_H
#define GPUGUIDE_PAIR_SIDES_H

#include "base/digest.h"
#include "model/i18n.h"

#include <stddef.h>

struct figure;
struct page_ctx;
struct site;
struct value;

/* The rows of a comparison's spec table, in order. */
enum pair_row {
	PAIR_SEGMENT, PAIR_VRAM, PAIR_MEMORY, PAIR_BANDWIDTH, PAIR_FP16,
	PAIR_FP32, PAIR_TENSOR, PAIR_FP8, PAIR_NVLINK, PAIR_PCIE, PAIR_TDP,
	PAIR_LIST_PRICE, PAIR_RENT, PAIR_ROWS
};

/* The gpus.csv column a row shows (enum gpu_column), or -1. */
int pair_row_field(enum pair_row r);
/* The i18n key of a row's label. */
const char *pair_row_label(enum pair_row r);
/* The figure of GPU g that decides a row (*f), and which way is better
 * (1 higher, -1 lower; 0 for rows of text, which have no winner). */
int pair_row_figure(const struct page_ctx *p, size_t g, enum pair_row r, struct figure *f);

/* A GPU's cell in a row of its comparisons, and the same marked as the
 * row's winner (NULL when it cannot win: text, or no figure). */
struct pair_cell {
	struct value *cell, *won;
};

/* Why a comparison's ratio may be missing, whose cells are shared. */
#define PAIR_RATIO_WHYS 4

/* One GPU's part of every comparison page it is on, in one language. */
struct pair_side {
	struct value *link;                /* {id, name, href} */
	struct pair_cell spec[PAIR_ROWS];  /* its cells in the spec table */
	struct pair_cell *result;          /* [nbenchmarks] */
	const char **note;                 /* [nbenchmarks]: "name: note", or "" */
	struct pair_cell *hours, *cost;    /* [ntasks], NULL without task costs */
	struct digest_value digest;        /* of all the above (side_digest) */
};

/* The shared parts of the comparison pages of one language. Links are made
 * for a page at compare/<a>-vs-<b>/: every comparison page is at that
 * depth, which is all a link from it depends on. */
struct pair_lang {
	struct pair_side *side;         /* [ngpus] */
	const char **task_href;         /* [ntasks] */
	struct value *no_ratio[PAIR_RATIO_WHYS]; /* cells of missing ratios, by why */
};

/* The shared parts of the comparison pages of language l, made while
 * planning (in s's arena). */
struct pair_lang *pair_sides_make(struct site *s, enum lang l);
/* The shared parts of the comparison pages in the page's language. */
const struct pair_lang *pair_sides_of(const struct page_ctx *p);
/* The shared cell of a ratio missing for the reason `why`, or NULL when it
 * is not one of the PAIR_RATIO_WHYS shared (the caller makes the cell). */
struct value *pair_sides_no_ratio(const struct page_ctx *p, const char *why);

/* The cells of a side-by-side row of two GPUs, the winner's marked (`w`:
 * 1 for a, -1 for b, 0 for neither) into *ca and *cb; returns w. */
int pair_mark(const struct pair_cell *a, const struct pair_cell *b, int w,
	      struct value **ca, struct value **cb);
/* The cells of a side-by-side row of two GPUs, the better one's marked;
 * returns which wins: the comparison model's better side of the two
 * figures as their cells print them (none when they print alike, as the
 * row's sentence says "about the same"). */
int pair_pick(const struct pair_cell *a, const struct pair_cell *b, struct figure fa,
	      struct figure fb, int direction, struct value **ca, struct value **cb);

#endif
