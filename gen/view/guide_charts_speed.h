/* guide_charts_speed: the charts of speed, drawn from the benchmarks'
 * relative-speed results against the baseline GPU (metrics): every GPU on
 * every workload (relative-speed), one GPU (gpu; its key specs when it has
 * no result) and two side by side (pair: speeds, key specs, price). Each
 * fills a render's texts and data table and draws it (guide_charts_common.h);
 * guide_charts calls them for a checked request.
 *
 * Memory: what a build allocates is scratch in the render's arena (c->a);
 * its output goes into c's buffers, which the render owns and frees.
 */
#ifndef GPUGUIDE_GUIDE_CHARTS_SPEED_H
#define GPUGUIDE_GUIDE_CHARTS_SPEED_H

#include <stdbool.h>

struct gc;

/* relative-speed: every workload x every GPU with results. */
void guide_charts_speed_build_relative(struct gc *c);
/* gpu (c->gpu): its speed against the baseline, or its key specs as shares
 * of the highest among the GPUs. */
void guide_charts_speed_build_gpu(struct gc *c);
/* pair (c->gpu, c->other): two GPUs side by side. */
void guide_charts_speed_build_pair(struct gc *c);

/* Whether the gpu chart, or the pair chart, has a figure to draw, told
 * from the data without drawing it (the rule its build follows: a build
 * finds no figure, gc_say_no_figure, exactly when this is false). For the
 * pages kept unbuilt, which place these charts' files (guide_charts.h). */
bool guide_charts_speed_gpu_has_figure(struct gc *c);
bool guide_charts_speed_pair_has_figure(struct gc *c);

#endif
