/* report: /<lang>/report/, the whole guide as one document per language,
 * for reading on paper or as the PDF that `make report` prints from it.
 *
 * A cover (title, the date of the newest price and of the build, the
 * sources), contents, then numbered sections: the cards, the headline
 * comparisons (each pair's whole comparison, verdict included), the jobs
 * and their costs (the index, then each job), memory and fit, inference
 * and serving, techniques, recommendations by use, the case studies, data
 * health and methodology; the sources last, as numbered references.
 *
 * The report types nothing of its own: each section's context is the
 * context its page is built from, asked of the page family that builds it
 * (pages_gpu_index_context, pages_compare_pair_context,
 * pages_guide_context, pages_tasks_task_context, pages_tasks_case_context,
 * datapages_health_context, datapages_methodology_context) for the
 * report's path, and each is drawn by the page's own body partial
 * (templates/partials/body-*.mustache). So its links lead from report/ and
 * its figures are marked in the ledger as the report's. Tables and figures
 * get numbers here (one table per page body, a figure where it has a
 * chart), listed after the contents and named in each section's lead.
 *
 * The PDF (site/<lang>/report.pdf) is not made by the build, which stays
 * free of a browser: report_keep_pdfs carries the published one over into
 * each new site, and pg_report_pdf_href (present.h) links it where it
 * exists.
 */
#ifndef GPUGUIDE_REPORT_H
#define GPUGUIDE_REPORT_H

#include "model/i18n.h"

struct buf;
struct ledger_diff;
struct output;
struct site;

/* The report's path under a language root. */
#define REPORT_PATH "report/"

/* Add the report of language l to the plan: after every page it draws
 * from is planned (its sections ask the same families). Its context is
 * built when it is rendered. */
void report_plan(struct site *s, enum lang l);

/* Keep each language's published report.pdf (REPORT_PDF) in the site
 * being staged, unread. Returns 0, or -1 after reporting a problem. */
int report_keep_pdfs(struct site *s, struct output *o);

/* After the change report of the figures (guide_ledger_report, whose
 * comparison of the published ledger with this build's is `d`): append a
 * line naming each language's report that shows changed figures, with how
 * many, and saying that its published PDF, printed before, shows the old
 * ones until `make report` prints it again. */
void report_note_changes(struct site *s, const struct ledger_diff *d, struct buf *out);

#endif
