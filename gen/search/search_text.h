/* search_text: the tokens of a text (the rules search.h states); the
 * tokenizer is for search.c and the page scan (search_scan.h).
 *
 * A tokenizer carries a word or a CJK pair from one piece of a text to the
 * next (a page's text comes in runs between tags and entities) and puts
 * each token, with its head and hash, into a page's set of distinct tokens
 * (or gives it to a callback).
 */
#ifndef GPUGUIDE_SEARCH_TEXT_H
#define GPUGUIDE_SEARCH_TEXT_H

#include "base/buf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Call `fn` for every token of `s` (len bytes of UTF-8; invalid bytes
 * separate tokens). The token is `len` bytes, not NUL-terminated, valid
 * during the call. */
void search_tokens(const char *s, size_t len,
		   void (*fn)(void *ctx, const char *token, size_t len), void *ctx);

/* FNV-1a (32 bits) of `len` bytes, as the browser computes it. */
uint32_t search_shard_of(const char *s, size_t len);

/* The fields of a page a token is read in (search.h: the index records
 * them for each term and page, the ranking's input). */
enum search_field {
	SEARCH_IN_BODY = 1,
	SEARCH_IN_DESCRIPTION = 2,
	SEARCH_IN_HEADING = 4,
	SEARCH_IN_TITLE = 8,
};

/* Words longer than this are not indexed (hashes, long numbers). */
#define WORD_MAX 40

/* A token's head: its first 8 bytes (all of a short one, zero-padded) as
 * a little-endian number. Tokens hold no NUL byte, so two tokens of at
 * most 8 bytes are the same when their heads are; a longer one also
 * compares its bytes after the head. Every CJK pair fits in a head. */
uint64_t search_token_head(const char *token, size_t len);

/* A token's hash: its head (and each further 8 bytes, zero-padded)
 * multiplied into one number, its high 32 bits. A token of at most 8
 * bytes (most words, every CJK pair) costs one multiplication, done once
 * at its end, not a step per byte. Any hash would do (search.h's files
 * are in byte order, not in hash order); this one is fast. */
#define SEARCH_HASH_MUL 0x9E3779B97F4A7C15u
static inline uint32_t search_head_hash(uint64_t head)
{
	return (uint32_t)((head * SEARCH_HASH_MUL) >> 32);
}
uint32_t search_token_hash(const char *token, size_t len);

/* ---- the terms a thread has read, and a page's ---- */

struct set_token {
	uint64_t head;   /* search_token_head */
	uint32_t at;     /* its bytes: an offset into the set's keys */
	uint32_t hash;   /* search_token_hash */
	uint32_t page;   /* the page (token_set's page) it last occurred in */
	uint8_t len;     /* at most WORD_MAX */
	uint8_t fields;  /* the SEARCH_IN_* it occurs in, in that page */
};

/* Every distinct token a set has read, numbered in the order first seen
 * (its term number: an index into toks), and the ones of the page being
 * read: a token becomes a term number as it is read, so merging a page
 * into an index (search.c) looks each term up once per set, not once per
 * page. An open-addressed table (a power-of-two number of slots, at most a
 * quarter full: short probes, and a set is made once per thread, not per
 * page, each the index + 1 of a token, 0 when empty), probed by the
 * hash the tokenizer computed at the token's end: the only lookup a token
 * occurrence costs. A set is for one thread and one page at a time
 * (search.c keeps one per thread); it owns its memory (token_set_release). */
struct token_set {
	uint32_t *slots;
	size_t nslots;
	struct set_token *toks; /* one unread entry before them (toks - 1: the
				 * slots' view, which numbers them from 1) */
	size_t ntoks, cap_toks;
	struct buf keys;    /* the tokens' bytes, one after another */
	uint32_t page;      /* the page being read: 1, 2, ... (0: none yet) */
	uint32_t *in_page;  /* its distinct terms, in the order first seen */
	size_t nin_page, cap_in_page;
	unsigned count;     /* its occurrences */
};

/* An empty set with room for the tokens of about `bytes` of text. */
void token_set_init(struct token_set *ts, size_t bytes);
/* Start a page: none of its terms read yet. */
void token_set_page(struct token_set *ts);
/* Add the token `bytes` (len: 1 to WORD_MAX; head: search_token_head) to
 * the page as occurring in `fields`, as a record gives it; false (and
 * nothing added) when the page has it already. */
