/* cite_tables: the block shortcode {{< table name=... >}} of articles
 * (syntax in README.md, "Citing data in articles"): task-costs,
 * relative-speed, specs, prices, vram, techniques, use-cases and inference,
 * each written into the shortcode's output as a sortable <table> in the
 * article's language.
 *
 * Every text is escaped; a missing figure is a "no data" cell with its
 * reason, and a table that has one is followed by the legend
 * (site_nodata_legend). The best figure of a column or row is marked
 * (class "best", a "fastest" or "cheapest" badge). An unknown table, an
 * argument the table does not take or an unknown id is an error at the
 * shortcode (shortcode); the table is then not written.
 *
 * The shared parts of a shortcode (struct cite, its arguments, lookups and
 * formats) are shortcode's; cite dispatches the shortcode here.
 */
#ifndef GPUGUIDE_CITE_TABLES_H
#define GPUGUIDE_CITE_TABLES_H

struct cite;

/* Write the table the shortcode names. Returns 0, or -1 after an error. */
int cite_tables_write(struct cite *c);

#endif
