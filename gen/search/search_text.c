/* The characters, words and CJK pairs of search.h (search_text.h). */
#include "search/search_text.h"

#include "base/buf.h"
#include "base/bytes.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- characters ---- */

/* as enum search_char_kind */
enum cclass { C_SEP = SEARCH_CHAR_SEP, C_WORD = SEARCH_CHAR_WORD, C_CJK = SEARCH_CHAR_CJK };

/* Decode the UTF-8 sequence at s[*i] (advancing *i); U+FFFD-like 0 and a
 * one-byte step for invalid bytes. */
static inline unsigned decode(const char *s, size_t len, size_t *i)
{
	const unsigned char *u = (const unsigned char *)s + *i;
	/* three bytes (all of CJK) checked here: what text_utf8_sequence
	 * accepts, no overlong form, no surrogate */
	if ((u[0] & 0xF0) == 0xE0 && len - *i >= 3 && (u[1] & 0xC0) == 0x80 &&
	    (u[2] & 0xC0) == 0x80) {
		unsigned cp = (u[0] & 0x0Fu) << 12 | (u[1] & 0x3Fu) << 6 | (u[2] & 0x3Fu);
		if (cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF)) {
			*i += 3;
			return cp;
		}
	}
	size_t n = text_utf8_sequence(u, len - *i);
	if (n == 0) {
		(*i)++;
		return 0;
	}
	*i += n;
	if (n == 1)
		return u[0];
	unsigned cp = u[0] & (0x7F >> n);
	for (size_t k = 1; k < n; k++)
		cp = (cp << 6) | (u[k] & 0x3F);
	return cp;
}

static inline bool is_cjk(unsigned cp)
{
	return (cp >= 0x4E00 && cp <= 0x9FFF) ||   /* CJK unified: most of it */
	       (cp >= 0x3040 && cp <= 0x30FF) ||   /* kana */
	       (cp >= 0x3400 && cp <= 0x4DBF) ||   /* CJK extension A */
	       (cp >= 0xAC00 && cp <= 0xD7AF) ||   /* hangul */
	       (cp >= 0xF900 && cp <= 0xFAFF) ||   /* compatibility */
	       (cp >= 0x20000 && cp <= 0x2FFFF);   /* supplementary ideographs */
}

/* Letters and digits outside CJK: ASCII alphanumerics and letters from
 * U+00C0 up to the general punctuation block (Latin, Greek, Cyrillic, ...),
 * except × and ÷. */
static inline enum cclass classify(unsigned cp)
{
	if (cp < 0x80)
		return ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') || (cp >= '0' && cp <= '9')
			? C_WORD : C_SEP;
	if (is_cjk(cp))
		return C_CJK;
	if (cp >= 0xC0 && cp < 0x2000 && cp != 0xD7 && cp != 0xF7)
		return C_WORD;
	return C_SEP;
}

enum search_char_kind search_char_first(const char *s, size_t len)
{
	size_t i = 0;
	return (enum search_char_kind)classify(decode(s, len, &i));
}

enum search_char_kind search_char_last(const char *s, size_t len)
{
	/* the last character starts at the last byte that is no continuation
	 * byte (none is read as one), at most three back */
	size_t start = len - 1;
	while (start > 0 && len - start < 4 && ((unsigned char)s[start] & 0xC0) == 0x80)
		start--;
	size_t i = start;
	unsigned cp = decode(s, len, &i);
	return i == len ? (enum search_char_kind)classify(cp) : SEARCH_CHAR_SEP;
}

/* ---- tokens ---- */

/* The n (at most 8) bytes at p as a little-endian number (three: a CJK
 * character's, without the loop). */
static inline uint64_t head_of(const char *p, size_t n)
{
	const unsigned char *u = (const unsigned char *)p;
	if (n == 3)
		return (uint64_t)u[0] | (uint64_t)u[1] << 8 | (uint64_t)u[2] << 16;
	uint64_t v = 0;
	for (size_t k = 0; k < n && k < 8; k++)
		v |= (uint64_t)(unsigned char)p[k] << (8 * k);
	return v;
}

uint64_t search_token_head(const char *token, size_t len)
{
	return head_of(token, len);
}

