/* gfm_inline: a block's inlines as cmark-gfm reads them (see
 * gfm_inline.h). The rules follow CommonMark's algorithm as cmark
 * implements it: a list of delimiters, openers found back to a bottom per
 * kind and length, brackets. */
#include "markdown/gfm_inline.h"

#include "markdown/gfm_html.h"

#include "base/buf.h"
#include "base/bytes.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <cmark-gfm/utf8.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char LSQUO[] = "\xE2\x80\x98", RSQUO[] = "\xE2\x80\x99";
static const char LDQUO[] = "\xE2\x80\x9C", RDQUO[] = "\xE2\x80\x9D";
static const char ENDASH[] = "\xE2\x80\x93", EMDASH[] = "\xE2\x80\x94";
static const char ELLIPSIS[] = "\xE2\x80\xA6";

bool gfm_inline_may_autolink(const char *s)
{
	for (const char *p = s; (p = strpbrk(p, ":@w")); p++)
		if (*p == '@' || (*p == ':' && p[1] == '/' && p[2] == '/') ||
		    (*p == 'w' && p[1] == 'w' && p[2] == 'w'))
			return true;
	return false;
}

/* ---- inlines ---- */

/* A run of * _ ' or " that may open or close (cmark's delimiter). */
struct gfm_delim {
	size_t piece;
	long prev, next; /* -1: none */
	int length;      /* the run's bytes when met */
	unsigned char c;
	bool can_open, can_close;
};

struct gfm_bracket {
	size_t piece;
	long prev_delim;
	bool active;
};

static struct gfm_piece *add_piece(struct gfm_inlines *in, enum gfm_piece_kind kind,
				   const char *s, size_t n)
{
	ALLOC_GROW(in->p, in->np, in->cap_p);
	struct gfm_piece *p = &in->p[in->np++];
	*p = (struct gfm_piece){ .kind = (unsigned char)kind, .s = s, .n = n };
	return p;
}

/* A text; one that follows a text it continues in the source (a
 * period, a hyphen, the text after them) joins it, unless that one is a
 * delimiter's or a bracket's (they change later): fewer pieces to write. */
static void add_text(struct gfm_inlines *in, const char *s, size_t n)
{
	struct gfm_piece *last = in->np ? &in->p[in->np - 1] : NULL;
	if (last && last->kind == GFM_P_TEXT && !last->fixed && last->s + last->n == s) {
		last->n += n;
		return;
	}
	add_piece(in, GFM_P_TEXT, s, n);
}

/* The last piece as one a delimiter or bracket stands for. */
static size_t fix_last(struct gfm_inlines *in)
{
	in->p[in->np - 1].fixed = 1;
	return in->np - 1;
}

static bool is_ascii_punct(int c)
{
	return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) ||
	       (c >= 123 && c <= 126);
}

static bool char_is_space(int32_t c)
{
	if (c < 0x80)
		return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
	return cmark_utf8proc_is_space(c);
}

static bool char_is_punct(int32_t c)
{
	if (c < 0x80)
		return is_ascii_punct((int)c);
	return cmark_utf8proc_is_punctuation(c);
}

/* The character ending just before `at` (a newline at the start). */
static int32_t char_before(const struct gfm_inlines *in, size_t at)
{
	if (at == 0)
		return '\n';
	size_t i = at - 1;
	while (i > 0 && ((unsigned char)in->s[i] >> 6) == 2)
		i--;
	int32_t c;
	if (cmark_utf8proc_iterate((const uint8_t *)in->s + i, (bufsize_t)(at - i), &c) < 0)
		return '\n';
	return c;
}

/* The character at `at` (a newline at the end). */
static int32_t char_at(const struct gfm_inlines *in, size_t at)
{
	if (at >= in->n)
		return '\n';
	int32_t c;
	if (cmark_utf8proc_iterate((const uint8_t *)in->s + at, (bufsize_t)(in->n - at), &c) < 0)
		return '\n';
	return c;
}

static void push_delim(struct gfm_inlines *in, unsigned char c, bool can_open, bool can_close)
{
	ALLOC_GROW(in->d, in->nd, in->cap_d);
	long i = (long)in->nd++;
	in->d[i] = (struct gfm_delim){ fix_last(in), in->last, -1, (int)in->p[in->np - 1].n, c,
				   can_open, can_close };
	if (in->last >= 0)
		in->d[in->last].next = i;
	in->last = i;
}

