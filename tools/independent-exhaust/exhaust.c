/* exhaust.c - exhaustive search for the smallest magic bitboard multiplier.
 *
 * Independent second implementation (written without reading the other one).
 * Build: gcc -O2 -o exhaust exhaust.c
 * Usage: exhaust <rook|bishop> <square> <bits> [--black] [--cube-bits C --cubes A B]
 *        exhaust selftest <status.csv>
 *
 * Squares: a1=0 .. h8=63 (8*rank+file).  index(v) = (v*m mod 2^64) >> (64-k).
 * Search: branch on the magic's bits from the top of the period (bit p-1) down,
 * 0 before 1, so the first leaf that survives is the smallest working magic.
 * At a node bits u..p-1 are fixed (value m, lower bits 0); any completion is
 * m+x, 0 <= x < 2^u, so v*(m+x) mod 2^64 lies in the arc that starts at v*m
 * mod 2^64 and has length v*(2^u-1)+1 (wrapping).
 *
 * Black magics (--black): the index is ((o | ~M) * m mod 2^64) >> (64-k), M the
 * mask, o an occupancy (a subset of M). Everything below is mod 2^64.
 *  (a) o and ~M share no bit, so o | ~M = o + ~M = o - M - 1 = -((M ^ o) + 1)
 *      (M ^ o = M - o as o is a subset of M). Let v = (M ^ o) + 1 (odd:
 *      M ^ o has no bit below the lowest mask square, which is >= 1) and
 *      y = v*m; the black product is -y.
 *  (b) -y = ~(y - 1), so the top k bits of -y are (2^k - 1) minus the top k
 *      bits of y - 1. Those differ from the top k bits of y exactly when y is a
 *      multiple of 2^(64-k) (then they are one less, mod 2^k). v is odd, so
 *      v*m = 0 mod 2^(64-k) iff m = 0 mod 2^(64-k): for ALL occupancies or for
 *      none. So the black index is R(top_k(v*m)) with R(b) = 2^k-1-b or
 *      R(b) = 2^k-1-(b-1 mod 2^k), one bijection R for all o: two occupancies
 *      share a black index iff they share the index top_k(v*m). Hence m is a
 *      black magic iff the fancy-style map on the numbers v (sorted, with the
 *      attack class of o = (v-1) ^ M) has no destructive collision, and the
 *      search below runs unchanged on them.
 *  (c) Period: for a magic bit j >= p = 64 - (lowest square of M), 2^j * v =
 *      2^j + 2^j * (M ^ o) = 2^j, as M ^ o has no bit below that square. So bit
 *      j adds the same 2^j to every product; if also j >= 64-k, that is a
 *      multiple of 2^(64-k): every index shifts by the same amount mod 2^k,
 *      and no pair changes from equal to different. So the black search runs
 *      over the magics below 2^max(64-k, p) (P->p below), and "none there"
 *      means none at all; a magic found there stays one with any higher bits.
 * A black magic found is re-checked by plain_check_x with the index as defined
 * above (not through v); the selftest checks (a)-(c) on random magics.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;
typedef unsigned __int128 u128;

enum { ROOK = 0, BISHOP = 1 };
static const int DIRS[2][4][2] = {{{0, 1}, {0, -1}, {1, 0}, {-1, 0}},   /* N S E W  */
                                  {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}}; /* diagonals */

static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

/* Attacks: each ray adds squares up to and including the first blocker. */
static u64 attacks(int piece, int sq, u64 occ) {
    u64 a = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + DIRS[piece][d][0], r = sq / 8 + DIRS[piece][d][1];
        for (; on_board(f, r); f += DIRS[piece][d][0], r += DIRS[piece][d][1]) {
            a |= 1ULL << (8 * r + f);
            if (occ >> (8 * r + f) & 1) break;
        }
    }
    return a;
}

/* Relevant mask: ray squares except the last square of each ray. */
static u64 mask_of(int piece, int sq) {
    u64 m = 0;
    for (int d = 0; d < 4; d++) {
        int df = DIRS[piece][d][0], dr = DIRS[piece][d][1];
        for (int f = sq % 8 + df, r = sq / 8 + dr; on_board(f + df, r + dr); f += df, r += dr)
            m |= 1ULL << (8 * r + f);
    }
    return m;
}

static int lowest(u64 x) { return __builtin_ctzll(x); }

/* ---------------------------------------------------------------- problem */
typedef struct {
    int piece, sq, k, shift, p, n, ncls; /* p: the search's period (see (c) for black) */
    u64 mask;
    u64 *v;   /* occupancies, or (M ^ o) + 1 for black, sorted ascending */
    int *cls; /* attack-set class id of each occupancy */
} Problem;

