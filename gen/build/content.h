/* content: the articles' folders read. A .md file where it would not be
 * published is an error (content_check_folders); every article's file is
 * read on all cores, and the articles checked against each other (slugs and
 * translation keys unique per language) and linked to their translations
 * (content_load). What an article is and how its file is read is
 * markdown's (frontmatter.h); what pages articles make is articles.h's.
 */
#ifndef GPUGUIDE_CONTENT_H
#define GPUGUIDE_CONTENT_H

struct site;

/* The bodies read at load that are held for their pages, in bytes at
 * most: reading a file a second time costs more than holding its body
 * (at N=1,000 a build took 5-6% less CPU time holding all 11 MB of them),
 * but not every body of a large site fits in the memory a build may take
 * (at N=10,000 holding all 110 MB raised the peak by 47 MB, and saved
 * nothing: the memory cost what the reads did). */
#define CONTENT_HELD_BODIES ((size_t)16 << 20)

/* Report each .md file anywhere under content/ but content/<lang>/ itself
 * (a sub-folder of a language, a folder that is no language, content/
 * itself; notes for editors in capitals, such as README.md, aside): it
 * would not be published. Errors go to s->diag. */
void content_check_folders(struct site *s);

/* Read the front matter of every content/<lang>/NAME.md (drafts skipped)
 * into s->in.articles, check it (slugs and translation keys unique per
 * language), and link translations (s->in.translation_of). A Chinese
 * article with no English twin gets a warning. The bodies read are held
 * by their articles for their pages, up to CONTENT_HELD_BODIES bytes in
 * all (the others are read again when the page is rendered; an article
 * whose parse the memo gave is not read). Errors go to s->diag.
 * `beside` (or NULL) is the build's other loading, run with its `ctx` on
 * a thread of its own while the files are listed and read (on the pool's
 * threads): it may use the build's arena and messages, which the articles
 * do not touch until their files are read; its messages come before the
 * articles'. */
void content_load(struct site *s, void (*beside)(void *ctx), void *ctx);

#endif