/* The hash of a token longer than 8 bytes, from its head and the rest of
 * its bytes (the last part zero-padded). */
static uint32_t long_hash(uint64_t head, const char *token, size_t len)
{
	uint64_t acc = head;
	for (size_t i = 8; i < len; i += 8)
		acc = (acc * SEARCH_HASH_MUL) ^ head_of(token + i, len - i);
	return search_head_hash(acc);
}

/* The hash of a token whose head is known. */
static inline uint32_t hash_of(uint64_t head, const char *token, size_t len)
{
	return len <= 8 ? search_head_hash(head) : long_hash(head, token, len);
}

uint32_t search_token_hash(const char *token, size_t len)
{
	return hash_of(head_of(token, len), token, len);
}

/* ---- the set of terms ---- */

/* Room for `cap` tokens at toks (NULL: none yet), kept, after one entry
 * before them that is never read: the tokens are the slots' from 1
 * (toks - 1 being the table's view of them, set_cursor's toks1, without
 * a pointer before its array). */
static struct set_token *tokens_grow(struct set_token *toks, size_t cap)
{
	struct set_token *base = xreallocarray(toks ? toks - 1 : NULL, cap + 1, sizeof *toks);
	return base + 1;
}

void token_set_init(struct token_set *ts, size_t bytes)
{
	size_t n = 256;
	while (n < bytes / 16 && n < 65536) /* a slot per 16 bytes: a token per 64 */
		n *= 2;
	*ts = (struct token_set){ .nslots = n };
	ts->slots = xcalloc(n, sizeof *ts->slots);
	buf_init(&ts->keys);
	buf_grow(&ts->keys, n * 4); /* a token of 8 bytes per two slots */
	ts->cap_toks = n / 4 + 1;   /* as many as the table takes before it grows */
	ts->toks = tokens_grow(NULL, ts->cap_toks);
	ts->cap_in_page = ts->cap_toks;
	ts->in_page = xreallocarray(NULL, ts->cap_in_page, sizeof *ts->in_page);
}

void token_set_page(struct token_set *ts)
{
	ts->page++;
	ts->nin_page = 0;
	ts->count = 0;
}

void token_set_release(struct token_set *ts)
{
	free(ts->slots);
	free(ts->toks ? ts->toks - 1 : NULL);
	free(ts->in_page);
	buf_release(&ts->keys);
	*ts = (struct token_set){ .keys = BUF_INIT };
}

/* Twice the slots, each token placed again by its hash. */
static void set_grow(struct token_set *ts)
{
	size_t cap = ts->nslots * 2;
	uint32_t *s = xcalloc(cap, sizeof *s);
	for (size_t i = 0; i < ts->ntoks; i++) {
		size_t k = ts->toks[i].hash & (cap - 1);
		while (s[k])
			k = (k + 1) & (cap - 1);
		s[k] = (uint32_t)i + 1;
	}
	free(ts->slots);
	ts->slots = s;
	ts->nslots = cap;
}

/* Term `tn`, read for the first time in the page, as occurring in
 * `field`. */
static inline void set_enter_inline(struct token_set *ts, uint32_t tn, unsigned field)
{
	ts->toks[tn].page = ts->page;
	ts->toks[tn].fields = (uint8_t)field;
	ALLOC_GROW(ts->in_page, ts->nin_page, ts->cap_in_page);
	ts->in_page[ts->nin_page++] = tn;
}

/* The same out of set_add's line, which a term seen before in the page
 * does not leave (a call there costs the tokenizer's loops registers). */
__attribute__((noinline))
static void set_enter(struct token_set *ts, uint32_t tn, unsigned field)
{
	set_enter_inline(ts, tn, field);
}

/* A token new to the set, at slot `k` (empty): its bytes copied (a short
 * one's as its head, in one store; `bytes` is NULL for a CJK pair), the
 * table grown when a quarter full; then entered in the page. */
