/* mustache_parse: one template's source parsed into its tree of nodes, once,
 * for the engine's other modules to check and render many times. The
 * engine's public face is mustache.h; this header is shared by its modules
 * (mustache, mustache_render) only.
 *
 * Errors (an unclosed section, a mismatched close tag, a bad tag name or
 * delimiter tag, sections nested deeper than the caller's limit) are all
 * reported, as "path:line:col: error: ...", before the parse fails.
 *
 * The tree keeps the spec's whitespace rules decided: standalone lines are
 * already trimmed. Indentation of standalone partials is left to the
 * renderer: a text node that starts a template line carries `lead`, and the
 * renderer writes the current indentation before it. That is exactly where
 * "prepend the indentation to each line of the partial" would have put it.
 * Blocks (inheritance) get the re-indentation rules of the spec's
 * "Block reindentation" tests: the indentation a block's content has where
 * it is written is removed here, and the indentation of the site where it
 * is expanded (`indent`) is added at render time.
 *
 * Memory: a struct tmpl owns all of it. Its name and path are its own
 * copies; the source copy, the nodes and the names live in its arena, and
 * every node's `text` points into that copy or that arena. Free it with
 * mustache_parse_free.
 */
#ifndef GPUGUIDE_MUSTACHE_PARSE_H
#define GPUGUIDE_MUSTACHE_PARSE_H

#include "base/arena.h"

#include <stdbool.h>
#include <stddef.h>

struct diag;
struct value_key;

enum node_kind {
	NODE_TEXT,
	NODE_VAR,      /* {{name}}, escaped */
	NODE_RAW,      /* {{{name}}} or {{&name}} */
	NODE_SECTION,  /* {{#name}}...{{/name}} */
	NODE_INVERTED, /* {{^name}}...{{/name}} */
	NODE_PARTIAL,  /* {{>name}} */
	NODE_PARENT,   /* {{<name}}...{{/name}}: kids are the argument blocks */
	NODE_BLOCK,    /* {{$name}}...{{/name}} */
};

/* A dotted name split in segments, each hashed once here rather than at
 * every lookup; n == 0 is the implicit iterator ".". */
struct name_path {
	struct value_key *seg;
	size_t n;
};

/* One node of the tree. `kids`: a section's (or inverted section's, or
 * block's) content, a parent tag's argument blocks; an array in the arena. */
struct node {
	enum node_kind kind;
	bool lead;      /* TEXT: a template line starts here (indent first) */
	bool dynamic;   /* PARTIAL, PARENT: `path` holds the template's name */
	bool intrinsic; /* BLOCK: indentation comes from the first content line */
	/* SECTION, INVERTED: no partial, parent or block below it, so what
	 * it renders is made from the context stack alone (mustache_memo.h) */
	bool self_contained;
	size_t offset;  /* of the tag in the template source, for messages */
	const char *text; /* TEXT: bytes; PARTIAL, PARENT, BLOCK: name (NUL-ended) */
	size_t len;
	/* TEXT: this node and the text nodes after it that continue it in the
	 * source are text[0, run_len), `run_nodes` nodes: written with one
	 * append when there is no indentation to put between them */
	size_t run_len, run_nodes;
	const char *indent; /* PARTIAL, PARENT: standalone indentation;
			     * BLOCK: indentation added where it expands */
	size_t indent_len;
	struct name_path path; /* VAR, RAW, SECTION, INVERTED, dynamic names */
	struct node *kids;
	size_t nkids;
};

/* One compiled template (mustache.h's struct tmpl): the top level of its
 * tree is nodes[0, nnodes). */
struct tmpl {
	char *name;
	char *path;
	struct arena arena; /* the source copy, the nodes, the names */
	const char *src;
	size_t len;
	struct node *nodes;
	size_t nnodes;
};

/* Parse `src` (len bytes, copied) as the template `name`; `path` (or, when
 * NULL, `name`) names it in messages. Sections may nest `max_nesting` deep.
 * Returns the new template, or NULL after reporting every error found to
 * `diag`. */
struct tmpl *mustache_parse_template(const char *name, const char *path,
				     const char *src, size_t len,
				     int max_nesting, struct diag *diag);

/* Free a template of mustache_parse_template and all it owns; NULL is
 * fine. */
void mustache_parse_free(struct tmpl *t);

/* 1-based line and column of byte `off` of `src`, for messages at a node's
 * `offset`; the column counts UTF-8 characters. */
void mustache_parse_position(const char *src, size_t off, int *line,
			     int *col);

#endif
