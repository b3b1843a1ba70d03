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

/* Report each .md file anywhere under content/ but content/<lang>/ itself
 * (a sub-folder of a language, a folder that is no language, content/
 * itself; notes for editors in capitals, such as README.md, aside): it
 * would not be published. Errors go to s->diag. */
void content_check_folders(struct site *s);

/* Read the front matter of every content/<lang>/NAME.md (drafts skipped)
 * into s->in.articles, check it (slugs and translation keys unique per
 * language), and link translations (s->in.translation_of). A Chinese
 * article with no English twin gets a warning. Bodies are not kept: they
 * are read again when the page is rendered. Errors go to s->diag.
 * `beside` (or NULL) is the build's other loading, run with its `ctx` on
 * a thread of its own while the files are listed and read (on the pool's
 * threads): it may use the build's arena and messages, which the articles
 * do not touch until their files are read; its messages come before the
 * articles'. */
void content_load(struct site *s, void (*beside)(void *ctx), void *ctx);

#endif