__attribute__((noinline))
static void set_add_new(struct token_set *ts, size_t k, const char *bytes, size_t len,
			uint64_t head, uint32_t h, unsigned field)
{
	struct buf *keys = &ts->keys;
	uint32_t at = (uint32_t)keys->len;
	if (keys->len + len + 8 >= keys->cap)
		buf_grow(keys, len + 8);
	char *o = keys->ptr + keys->len;
	if (len <= 8)
		bytes_put_le64(o, head); /* the bytes past it are overwritten next */
	else
		bytes_copy_short(o, bytes, len);
	keys->len += len;
	keys->ptr[keys->len] = '\0';
	if (ts->ntoks == ts->cap_toks)
		ts->toks = tokens_grow(ts->toks, ts->cap_toks *= 2);
	ts->toks[ts->ntoks] = (struct set_token){ head, at, h, 0, (uint8_t)len, 0 };
	ts->slots[k] = (uint32_t)++ts->ntoks;
	set_enter(ts, (uint32_t)ts->ntoks - 1, field);
	if (ts->ntoks * 4 >= ts->nslots)
		set_grow(ts);
}

/* The slot of the token (its head and hash as search_token_head and
 * _hash give them), or of the empty slot where it goes: its bytes are
 * read only when it is longer than its head. The table always has an
 * empty slot. */
static inline size_t set_find(const struct token_set *ts, const char *bytes, size_t len,
			      uint64_t head, uint32_t h)
{
	size_t mask = ts->nslots - 1, k = h & mask;
	for (uint32_t at; (at = ts->slots[k]) != 0; k = (k + 1) & mask) {
		const struct set_token *t = &ts->toks[at - 1];
		if (t->head == head && t->len == len &&
		    (len <= 8 || (bytes && /* NULL: a pair, never longer than 8 */
				   bytes_equal_short(ts->keys.ptr + t->at + 8, bytes + 8, len - 8))))
			return k;
	}
	return k;
}

/* A token occurring in `field`. */
__attribute__((always_inline))
static inline void set_add(struct token_set *ts, const char *bytes, size_t len,
			   uint64_t head, uint32_t h, unsigned field)
{
	ts->count++;
	size_t k = set_find(ts, bytes, len, head, h);
	uint32_t at = ts->slots[k];
	if (!at) {
		set_add_new(ts, k, bytes, len, head, h, field);
		return;
	}
	struct set_token *t = &ts->toks[at - 1];
	if (t->page == ts->page)
		t->fields |= (uint8_t)field;
	else
		set_enter(ts, at - 1, field);
}

bool token_set_put(struct token_set *ts, const char *bytes, size_t len, uint64_t head,
		   unsigned fields)
{
	uint32_t h = hash_of(head, bytes, len);
	size_t k = set_find(ts, bytes, len, head, h);
	uint32_t at = ts->slots[k];
	if (at && ts->toks[at - 1].page == ts->page)
		return false;
	ts->count++;
	if (at)
		set_enter_inline(ts, at - 1, fields);
	else
		set_add_new(ts, k, bytes, len, head, h, fields);
	return true;
}

void token_set_merge(struct token_set *ts, const char *bytes, size_t len, uint64_t head,
		     unsigned fields)
{
	uint32_t h = hash_of(head, bytes, len);
	set_add(ts, bytes, len, head, h, fields);
}

long token_set_in_page(const struct token_set *ts, const char *bytes, size_t len,
		       uint64_t head, unsigned *fields)
{
	uint32_t h = hash_of(head, bytes, len);
	uint32_t at = ts->slots[set_find(ts, bytes, len, head, h)];
	if (!at || ts->toks[at - 1].page != ts->page)
		return -1;
	*fields = ts->toks[at - 1].fields;
	return (long)at - 1;
}

/* ---- the tokenizer ---- */

/* A token to the set or the callback (`bytes` NULL: all in its head). */
__attribute__((always_inline))
static inline void tok_emit(struct tokenizer *t, const char *bytes, size_t len,
			    uint64_t head, uint32_t h)
{
	if (t->set) {
		set_add(t->set, bytes, len, head, h, t->field);
		return;
	}
	char tmp[8];
	if (!bytes) {
		for (size_t j = 0; j < len; j++)
			tmp[j] = (char)(head >> (8 * j));
		bytes = tmp;
	}
	t->emit(t->ctx, bytes, len);
}

