/* Portable bit tricks used by the evaluators. */
#ifndef PH_BITS_H
#define PH_BITS_H
#include <stdint.h>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#define PH_INLINE static __forceinline
#define PH_ALIGN16 __declspec(align(16))
#define PH_NOINLINE static __declspec(noinline)
PH_INLINE int ph_ctz64(uint64_t x)
{
    unsigned long index;
    _BitScanForward64(&index, x);
    return (int)index;
}
/* Not __popcnt: on x64 it emits POPCNT whatever the target CPU, and ARM64 lacks it
 * before VS 2022 17.11. The evaluators count bits only off their hot paths. */
PH_INLINE int ph_popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
#else
#define PH_INLINE static inline __attribute__((always_inline))
#define PH_ALIGN16 __attribute__((aligned(16)))
#define PH_NOINLINE static __attribute__((noinline))
#define ph_ctz64(x) __builtin_ctzll(x)
#define ph_popcount32(x) __builtin_popcount(x)
#endif

#endif