static void remove_delim(struct gfm_inlines *in, long i)
{
	struct gfm_delim *d = &in->d[i];
	if (d->next < 0)
		in->last = d->prev;
	else
		in->d[d->next].prev = d->prev;
	if (d->prev >= 0)
		in->d[d->prev].next = d->next;
}

/* A run of `c` (one for a quote) at pos: a text, and a delimiter when it
 * may open or close (CommonMark's flanking rules). */
static void scan_delim(struct gfm_inlines *in, unsigned char c)
{
	size_t start = in->pos;
	int32_t before = char_before(in, start);
	size_t end = start + 1;
	if (c != '\'' && c != '"')
		while (end < in->n && in->s[end] == (char)c)
			end++;
	in->pos = end;
	int32_t after = char_at(in, end);
	bool space_after = char_is_space(after), space_before = char_is_space(before);
	bool punct_after = char_is_punct(after), punct_before = char_is_punct(before);
	bool left = !space_after && (!punct_after || space_before || punct_before);
	bool right = !space_before && (!punct_before || space_after || punct_after);
	bool can_open, can_close;
	if (c == '_') {
		can_open = left && (!right || punct_before);
		can_close = right && (!left || punct_after);
	} else if (c == '\'' || c == '"') {
		can_open = left && !right && before != ']' && before != ')';
		can_close = right;
	} else {
		can_open = left;
		can_close = right;
	}
	if (c == '\'')
		add_piece(in, GFM_P_TEXT, RSQUO, 3);
	else if (c == '"')
		add_piece(in, GFM_P_TEXT, can_close ? RDQUO : LDQUO, 3);
	else
		add_piece(in, GFM_P_TEXT, in->s + start, end - start);
	if (can_open || can_close)
		push_delim(in, c, can_open, can_close);
}

/* Emphasis of `tag` from after the opener's piece to before the closer's. */
static void add_tags(struct gfm_inlines *in, struct gfm_piece *opener, struct gfm_piece *closer,
		     unsigned tag)
{
	if (opener->nopen >= TAGS_MAX || closer->nclose >= TAGS_MAX) {
		in->declined = true;
		return;
	}
	opener->open = opener->open << 2 | tag; /* the newest is outermost */
	opener->nopen++;
	closer->close |= (uint32_t)tag << (2 * closer->nclose++);
}

/* cmark's emphasis between an opener and a closer: what it takes of each,
 * the delimiters between them dropped; the closer to go on with. */
static long insert_emph(struct gfm_inlines *in, long opener, long closer)
{
	struct gfm_piece *o = &in->p[in->d[opener].piece], *c = &in->p[in->d[closer].piece];
	size_t use = c->n >= 2 && o->n >= 2 ? 2 : 1;
	o->n -= use;
	c->n -= use;
	for (long d = in->d[closer].prev; d >= 0 && d != opener;) {
		long prev = in->d[d].prev;
		remove_delim(in, d);
		d = prev;
	}
	add_tags(in, o, c, use == 1 ? TAG_EM : TAG_STRONG);
	if (o->n == 0)
		remove_delim(in, opener);
	if (c->n == 0) {
		long next = in->d[closer].next;
		remove_delim(in, closer);
		return next;
	}
	return closer;
}