static int cmp_u64(const void *a, const void *b) {
    u64 x = *(const u64 *)a, y = *(const u64 *)b;
    return x < y ? -1 : x > y;
}

static void problem_init(Problem *P, int piece, int sq, int k, int black) {
    P->piece = piece; P->sq = sq; P->k = k; P->shift = 64 - k;
    P->mask = mask_of(piece, sq);
    P->p = 64 - lowest(P->mask);
    if (black && P->p < 64 - k) P->p = 64 - k; /* (c) in the header */
    P->n = 1 << __builtin_popcountll(P->mask);
    P->v = malloc(sizeof(u64) * P->n);
    P->cls = malloc(sizeof(int) * P->n);
    u64 *distinct = malloc(sizeof(u64) * P->n);
    int i = 0;
    u64 s = 0;
    do { P->v[i++] = black ? (P->mask ^ s) + 1 : s; s = (s - P->mask) & P->mask; } while (s); /* all subsets */
    qsort(P->v, P->n, sizeof(u64), cmp_u64);
    P->ncls = 0;
    for (i = 0; i < P->n; i++) {
        u64 a = attacks(piece, sq, black ? (P->v[i] - 1) ^ P->mask : P->v[i]);
        int c = 0;
        while (c < P->ncls && distinct[c] != a) c++;
        if (c == P->ncls) distinct[P->ncls++] = a;
        P->cls[i] = c;
    }
    free(distinct);
}

static void problem_free(Problem *P) { free(P->v); free(P->cls); }

/* Plain check, deliberately separate from the search: recompute the
 * occupancies and attacks and compare every pair. With black, the index is the
 * black one as defined, ((o | ~mask) * magic) >> (64-k), not the v form. */
static int plain_check_x(int piece, int sq, int k, u64 magic, int black) {
    u64 mask = mask_of(piece, sq);
    int n = 1 << __builtin_popcountll(mask), i = 0, ok = 1;
    u64 *occ = malloc(sizeof(u64) * n), *att = malloc(sizeof(u64) * n), s = 0;
    do { occ[i] = black ? s | ~mask : s; att[i] = attacks(piece, sq, s); i++; s = (s - mask) & mask; } while (s);
    for (i = 0; i < n && ok; i++)
        for (int j = i + 1; j < n; j++)
            if (att[i] != att[j] && (occ[i] * magic) >> (64 - k) == (occ[j] * magic) >> (64 - k)) {
                ok = 0;
                break;
            }
    free(occ); free(att);
    return ok;
}
static int plain_check(int piece, int sq, int k, u64 magic) { return plain_check_x(piece, sq, k, magic, 0); }

/* ---------------------------------------------------------------- search */
typedef struct {
    const Problem *P;
    int *table;         /* bucket -> class id, -1 = empty (see invariant below) */
    int *undo, utop;    /* buckets filled, for backtracking */
    int *list[66], len[66], tail[66];
    int *present, absent, empty; /* buckets owned per class; classes owning none; empty buckets */
    int *few;           /* scratch: unfixed occupancies whose arc covers <= NB buckets */
    u64 nodes, found, limit;
} Search;

/* Invariant of the table: table[j] == c means that in EVERY working magic of
 * the current subtree, bucket j holds an occupancy of class c; hence no other
 * class can be there. (Entries made at a node stay true in its subtrees, which
 * are subsets, and are undone on leaving the node.)
 * Level L's state: list[L] = occupancies not yet fixed (explicit), plus every
 * sorted index >= tail[L] (all unfixed: too long to fit in a bucket). */

static void put(Search *S, int b, int c) {
    S->table[b] = c; S->undo[S->utop++] = b; S->empty--;
    if (S->present[c]++ == 0) S->absent--;
}
static void undo_to(Search *S, int save) {
    while (S->utop > save) {
        int b = S->undo[--S->utop], c = S->table[b];
        S->table[b] = -1; S->empty++;
        if (--S->present[c] == 0) S->absent++;
    }
}

#define NB 2 /* arcs covering up to NB buckets get the few-bucket rule */

/* Enter node (u, m) from the state at level L; build level L+1.
 * Returns 0 if the subtree provably holds no working magic. */