__attribute__((always_inline))
static inline void tok_end_word(struct tokenizer *t)
{
	size_t n = t->tlen;
	if (n && n <= WORD_MAX) {
		/* tok holds at least 8 bytes: the ones past the word masked off */
		uint64_t head = bytes_le64(t->tok);
		if (n < 8)
			head &= ((uint64_t)1 << (8 * n)) - 1;
		tok_emit(t, t->tok, n, head,
			 n <= 8 ? search_head_hash(head) : long_hash(head, t->tok, n));
	}
	t->tlen = 0;
}

void tok_finish(struct tokenizer *t)
{
	tok_end_word(t);
	t->prev_len = 0;
}

/* A CJK character (its n bytes as `key`): a pair with the previous one,
 * if that was CJK too. */
static inline void tok_cjk(struct tokenizer *t, uint32_t key, size_t n)
{
	if (t->prev_len) {
		uint64_t head = t->prev_key | (uint64_t)key << (8 * t->prev_len);
		tok_emit(t, NULL, t->prev_len + n, head, search_head_hash(head));
	}
	t->prev_len = n;
	t->prev_key = key;
}

/* A character that is not ASCII (its n bytes at c): part of a word, a CJK
 * character, or a separator (also an invalid byte). */
static inline void tok_wide(struct tokenizer *t, const char *c, size_t n, enum cclass cls)
{
	if (cls == C_WORD) {
		if (t->tlen + n > WORD_MAX) {
			t->tlen = WORD_MAX + 1; /* too long: skipped at its end */
		} else {
			bytes_copy_short(t->tok + t->tlen, c, n);
			t->tlen += n;
		}
		t->prev_len = 0;
		return;
	}
	tok_end_word(t);
	if (cls == C_CJK)
		tok_cjk(t, (uint32_t)head_of(c, n), n);
	else
		t->prev_len = 0;
}

/* Whether the three bytes of `key` (the first the lowest) are a character
 * of the main CJK block, U+4E00-9FFF: two continuation bytes after a lead
 * byte, and the three read big-endian from E4 B8 80 to E9 BF BF (one
 * range). */
static inline bool is_main_cjk(uint32_t key)
{
	uint32_t be = __builtin_bswap32(key) >> 8;
	return (key & 0xC0C000u) == 0x808000u && be - 0xE4B880u <= 0xE9BFBFu - 0xE4B880u;
}

/* Whether the three bytes of `key` (as is_main_cjk reads them) are a
 * character classify calls a separator, of the blocks a Chinese page's
 * punctuation comes from: U+2000-2FFF (E2: quotes, dashes, the
 * ellipsis), U+3000-303F (E3 80: ideographic comma and full stop,
 * brackets) and U+F000-FFFF but the CJK compatibility ideographs
 * U+F900-FAFF (EF but EF A4-AB: fullwidth forms). */
static inline bool is_wide_separator(uint32_t key)
{
	unsigned lead = key & 0xFF, second = key >> 8 & 0xFF;
	return (key & 0xC0C000u) == 0x808000u &&
	       (lead == 0xE2 || (lead == 0xE3 && second == 0x80) ||
		(lead == 0xEF && (second < 0xA4 || second > 0xAB)));
}

/* The three bytes at p (p + 3 <= end) as is_main_cjk reads them: four
 * loaded at once while four are left. */
