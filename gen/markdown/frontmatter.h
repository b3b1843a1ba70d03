/* frontmatter: the first stage of an article, its file read into a struct
 * article (markdown.h): the front matter between two "---" lines checked
 * field by field (positioned messages, every problem reported), the body
 * kept as Markdown for markdown_render, and its words counted for the
 * reading time. Everything it sets is owned by the article
 * (markdown_article_free). */
#ifndef GPUGUIDE_FRONTMATTER_H
#define GPUGUIDE_FRONTMATTER_H

#include "markdown/markdown.h"

#include <stdbool.h>
#include <stddef.h>

struct diag;

/* Parse `src` (the whole file) into `a`: front matter checked, body kept
 * and its words counted into a->words (as markdown_count_words counts
 * them). `path` is used in messages. Returns 0, or -1 after reporting
 * errors. */
int markdown_parse_article(struct article *a, const char *path, int lang,
			   const char *src, size_t len, struct diag *diag);
/* The same without a copy of the body (a->body stays NULL; its place and
 * words are known): what the loader needs to plan the site, which reads
 * the body again when its page is rendered. */
int markdown_parse_front(struct article *a, const char *path, int lang,
			 const char *src, size_t len, struct diag *diag);

/* What markdown_parse_article made of a file without errors (front
 * matter, the body's place and words; not the body) and, once known, the
 * body's key (markdown.h's body_key), as a record kept between builds (the
 * page cache's memo, keyed by the file's id), so that an article file that
 * did not change is not read again to plan the site, nor to render it when
 * the memo holds what was made of its body: appended to `rec`. */
void markdown_article_encode(const struct article *a, struct buf *rec);
/* `a` (zeroed here) from markdown_article_encode's record, with `path` and
 * `lang` as markdown_parse_article takes them. Returns 0, or -1 for bytes
 * that are no such record (then `a` holds nothing). */
int markdown_article_decode(struct article *a, const char *path, int lang,
			    const char *rec, size_t len);
/* Keep `a`'s record in `memo` under `key` for the next build (`tmp`: room
 * for it, reset here). */
void markdown_article_keep(const struct markdown_memo *memo, struct digest_value key,
			   const struct article *a, struct buf *tmp);

/* Set a->body to the body in `file`, the file's bytes read anew, at the
 * place its parse found (a->body_at, a->file_len), without parsing or
 * checking the front matter a second time: the body is moved to the
 * buffer's start and the buffer's memory becomes a->body (`file` is left
 * empty). -1 when the file's size changed since `a` was parsed (then it
 * must be parsed again; `file` is left as it was). */
int markdown_reload_body(struct article *a, struct buf *file);

/* Count the body's words (a Chinese character counts as one) into
 * a->words, for the reading time (text_count_words). */
void markdown_count_words(struct article *a);

/* The indexes of the `n` articles of `articles` sorted by language, then
 * slug (or, `by_translation`, translation key: "" for none), then path
 * (malloc'd). */
size_t *markdown_sorted_articles(const struct article *articles, size_t n,
				 bool by_translation);
/* Articles newest first: by date (the latest first), then by slug; a
 * missing date or slug reads as an empty one. A qsort comparator of
 * `const struct article *` items. */
int markdown_compare_newest_first(const void *a, const void *b);
/* The `k` newest of the `n` articles of `list` put at its front in that
 * order, without sorting the others (a feed or the home page shows 20 or
 * 5 of thousands); how many that is (at most k). */
size_t markdown_newest_first(const struct article **list, size_t n, size_t k);

#endif
