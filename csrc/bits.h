/* Portable bit tricks used by the evaluators. */
#ifndef PH_BITS_H
#define PH_BITS_H
#include <stdint.h>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static __forceinline int ph_ctz64(uint64_t x)
{
    unsigned long index;
    _BitScanForward64(&index, x);
    return (int)index;
}
static __forceinline int ph_popcount32(uint32_t x) { return (int)__popcnt(x); }
static __forceinline int ph_popcount64(uint64_t x) { return (int)(__popcnt((uint32_t)x) + __popcnt((uint32_t)(x >> 32))); }
#define PH_INLINE static __forceinline
#else
#define ph_ctz64(x) __builtin_ctzll(x)
#define ph_popcount32(x) __builtin_popcount(x)
#define ph_popcount64(x) __builtin_popcountll(x)
#define PH_INLINE static inline __attribute__((always_inline))
#endif

#endif