static inline uint32_t three_bytes(const unsigned char *p, const unsigned char *end)
{
	return end - p >= 4 ? bytes_le32(p) & 0xFFFFFFu
			    : (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
}

/* The set's table held in locals through a loop of tokens: a token seen
 * before in the page changes a byte of its entry, which the compiler
 * cannot tell from the set's own fields (a byte may alias anything), and
 * would read them all again for every token. Loaded again after a call
 * that may grow the table. */
struct set_cursor {
	struct token_set *ts;
	uint32_t *slots;
	size_t mask;
	struct set_token *toks1; /* the set's tokens from 1, as slots number them */
	uint32_t page;
	unsigned count; /* occurrences read, added to the set's at the end */
	uint32_t *in_page; /* the page's terms: set_enter's, while they have room */
	size_t nin_page, cap_in_page;
};

static inline void cursor_load(struct set_cursor *c)
{
	c->slots = c->ts->slots;
	c->mask = c->ts->nslots - 1;
	c->toks1 = c->ts->toks - 1;
	c->in_page = c->ts->in_page;
	c->nin_page = c->ts->nin_page;
	c->cap_in_page = c->ts->cap_in_page;
}

/* The cursor's count of the page's terms back into the set, before a call
 * that reads or changes them, and at its end. */
static inline void cursor_store(struct set_cursor *c)
{
	c->ts->nin_page = c->nin_page;
}

/* set_add for a token of at most 8 bytes, all in its head: set_find's
 * probe over the cursor's copies (through set_find itself, or a probe
 * function both share, the compiler inlines set_add elsewhere no more:
 * 4 M to 29 M more for a build). `is_short` (a constant): the token is of
 * fewer than 8 bytes, its head then ending in a zero byte, which no token
 * holds: a token of the same head is of the same length, not compared. */
static inline void cursor_add_head(struct set_cursor *c, uint64_t head, size_t len,
				   unsigned field, bool is_short)
{
	uint32_t h = search_head_hash(head);
	size_t k = h & c->mask;
	uint32_t at;
	while ((at = c->slots[k]) != 0 &&
	       (c->toks1[at].head != head || (!is_short && c->toks1[at].len != len)))
		k = (k + 1) & c->mask;
	c->count++;
	if (at) {
		struct set_token *t = &c->toks1[at];
		if (t->page == c->page) {
			t->fields |= (uint8_t)field;
			return;
		}
		if (c->nin_page < c->cap_in_page) { /* set_enter, inline */
			t->page = c->page;
			t->fields = (uint8_t)field;
			c->in_page[c->nin_page++] = at - 1;
			return;
		}
	}
	cursor_store(c);
	if (at)
		set_enter(c->ts, at - 1, field);
	else
		set_add_new(c->ts, k, NULL, len, head, h, field);
	cursor_load(c);
}

/* After a CJK character that ends at `i` of `s`, read into a set: the
 * characters of the main CJK block (three bytes each: most of a Chinese
 * page) that follow it, each a pair with the one before, and the
 * punctuation between them (is_wide_separator), read in a loop of their
 * own (what decode, classify and tok_wide would do, without their tests),
 * four bytes loaded at a time while four are left; where the run stops.
 * Out of tok_feed_until_markup's line: its loops keep their registers. */
__attribute__((noinline))
static size_t tok_cjk_run(struct tokenizer *t, const char *s, size_t len, size_t i)
{
	const unsigned char *p = (const unsigned char *)s + i, *end = (const unsigned char *)s + len;
	struct set_cursor c = { .ts = t->set, .page = t->set->page };
	cursor_load(&c);
	uint64_t prev = t->prev_key; /* the character before is CJK too */
	size_t plen = t->prev_len;
	unsigned field = t->field;
	uint32_t key;
	/* the character before is of 3 bytes or (a supplementary ideograph)
	 * 4; the pairs of the loop below are of two characters of 3 */
	if (plen == 4 && end - p >= 3 && is_main_cjk(key = three_bytes(p, end))) {
		cursor_add_head(&c, prev | (uint64_t)key << 32, 7, field, true);
		prev = key;
		plen = 3;
		p += 3;
	}
	while (end - p >= 3) {
		key = three_bytes(p, end);
		if (!is_main_cjk(key)) {
			if (!is_wide_separator(key))
				break;
			/* a separator, as tok_wide takes it: no pair across
			 * it; the next character pairs with none, and starts
			 * the run again when it is of the main block */
			p += 3;
			plen = 0;
			if (end - p < 3 || !is_main_cjk(key = three_bytes(p, end)))
				break;
			prev = key;
			plen = 3;
			p += 3;
			continue;
		}
		cursor_add_head(&c, prev | (uint64_t)key << 24, 6, field, true);
		prev = key;
		plen = 3;
		p += 3;
	}
	c.ts->count += c.count;
	cursor_store(&c);
	t->prev_key = (uint32_t)prev;
	t->prev_len = plen;
	return (size_t)(p - (const unsigned char *)s);
}

const unsigned char search_byte_class[256] = {
	['0'] = '0', ['1'] = '1', ['2'] = '2', ['3'] = '3', ['4'] = '4',
	['5'] = '5', ['6'] = '6', ['7'] = '7', ['8'] = '8', ['9'] = '9',
	['a'] = 'a', ['b'] = 'b', ['c'] = 'c', ['d'] = 'd', ['e'] = 'e', ['f'] = 'f',
	['g'] = 'g', ['h'] = 'h', ['i'] = 'i', ['j'] = 'j', ['k'] = 'k', ['l'] = 'l',
	['m'] = 'm', ['n'] = 'n', ['o'] = 'o', ['p'] = 'p', ['q'] = 'q', ['r'] = 'r',
	['s'] = 's', ['t'] = 't', ['u'] = 'u', ['v'] = 'v', ['w'] = 'w', ['x'] = 'x',
	['y'] = 'y', ['z'] = 'z',
	['A'] = 'a', ['B'] = 'b', ['C'] = 'c', ['D'] = 'd', ['E'] = 'e', ['F'] = 'f',
	['G'] = 'g', ['H'] = 'h', ['I'] = 'i', ['J'] = 'j', ['K'] = 'k', ['L'] = 'l',
	['M'] = 'm', ['N'] = 'n', ['O'] = 'o', ['P'] = 'p', ['Q'] = 'q', ['R'] = 'r',
	['S'] = 's', ['T'] = 't', ['U'] = 'u', ['V'] = 'v', ['W'] = 'w', ['X'] = 'x',
	['Y'] = 'y', ['Z'] = 'z',
	['<'] = SEARCH_BYTE_MARKUP, ['&'] = SEARCH_BYTE_MARKUP,
#define W4 SEARCH_BYTE_WIDE, SEARCH_BYTE_WIDE, SEARCH_BYTE_WIDE, SEARCH_BYTE_WIDE
#define W16 W4, W4, W4, W4
	[0x80] = W16, W16, W16, W16, W16, W16, W16, W16,
#undef W16
#undef W4
};

/* ---- words, 16 or 8 bytes at a time ---- */

/* Bytes at p read for a word, 8 or (with SSE2) 16 at a time: lowercased
 * (0x20 set in each letter) and stored at `to` when `store` (the bytes
 * past the word too: the tokenizer's word has room, and only its length
 * is ever read); the first 8 of them to *head. How many of them, from the
 * first, are letters or digits (`width` when all are: bytes_alnum8,
 * bytes_alnum16). */
static inline size_t word_bytes8(const unsigned char *p, char *to, bool store,
				 uint64_t *head)
{
	uint64_t x = bytes_le64(p), letter;
	uint64_t stop = ~bytes_alnum8(x, &letter) & BYTES_HIGH;
	*head = x | letter >> 2;
	if (store)
		bytes_put_le64(to, *head);
	return stop ? (size_t)__builtin_ctzll(stop) / 8 : 8;
}

#ifdef BYTES_SSE2
static inline size_t word_bytes16(const unsigned char *p, char *to, bool store,
				  uint64_t *head)
{
	__m128i x = _mm_loadu_si128((const __m128i *)p), letter;
	unsigned stop = ~(unsigned)_mm_movemask_epi8(bytes_alnum16(x, &letter)) & 0xFFFF;
	__m128i lower = _mm_or_si128(x, _mm_and_si128(letter, _mm_set1_epi8(0x20)));
	if (store)
		_mm_storeu_si128((__m128i *)to, lower);
	*head = (uint64_t)_mm_cvtsi128_si64(lower);
	return stop ? (size_t)__builtin_ctz(stop) : 16;
}
#endif

/* The run of ASCII letters and digits at u[i] (one at least) onto the
 * word, 16 or 8 bytes at a time (word_bytes16, word_bytes8); the bytes
 * of a piece's last 7 one at a time (past them may be no memory); a word
 * past WORD_MAX passed over (the word's place stays within its buffer:
 * tlen is at most WORD_MAX + 1 where it is named). A word
 * that starts here and ends at a separator within its first 8 bytes, most
 * words, goes to the set straight from them, with the separator: nothing
 * else can join it; and when the next word follows that separator, it is
 * read in the same loop. Where the run (and that separator) stops. */
static inline size_t tok_word(struct tokenizer *t, const unsigned char *u, size_t len,
			      size_t i)
{
	size_t tlen = t->tlen;
	for (;;) {
		size_t width, n;
		uint64_t head;
#ifdef BYTES_SSE2
		if (len - i >= 16) {
			width = 16;
			n = word_bytes16(u + i, t->tok + tlen, tlen <= WORD_MAX, &head);
		} else
#endif
		if (len - i >= 8) {
			width = 8;
			n = word_bytes8(u + i, t->tok + tlen, tlen <= WORD_MAX, &head);
		} else {
			break;
		}
		if (n == width) {
			tlen += width;
			i += width;
			if (tlen > WORD_MAX) { /* too long: passed over, never stored */
				while (i < len && search_byte_class[u[i]] >= '0')
					i++;
				t->tlen = WORD_MAX + 1;
				return i;
			}
			continue;
		}
		if (tlen == 0 && n < 8 && search_byte_class[u[i + n]] == SEARCH_BYTE_SEP) {
			head &= ((uint64_t)1 << (8 * n)) - 1;
			tok_emit(t, t->tok, n, head, search_head_hash(head));
			i += n + 1;
			if (len - i >= 8 && search_byte_class[u[i]] >= '0')
				continue; /* the next word, after one separator */
			t->tlen = 0;
			return i;
		}
		tlen += n;
		i += n;
		t->tlen = tlen > WORD_MAX ? WORD_MAX + 1 : tlen;
		return i;
	}
	unsigned c;
	for (; i < len && (c = search_byte_class[u[i]]) >= '0'; i++, tlen++)
		if (tlen <= WORD_MAX)
			t->tok[tlen] = (char)c;
	t->tlen = tlen > WORD_MAX ? WORD_MAX + 1 : tlen; /* too long: skipped at its end */
	return i;
}

#ifdef BYTES_SSE2
/* A word of 9 to 32 bytes (`bytes`, lowercased) to the set (the caller's
 * cursor loaded again after it: a cursor whose address is taken lives in
 * memory, not in registers). */
__attribute__((noinline))
static void set_add_long(struct token_set *ts, const char *bytes, size_t len, uint64_t head,
			 unsigned field)
{
	set_add(ts, bytes, len, head, long_hash(head, bytes, len), field);
}

/* The bytes of a head of n (at most 8) bytes. */
static const uint64_t head_mask[9] = {
	0, 0xFF, 0xFFFF, 0xFFFFFF, 0xFFFFFFFF, 0xFFFFFFFFFF, 0xFFFFFFFFFFFF,
	0xFFFFFFFFFFFFFF, UINT64_MAX,
};

/* What tok_blocks reads of 16 bytes at p: their letters and digits, and
 * their stops ('<', '&' and bytes of 0x80 and up), a bit per byte; the
 * bytes lowercased stored at `low`. */
static inline void block_masks(const unsigned char *p, char *low, uint64_t *alnum,
			       uint64_t *stop)
{
	__m128i x = _mm_loadu_si128((const __m128i *)p), letter;
	*alnum = (unsigned)_mm_movemask_epi8(bytes_alnum16(x, &letter));
	__m128i markup = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('<')),
				      _mm_cmpeq_epi8(x, _mm_set1_epi8('&')));
	*stop = (unsigned)_mm_movemask_epi8(_mm_or_si128(markup, x));
	_mm_storeu_si128((__m128i *)low,
			 _mm_or_si128(x, _mm_and_si128(letter, _mm_set1_epi8(0x20))));
}

