#include "base/xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void xfatal(const char *what)
{
	fprintf(stderr, "gen: fatal: %s\n", what);
	abort();
}

static void *checked(void *p)
{
	if (!p)
		xfatal("out of memory");
	return p;
}

void *xmalloc(size_t size)
{
	return checked(malloc(size ? size : 1));
}

void *xcalloc(size_t n, size_t size)
{
	return checked(calloc(n ? n : 1, size ? size : 1));
}

void *xrealloc(void *p, size_t size)
{
	return checked(realloc(p, size ? size : 1));
}

void *xreallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		xfatal("out of memory");
	return xrealloc(p, n * size);
}

char *xstrdup(const char *s)
{
	return checked(strdup(s));
}

char *xstrndup(const char *s, size_t n)
{
	return checked(strndup(s, n));
}
