/* chart_svg: a chart's layout written out as SVG, through the svg writer.
 *
 * Output shape: <svg xmlns=".." role="img" viewBox="0 0 W H"
 * aria-labelledby="ID-title ID-desc" id="ID" ..> with <title id="ID-title"> and
 * <desc id="ID-desc">, no width/height (it scales to its container), and a
 * small <style> scoped to #ID that colours marks through CSS custom
 * properties (--c0..--c7, --fg, --muted, --grid, --bg) with the Okabe-Ito
 * colour-blind safe palette as fallbacks, so a standalone file looks right
 * and a page's dark scheme can override. Every class also sets the same
 * look as presentation attributes, for renderers that ignore CSS. A
 * highlight is an outline and the hatch pattern (id ID-hatch) as well as a
 * colour. The same layout always gives the same bytes.
 *
 * Memory: the layout and the texts are borrowed for the call; the SVG is
 * appended to the caller's `struct buf`.
 */
#ifndef GPUGUIDE_CHART_SVG_H
#define GPUGUIDE_CHART_SVG_H

#include "chart/chart_layout.h"

struct buf;

/* Render a layout as <svg> appended to `out`, titled and described by `t`
 * (<desc> is no_data for a chart without data when t->desc is NULL); `id`
 * must match [A-Za-z][A-Za-z0-9_-]*. Returns 0, or -1 (nothing appended)
 * for a bad id or NULL arguments. (Named for what it renders: chart.h's
 * callers know it by this name.) */
int chart_layout_render(const struct chart_layout *lay, const char *id,
			const struct chart_text *t, struct buf *out);

#endif