/* ASCII text into a set, 32 bytes at a time, from u[i] where nothing is
 * pending: a block's letters and digits and its stops ('<', '&', bytes
 * of 0x80 and up) as bit masks, and each word that starts and ends (at a
 * separator) within the block read from them, its bytes lowercased in one
 * store: no step per byte, and no return to tok_feed_until_markup's
 * dispatch per word. The next block starts at the word the last one did
 * not end; where a word runs into a stop, or fills a block, the loop
 * stops there for tok_word (a word may go on past a tag or in a letter
 * that is not ASCII). Where it stopped (i itself when it read nothing);
 * nothing pending there. */
static size_t tok_blocks(struct tokenizer *t, const unsigned char *u, size_t len, size_t i)
{
	struct set_cursor c = { .ts = t->set, .page = t->set->page };
	cursor_load(&c);
	unsigned field = t->field;
	char low[48]; /* the block lowercased; 8 bytes read at any of its places */
	while (len - i >= 32) {
		uint64_t alnum, stop, a1, s1;
		block_masks(u + i, low, &alnum, &stop);
		block_masks(u + i + 16, low + 16, &a1, &s1);
		alnum |= a1 << 16;
		stop |= s1 << 16;
		uint64_t before = stop ? ((uint64_t)1 << __builtin_ctzll(stop)) - 1 : 0xFFFFFFFFu;
		alnum &= before;
		uint64_t starts = alnum & ~(alnum << 1);
		uint64_t ends = alnum & (~alnum & before) >> 1; /* a separator next */
		/* the words ended are the block's first (a run has one start) */
		for (; ends; starts &= starts - 1, ends &= ends - 1) {
			size_t from = (size_t)__builtin_ctzll(starts);
			size_t n = (size_t)__builtin_ctzll(ends) + 1 - from;
			uint64_t head = bytes_le64(low + from);
			if (n <= 8) {
				cursor_add_head(&c, head & head_mask[n], n, field, false);
			} else {
				cursor_store(&c);
				set_add_long(c.ts, low + from, n, head, field);
				cursor_load(&c);
			}
		}
		if (starts) { /* a word not ended in the block */
			size_t from = (size_t)__builtin_ctzll(starts);
			i += from;
			if (stop || !from)
				break;
			continue;
		}
		if (stop) {
			i += (size_t)__builtin_ctzll(stop);
			break;
		}
		i += 32;
	}
	c.ts->count += c.count;
	cursor_store(&c);
	return i;
}
#endif

