/* Finds the rank bases of csrc/gen/high_tables.py (RANK_BASES).
 *
 * Greedy: for rank 0, 1, ... take the smallest base larger than the previous one
 * such that every multiset of at most seven cards (at most four of a rank) over
 * the ranks so far still has a distinct sum. A later rank only adds to sums, so a
 * collision among the earlier ranks could never be undone: greedy is sound, and the
 * generator re-checks uniqueness every time it runs.
 *
 * Build and run once (about five minutes): cc -O2 -o rank_bases tools/rank_bases.c && ./rank_bases
 * Prints: 1 5 24 112 521 2247 9244 30823 103066 250154 667453 1526359 3453520, max 18393157.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_CARDS 7
#define MAX_PER_RANK 4
#define MAX_MULTISETS 80000
#define MAX_SUM (1u << 25)

typedef struct {
    int64_t sum;
    int size;
} multiset;

int main(void)
{
    multiset *current = malloc(sizeof(multiset) * MAX_MULTISETS);
    multiset *next = malloc(sizeof(multiset) * MAX_MULTISETS);
    /* stamp[s] == round: sum s is already taken in this round (no clearing needed) */
    uint32_t *stamp = calloc(MAX_SUM, sizeof(uint32_t));
    uint32_t round = 0;
    int n_current = 1;
    int64_t base = 0, largest = 0;
    if (!current || !next || !stamp) return 1;
    current[0].sum = 0;
    current[0].size = 0;
    for (int rank = 0; rank < 13; rank++) {
        for (base = base + 1;; base++) {
            int n_next = 0, unique = 1;
            round++;
            for (int i = 0; i < n_current && unique; i++) {
                for (int c = 0; c <= MAX_PER_RANK && current[i].size + c <= MAX_CARDS; c++) {
                    int64_t sum = current[i].sum + c * base;
                    if (sum >= MAX_SUM || stamp[sum] == round) { unique = 0; break; }
                    stamp[sum] = round;
                    next[n_next].sum = sum;
                    next[n_next].size = current[i].size + c;
                    n_next++;
                }
            }
            if (unique) {
                multiset *swap = current;
                current = next;
                next = swap;
                n_current = n_next;
                break;
            }
        }
        printf("%lld ", (long long)base);
        fflush(stdout);
    }
    for (int i = 0; i < n_current; i++)
        if (current[i].sum > largest) largest = current[i].sum;
    printf("\nmax %lld\n", (long long)largest);
    return 0;
}