static int enter(Search *S, int L, int u, u64 m) {
    const Problem *P = S->P;
    const int shift = P->shift, bmask = (1 << P->k) - 1;
    const u128 span = ((u128)1 << u) - 1; /* arc length - 1 is v*span */
    int *out = S->list[L + 1], nout = 0, nfew = 0;
    S->nodes++;
    int t = S->tail[L];
    for (int pass = 0; pass < 2; pass++) {
        int cnt = pass ? 0 : S->len[L];
        /* pass 0: parent's explicit list; pass 1: sorted indices from tail on,
         * while the arc is short enough to possibly fit (v is ascending, so
         * every later one is longer and stays in the implicit tail). */
        for (int j = 0; pass ? (t < P->n && (u128)P->v[t] * span < ((u128)1 << shift)) : j < cnt; j++) {
            int i = pass ? t++ : S->list[L][j];
            u64 a = P->v[i] * m;
            u128 e = (u128)a + (u128)P->v[i] * span;
            int b0 = (int)(a >> shift);
            u128 nb = (e >> shift) - (u128)b0 + 1; /* buckets the arc touches */
            if (nb == 1) {
                /* Arc inside one bucket: index b0 for every completion.
                 * A different class already there means every completion
                 * collides: prune. */
                int c = S->table[b0];
                if (c < 0) put(S, b0, P->cls[i]);
                else if (c != P->cls[i]) return 0;
            } else {
                out[nout++] = i;
                if (nb <= NB && nb <= (u128)bmask + 1) S->few[nfew++] = i;
            }
        }
    }
    S->tail[L + 1] = t;
    S->len[L + 1] = nout;
    /* Few-bucket rule. An unfixed occupancy whose arc covers n <= NB buckets
     * b0, b0+1, .. (mod 2^k; n <= 2^k so they are distinct) lands in one of
     * them in every completion. If all are owned by other classes, every
     * completion collides: prune. If exactly one is not owned by another class
     * and it is empty, every working completion puts this class there, so
     * recording it keeps the table invariant. Repeat while that adds entries. */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int j = 0; j < nfew; j++) {
            int i = S->few[j], c = P->cls[i];
            u64 a = P->v[i] * m;
            u128 n = (((u128)a + (u128)P->v[i] * span) >> shift) - (a >> shift) + 1;
            int ok = 0, last = -1;
            for (int b = (int)(a >> shift), q = 0; q < (int)n && ok < 2; q++, b = (b + 1) & bmask)
                if (S->table[b] < 0 || S->table[b] == c) ok++, last = b;
            if (ok == 0) return 0;
            if (ok == 1 && S->table[last] < 0) put(S, last, c), changed = 1;
        }
    }
    /* Pigeonhole: a class owning no bucket yet needs its own bucket, and only
     * empty buckets can take it (owned ones are reserved for their class). */
    return S->absent <= S->empty;
}

static int dfs(Search *S, int L, int u, u64 m) {
    int save = S->utop, hit = 0;
    if (S->nodes >= S->limit) return 1; /* node budget spent: unwind (caller sees limit) */
    if (enter(S, L, u, m)) {
        if (u == 0) { S->found = m; hit = 1; } /* every occupancy fixed, no clash */
        else hit = dfs(S, L + 1, u - 1, m) || dfs(S, L + 1, u - 1, m | 1ULL << (u - 1));
    }
    undo_to(S, save);
    return hit;
}

/* Search cubes A..B-1 (top C bits of the period). Returns 1 and sets *found
 * to the smallest working magic in the range, 0 if there is none, -1 if more
 * than `limit` nodes would be needed (no answer). */
static int search_lim(const Problem *P, int C, u64 A, u64 B, u64 *found, u64 *nodes, u64 limit) {
    Search S = {.P = P, .limit = limit};
    S.few = malloc(sizeof(int) * P->n);
    S.table = malloc(sizeof(int) << P->k);
    memset(S.table, -1, sizeof(int) << P->k);
    S.undo = malloc(sizeof(int) * ((1 << P->k) + 1));
    S.present = calloc(P->ncls, sizeof(int));
    S.absent = P->ncls; S.empty = 1 << P->k;
    for (int L = 0; L < 66; L++) S.list[L] = malloc(sizeof(int) * P->n);
    int hit = 0;
    for (u64 c = A; c < B && !hit; c++) {
        S.len[0] = 0; S.tail[0] = 0; S.utop = 0; /* fresh state: nothing fixed */
        hit = dfs(&S, 0, P->p - C, c << (P->p - C));
    }
    *found = S.found; *nodes = S.nodes;
    for (int L = 0; L < 66; L++) free(S.list[L]);
    free(S.table); free(S.undo); free(S.present); free(S.few);
    return S.nodes >= limit ? -1 : hit;
}
static int search(const Problem *P, int C, u64 A, u64 B, u64 *found, u64 *nodes) {
    return search_lim(P, C, A, B, found, nodes, UINT64_MAX);
}

/* ---------------------------------------------------------------- selftest */
/* Brute force: smallest working m in [lo, hi), using a stamped bucket table
 * (a third, independent way to test a magic). Returns 1 if one is found. */