/* CommonMark's "process emphasis" over the delimiters above `bottom`. */
static void process_emphasis(struct gfm_inlines *in, long bottom)
{
	long openers_bottom[3][4]; /* by the closer's length % 3 and kind */
	for (int i = 0; i < 3; i++)
		for (int k = 0; k < 4; k++)
			openers_bottom[i][k] = bottom;
	long closer = in->last;
	while (closer >= 0 && in->d[closer].prev != bottom)
		closer = in->d[closer].prev;
	while (closer >= 0) {
		struct gfm_delim *cd = &in->d[closer];
		if (!cd->can_close) {
			closer = cd->next;
			continue;
		}
		unsigned char c = cd->c;
		int kind = c == '*' ? 0 : c == '_' ? 1 : c == '\'' ? 2 : 3;
		long *ob = &openers_bottom[cd->length % 3][kind];
		long opener = cd->prev;
		bool found = false;
		while (opener >= 0 && opener != bottom && opener != *ob) {
			struct gfm_delim *od = &in->d[opener];
			if (od->can_open && od->c == c &&
			    (!(cd->can_open || od->can_close) || cd->length % 3 == 0 ||
			     (od->length + cd->length) % 3 != 0)) {
				found = true;
				break;
			}
			opener = od->prev;
		}
		long old = closer;
		if (c == '*' || c == '_') {
			closer = found ? insert_emph(in, opener, closer) : cd->next;
		} else {
			in->p[cd->piece].s = c == '\'' ? RSQUO : RDQUO;
			if (found)
				in->p[in->d[opener].piece].s = c == '\'' ? LSQUO : LDQUO;
			closer = cd->next;
		}
		if (!found) {
			*ob = in->d[old].prev;
			if (!in->d[old].can_open)
				remove_delim(in, old);
		}
	}
	while (in->last >= 0 && in->last != bottom)
		remove_delim(in, in->last);
}

/* The end of the run of `open` backticks closing a code span from pos
 * (after its opening run), or 0. cmark remembers where it last saw a run
 * of each length, and once it has scanned to the end without a closer,
 * trusts that record: a later opener whose closer it records before the
 * opener is text even when a closer follows (its record was overwritten by
 * an earlier run). The same record here, for the same spans. */
static size_t closing_backticks(struct gfm_inlines *in, size_t open)
{
	if (open > BACKTICKS_MAX ||
	    (in->scanned_backticks && in->backticks[open] <= in->pos))
		return 0;
	size_t i = in->pos;
	for (;;) {
		const char *q = memchr(in->s + i, '`', in->n - i);
		if (!q)
			break;
		size_t k = (size_t)(q - in->s), run = 0;
		while (k + run < in->n && in->s[k + run] == '`')
			run++;
		if (run <= BACKTICKS_MAX)
			in->backticks[run] = k;
		if (run == open)
			return k + run;
		i = k + run;
	}
	in->scanned_backticks = true;
	return 0;
}

/* A code span at pos, or the backticks as text. */
static void scan_backticks(struct gfm_inlines *in)
{
	size_t start = in->pos, open = 0;
	while (start + open < in->n && in->s[start + open] == '`')
		open++;
	in->pos = start + open;
	size_t end = closing_backticks(in, open);
	if (!end) {
		add_text(in, in->s + start, open);
		return;
	}
	/* its bytes, line ends as spaces, one space off each end when both
	 * have one and it is not all spaces */
	const char *from = in->s + start + open;
	size_t len = end - open - (start + open);
	char *o = in->lits.ptr + in->lits.len;
	bool nonspace = false;
	for (size_t j = 0; j < len; j++) {
		o[j] = from[j] == '\n' ? ' ' : from[j];
		nonspace |= o[j] != ' ';
	}
	in->lits.len += len;
	if (nonspace && len >= 2 && o[0] == ' ' && o[len - 1] == ' ') {
		o++;
		len -= 2;
	}
	add_piece(in, GFM_P_CODE, o, len);
	in->pos = end;
}

/* Hyphens: one as it is; more as em and en dashes, cmark's way. */
static void scan_hyphens(struct gfm_inlines *in)
{
	size_t start = in->pos, n = 0;
	while (start + n < in->n && in->s[start + n] == '-')
		n++;
	in->pos = start + n;
	if (n == 1) {
		add_text(in, in->s + start, 1);
		return;
	}
	size_t em, en;
	if (n % 3 == 0) {
		em = n / 3;
		en = 0;
	} else if (n % 2 == 0) {
		em = 0;
		en = n / 2;
	} else if (n % 3 == 2) {
		em = (n - 2) / 3;
		en = 1;
	} else {
		em = (n - 4) / 3;
		en = 2;
	}
	char *o = in->lits.ptr + in->lits.len;
	size_t len = 0;
	for (size_t i = 0; i < em; i++, len += 3)
		memcpy(o + len, EMDASH, 3);
	for (size_t i = 0; i < en; i++, len += 3)
		memcpy(o + len, ENDASH, 3);
	in->lits.len += len;
	add_text(in, o, len);
}

