/* cite_links: the shortcodes of articles that lead elsewhere (syntax in
 * README.md, "Citing data in articles"): {{< link >}} to a GPU's page, a
 * job's, a comparison of two GPUs, one of the guide's pages or the
 * calculator with a preset (checked as the calculator checks it), and the
 * block {{< chart >}}, drawn by the guide's charts (guide_charts) into the
 * article.
 *
 * Every href and text is escaped; an unknown id, page or argument is an
 * error at the shortcode (shortcode) and nothing is written. The shared
 * parts of a shortcode (struct cite, its arguments, lookups) are
 * shortcode's; cite dispatches the shortcode here.
 */
#ifndef GPUGUIDE_CITE_LINKS_H
#define GPUGUIDE_CITE_LINKS_H

struct cite;

/* Write the link the shortcode names. Returns 0, or -1 after an error. */
int cite_links_write_link(struct cite *c);
/* Write the chart the shortcode names. Returns 0, or -1 after an error. */
int cite_links_write_chart(struct cite *c);

#endif