static int brute(const Problem *P, u64 lo, u64 hi, u64 *found) {
    int *cls = malloc(sizeof(int) << P->k);
    uint32_t *stamp = calloc((size_t)1 << P->k, sizeof(uint32_t)), gen = 0;
    int hit = 0;
    for (u64 m = lo; m < hi && !hit; m++) {
        int ok = 1;
        if (++gen == 0) { memset(stamp, 0, sizeof(uint32_t) << P->k); gen = 1; }
        for (int i = 0; i < P->n && ok; i++) {
            u64 b = (P->v[i] * m) >> P->shift;
            if (stamp[b] != gen) { stamp[b] = gen; cls[b] = P->cls[i]; }
            else if (cls[b] != P->cls[i]) ok = 0;
        }
        if (ok) { hit = 1; *found = m; }
    }
    free(cls); free(stamp);
    return hit;
}

static int fails = 0;

/* The 5-bit bishops whose 4-bit question takes this search over 50M nodes (their
 * masks start low and end high: nothing is known until the last bits); the selftest
 * does not search them, and every other row must answer within STATUS_BUDGET nodes. */
#define STATUS_BUDGET 50000000ULL
static const char *TOO_BIG = "a3 b3 g3 h3 a4 b4 g4 h4 a5 b5 g5 h5 a6 b6 g6 h6 f7 g7 h7 f8 g8";
static void check(int cond, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("%s ", cond ? "PASS" : "FAIL");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    if (!cond) fails++;
}

static const char *PNAME[2] = {"rook", "bishop"};
static void sqname(int sq, char *out) { out[0] = 'a' + sq % 8; out[1] = '1' + sq / 8; out[2] = 0; }
static void fmt_answer(int hit, u64 m, char *out) {
    if (hit) sprintf(out, "found 0x%016llx", (unsigned long long)m); else strcpy(out, "none");
}

/* Compare search vs brute force on cubes [A,B) of C bits; also the search
 * split into 4 sub-ranges must give the same answer. */
static void cmp_brute(int piece, int sq, int k, int C, u64 A, u64 B) {
    Problem P;
    problem_init(&P, piece, sq, k, 0);
    u64 fs = 0, fb = 0, nodes, f4 = 0, n4;
    int hs = search(&P, C, A, B, &fs, &nodes);
    int hb = brute(&P, A << (P.p - C), B << (P.p - C), &fb);
    int h4 = 0;
    for (int q = 0; q < 4 && !h4; q++)
        h4 = search(&P, C, A + (B - A) * q / 4, A + (B - A) * (q + 1) / 4, &f4, &n4);
    char s1[40], s2[40], s3[40], name[3];
    fmt_answer(hs, fs, s1); fmt_answer(hb, fb, s2); fmt_answer(h4, f4, s3); sqname(sq, name);
    check(hs == hb && (!hs || fs == fb) && h4 == hs && (!hs || f4 == fs),
          "brute %s %s k=%d cubes %d:[%llu,%llu): search %s, brute %s, 4-split %s (nodes %llu)",
          PNAME[piece], name, k, C, (unsigned long long)A, (unsigned long long)B, s1, s2, s3,
          (unsigned long long)nodes);
    if (hs) check(plain_check(piece, sq, k, fs), "  plain check of 0x%016llx", (unsigned long long)fs);
    problem_free(&P);
}

/* ------------------------------------------------------- selftest: black */
/* A direct black test: fresh occupancies and attack sets (not the Problem's),
 * the index as defined, ((o | ~mask) * m) >> (64-k), and a stamped table of
 * attack sets. (plain_check_x is the all-pairs form, too slow for 4096
 * occupancies times thousands of magics.) */
typedef struct {
    int n, k;
    u64 mask, *occ, *att, *tab;
    uint32_t *stamp, gen;
} Direct;

static void direct_init(Direct *D, int piece, int sq, int k) {
    D->mask = mask_of(piece, sq); D->k = k;
    D->n = 1 << __builtin_popcountll(D->mask);
    D->occ = malloc(sizeof(u64) * D->n); D->att = malloc(sizeof(u64) * D->n);
    D->tab = malloc(sizeof(u64) << k); D->stamp = calloc((size_t)1 << k, sizeof(uint32_t)); D->gen = 0;
    u64 s = 0;
    int i = 0;
    do { D->occ[i] = s; D->att[i] = attacks(piece, sq, s); i++; s = (s - D->mask) & D->mask; } while (s);
}
static void direct_free(Direct *D) { free(D->occ); free(D->att); free(D->tab); free(D->stamp); }