static void scan_period(struct gfm_inlines *in)
{
	const char *s = in->s + in->pos;
	size_t left = in->n - in->pos;
	if (left >= 3 && s[1] == '.' && s[2] == '.') {
		add_text(in, ELLIPSIS, 3);
		in->pos += 3;
	} else if (left >= 2 && s[1] == '.') {
		add_text(in, s, 2);
		in->pos += 2;
	} else {
		add_text(in, s, 1);
		in->pos++;
	}
}

/* Whether an entity (&name; &#n; &#xn;) could start after the '&'. */
static bool may_be_entity(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && i < 40 &&
	       (s[i] == '#' || (s[i] >= '0' && s[i] <= '9') ||
		((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z')))
		i++;
	return i > 0 && i < n && s[i] == ';';
}

static bool is_url_byte(unsigned char c)
{
	return c > ' ' && c != '(' && c != ')' && c != '<' && c != '>' && c != '\\' &&
	       c != 0x7F;
}

/* A ']' at pos: a link's end when an active '[' and "(url)" go with it,
 * else a text. Only what cmark reads as a plain inline link or a text is
 * taken; a '(' that begins anything else declines. */
static void scan_close_bracket(struct gfm_inlines *in)
{
	in->pos++;
	if (!in->nb) {
		add_text(in, in->s + in->pos - 1, 1);
		return;
	}
	struct gfm_bracket *br = &in->b[in->nb - 1];
	if (!br->active || in->pos >= in->n || in->s[in->pos] != '(') {
		in->nb--; /* no link: no reference can match (gfm_quick.h) */
		add_text(in, in->s + in->pos - 1, 1);
		return;
	}
	size_t from = in->pos + 1, end = from;
	while (end < in->n && is_url_byte((unsigned char)in->s[end])) {
		if (in->s[end] == '&' && may_be_entity(in->s + end + 1, in->n - end - 1)) {
			in->declined = true; /* cmark decodes it */
			return;
		}
		end++;
	}
	if (end == from || end >= in->n || in->s[end] != ')') {
		in->declined = true;
		return;
	}
	buf_reset(&in->url);
	buf_add(&in->url, in->s + from, end - from);
	if (!text_url_is_safe(in->url.ptr)) {
		in->declined = true; /* gfm.c says so and drops it */
		return;
	}
	in->pos = end + 1;
	struct gfm_piece *open = &in->p[br->piece];
	open->kind = GFM_P_LINK;
	open->s = in->s + from;
	open->n = end - from;
	add_piece(in, GFM_P_LINK_END, NULL, 0);
	long bottom = br->prev_delim;
	in->nb--;
	process_emphasis(in, bottom);
	/* no link in a link: the brackets before it open none */
	for (size_t i = in->nb; i-- > 0;) {
		if (!in->b[i].active)
			break;
		in->b[i].active = false;
	}
}

/* A line end: a soft break (a hard one declines); the text before it has
 * lost its trailing spaces already (scan_text). */
static void scan_newline(struct gfm_inlines *in)
{
	size_t nl = in->pos;
	if (nl >= 2 && in->s[nl - 1] == ' ' && in->s[nl - 2] == ' ') {
		in->declined = true;
		return;
	}
	in->pos++;
	while (in->pos < in->n && in->s[in->pos] == ' ')
		in->pos++;
	add_piece(in, GFM_P_SOFT, NULL, 0);
}

/* The bytes cmark stops a text at (its special characters, smart
 * punctuation's, and those this reader declines at). */
static const unsigned char stops[256] = {
	['\n'] = 1, ['\\'] = 1, ['`'] = 1, ['&'] = 1, ['_'] = 1, ['*'] = 1, ['['] = 1,
	[']'] = 1, ['<'] = 1, ['!'] = 1, ['.'] = 1, ['-'] = 1, ['"'] = 1, ['\''] = 1,
	['~'] = 1,
};

/* The first stop at or after i (n when none). With SSE2, sixteen bytes
 * at a time are told apart from the candidates: a byte of 0x21-0x2F,
 * 0x5B-0x60, a line end, '<' or '~' (every stop, and # $ % ( ) + , / ^
 * besides, which the table then rules out); text and Chinese pass at once. */
static size_t next_stop(const char *s, size_t i, size_t n)
{
#ifdef BYTES_SSE2
	while (n - i >= 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(s + i));
		__m128i punct = _mm_sub_epi8(x, _mm_set1_epi8(0x21));
		__m128i brackets = _mm_sub_epi8(x, _mm_set1_epi8(0x5B));
		__m128i hit = _mm_or_si128(
			_mm_or_si128(
				_mm_cmpeq_epi8(_mm_min_epu8(punct, _mm_set1_epi8(0x2F - 0x21)), punct),
				_mm_cmpeq_epi8(_mm_min_epu8(brackets, _mm_set1_epi8(0x60 - 0x5B)),
					       brackets)),
			_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')),
				     _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('<')),
						  _mm_cmpeq_epi8(x, _mm_set1_epi8('~')))));
		for (unsigned m = (unsigned)_mm_movemask_epi8(hit); m; m &= m - 1) {
			size_t k = i + (size_t)__builtin_ctz(m);
			if (stops[(unsigned char)s[k]])
				return k;
		}
		i += 16;
	}