bool token_set_put(struct token_set *ts, const char *bytes, size_t len, uint64_t head,
		   unsigned fields);
/* token_set_put, or, when the page has the token already, its fields
 * joined with `fields`. */
void token_set_merge(struct token_set *ts, const char *bytes, size_t len, uint64_t head,
		     unsigned fields);
/* The term number of the token `bytes` (len, head as for token_set_put)
 * when the page being read has it, its fields in *fields; -1 when not. */
long token_set_in_page(const struct token_set *ts, const char *bytes, size_t len,
		       uint64_t head, unsigned *fields);
/* Frees the table, the tokens and keys; the set is then empty. */
void token_set_release(struct token_set *ts);

/* ---- the tokenizer ---- */

/* A tokenizer carries a word or a CJK pair from one piece of a text to the
 * next. Its tokens go to `set` (as occurring in `field`) or, when set is
 * NULL, to `emit` (the token valid during the call). Start it zeroed but
 * for those. */
struct tokenizer {
	struct token_set *set;
	unsigned field;
	void (*emit)(void *ctx, const char *token, size_t len);
	void *ctx;
	size_t tlen;       /* bytes of the word so far; WORD_MAX + 1: too long */
	size_t prev_len;   /* bytes of the previous character if it was CJK, else 0 */
	uint32_t prev_key; /* its bytes, little-endian */
	char tok[WORD_MAX + 16]; /* the word (lowercased); 8 bytes can be read at its
				  * start, 16 stored at any place up to WORD_MAX */
};

/* What a byte is to the tokenizer: an ASCII letter or digit as itself
 * lowercased ('0' and above), else one of these. */
enum {
	SEARCH_BYTE_SEP = 0,    /* any other ASCII byte */
	SEARCH_BYTE_MARKUP = 1, /* '<' or '&': where a run of a page's text stops */
	SEARCH_BYTE_WIDE = 2,   /* a byte of a character that is not ASCII */
};
extern const unsigned char search_byte_class[256];

/* Feed `len` bytes of text; a word may go on in the next piece. */
void tok_feed(struct tokenizer *t, const char *s, size_t len);
/* The same up to the first '<' or '&' (where a run of a page's text
 * stops; the caller tells what it is): where it stopped. */
size_t tok_feed_until_markup(struct tokenizer *t, const char *s, size_t len);
/* What a character is to the tokenizer: a separator, part of a word, or
 * a CJK character (a pair's half); and what a tokenizer has pending. */
enum search_char_kind { SEARCH_CHAR_SEP, SEARCH_CHAR_WORD, SEARCH_CHAR_CJK };
/* The kind of the first character of the `len` (> 0) bytes at `s`, and of
 * the last one (an invalid byte being a separator, as the tokenizer reads
 * it). */
enum search_char_kind search_char_first(const char *s, size_t len);
enum search_char_kind search_char_last(const char *s, size_t len);
/* A word (WORD), the first character of a CJK pair (CJK) or nothing (SEP):
 * what the next character may run into. */
static inline enum search_char_kind tok_pending(const struct tokenizer *t)
{
	return t->tlen ? SEARCH_CHAR_WORD : t->prev_len ? SEARCH_CHAR_CJK : SEARCH_CHAR_SEP;
}

/* The end of a text, or a separator that is not in it (a block's edge). */
void tok_finish(struct tokenizer *t);
/* tok_finish without its call when it has nothing to do: no word and no
 * CJK character pending (a page's scan meets a separator at every block
 * edge and line break between tags, most after another). */
static inline void tok_separate(struct tokenizer *t)
{
	if (t->tlen || t->prev_len)
		tok_finish(t);
}

/* The bytes of a token's first two characters: its shard key. */
size_t search_shard_key_len(const char *t, size_t len);
/* The bytes of a CJK pair's first character, 0 for a word: a term shard
 * files pairs that share it under it (search.h). */
size_t search_pair_first_len(const char *t, size_t len);

/* How an index's terms are cut into term shards (search.h): those of terms
 * that start with a digit, 0 to numbers - 1, then the others', numbers to
 * all - 1; each family's count from its own size. */
struct search_shards {
	size_t numbers, all;
};

#endif