static int direct_black(Direct *D, u64 m) {
    if (++D->gen == 0) { memset(D->stamp, 0, sizeof(uint32_t) << D->k); D->gen = 1; }
    for (int i = 0; i < D->n; i++) {
        u64 b = ((D->occ[i] | ~D->mask) * m) >> (64 - D->k);
        if (D->stamp[b] != D->gen) { D->stamp[b] = D->gen; D->tab[b] = D->att[i]; }
        else if (D->tab[b] != D->att[i]) return 0;
    }
    return 1;
}

/* The reduced test the search relies on: the fancy-style index (v*m) >> (64-k)
 * on the Problem's numbers v = (M ^ o) + 1 and their classes. */
static int reduced_black(const Problem *P, u64 m) {
    int *cls = malloc(sizeof(int) << P->k), ok = 1;
    char *used = calloc((size_t)1 << P->k, 1);
    for (int i = 0; i < P->n && ok; i++) {
        u64 b = (P->v[i] * m) >> P->shift;
        if (!used[b]) { used[b] = 1; cls[b] = P->cls[i]; }
        else if (cls[b] != P->cls[i]) ok = 0;
    }
    free(cls); free(used);
    return ok;
}

/* The black period, computed here from the mask (not read from the Problem). */
static int black_period(int piece, int sq, int k) {
    int p = 64 - lowest(mask_of(piece, sq));
    return p > 64 - k ? p : 64 - k;
}

