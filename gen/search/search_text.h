/* search_text: the tokens of a text and the text of a page (the rules
 * search.h states); the tokenizer and the scan below it are for search.c.
 *
 * A tokenizer carries a word or a CJK pair from one piece of a text to the
 * next (a page's text comes in runs between tags and entities), and gives
 * each token with its hash: a word's is FNV-1a of its (lowercased) bytes,
 * a pair's comes from its two code points; a given token always has the
 * same hash, which is all a table of distinct tokens needs. The token is
 * valid during the call.
 *
 * search_scan_html is the one pass over a rendered page that
 * search_text_from_html is made of: the inside of <main>, its
 * headings' text to one sink and the rest to the other.
 */
#ifndef GPUGUIDE_SEARCH_TEXT_H
#define GPUGUIDE_SEARCH_TEXT_H

#include <stddef.h>
#include <stdint.h>

struct buf;

/* Call `fn` for every token of `s` (len bytes of UTF-8; invalid bytes
 * separate tokens). The token is `len` bytes, not NUL-terminated, valid
 * during the call. */
void search_tokens(const char *s, size_t len,
		   void (*fn)(void *ctx, const char *token, size_t len), void *ctx);

/* Plain text of a rendered page: the inside of its <main> element, tags
 * dropped (the contents of script, style, svg, form and template left
 * out), entities decoded, white space collapsed; headings (h1-h6) go to
 * `headings`, everything else to `body`, each part separated by a space. */
void search_text_from_html(const char *html, size_t len, struct buf *headings,
			   struct buf *body);

/* FNV-1a (32 bits) of `len` bytes, as the browser computes it. */
uint32_t search_shard_of(const char *s, size_t len);

/* Words longer than this are not indexed (hashes, long numbers). */
#define WORD_MAX 40
#define SEARCH_HASH_BASIS 2166136261u

struct tokenizer {
	void (*emit)(void *ctx, const char *token, size_t len, uint32_t hash);
	void *ctx;
	uint32_t hash;   /* of the word so far; start at SEARCH_HASH_BASIS */
	/* a CJK pair's hash comes from its two code points, not its bytes: a
	 * pair is never a word, so the two kinds need not hash alike */
	uint32_t prev_hash;
	size_t tlen;     /* bytes of the word so far; WORD_MAX + 1: too long */
	size_t prev_len; /* bytes of the previous character if it was CJK, else 0 */
	char prev[4];
	char tok[WORD_MAX + 5];
};

/* The hash the tokenizer gives `token` (one it gave), from its bytes: for
 * a token read back from a cache. */
uint32_t search_token_hash(const char *token, size_t len);

/* Feed `len` bytes of text; a word may go on in the next piece. */
void tok_feed(struct tokenizer *t, const char *s, size_t len);
/* The end of a text, or a separator that is not in it (a block's edge). */
void tok_finish(struct tokenizer *t);

/* Where the text of one part (headings, or the rest) goes: a buffer (NULL:
 * not kept; kept up to `max` bytes and then no more, the cut being the
 * caller's), a tokenizer (NULL: not tokenized), or both. Borrowed. */
struct sink {
	struct buf *text;
	size_t max;
	struct tokenizer *tk;
};

void search_scan_html(const char *html, size_t len, struct sink headings,
		      struct sink body);

/* The bytes of a token's first two characters: its shard key. */
size_t search_shard_key_len(const char *t, size_t len);

#endif