#endif
	while (i < n && !stops[(unsigned char)s[i]])
		i++;
	return i;
}

static void scan_text(struct gfm_inlines *in)
{
	size_t start = in->pos, i = next_stop(in->s, start + 1, in->n);
	in->pos = i;
	size_t end = i;
	if (i < in->n && in->s[i] == '\n')
		while (end > start && in->s[end - 1] == ' ')
			end--;
	add_text(in, in->s + start, end - start);
}

/* Whether the `n` bytes at `s`, after a '<', could be read by cmark as raw
 * HTML or an autolink: a tag or URL starts with a letter, '/', '!' or '?';
 * an address with a byte of its local part (a digit, a letter or one of
 * .!#$%&'*+/=?^_`{|}~-) and needs an '@' after it. */
static bool may_open_angle(const char *s, size_t n)
{
	unsigned char c = (unsigned char)s[0];
	if (((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '/' || c == '!' || c == '?')
		return true;
	bool local = (c >= '0' && c <= '9') || (c != 0 && strchr(".#$%&'*+=^_`{|}~-", c));
	return local && memchr(s, '@', n);
}

static void scan_special(struct gfm_inlines *in, char c)
{
	const char *s = in->s;
	size_t pos = in->pos, left = in->n - pos - 1;
	switch (c) {
	case '\n':
		scan_newline(in);
		break;
	case '`':
		scan_backticks(in);
		break;
	case '\\':
		if (left && is_ascii_punct((unsigned char)s[pos + 1])) {
			add_text(in, s + pos + 1, 1);
			in->pos += 2;
		} else if (left && s[pos + 1] == '\n') {
			in->declined = true; /* a hard break */
		} else {
			add_text(in, s + pos, 1);
			in->pos++;
		}
		break;
	case '&':
		if (may_be_entity(s + pos + 1, left))
			in->declined = true;
		add_text(in, s + pos, 1);
		in->pos++;
		break;
	case '<':
		if (left && may_open_angle(s + pos + 1, left))
			in->declined = true; /* raw HTML or an autolink */
		add_text(in, s + pos, 1);
		in->pos++;
		break;
	case '!':
		if (left && s[pos + 1] == '[')
			in->declined = true; /* an image */
		add_text(in, s + pos, 1);
		in->pos++;
		break;
	case '*':
	case '_':
	case '\'':
	case '"':
		scan_delim(in, (unsigned char)c);
		break;
	case '-':
		scan_hyphens(in);
		break;
	case '.':
		scan_period(in);
		break;
	case '[':
		add_piece(in, GFM_P_TEXT, "[", 1);
		in->pos++;
		ALLOC_GROW(in->b, in->nb, in->cap_b);
		in->b[in->nb++] = (struct gfm_bracket){ fix_last(in), in->last, true };
		break;
	case ']':
		scan_close_bracket(in);
		break;
	default: /* '~': strikethrough's */
		in->declined = true;
		break;
	}
}

/* Parse `n` bytes at `s` (trailing white space already off) into pieces;
 * false when declined. */
static bool parse_pieces(struct gfm_inlines *in, const char *s, size_t n)
{
	in->s = s;
	in->n = n;
	in->pos = 0;
	in->np = in->nd = in->nb = 0;
	in->last = -1;
	in->declined = false;
	/* the record is not cleared: it is read only once this block's
	 * scan has reached its end, and then holds every length the block
	 * has from its first opener on; a length it does not have has no
	 * closer, which the record's left value says or a scan finds */
	in->scanned_backticks = false;
	buf_reset(&in->lits);
	buf_grow(&in->lits, 2 * n + 16); /* never grown while pieces point in */
	while (in->pos < n && !in->declined) {
		char c = s[in->pos];
		if (stops[(unsigned char)c])
			scan_special(in, c);
		else
			scan_text(in);
	}
	if (!in->declined)
		process_emphasis(in, -1);
	return !in->declined;
}

/* ---- writing the pieces ---- */

static void write_tags(struct buf *out, uint32_t tags, unsigned n, bool closing)
{
	for (unsigned i = 0; i < n; i++, tags >>= 2) {
		if ((tags & 3) == TAG_EM)
			buf_adds(out, closing ? "</em>" : "<em>");
		else
			buf_adds(out, closing ? "</strong>" : "<strong>");
	}
}

void gfm_inline_write(const struct gfm_inlines *in, struct buf *out)
{
	for (size_t i = 0; i < in->np; i++) {
		const struct gfm_piece *p = &in->p[i];
		write_tags(out, p->close, p->nclose, true);
		switch (p->kind) {
		case GFM_P_TEXT:
			text_escape_html_cmark(out, p->s, p->n);
			break;
		case GFM_P_CODE:
			buf_adds(out, "<code>");
			text_escape_html_cmark(out, p->s, p->n);
			buf_adds(out, "</code>");
			break;
		case GFM_P_SOFT:
			buf_addc(out, '\n');
			break;
		case GFM_P_LINK:
			buf_adds(out, "<a href=\"");
			gfm_html_escape_href(out, p->s, p->n);
			buf_adds(out, "\">");
			break;
		default:
			buf_adds(out, "</a>");
			break;
		}
		write_tags(out, p->open, p->nopen, false);
	}
}

/* The pieces' text as gfm.c collects it: texts, and a space for a break
 * or (unless `code`) a code span, whose text it is otherwise. */
void gfm_inline_text(const struct gfm_inlines *in, bool code, struct buf *out)
{
	buf_grow(out, 3 * in->n + 1); /* no piece is longer than thrice its source */
	char *o = out->ptr + out->len;
	for (size_t i = 0; i < in->np; i++) {
		const struct gfm_piece *p = &in->p[i];
		if (p->kind == GFM_P_TEXT || (code && p->kind == GFM_P_CODE)) {
			memcpy(o, p->s, p->n);
			o += p->n;
		} else if (p->kind == GFM_P_SOFT || p->kind == GFM_P_CODE) {
			*o++ = ' ';
		}
	}
	out->len = (size_t)(o - out->ptr);
	out->ptr[out->len] = '\0';
}

/* Whether a text of cmark's tree (adjacent texts, no tag between, as cmark
 * merges them) may hold an autolink. */
static bool texts_may_autolink(const struct gfm_inlines *in, struct buf *run)
{
	buf_reset(run);
	for (size_t i = 0; i <= in->np; i++) {
		const struct gfm_piece *p = i < in->np ? &in->p[i] : NULL;
		bool joins = p && p->kind == GFM_P_TEXT && !p->nclose && run->len;
		if (!joins && run->len) {
			if (gfm_inline_may_autolink(run->ptr))
				return true;
			buf_reset(run);
		}
		if (p && p->kind == GFM_P_TEXT) {
			buf_add(run, p->s, p->n);
			if (p->nopen) {
				if (gfm_inline_may_autolink(run->ptr))
					return true;
				buf_reset(run);
			}
		}
	}
	return false;
}

bool gfm_inline_parse(struct gfm_inlines *in, const char *s, size_t n)
{
	while (n && s[n - 1] == ' ')
		n--;
	return parse_pieces(in, s, n) && !texts_may_autolink(in, &in->run);
}

void gfm_inline_init(struct gfm_inlines *in)
{
	memset(in, 0, sizeof *in);
	buf_init(&in->lits);
	buf_init(&in->url);
	buf_init(&in->run);
}

void gfm_inline_release(struct gfm_inlines *in)
{
	free(in->p);
	free(in->d);
	free(in->b);
	buf_release(&in->lits);
	buf_release(&in->url);
	buf_release(&in->run);
	gfm_inline_init(in);
}