/* ASCII (most of any page) in loops of their own: 32 bytes at a time
 * into a set (tok_blocks), else a word's bytes 16 or 8 at a time
 * (tok_word), its hash once at its end; a run of CJK in tok_cjk_run. */
size_t tok_feed_until_markup(struct tokenizer *t, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	while (i < len) {
		unsigned c = search_byte_class[u[i]];
		if (c >= '0') {
			t->prev_len = 0;
#ifdef BYTES_SSE2
			if (!t->tlen && t->set && len - i >= 32) {
				size_t j = tok_blocks(t, u, len, i);
				if (j != i) {
					i = j;
					continue;
				}
			}
#endif
			i = tok_word(t, u, len, i);
			continue;
		}
		if (c == SEARCH_BYTE_SEP) {
			tok_end_word(t);
			t->prev_len = 0;
#ifdef BYTES_SSE2
			if (t->set && len - i >= 32) {
				i = tok_blocks(t, u, len, i);
				continue;
			}
#endif
			do
				i++;
			while (i < len && search_byte_class[u[i]] == SEARCH_BYTE_SEP);
			continue;
		}
		if (c == SEARCH_BYTE_MARKUP)
			break;
		size_t start = i;
		unsigned cp = decode(s, len, &i);
		enum cclass cls = classify(cp);
		tok_wide(t, s + start, i - start, cls);
		if (cls == C_CJK && t->set)
			i = tok_cjk_run(t, s, len, i);
	}
	return i;
}

void tok_feed(struct tokenizer *t, const char *s, size_t len)
{
	size_t i = 0;
	for (;;) {
		i += tok_feed_until_markup(t, s + i, len - i);
		if (i >= len)
			break;
		/* '<' or '&' in plain text: a separator */
		tok_end_word(t);
		t->prev_len = 0;
		i++;
	}
}

void search_tokens(const char *s, size_t len,
		   void (*fn)(void *ctx, const char *token, size_t len), void *ctx)
{
	struct tokenizer t = { .emit = fn, .ctx = ctx };
	tok_feed(&t, s, len);
	tok_finish(&t);
}

uint32_t search_shard_of(const char *s, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h;
}

size_t search_pair_first_len(const char *t, size_t len)
{
	size_t i = 0;
	return classify(decode(t, len, &i)) == C_CJK ? i : 0;
}

size_t search_shard_key_len(const char *t, size_t len)
{
	size_t i = 0;
	for (int k = 0; k < 2 && i < len; k++)
		decode(t, len, &i);
	return i;
}
