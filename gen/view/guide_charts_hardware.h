/* guide_charts_hardware: the charts of the GPUs' hardware: one spec of every
 * GPU (spec, field=), and which model sizes and precisions of the sources'
 * VRAM rules fit each GPU's memory (vram-fit, a matrix as wide as its
 * columns need). Each fills a render's texts and data table and draws it
 * (guide_charts_common.h); guide_charts calls them for a checked request.
 *
 * Memory: what a build allocates is scratch in the render's arena (c->a);
 * its output goes into c's buffers, which the render owns and frees.
 */
#ifndef GPUGUIDE_GUIDE_CHARTS_HARDWARE_H
#define GPUGUIDE_GUIDE_CHARTS_HARDWARE_H

struct gc;

/* spec: the figure c->field of every GPU, largest first. */
void guide_charts_hardware_build_spec(struct gc *c);
/* vram-fit: model size x precision against every GPU, smallest VRAM first. */
void guide_charts_hardware_build_vram_fit(struct gc *c);

#endif
