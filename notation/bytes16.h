/*
 * bytes16.h -- sixteen bytes of a line tested at once, for the readers'
 * fast paths (notation/record-fast.c, notation/move.c).
 *
 * In the compilers' vectors (gcc and clang; SSE2 on x86-64, plain code
 * elsewhere): each byte's answer in its own byte, 0xff or 0.  A reader
 * loads sixteen bytes only where it may read them all.
 */
#ifndef NOTATION_BYTES16_H
#define NOTATION_BYTES16_H

#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

typedef unsigned char v16 __attribute__((vector_size(16)));
typedef signed char s16 __attribute__((vector_size(16)));	/* the same, signed */
typedef uint64_t v2x64 __attribute__((vector_size(16)));

static inline v16
v16_load(const char *p)
{
	v16 v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline v16
v16_splat(unsigned char c)
{
	v16 v;

	memset(&v, c, sizeof v);
	return v;
}

/* The first byte whose answer is set, 16 if none; where the machine
 * keeps its bytes the other way round, 0 if any (the caller reads them
 * one by one from there). */
static inline int
v16_first(v16 m)
{
#ifdef __SSE2__
	/* one instruction gathers the sixteen answers' top bits */
	unsigned bits = (unsigned)_mm_movemask_epi8((__m128i)m);

	return bits != 0 ? __builtin_ctz(bits) : 16;
#else
	v2x64 w = (v2x64)m;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (w[0] != 0)
		return __builtin_ctzll(w[0]) >> 3;
	if (w[1] != 0)
		return 8 + (__builtin_ctzll(w[1]) >> 3);
	return 16;
#else
	return w[0] != 0 || w[1] != 0 ? 0 : 16;	/* the bytes one by one from the first */
#endif
#endif
}

/* The first byte from off on (0 to 15) whose answer is set, 16 if
 * none; where the machine keeps its bytes the other way round, off if
 * any (the caller reads them one by one from there). */
static inline int
v16_first_from(v16 m, int off)
{
#ifdef __SSE2__
	unsigned bits = (unsigned)_mm_movemask_epi8((__m128i)m) & (0xffffu << off);

	return bits != 0 ? __builtin_ctz(bits) : 16;
#else
	v2x64 w = (v2x64)m;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (off >= 8)
		w[0] = 0, w[1] &= ~(uint64_t)0 << 8 * (off - 8);
	else
		w[0] &= ~(uint64_t)0 << 8 * off;
	return v16_first((v16)w);
#else
	return w[0] != 0 || w[1] != 0 ? off : 16;
#endif
#endif
}

#endif