static u64 rng_state = 0x9e3779b97f4a7c15ULL;
static u64 rng(void) { /* splitmix64 */
    u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Magics the black searches found, re-tested in black_agree. */
static struct { int piece, sq, k; u64 m; } bfound[64];
static int nbfound = 0;
static void remember_black(int piece, int sq, int k, u64 m) {
    if (nbfound < 64) { bfound[nbfound].piece = piece; bfound[nbfound].sq = sq; bfound[nbfound].k = k; bfound[nbfound].m = m; nbfound++; }
}

/* Black 1: on `count` sparse random magics (AND of three random numbers) and
 * the magics the searches found for this question: the direct test agrees with
 * the reduced test on v, and with the direct test of the same magic with the
 * bits >= the black period cleared, or replaced by random bits. Both verdicts
 * must occur (want_both), so agreement is not only of failures. If the fancy
 * period p is below the black one, also count the magics whose verdict changes
 * when only the bits >= p are cleared: some must (want_p_matters), i.e. the
 * bits from p up to 64-k are not a rotation and the search must cover them. */
static void black_agree(int piece, int sq, int k, int count, int want_both, int want_p_matters) {
    Problem P;
    problem_init(&P, piece, sq, k, 1);
    Direct D;
    direct_init(&D, piece, sq, k);
    int pb = black_period(piece, sq, k), p = 64 - lowest(D.mask);
    u64 low = pb >= 64 ? ~0ULL : (1ULL << pb) - 1, lowp = (1ULL << p) - 1;
    int total = 0, works = 0, disagree = 0, p_matters = 0, odd = 1, nknown = 0;
    for (int i = 0; i < P.n; i++) odd &= (int)(P.v[i] & 1);
    for (int i = 0; i < count + nbfound; i++) {
        u64 m;
        if (i < count) m = rng() & rng() & rng();
        else if (bfound[i - count].piece == piece && bfound[i - count].sq == sq && bfound[i - count].k == k)
            m = bfound[i - count].m, nknown++;
        else continue;
        int d = direct_black(&D, m);
        int r = reduced_black(&P, m);
        int dl = direct_black(&D, m & low);
        int dh = direct_black(&D, (m & low) | (rng() & ~low));
        int rl = reduced_black(&P, m & low);
        disagree += d != r || d != dl || d != dh || d != rl;
        if (i >= count && !d) disagree++; /* a found magic must work */
        if (p < pb) p_matters += direct_black(&D, m & lowp) != d;
        works += d;
        total++;
    }
    char name[3];
    sqname(sq, name);
    check(disagree == 0 && odd && (!want_both || (works > 0 && works < total)) && (!want_p_matters || p_matters > 0),
          "black agree %s %s k=%d (period %d, fancy %d): %d magics (%d found by the searches), %d work, %d disagree, "
          "%d change with bits >= %d cleared%s",
          PNAME[piece], name, k, pb, p, total, nknown, works, disagree, p_matters, p, odd ? "" : ", an even v");
    direct_free(&D);
    problem_free(&P);
}

/* Black 2: the search over the 22-bit cubes prefix..prefix+ncubes-1 (magics whose
 * bits from 22 up read `prefix`; cube bits = black period - 22, the period
 * computed here) against a direct brute force over the same magics, and against
 * the search over the same magics as 4x as many cubes of 20 bits, in 4 parts.
 * `expect`: 1 a magic, 0 none (known from a run; guards the brute force too). */
static void black_cube(int piece, int sq, int k, u64 prefix, int ncubes, int expect) {
    Problem P;
    problem_init(&P, piece, sq, k, 1);
    Direct D;
    direct_init(&D, piece, sq, k);
    int C = black_period(piece, sq, k) - 22;
    u64 fs = 0, fb = 0, f4 = 0, nodes, n4, lo = prefix << 22, hi = (prefix + ncubes) << 22;
    int hs = search(&P, C, prefix, prefix + ncubes, &fs, &nodes);
    int hb = 0;
    for (u64 m = lo; m < hi && !hb; m++)
        if (direct_black(&D, m)) hb = 1, fb = m;
    int h4 = 0;
    for (int q = 0; q < 4 && !h4; q++)
        h4 = search(&P, C + 2, 4 * prefix + ncubes * q, 4 * prefix + ncubes * (q + 1), &f4, &n4);
    char s1[40], s2[40], s3[40], name[3];
    fmt_answer(hs, fs, s1); fmt_answer(hb, fb, s2); fmt_answer(h4, f4, s3); sqname(sq, name);
    check(hs == hb && (!hs || fs == fb) && h4 == hs && (!hs || f4 == fs) && hb == expect,
          "black brute %s %s k=%d magics [0x%016llx,0x%016llx): search %s, brute %s, 4-split %s, expected %s (nodes %llu)",
          PNAME[piece], name, k, (unsigned long long)lo, (unsigned long long)hi, s1, s2, s3,
          expect ? "a magic" : "none", (unsigned long long)nodes);
    if (hs) {
        check(plain_check_x(piece, sq, k, fs, 1), "  plain black check of 0x%016llx", (unsigned long long)fs);
        remember_black(piece, sq, k, fs);
    }
    direct_free(&D);
    problem_free(&P);
}

/* Black 3: whole searches with known answers (from a SAT solver with checked
 * proofs): does a black magic exist at all? A found one must pass the plain
 * black check (index as defined) and is kept for black_agree. */
static void black_known(int piece, int sq, int k, int exists) {
    Problem P;
    problem_init(&P, piece, sq, k, 1);
    u64 fm = 0, nodes;
    clock_t t = clock();
    int hit = search_lim(&P, 0, 0, 1, &fm, &nodes, STATUS_BUDGET);
    char s[40], name[3];
    fmt_answer(hit > 0, fm, s); sqname(sq, name);
    int good = hit >= 0 && hit == exists && (!hit || plain_check_x(piece, sq, k, fm, 1));
    check(good, "black known %s %s k=%d: %s, search %s (nodes %llu, %.2f s)", PNAME[piece], name, k,
          exists ? "a magic exists" : "none exists", hit < 0 ? "over the budget" : s, (unsigned long long)nodes,
          (double)(clock() - t) / CLOCKS_PER_SEC);
    if (hit > 0) remember_black(piece, sq, k, fm);
    problem_free(&P);
}

static int selftest(const char *csv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    clock_t t0 = clock();
    /* 1. brute force agreement: bishop d8 (period 26), whole period */
    for (int k = 1; k <= 6; k++) cmp_brute(BISHOP, 59, k, 2, 0, 4);
    /* ... and ranges of 2^24 magics (cube-bits p-24) on larger periods. */
    cmp_brute(BISHOP, 60, 4, 31 - 24, 70, 72);            /* e8, p=31 */
    cmp_brute(BISHOP, 60, 5, 31 - 24, 100, 102);
    cmp_brute(BISHOP, 58, 5, 34 - 24, 600, 602);          /* c8, p=34 */
    cmp_brute(ROOK, 10, 9, 55 - 22, 0x0002002cac99fffaULL >> 22, (0x0002002cac99fffaULL >> 22) + 1);
    cmp_brute(ROOK, 9, 10, 54 - 22, 0x80000123, 0x80000124); /* rook b2 k=10 */
    cmp_brute(ROOK, 9, 9, 54 - 22, 0x40000123, 0x40000124);  /* rook b2 k=9 */
    /* 2. status file */
    FILE *f = fopen(csv, "r");
    check(f != NULL, "open %s", csv);
    if (f) {
        char line[512];
        int rows = 0, geom_ok = 0, searched = 0, agree = 0, not_searched = 0;
        while (fgets(line, sizeof line, f)) {
            char piece[16], sqs[8], status[32];
            int idx, mb, per;
            if (sscanf(line, "%15[^,],%7[^,],%d,%d,%d,%31[^,\n]", piece, sqs, &idx, &mb, &per, status) != 6)
                continue; /* header */
            int pc = strcmp(piece, "rook") == 0 ? ROOK : BISHOP, sq = (sqs[0] - 'a') + 8 * (sqs[1] - '1');
            u64 mask = mask_of(pc, sq);
            int ok = sq == idx && __builtin_popcountll(mask) == mb && 64 - lowest(mask) == per;
            rows++; geom_ok += ok;
            if (!ok) check(0, "geometry %s %s", piece, sqs);
            if (pc == BISHOP && mb == 5 && (!strcmp(status, "published") || !strcmp(status, "disproved"))) {
                if (strstr(TOO_BIG, sqs)) { not_searched++; continue; }
                Problem P;
                problem_init(&P, BISHOP, sq, 4, 0);
                u64 fm = 0, nodes;
                int hit = search_lim(&P, 0, 0, 1, &fm, &nodes, STATUS_BUDGET);
                int good = hit >= 0 && hit == (strcmp(status, "published") == 0) && (!hit || plain_check(BISHOP, sq, 4, fm));
                char s[40];
                fmt_answer(hit > 0, fm, s);
                check(good, "status bishop %s k=4 %s: %s (nodes %llu%s)", sqs, status, hit < 0 ? "no answer" : s,
                      (unsigned long long)nodes, hit < 0 ? ", over the budget" : "");
                agree += good;
                searched++;
                problem_free(&P);
            }
        }
        fclose(f);
        check(rows == 128 && geom_ok == 128, "geometry (mask bits, period) of %d/%d rows matches", geom_ok, rows);
        check(searched == 21 && not_searched == 21 && agree == searched,
              "status searches agree: %d/%d (%d rows not searched: their tree is too big for a selftest)", agree,
              searched, not_searched);
    }
    /* 4. known rook magics (3. is done wherever a magic is found) */
    static const struct { int sq; u64 m; } known[3] = {
        {10, 0x0002002cac99fffaULL}, {11, 0x00020014544dfffeULL}, {12, 0x0002000b2b25ffffULL}};
    for (int i = 0; i < 3; i++) {
        check(plain_check(ROOK, known[i].sq, 9, known[i].m), "plain check rook sq%d k=9 0x%016llx works",
              known[i].sq, (unsigned long long)known[i].m);
        int rejected = 0;
        for (int d = 0; d < 4; d++) rejected += !plain_check(ROOK, known[i].sq, 9, known[i].m ^ (1ULL << d));
        check(rejected > 0, "  %d of 4 low-bit perturbations rejected", rejected);
    }
    check(!plain_check(ROOK, 10, 9, 0x0002002cac99fffbULL), "plain check rejects rook c2 0x0002002cac99fffb");
    /* Black magics (--black; the README's selftest item 4): whole searches with
     * known answers, cubes against a direct brute force, the direct test against
     * the reduced one and the period. */
    clock_t tb = clock();
    black_known(BISHOP, 3, 4, 0);  /* d1 */
    black_known(BISHOP, 4, 4, 0);  /* e1 */
    black_known(BISHOP, 1, 4, 1);  /* b1 */
    black_known(BISHOP, 6, 4, 1);  /* g1 */
    black_known(BISHOP, 7, 5, 1);  /* h1 */
    /* 22-bit cubes: those of the smallest magics above (found), the ones just
     * below g1's (none: below a smallest magic), and those of the smallest magics
     * with bit p set (the fancy period; found by `--black --cube-bits 64-k-p
     * --cubes 1 2`), where the bits p..63-k still matter; one of d1 (none). */
    black_cube(BISHOP, 6, 4, 0x00008819f77faf03ULL >> 22, 1, 1);
    black_cube(BISHOP, 6, 4, (0x00008819f77faf03ULL >> 22) - 1, 1, 0);
    black_cube(BISHOP, 6, 4, 0x00088819f77fab0bULL >> 22, 1, 1);
    black_cube(BISHOP, 6, 4, (0x00088819f77fab0bULL >> 22) - 1, 1, 0);
    black_cube(BISHOP, 1, 4, 0x0004100cfefbff50ULL >> 22, 1, 1);
    black_cube(BISHOP, 1, 4, 0x0044101dfa77ff50ULL >> 22, 1, 1);
    black_cube(BISHOP, 7, 5, (0x000022061de17fd8ULL >> 22) - 1, 2, 1);
    black_cube(BISHOP, 7, 5, 0x000422061de17fd6ULL >> 22, 1, 1);
    black_cube(BISHOP, 3, 4, 0x0004100cfefbff50ULL >> 22, 1, 0);
    /* the direct black test against the reduced one and the period: the
     * three questions above with their found magics, and questions where
     * sparse random magics work often enough that both verdicts occur */
    black_agree(BISHOP, 6, 4, 4000, 1, 1);  /* g1 */
    black_agree(BISHOP, 1, 4, 4000, 1, 1);  /* b1 */
    black_agree(BISHOP, 7, 5, 4000, 1, 1);  /* h1 */
    black_agree(BISHOP, 59, 7, 4000, 1, 1); /* d8: fancy period 26, black 57 */
    black_agree(BISHOP, 6, 7, 4000, 1, 1);  /* g1 */
    black_agree(BISHOP, 0, 8, 4000, 1, 1);  /* a1 */
    black_agree(BISHOP, 27, 12, 4000, 1, 0); /* d4 */
    black_agree(ROOK, 0, 14, 4000, 1, 0);   /* a1: period 63 */
    black_agree(ROOK, 28, 13, 4000, 1, 0);  /* e4 */
    black_agree(ROOK, 63, 14, 4000, 1, 0);  /* h8: fancy period 49, black 50 */
    black_agree(ROOK, 49, 13, 4000, 1, 0);  /* b7 */
    printf("black checks: %.1f s CPU\n", (double)(clock() - tb) / CLOCKS_PER_SEC);
    printf("selftest: %s (%d failures, %.1f s CPU)\n", fails ? "FAILED" : "ok", fails,
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    return fails ? 1 : 0;
}

/* ---------------------------------------------------------------- main */
static int bad(const char *what, const char *val) {
    fprintf(stderr, "exhaust: bad %s: '%s'\nusage: exhaust <rook|bishop> <square> <bits> "
                    "[--black] [--cube-bits C --cubes A B] | exhaust selftest <status.csv>\n", what, val ? val : "(missing)");
    return 2;
}

static int parse_u64(const char *s, u64 *out) {
    char *end;
    if (!s || !*s || *s == '-' || *s == '+') return 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (*end) return 0;
    *out = x;
    return 1;
}

int main(int argc, char **argv) {
    if (argc >= 2 && !strcmp(argv[1], "selftest")) {
        if (argc != 3) return bad("selftest arguments (need <status.csv>)", argc > 3 ? argv[3] : NULL);
        return selftest(argv[2]);
    }
    /* --black right after <bits>: drop it and read the rest as for fancy. */
    int black = argc >= 5 && !strcmp(argv[4], "--black");
    if (black) {
        for (int i = 4; i + 1 < argc; i++) argv[i] = argv[i + 1];
        argc--;
    }
    if (argc != 4 && argc != 9) return bad("argument count", argc > 4 ? argv[4] : NULL);
    int piece = !strcmp(argv[1], "rook") ? ROOK : !strcmp(argv[1], "bishop") ? BISHOP : -1;
    if (piece < 0) return bad("piece", argv[1]);
    const char *q = argv[2];
    if (strlen(q) != 2 || q[0] < 'a' || q[0] > 'h' || q[1] < '1' || q[1] > '8') return bad("square", q);
    int sq = (q[0] - 'a') + 8 * (q[1] - '1');
    u64 k;
    if (!parse_u64(argv[3], &k) || k < 1 || k > 24) return bad("bits (1..24)", argv[3]);
    Problem P;
    problem_init(&P, piece, sq, (int)k, black);
    u64 C = 0, A = 0, B = 1;
    int cubes = argc == 9;
    if (cubes) {
        if (strcmp(argv[4], "--cube-bits")) return bad("option (expected --cube-bits)", argv[4]);
        if (!parse_u64(argv[5], &C) || C > (u64)P.p) return bad("cube bits (0..period)", argv[5]);
        if (strcmp(argv[6], "--cubes")) return bad("option (expected --cubes)", argv[6]);
        if (!parse_u64(argv[7], &A) || A > (1ULL << C)) return bad("cube start A", argv[7]);
        if (!parse_u64(argv[8], &B) || B < A || B > (1ULL << C)) return bad("cube end B", argv[8]);
        printf("cubes %llu %llu\n", (unsigned long long)A, (unsigned long long)B);
    }
    u64 found = 0, nodes = 0;
    int hit = search(&P, (int)C, A, B, &found, &nodes);
    printf("nodes %llu\n", (unsigned long long)nodes);
    if (hit && !plain_check_x(piece, sq, (int)k, found, black)) {
        fprintf(stderr, "exhaust: INTERNAL ERROR: 0x%016llx fails the plain check\n", (unsigned long long)found);
        return 1;
    }
    if (hit) printf("found 0x%016llx\n", (unsigned long long)found);
    else printf("none\n");
    problem_free(&P);
    return 0;
}
