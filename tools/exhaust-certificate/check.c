/*
 * check.c -- an independent checker for the exhaust certificates of `sliders`
 * (format version 1): proofs that a rook or bishop on one square has no
 * "fancy magic", or no "black magic", with a given number of index bits.
 *
 * Written from the format description alone, without reading the searches
 * that write the certificates (see README.md).  Single file, C99 plus gcc's
 * `unsigned __int128`.
 *
 *   check FILE               check one certificate (FILE may be "-" = stdin;
 *                            read sequentially, so pipes and fifos work)
 *   check --cover LINES      check that the `ok ...` lines of several runs tile
 *                            all the cubes of one question
 *   check selftest           the checker's own tests
 *   check gen PIECE SQUARE BITS D [FIRST END] [plain] [black]
 *                            testing aid: the selftest's naive generator, writing
 *                            a certificate to stdout (small questions only)
 *
 * Layout of this file:
 *   Part 1  board geometry: masks, attack sets, occupancies and keys of a
 *           question; the black index and its brute force
 *   Part 2  strict parsing of the text lines (header, `ok` lines)
 *   Part 3  a sequential buffered reader (file, pipe or memory)
 *   Part 4  the certificate checker
 *   Part 5  --cover: tiling the cube ranges of several runs
 *   Part 6  the naive generator and the brute force (for the selftest / gen)
 *   Part 7  the selftest
 *   Part 8  main
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef uint64_t u64;
typedef unsigned __int128 u128;

/* ======================================================================== */
/* Part 1. Board geometry                                                    */
/* ======================================================================== */

/* Squares: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63;
 * file = sq % 8, rank = sq / 8; bit i of a u64 is square i. */

enum { ROOK = 0, BISHOP = 1 };
static const char *const PIECE_NAME[2] = { "rook", "bishop" };
static const int DIRS[2][4][2] = {
    { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } },  /* rook: file/rank steps */
    { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } } /* bishop: diagonals */
};

static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

/* Relevant-occupancy mask: every square a ray reaches, except the last
 * square of each ray (the board edge), which never matters as a blocker. */
static u64 relevant_mask(int piece, int sq)
{
    u64 m = 0;
    for (int d = 0; d < 4; d++) {
        int df = DIRS[piece][d][0], dr = DIRS[piece][d][1];
        int f = sq % 8 + df, r = sq / 8 + dr;
        while (on_board(f, r) && on_board(f + df, r + dr)) {
            m |= 1ULL << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    return m;
}

/* Attack set: along each ray, every square up to and including the first
 * occupied one, or up to the board edge. */
static u64 attack_set(int piece, int sq, u64 occ)
{
    u64 a = 0;
    for (int d = 0; d < 4; d++) {
        int df = DIRS[piece][d][0], dr = DIRS[piece][d][1];
        int f = sq % 8 + df, r = sq / 8 + dr;
        while (on_board(f, r)) {
            u64 b = 1ULL << (r * 8 + f);
            a |= b;
            if (occ & b)
                break;
            f += df;
            r += dr;
        }
    }
    return a;
}

/* Occupancy index k -> occupancy: bit j of k selects the j-th lowest square
 * of the mask (a software pdep). Increasing k = increasing occupancy. */
static u64 pdep_mask(u64 k, u64 mask)
{
    u64 o = 0;
    for (int j = 0; mask != 0; j++) {
        u64 low = mask & (0 - mask);
        if ((k >> j) & 1)
            o |= low;
        mask &= mask - 1;
    }
    return o;
}

static int parse_square(const char *s)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' || s[2] != 0)
        return -1;
    return (s[1] - '1') * 8 + (s[0] - 'a');
}

static void square_name(int sq, char out[3])
{
    out[0] = (char)('a' + sq % 8);
    out[1] = (char)('1' + sq / 8);
    out[2] = 0;
}

/* The period of a square: magic bits >= P never change a product mod 2^64,
 * because every occupancy is a multiple of 2^(lowest square of the mask). */
static int period_of(int piece, int sq)
{
    return 64 - __builtin_ctzll(relevant_mask(piece, sq));
}

/* One question ("does PIECE on SQUARE have a BITS-bit fancy / black
 * magic"), with, for every witness index k, the number that the magic
 * multiplies, the occupancy and its attack set precomputed.
 *
 *   fancy: k stands for the occupancy o = pdep(k, mask); the number
 *          multiplied is o itself.
 *   black: k stands for the k-th smallest key v = pdep(k, mask) + 1; its
 *          occupancy is o = mask ^ pdep(k, mask), and v = (mask ^ o) + 1.
 *          (o | ~mask) = -v mod 2^64, so the black product is -(v*m); see
 *          README.md for why the tree over v*m decides black magics. */
#define MAX_OCC 4096 /* masks have at most 12 squares */
typedef struct {
    u64 mul; /* the number multiplied: occupancy (fancy) or key (black) */
    u64 att; /* attack set of the occupancy */
} occinfo;

typedef struct {
    int piece, sq, bits;
    int black;       /* 0 fancy, 1 black */
    int shift;       /* s = 64 - bits */
    u64 bmask;       /* 2^bits - 1 */
    u64 mask;        /* relevant-occupancy mask */
    int nsq;         /* popcount(mask) */
    int P;           /* period: 64 - lowest mask square */
    int Q;           /* black: max(64 - bits, P) */
    int root;        /* u of the root node: P (fancy) or Q - 1 (black) */
    unsigned nocc;   /* 2^nsq witness indices */
    unsigned nclass; /* number of distinct attack sets */
    occinfo tab[MAX_OCC];
    u64 occ[MAX_OCC]; /* occupancy of witness index k (not on the hot path) */
} question;

/* Q of a black question: bits >= Q of a magic only rotate the black
 * indices (README, "Why the black tree decides black magics"). */
static int black_q(int piece, int sq, int bits)
{
    int P = period_of(piece, sq), s = 64 - bits;
    return s > P ? s : P;
}

/* u of the root node of a question's tree. */
static int root_of(int piece, int sq, int bits, int black)
{
    return black ? black_q(piece, sq, bits) - 1 : period_of(piece, sq);
}

static int cmp_u64(const void *a, const void *b)
{
    u64 x = *(const u64 *)a, y = *(const u64 *)b;
    return x < y ? -1 : x > y;
}

static void question_init(question *q, int piece, int sq, int bits, int black)
{
    memset(q, 0, sizeof *q);
    q->piece = piece;
    q->sq = sq;
    q->bits = bits;
    q->black = black;
    q->shift = 64 - bits;
    q->bmask = (1ULL << bits) - 1;
    q->mask = relevant_mask(piece, sq);
    q->nsq = __builtin_popcountll(q->mask);
    q->P = 64 - __builtin_ctzll(q->mask);
    q->Q = q->shift > q->P ? q->shift : q->P;
    q->root = black ? q->Q - 1 : q->P;
    q->nocc = 1u << q->nsq;
    u64 atts[MAX_OCC];
    for (unsigned k = 0; k < q->nocc; k++) {
        u64 d = pdep_mask(k, q->mask);
        q->occ[k] = black ? q->mask ^ d : d;
        q->tab[k].mul = black ? d + 1 : d;
        q->tab[k].att = attack_set(piece, sq, q->occ[k]);
        atts[k] = q->tab[k].att;
    }
    qsort(atts, q->nocc, sizeof atts[0], cmp_u64);
    q->nclass = 0;
    for (unsigned k = 0; k < q->nocc; k++)
        if (k == 0 || atts[k] != atts[k - 1])
            q->nclass++;
}

/* The black index, straight from its definition, of occupancy o under m. */
static inline u64 black_index(const question *q, u64 o, u64 m)
{
    return ((o | ~q->mask) * m) >> q->shift;
}

typedef struct {
    u64 idx, att;
} idxatt;

static int cmp_idxatt(const void *a, const void *b)
{
    const idxatt *x = a, *y = b;
    if (x->idx != y->idx)
        return x->idx < y->idx ? -1 : 1;
    return x->att < y->att ? -1 : x->att > y->att;
}

/* Brute force, from the definition: does m work as a black magic, i.e. do
 * two occupancies with different attack sets never share a black index?
 * Uses only the occupancies and attack sets (q->occ, q->tab[].att), not the
 * keys. -1: out of memory. */
static int black_works(const question *q, u64 m)
{
    idxatt *v = malloc(q->nocc * sizeof *v);
    if (v == NULL)
        return -1;
    for (unsigned k = 0; k < q->nocc; k++) {
        v[k].idx = black_index(q, q->occ[k], m);
        v[k].att = q->tab[k].att;
    }
    qsort(v, q->nocc, sizeof *v, cmp_idxatt);
    int works = 1;
    for (unsigned k = 1; k < q->nocc; k++)
        if (v[k].idx == v[k - 1].idx && v[k].att != v[k - 1].att)
            works = 0;
    free(v);
    return works;
}

/* 128-bit unsigned to decimal (buf >= 40 bytes). */
static const char *u128_dec(u128 v, char *buf)
{
    char tmp[40];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v != 0);
    for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = 0;
    return buf;
}

/* ======================================================================== */
/* Part 2. Strict parsing of the text lines                                 */
/* ======================================================================== */

/* Fields common to the certificate header and the `ok` lines. */
typedef struct {
    int piece, sq, bits, black, D; /* black: 0 fancy, 1 black */
    u64 first, end, total;
} cert_header;

/* Split a line into tokens at single spaces. Only printable ASCII is
 * allowed; empty tokens (double, leading or trailing spaces) are refused.
 * Returns the number of tokens, or -1. */
static int split_tokens(char *line, char **tok, int maxtok)
{
    int n = 0;
    char *p = line;
    for (;;) {
        char *start = p;
        while (*p > ' ' && *p < 0x7f)
            p++;
        if (p == start || n == maxtok)
            return -1;
        tok[n++] = start;
        if (*p == 0)
            return n;
        if (*p != ' ')
            return -1;
        *p++ = 0;
    }
}

/* Canonical decimal (no sign, no leading zeros), no overflow. */
static int parse_u64(const char *s, u64 *v)
{
    if (s[0] == 0 || (s[0] == '0' && s[1] != 0))
        return 0;
    u64 x = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        unsigned d = (unsigned)(*s - '0');
        if (x > (UINT64_MAX - d) / 10)
            return 0;
        x = x * 10 + d;
    }
    *v = x;
    return 1;
}

/* Parses "PIECE SQUARE BITS [black] depth D cubes FIRST END of TOTAL" from
 * t[0..nt-1] and checks the ranges. The fields take 10 tokens (fancy) or 11
 * (black); *used says how many. Returns NULL or what is wrong. */
static const char *parse_question_fields(char **t, int nt, cert_header *h, int *used)
{
    u64 v;
    *used = 10;
    if (nt < 10)
        return "too few fields";
    if (strcmp(t[0], "rook") == 0)
        h->piece = ROOK;
    else if (strcmp(t[0], "bishop") == 0)
        h->piece = BISHOP;
    else
        return "piece must be rook or bishop";
    h->sq = parse_square(t[1]);
    if (h->sq < 0)
        return "square must be a1..h8";
    if (!parse_u64(t[2], &v) || v < 1 || v > 16)
        return "bits must be 1..16";
    h->bits = (int)v;
    h->black = strcmp(t[3], "black") == 0;
    if (h->black) { /* the fields after BITS move one token on */
        if (nt < 11)
            return "too few fields";
        t++;
        *used = 11;
    }
    if (strcmp(t[3], "depth") != 0)
        return h->black ? "expected 'depth' after 'black'" : "expected 'depth' or 'black depth' after the bits";
    int root = root_of(h->piece, h->sq, h->bits, h->black);
    if (!parse_u64(t[4], &v) || v < 1 || v > (u64)root)
        return h->black ? "depth D must be 1..Q-1 (black: Q = max(64 - bits, P))"
                        : "depth D must be 1..P (the period of the square)";
    h->D = (int)v;
    if (strcmp(t[5], "cubes") != 0)
        return "expected 'cubes'";
    if (!parse_u64(t[6], &h->first) || !parse_u64(t[7], &h->end))
        return "bad cube numbers";
    if (strcmp(t[8], "of") != 0)
        return "expected 'of'";
    if (!parse_u64(t[9], &h->total))
        return "bad cube total";
    if (h->first > h->end || h->end > h->total)
        return "cubes must satisfy first <= end <= total";
    return NULL;
}

static int format_header(const cert_header *h, char *buf, size_t n)
{
    char sq[3];
    square_name(h->sq, sq);
    return snprintf(buf, n,
                    "sliders exhaust certificate 1 %s %s %d%s depth %d cubes %" PRIu64 " %" PRIu64
                    " of %" PRIu64 "\n",
                    PIECE_NAME[h->piece], sq, h->bits, h->black ? " black" : "", h->D, h->first, h->end,
                    h->total);
}

static int format_ok(const cert_header *h, u64 nodes, u64 refuted, char *buf, size_t n)
{
    char sq[3];
    square_name(h->sq, sq);
    return snprintf(buf, n,
                    "ok %s %s %d%s depth %d cubes %" PRIu64 " %" PRIu64 " of %" PRIu64
                    " nodes %" PRIu64 " refuted %" PRIu64,
                    PIECE_NAME[h->piece], sq, h->bits, h->black ? " black" : "", h->D, h->first, h->end,
                    h->total, nodes, refuted);
}

/* ======================================================================== */
/* Part 3. Sequential buffered reader                                        */
/* ======================================================================== */

/* Reads a file descriptor front to back (never seeks), or serves a memory
 * buffer (fd < 0). buf[pos..len) is unread data; base is the stream offset
 * of buf[0]. */
typedef struct {
    int fd;
    unsigned char *buf;
    size_t cap, pos, len;
    u64 base;
    int eof, ioerr;
} reader;

#define READ_BUF (16u << 20) /* 16 MiB reads */
#define MAX_NEED 1024        /* largest single request: a header or a REFUTE */

/* Make at least n unread bytes available. 1: yes; 0: the stream ends first;
 * -1: read error (errno in ioerr). */
static int rd_fill(reader *rd, size_t n)
{
    if (rd->len - rd->pos >= n)
        return 1;
    if (rd->fd < 0 || rd->eof)
        return 0;
    if (rd->pos > 0) { /* keep the unread tail, drop the rest */
        size_t rem = rd->len - rd->pos;
        memmove(rd->buf, rd->buf + rd->pos, rem);
        rd->base += rd->pos;
        rd->pos = 0;
        rd->len = rem;
    }
    while (rd->len < n) {
        ssize_t k = read(rd->fd, rd->buf + rd->len, rd->cap - rd->len);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            rd->ioerr = errno;
            return -1;
        }
        if (k == 0) {
            rd->eof = 1;
            return 0;
        }
        rd->len += (size_t)k;
    }
    return 1;
}

/* ======================================================================== */
/* Part 4. The certificate checker                                           */
/* ======================================================================== */

enum { TAG_SPLIT = 0, TAG_REFUTE = 1, TAG_CUBE = 2 };

typedef struct {
    reader *rd;
    question *q;
    cert_header h;
    u64 nodes, refuted; /* all tag bytes read; REFUTE nodes */
    u64 ncubes;         /* CUBE nodes met so far in the top tree */
    u64 *cube_m;        /* m of cubes first..end-1, in order */
    size_t ncube_m, cap_cube_m;
    int status;         /* 0 valid, 1 invalid certificate, 2 I/O or memory */
    u64 erroff;         /* byte offset of the problem (status 1) */
    char err[600];
} checker;

static int ck_fail(checker *c, u64 off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), cold, noinline));
static int ck_fail(checker *c, u64 off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, sizeof c->err, fmt, ap);
    va_end(ap);
    c->status = 1;
    c->erroff = off;
    return 1;
}

/* rd_fill said 0 (end of stream) or -1 (read error). */
static int ck_short(checker *c, int st, const char *what)
{
    if (st < 0) {
        c->status = 2;
        snprintf(c->err, sizeof c->err, "read error: %s", strerror(c->rd->ioerr));
        return 1;
    }
    return ck_fail(c, c->rd->base + c->rd->len, "stream truncated: it ends inside %s", what);
}

/* Header: one line, at most 256 bytes with its '\n'. */
static int ck_header(checker *c)
{
    reader *rd = c->rd;
    size_t i = 0;
    for (;; i++) {
        if (i >= 256)
            return ck_fail(c, 0, "header: no newline in the first 256 bytes");
        int st = rd_fill(rd, i + 1);
        if (st <= 0)
            return st < 0 ? ck_short(c, st, "") : ck_fail(c, 0, "header: the stream ends before the header's newline");
        if (rd->buf[rd->pos + i] == '\n')
            break;
    }
    char line[257], *t[16];
    memcpy(line, rd->buf + rd->pos, i);
    line[i] = 0;
    rd->pos += i + 1;
    int n = memchr(line, 0, i) != NULL ? -1 : split_tokens(line, t, 16);
    static const char *const form =
        "header: not 'sliders exhaust certificate 1 <piece> <square> <bits> [black] depth <D> cubes <first> <end> of <total>'";
    /* 14 tokens, or 15 with "black" right after the bits (token 7). */
    if (n < 8 || n != 14 + (strcmp(t[7], "black") == 0) || strcmp(t[0], "sliders") != 0 ||
        strcmp(t[1], "exhaust") != 0 || strcmp(t[2], "certificate") != 0)
        return ck_fail(c, 0, "%s", form);
    if (strcmp(t[3], "1") != 0)
        return ck_fail(c, 0, "header: unsupported certificate version '%s' (this checker knows 1)", t[3]);
    int used;
    const char *why = parse_question_fields(t + 4, n - 4, &c->h, &used);
    if (why != NULL)
        return ck_fail(c, 0, "header: %s", why);
    if (4 + used != n)
        return ck_fail(c, 0, "%s", form);
    return 0;
}

/* What witness index k stands for, for the messages: "occupancy 0x..."
 * (fancy) or "key 0x..., occupancy 0x..." (black). */
static const char *wdesc(const question *q, unsigned k, char *buf, size_t n)
    __attribute__((cold, noinline));
static const char *wdesc(const question *q, unsigned k, char *buf, size_t n)
{
    if (q->black)
        snprintf(buf, n, "key 0x%" PRIx64 ", occupancy 0x%" PRIx64, q->tab[k].mul, q->occ[k]);
    else
        snprintf(buf, n, "occupancy 0x%" PRIx64, q->tab[k].mul);
    return buf;
}

/* The witnesses of one REFUTE node at (m, u): r, and w0..wr as 2(r+1) bytes
 * at p. tagoff: stream offset of the node's tag byte. 0 if valid. The
 * numbers multiplied are q->tab[k].mul: occupancies (fancy) or keys (black). */
static inline int ck_refute(checker *c, u64 m, int u, u64 tagoff, unsigned r, const unsigned char *p)
{
    const question *q = c->q;
    const unsigned s = (unsigned)q->shift;
    const u64 width = u >= 64 ? ~0ULL : (1ULL << u) - 1; /* x ranges over 0..2^u-1 */
    char b1[40], b2[40], d1[80];

    /* w0: its arc must cover exactly r buckets. */
    const unsigned k0 = p[0] | (unsigned)p[1] << 8;
    if (k0 >= q->nocc)
        return ck_fail(c, tagoff + 2, "REFUTE at node m=0x%016" PRIx64 " u=%d: witness w0 = index %u out of range (mask has %u occupancies)",
                       m, u, k0, q->nocc);
    const u64 o0 = q->tab[k0].mul, a0 = q->tab[k0].att;
    const u64 lo0 = o0 * m;                              /* o*m mod 2^64 */
    const u128 hi0 = (u128)lo0 + (u128)o0 * width;       /* exact, no reduction */
    const u64 f0 = lo0 >> s;                             /* first(w0) */
    const u128 l0 = hi0 >> s;                            /* last(w0) */
    if (l0 - f0 != (u128)(r - 1))
        return ck_fail(c, tagoff + 1,
                       "REFUTE at node m=0x%016" PRIx64 " u=%d: w0 = index %u (%s) has its arc in %s bucket(s) (%" PRIu64 "..%s) but r = %u",
                       m, u, k0, wdesc(q, k0, d1, sizeof d1), u128_dec(l0 - f0 + 1, b1), f0, u128_dec(l0, b2), r);

    /* w1..wr: each in one bucket, bucket i-1 of w0's range, other attacks. */
    for (unsigned i = 1; i <= r; i++) {
        const unsigned k = p[2 * i] | (unsigned)p[2 * i + 1] << 8;
        const u64 woff = tagoff + 2 + 2 * (u64)i;
        if (k >= q->nocc)
            return ck_fail(c, woff, "REFUTE at node m=0x%016" PRIx64 " u=%d: witness w%u = index %u out of range (mask has %u occupancies)",
                           m, u, i, k, q->nocc);
        const u64 o = q->tab[k].mul;
        const u64 lo = o * m;
        const u128 hi = (u128)lo + (u128)o * width;
        const u64 f = lo >> s;
        if ((hi >> s) != (u128)f)
            return ck_fail(c, woff,
                           "REFUTE at node m=0x%016" PRIx64 " u=%d: witness w%u = index %u (%s) has an arc that spans buckets %" PRIu64 "..%s, not one bucket",
                           m, u, i, k, wdesc(q, k, d1, sizeof d1), f, u128_dec(hi >> s, b1));
        const u64 want = (f0 + (i - 1)) & q->bmask;
        if ((f & q->bmask) != want)
            return ck_fail(c, woff,
                           "REFUTE at node m=0x%016" PRIx64 " u=%d: witness w%u = index %u (%s) lands in index %" PRIu64 ", but w0's bucket %u of %u is index %" PRIu64,
                           m, u, i, k, wdesc(q, k, d1, sizeof d1), f & q->bmask, i, r, want);
        if (q->tab[k].att == a0)
            return ck_fail(c, woff,
                           "REFUTE at node m=0x%016" PRIx64 " u=%d: witness w%u = index %u (%s) has the same attack set as w0 = index %u",
                           m, u, i, k, wdesc(q, k, d1, sizeof d1), k0);
    }
    return 0;
}

/* Record the m of CUBE number k of the top tree, if k is in first..end-1. */
static int ck_cube(checker *c, u64 m, u64 off)
{
    u64 k = c->ncubes++;
    if (k >= c->h.total)
        return ck_fail(c, off, "CUBE number %" PRIu64 " but the header says total %" PRIu64, k, c->h.total);
    if (k >= c->h.first && k < c->h.end) {
        if (c->ncube_m == c->cap_cube_m) {
            size_t nc = c->cap_cube_m ? 2 * c->cap_cube_m : 1024;
            u64 *nm = realloc(c->cube_m, nc * sizeof *nm);
            if (nm == NULL) {
                c->status = 2;
                snprintf(c->err, sizeof c->err, "out of memory for the cube list");
                return 1;
            }
            c->cube_m = nm;
            c->cap_cube_m = nc;
        }
        c->cube_m[c->ncube_m++] = m;
    }
    return 0;
}

/* Walk one tree in preorder from (m0, u0): the top tree (top = 1: CUBE
 * allowed exactly at u == D, SPLIT not at u == D) or a cube's subtree
 * (top = 0: no CUBE). After a SPLIT the walk goes on to the first child;
 * an explicit stack holds the pending second children (at most u0 of them). The reader's position and the
 * counters live in locals in the loop (the hot path of the program). */
static int ck_walk(checker *c, u64 m0, int u0, int top)
{
    struct {
        u64 m;
        int u;
    } stack[72];
    reader *rd = c->rd;
    const unsigned char *buf = rd->buf;
    size_t pos = rd->pos, len = rd->len;
    u64 nodes = 0, refuted = 0;
    const int D = c->h.D;
    int sp = 0, ret = 1, st;
    u64 m = m0; /* the current node */
    int u = u0;

/* Make n unread bytes available, or fail as truncated. */
#define NEED(n, what)                                                                                                  \
    if (len - pos < (n)) {                                                                                             \
        rd->pos = pos;                                                                                                 \
        st = rd_fill(rd, (n));                                                                                         \
        buf = rd->buf;                                                                                                 \
        pos = rd->pos;                                                                                                 \
        len = rd->len;                                                                                                 \
        if (st <= 0) {                                                                                                 \
            ck_short(c, st, (what));                                                                                   \
            goto out;                                                                                                  \
        }                                                                                                              \
    }

    for (;;) {
        NEED(1, top ? "the top tree (a node was expected)" : "a cube's subtree (a node was expected)");
        const u64 off = rd->base + pos;
        const unsigned tag = buf[pos++];
        nodes++;
        if (tag == TAG_SPLIT) {
            if (u == 0) {
                ck_fail(c, off, "SPLIT at u=0 (node m=0x%016" PRIx64 " is a single magic; it must be refuted)", m);
                goto out;
            }
            if (top && u == D) {
                ck_fail(c, off, "SPLIT at u=D=%d in the top tree (node m=0x%016" PRIx64 " must be CUBE or REFUTE)", D, m);
                goto out;
            }
            stack[sp].m = m | (1ULL << (u - 1)); /* second child, done later */
            stack[sp].u = u - 1;
            sp++;
            u--; /* first child, next */
            continue;
        } else if (tag == TAG_REFUTE) {
            NEED(1, "a REFUTE (its count byte r)");
            const unsigned r = buf[pos++];
            if (r == 0) {
                ck_fail(c, off + 1, "REFUTE at node m=0x%016" PRIx64 " u=%d: r = 0 (must be 1..255)", m, u);
                goto out;
            }
            const size_t nb = 2 * (size_t)(r + 1);
            NEED(nb, "a REFUTE's witness list");
            if (ck_refute(c, m, u, off, r, buf + pos))
                goto out;
            pos += nb;
            refuted++;
        } else if (tag == TAG_CUBE) {
            if (!top) {
                ck_fail(c, off, "CUBE below the top tree (inside a cube's subtree, at node m=0x%016" PRIx64 " u=%d)", m, u);
                goto out;
            }
            if (u != D) {
                ck_fail(c, off, "CUBE at u=%d in the top tree (node m=0x%016" PRIx64 "; CUBE only at u=D=%d)", u, m, D);
                goto out;
            }
            if (ck_cube(c, m, off))
                goto out;
        } else {
            ck_fail(c, off, "unknown tag byte 0x%02x (node m=0x%016" PRIx64 " u=%d)", tag, m, u);
            goto out;
        }
        if (sp == 0)
            break;
        sp--; /* the next pending second child */
        m = stack[sp].m;
        u = stack[sp].u;
    }
#undef NEED
    ret = 0;
out:
    rd->pos = pos;
    c->nodes += nodes;
    c->refuted += refuted;
    return ret;
}

/* The selftest's way to change a question's attack sets after set-up, so
 * that the refusal of a working middle magic can be tested (no real
 * question has one). NULL outside the selftest. */
static void (*question_hook)(question *q);

/* Check a whole certificate. Returns c->status (0 valid, 1 invalid, 2 I/O). */
static int check_stream(reader *rd, checker *c)
{
    memset(c, 0, sizeof *c);
    c->rd = rd;
    if (ck_header(c))
        return c->status;
    c->q = malloc(sizeof *c->q);
    if (c->q == NULL) {
        c->status = 2;
        snprintf(c->err, sizeof c->err, "out of memory");
        return 2;
    }
    question_init(c->q, c->h.piece, c->h.sq, c->h.bits, c->h.black);
    if (question_hook != NULL)
        question_hook(c->q);
    if (c->h.black) {
        const question *q = c->q;
        /* Every key is odd: a1 is never in a mask (it is always a ray's edge
         * end), so every key v = (mask ^ o) + 1 is odd. */
        int odd = (q->mask & 1) == 0;
        for (unsigned k = 0; k < q->nocc; k++)
            odd &= (int)(q->tab[k].mul & 1);
        if (!odd) {
            c->status = 2;
            snprintf(c->err, sizeof c->err, "internal error: the mask 0x%016" PRIx64 " holds a1, so not every key is odd",
                     q->mask);
            goto done;
        }
        /* The one magic the tree does not cover: the middle 2^(Q-1). */
        const u64 mid = 1ULL << (q->Q - 1);
        int w = black_works(q, mid);
        if (w < 0) {
            c->status = 2;
            snprintf(c->err, sizeof c->err, "out of memory");
            goto done;
        }
        if (w) {
            ck_fail(c, 0,
                    "the middle magic 2^%d = 0x%016" PRIx64 " works as a %d-bit black magic, so the answer is not none; "
                    "no certificate of this question can be valid",
                    q->Q - 1, mid, q->bits);
            goto done;
        }
    }

    /* The top tree, from the root: (0, P) fancy, (0, Q - 1) black. */
    if (ck_walk(c, 0, c->q->root, 1))
        goto done;
    if (c->ncubes != c->h.total) {
        ck_fail(c, rd->base + rd->pos, "the top tree has %" PRIu64 " CUBE nodes but the header says total %" PRIu64,
                c->ncubes, c->h.total);
        goto done;
    }
    /* The subtrees of cubes first..end-1, in order. */
    for (size_t k = 0; k < c->ncube_m; k++)
        if (ck_walk(c, c->cube_m[k], c->h.D, 0))
            goto done;
    /* Then the end of the stream, exactly. */
    {
        int st = rd_fill(rd, 1);
        if (st < 0)
            ck_short(c, st, "");
        else if (st > 0)
            ck_fail(c, rd->base + rd->pos, "trailing bytes after the subtree of the last cube");
    }
done:
    free(c->cube_m);
    c->cube_m = NULL;
    free(c->q);
    c->q = NULL;
    return c->status;
}

static int check_main(const char *name)
{
    int fd = strcmp(name, "-") == 0 ? 0 : open(name, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "check: %s: cannot open: %s\n", name, strerror(errno));
        return 2;
    }
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.fd = fd;
    rd.cap = READ_BUF;
    rd.buf = malloc(rd.cap);
    if (rd.buf == NULL) {
        fprintf(stderr, "check: out of memory\n");
        return 2;
    }
    checker c;
    int st = check_stream(&rd, &c);
    if (fd != 0)
        close(fd);
    free(rd.buf);
    if (st == 0) {
        char line[400];
        format_ok(&c.h, c.nodes, c.refuted, line, sizeof line);
        printf("%s\n", line);
        return fflush(stdout) == 0 ? 0 : 2;
    }
    if (st == 1)
        fprintf(stderr, "check: %s: byte %" PRIu64 ": %s\n", name, c.erroff, c.err);
    else
        fprintf(stderr, "check: %s: %s\n", name, c.err);
    return st;
}

/* ======================================================================== */
/* Part 5. --cover: the ranges of several runs tile all the cubes            */
/* ======================================================================== */

typedef struct {
    cert_header h;
    u64 nodes, refuted;
    long line;
} okrec;

static int cmp_okrec(const void *a, const void *b)
{
    const okrec *x = a, *y = b;
    if (x->h.first != y->h.first)
        return x->h.first < y->h.first ? -1 : 1;
    if (x->h.end != y->h.end)
        return x->h.end < y->h.end ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

/* Reads `ok ...` lines from f (empty lines are skipped, anything else must be
 * an ok line). On success msg is the `none ...` line and 0 is returned; on
 * failure msg says what is wrong and 1 is returned. */
static int cover_core(FILE *f, char *msg, size_t msgsz)
{
    okrec *rec = NULL;
    size_t n = 0, cap = 0;
    char *line = NULL;
    size_t lcap = 0;
    ssize_t len;
    long lineno = 0;
    int ret = 1;
    while ((len = getline(&line, &lcap, f)) >= 0) {
        lineno++;
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = 0;
        if (len == 0)
            continue;
        char *t[20];
        okrec r;
        memset(&r, 0, sizeof r);
        r.line = lineno;
        const char *why = NULL;
        int nt = strlen(line) != (size_t)len ? -1 : split_tokens(line, t, 20), used = 0;
        if ((nt != 15 && nt != 16) || strcmp(t[0], "ok") != 0)
            why = "not an 'ok ...' line";
        else if ((why = parse_question_fields(t + 1, nt - 1, &r.h, &used)) != NULL)
            ;
        else if (1 + used + 4 != nt)
            why = "not an 'ok ...' line";
        else if (strcmp(t[1 + used], "nodes") != 0 || !parse_u64(t[2 + used], &r.nodes) ||
                 strcmp(t[3 + used], "refuted") != 0 || !parse_u64(t[4 + used], &r.refuted))
            why = "bad 'nodes N refuted R'";
        if (why != NULL) {
            snprintf(msg, msgsz, "line %ld: %s", lineno, why);
            goto out;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            okrec *nr = realloc(rec, cap * sizeof *nr);
            if (nr == NULL) {
                snprintf(msg, msgsz, "out of memory");
                goto out;
            }
            rec = nr;
        }
        rec[n++] = r;
    }
    if (n == 0) {
        snprintf(msg, msgsz, "no 'ok' lines");
        goto out;
    }
    for (size_t i = 1; i < n; i++) {
        const cert_header *a = &rec[0].h, *b = &rec[i].h;
        if (a->piece != b->piece || a->sq != b->sq || a->bits != b->bits) {
            snprintf(msg, msgsz, "line %ld: another question than line %ld", rec[i].line, rec[0].line);
            goto out;
        }
        if (a->black != b->black) { /* the scheme is part of the question */
            snprintf(msg, msgsz, "line %ld: another question than line %ld (a %s line among %s ones)", rec[i].line,
                     rec[0].line, b->black ? "black" : "fancy", a->black ? "black" : "fancy");
            goto out;
        }
        if (a->D != b->D) {
            snprintf(msg, msgsz, "line %ld: depth %d, but line %ld has depth %d", rec[i].line, b->D, rec[0].line, a->D);
            goto out;
        }
        if (a->total != b->total) {
            snprintf(msg, msgsz, "line %ld: total %" PRIu64 ", but line %ld has total %" PRIu64, rec[i].line, b->total,
                     rec[0].line, a->total);
            goto out;
        }
    }
    qsort(rec, n, sizeof *rec, cmp_okrec);
    u64 pos = 0, nodes = 0;
    long prevline = 0;
    for (size_t i = 0; i < n; i++) {
        nodes += rec[i].nodes;
        if (rec[i].h.first == rec[i].h.end)
            continue; /* an empty range covers nothing */
        if (rec[i].h.first > pos) {
            snprintf(msg, msgsz, "gap: cubes %" PRIu64 "..%" PRIu64 " (end exclusive) are not covered", pos, rec[i].h.first);
            goto out;
        }
        if (rec[i].h.first < pos) {
            u64 e = rec[i].h.end < pos ? rec[i].h.end : pos;
            snprintf(msg, msgsz, "overlap: cubes %" PRIu64 "..%" PRIu64 " (end exclusive) are covered by line %ld and line %ld",
                     rec[i].h.first, e, prevline, rec[i].line);
            goto out;
        }
        pos = rec[i].h.end;
        prevline = rec[i].line;
    }
    if (pos != rec[0].h.total) {
        snprintf(msg, msgsz, "gap: cubes %" PRIu64 "..%" PRIu64 " (end exclusive) are not covered", pos, rec[0].h.total);
        goto out;
    }
    {
        char sq[3];
        square_name(rec[0].h.sq, sq);
        snprintf(msg, msgsz, "none %s %s %d%s: cubes 0..%" PRIu64 " all checked, nodes %" PRIu64,
                 PIECE_NAME[rec[0].h.piece], sq, rec[0].h.bits, rec[0].h.black ? " black" : "", rec[0].h.total, nodes);
    }
    ret = 0;
out:
    free(rec);
    free(line);
    return ret;
}

static int cover_main(const char *name)
{
    FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
    if (f == NULL) {
        fprintf(stderr, "check: %s: cannot open: %s\n", name, strerror(errno));
        return 2;
    }
    char msg[600];
    int st = cover_core(f, msg, sizeof msg);
    if (ferror(f)) {
        fprintf(stderr, "check: %s: read error\n", name);
        return 2;
    }
    if (f != stdin)
        fclose(f);
    if (st == 0) {
        printf("%s\n", msg);
        return fflush(stdout) == 0 ? 0 : 2;
    }
    fprintf(stderr, "check: --cover %s: %s\n", name, msg);
    return 1;
}

/* ======================================================================== */
/* Part 6. Naive generator and brute force (for the selftest and `gen`)      */
/* ======================================================================== */


/* A bucket table for "which attack set is in index i": stamped, so it needs
 * no clearing between magics or nodes. */
typedef struct {
    u64 *att;
    unsigned *occ;
    uint32_t *stamp;
    uint32_t cur;
    size_t size;
} bucket_table;

static void bt_init(bucket_table *bt, int bits)
{
    bt->size = (size_t)1 << bits;
    bt->att = calloc(bt->size, sizeof *bt->att);
    bt->occ = calloc(bt->size, sizeof *bt->occ);
    bt->stamp = calloc(bt->size, sizeof *bt->stamp);
    bt->cur = 0;
    if (bt->att == NULL || bt->occ == NULL || bt->stamp == NULL) {
        fprintf(stderr, "check: out of memory\n");
        exit(2);
    }
}

static void bt_free(bucket_table *bt)
{
    free(bt->att);
    free(bt->occ);
    free(bt->stamp);
}

static void bt_next(bucket_table *bt)
{
    if (++bt->cur == 0) {
        memset(bt->stamp, 0, bt->size * sizeof *bt->stamp);
        bt->cur = 1;
    }
}

/* Brute force, straight from the definition: does magic m work, with the
 * fancy index (black = 0) or the black one (black = 1)? */
static int works_bt(const question *q, u64 m, bucket_table *bt, int black)
{
    bt_next(bt);
    for (unsigned k = 0; k < q->nocc; k++) {
        u64 idx = black ? black_index(q, q->occ[k], m) : (q->occ[k] * m) >> q->shift;
        if (bt->stamp[idx] == bt->cur) {
            if (bt->att[idx] != q->tab[k].att)
                return 0;
        } else {
            bt->stamp[idx] = bt->cur;
            bt->att[idx] = q->tab[k].att;
        }
    }
    return 1;
}

/* Brute force over all m < 2^P: 1 and the smallest working magic, or 0. */
static int brute_smallest(const question *q, u64 *found)
{
    bucket_table bt;
    bt_init(&bt, q->bits);
    int ret = 0;
    for (u64 m = 0; m < (1ULL << q->P); m++)
        if (works_bt(q, m, &bt, 0)) {
            *found = m;
            ret = 1;
            break;
        }
    bt_free(&bt);
    return ret;
}

/* The naive generator: a DFS from the root (0, P), or (0, Q - 1) for black.
 * At each node it looks for a refutation -- first a plain collision (two
 * witnesses with different attacks whose arcs lie in one common bucket),
 * then (if `ranged`) a witness w0 whose arc covers r <= 255 buckets, each
 * held by a one-bucket witness with other attacks -- and otherwise splits.
 * In the top tree it writes CUBE at u == D. Reaching u == 0 unrefuted means
 * magic m works (black: its key products v*m have no collision, so m works
 * as a black magic). The witnesses' numbers are q->tab[].mul: occupancies
 * or keys. */

typedef struct { /* one node, for the selftest's corruptions */
    u64 off, end; /* tag offset; offset just after the node's subtree */
    u64 m;
    int u, tag, r, top;
} lognode;

typedef struct {
    const question *q;
    int D, ranged, nolog;
    unsigned char *data; /* the certificate (or, streaming, its unwritten tail) */
    size_t len, cap;
    FILE *out;           /* streaming output (gen subcommand), else NULL */
    int streaming;
    lognode *log;
    size_t nlog, logcap;
    u64 nodes, refuted, ranged_used; /* ranged_used: REFUTEs with r >= 2 */
    u64 *cubes; /* m of every cube of the top tree */
    size_t ncubes, cubecap;
    size_t hdrlen;
    cert_header h;
    int found; /* the DFS met an unrefutable magic: */
    u64 working;
    bucket_table bt;
    u64 fb[MAX_OCC];       /* per occupancy at the current node: first bucket */
    unsigned span[MAX_OCC]; /* last - first, capped at 256 */
} gen;

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (p == NULL) {
        fprintf(stderr, "check: out of memory\n");
        exit(2);
    }
    return p;
}

static void gen_put(gen *g, const void *p, size_t n)
{
    if (g->len + n > g->cap) {
        g->cap = (g->len + n) * 2 + 4096;
        g->data = xrealloc(g->data, g->cap);
    }
    memcpy(g->data + g->len, p, n);
    g->len += n;
    if (g->streaming && g->len >= (1u << 20)) {
        if (fwrite(g->data, 1, g->len, g->out) != g->len) {
            fprintf(stderr, "check: gen: write error\n");
            exit(2);
        }
        g->len = 0;
    }
}

static void gen_byte(gen *g, unsigned b)
{
    unsigned char c = (unsigned char)b;
    gen_put(g, &c, 1);
}

/* Arcs of every occupancy at node (m, u). */
static void gen_analyse(gen *g, u64 m, int u)
{
    const question *q = g->q;
    const u64 width = u >= 64 ? ~0ULL : (1ULL << u) - 1;
    for (unsigned k = 0; k < q->nocc; k++) {
        u64 lo = q->tab[k].mul * m;
        u128 hi = (u128)lo + (u128)q->tab[k].mul * width;
        u64 f = lo >> q->shift;
        u128 d = (hi >> q->shift) - f;
        g->fb[k] = f;
        g->span[k] = d > 255 ? 256u : (unsigned)d;
    }
}

/* Look for a refutation of (m, u); w[0..r] and r on success. */
static int gen_find_refute(gen *g, u64 m, int u, unsigned *w, unsigned *r)
{
    const question *q = g->q;
    bucket_table *bt = &g->bt;
    gen_analyse(g, m, u);
    bt_next(bt);
    for (unsigned k = 0; k < q->nocc; k++) { /* plain collisions */
        if (g->span[k] != 0)
            continue;
        u64 b = g->fb[k] & q->bmask;
        if (bt->stamp[b] == bt->cur) {
            if (q->tab[bt->occ[b]].att != q->tab[k].att) {
                w[0] = bt->occ[b];
                w[1] = k;
                *r = 1;
                return 1;
            }
        } else {
            bt->stamp[b] = bt->cur;
            bt->occ[b] = k;
        }
    }
    if (!g->ranged)
        return 0;
    /* No plain collision: each bucket's one-bucket occupancies share one
     * attack set, so the table's occupant is as good as any. */
    for (unsigned k = 0; k < q->nocc; k++) {
        if (g->span[k] < 1 || g->span[k] > 254)
            continue;
        unsigned j;
        for (j = 0; j <= g->span[k]; j++) {
            u64 b = (g->fb[k] + j) & q->bmask;
            if (bt->stamp[b] != bt->cur || q->tab[bt->occ[b]].att == q->tab[k].att)
                break;
            w[j + 1] = bt->occ[b];
        }
        if (j > g->span[k]) {
            w[0] = k;
            *r = g->span[k] + 1;
            return 1;
        }
    }
    return 0;
}

static int gen_node(gen *g, u64 m, int u, int top)
{
    size_t li = 0;
    if (!g->nolog) {
        if (g->nlog == g->logcap) {
            g->logcap = g->logcap ? 2 * g->logcap : 1024;
            g->log = xrealloc(g->log, g->logcap * sizeof *g->log);
        }
        li = g->nlog++;
        g->log[li].off = g->len;
        g->log[li].m = m;
        g->log[li].u = u;
        g->log[li].top = top;
        g->log[li].r = 0;
    }
    g->nodes++;
    unsigned w[256], r, tag;
    if (gen_find_refute(g, m, u, w, &r)) {
        tag = TAG_REFUTE;
        gen_byte(g, TAG_REFUTE);
        gen_byte(g, r);
        for (unsigned i = 0; i <= r; i++) {
            gen_byte(g, w[i] & 0xff);
            gen_byte(g, w[i] >> 8);
        }
        g->refuted++;
        if (r > 1)
            g->ranged_used++;
    } else if (top && u == g->D) {
        tag = TAG_CUBE;
        gen_byte(g, TAG_CUBE);
        if (g->ncubes == g->cubecap) {
            g->cubecap = g->cubecap ? 2 * g->cubecap : 256;
            g->cubes = xrealloc(g->cubes, g->cubecap * sizeof *g->cubes);
        }
        g->cubes[g->ncubes++] = m;
    } else if (u == 0) {
        g->found = 1;
        g->working = m;
        return 0;
    } else {
        tag = TAG_SPLIT;
        gen_byte(g, TAG_SPLIT);
        if (!g->nolog)
            g->log[li].tag = TAG_SPLIT;
        if (!gen_node(g, m, u - 1, top) || !gen_node(g, m | (1ULL << (u - 1)), u - 1, top))
            return 0;
    }
    if (!g->nolog) {
        g->log[li].tag = (int)tag;
        g->log[li].r = tag == TAG_REFUTE ? (int)r : 0;
        g->log[li].end = g->len;
    }
    return 1;
}

#define GEN_ALL UINT64_MAX

/* Generate the certificate for cubes first..end-1 (end = GEN_ALL: all).
 * Returns 1 (certificate in g->data, or written to `out`), or 0 when the
 * question has a working magic (g->working, the smallest one). */
static int gen_certificate(gen *g, const question *q, int D, u64 first, u64 end, int ranged, FILE *out)
{
    memset(g, 0, sizeof *g);
    g->q = q;
    g->D = D;
    g->ranged = ranged;
    g->out = out;
    g->nolog = out != NULL;
    bt_init(&g->bt, q->bits);
    if (!gen_node(g, 0, q->root, 1))
        return 0;
    /* The header, now that the number of cubes is known. */
    u64 total = g->ncubes;
    if (end == GEN_ALL || end > total)
        end = total;
    if (first > end)
        first = end;
    g->h.piece = q->piece;
    g->h.sq = q->sq;
    g->h.bits = q->bits;
    g->h.black = q->black;
    g->h.D = D;
    g->h.first = first;
    g->h.end = end;
    g->h.total = total;
    char hdr[300];
    size_t hl = (size_t)format_header(&g->h, hdr, sizeof hdr);
    g->hdrlen = hl;
    if (out != NULL) {
        if (fwrite(hdr, 1, hl, out) != hl || fwrite(g->data, 1, g->len, out) != g->len) {
            fprintf(stderr, "check: gen: write error\n");
            exit(2);
        }
        g->len = 0;
        g->streaming = 1;
    } else {
        g->data = xrealloc(g->data, g->len + hl + 1);
        memmove(g->data + hl, g->data, g->len);
        memcpy(g->data, hdr, hl);
        g->len += hl;
        g->cap = g->len + 1;
        for (size_t i = 0; i < g->nlog; i++) {
            g->log[i].off += hl;
            g->log[i].end += hl;
        }
    }
    /* The cubes' subtrees. */
    for (u64 k = first; k < end; k++)
        if (!gen_node(g, g->cubes[k], D, 0))
            return 0;
    if (out != NULL && g->len > 0) {
        if (fwrite(g->data, 1, g->len, out) != g->len) {
            fprintf(stderr, "check: gen: write error\n");
            exit(2);
        }
        g->len = 0;
    }
    return 1;
}

static void gen_free(gen *g)
{
    free(g->data);
    free(g->log);
    free(g->cubes);
    bt_free(&g->bt);
    memset(g, 0, sizeof *g);
}

/* check gen PIECE SQUARE BITS D [FIRST END] [plain] [black] */
static int gen_main(int argc, char **argv)
{
    int plain = 0, black = 0;
    while (argc > 2 && (strcmp(argv[argc - 1], "plain") == 0 || strcmp(argv[argc - 1], "black") == 0)) {
        if (strcmp(argv[argc - 1], "plain") == 0)
            plain++;
        else
            black++;
        argc--;
    }
    int nargs = argc - 2;
    u64 bits, D, first = 0, end = GEN_ALL;
    int piece = argc > 2 ? (strcmp(argv[2], "rook") == 0 ? ROOK : strcmp(argv[2], "bishop") == 0 ? BISHOP : -1) : -1;
    int sq = argc > 3 ? parse_square(argv[3]) : -1;
    if ((nargs != 4 && nargs != 6) || plain > 1 || black > 1 || piece < 0 || sq < 0 || !parse_u64(argv[4], &bits) ||
        bits < 1 || bits > 16 || !parse_u64(argv[5], &D) || D < 1 ||
        D > (u64)root_of(piece, sq, (int)bits, black) ||
        (nargs == 6 && (!parse_u64(argv[6], &first) || !parse_u64(argv[7], &end) || first > end))) {
        fprintf(stderr, "usage: check gen rook|bishop SQUARE BITS D [FIRST END] [plain] [black]\n"
                        "       (D: 1..P, or 1..Q-1 with black)\n");
        return 2;
    }
    static question q;
    question_init(&q, piece, sq, (int)bits, black);
    if (black && black_works(&q, 1ULL << (q.Q - 1)) == 1) {
        fprintf(stderr, "check: gen: the middle magic 0x%016" PRIx64 " works as a black magic; no certificate\n",
                (u64)1 << (q.Q - 1));
        return 3;
    }
    gen g;
    int ok = gen_certificate(&g, &q, (int)D, first, end, !plain, stdout);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "check: gen: write error\n");
        return 2;
    }
    if (!ok) {
        fprintf(stderr, "check: gen: magic 0x%016" PRIx64 " works%s; no certificate\n", g.working,
                black ? " as a black magic" : "");
        gen_free(&g);
        return 3;
    }
    fprintf(stderr, "check: gen: nodes %" PRIu64 " refuted %" PRIu64 " (r >= 2: %" PRIu64 ") cubes %zu\n", g.nodes,
            g.refuted, g.ranged_used, g.ncubes);
    gen_free(&g);
    return 0;
}

/* ======================================================================== */
/* Part 7. Selftest                                                          */
/* ======================================================================== */

static long st_pass, st_fail;

static void expect(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void expect(int cond, const char *fmt, ...)
{
    if (cond) {
        st_pass++;
        return;
    }
    st_fail++;
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* Check a certificate held in memory. */
static int run_mem(const unsigned char *d, size_t n, checker *c)
{
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.fd = -1;
    rd.buf = (unsigned char *)d;
    rd.cap = rd.len = n;
    return check_stream(&rd, c);
}

/* Check a certificate that a child process writes into a pipe in uneven
 * chunks, read with a small buffer (exercises the refilling). */
static int run_pipe(const unsigned char *d, size_t n, size_t bufcap, checker *c)
{
    int fds[2];
    if (pipe(fds) != 0) {
        perror("pipe");
        exit(2);
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        exit(2);
    }
    if (pid == 0) {
        close(fds[0]);
        size_t off = 0, chunk = 1;
        while (off < n) {
            size_t k = n - off < chunk ? n - off : chunk;
            ssize_t w = write(fds[1], d + off, k);
            if (w <= 0)
                _exit(1);
            off += (size_t)w;
            chunk = chunk * 7 % 3001 + 1;
        }
        _exit(0);
    }
    close(fds[1]);
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.fd = fds[0];
    rd.cap = bufcap;
    rd.buf = xrealloc(NULL, bufcap);
    int st = check_stream(&rd, c);
    close(fds[0]);
    waitpid(pid, NULL, 0);
    free(rd.buf);
    return st;
}

static int quiet_rejects; /* 1: don't print each refusal */

/* The certificate must be refused, with `want` in the message. */
static void expect_reject(const unsigned char *d, size_t n, const char *want, const char *what)
{
    checker c;
    int st = run_mem(d, n, &c);
    int ok = st == 1 && (want == NULL || strstr(c.err, want) != NULL);
    expect(ok, "%s: expected refusal mentioning \"%s\", got status %d: %s", what, want ? want : "",
           st, st ? c.err : "accepted");
    if (ok && !quiet_rejects)
        printf("  refused: %-34s byte %" PRIu64 ": %s\n", what, c.erroff, c.err);
}

/* The certificate must be accepted with these counts (nodes may be 0: any). */
static void expect_accept(const unsigned char *d, size_t n, u64 nodes, u64 refuted, const char *what, char *okline,
                          size_t oklsz)
{
    checker c;
    int st = run_mem(d, n, &c);
    expect(st == 0, "%s: expected acceptance, got status %d: byte %" PRIu64 ": %s", what, st, c.erroff, c.err);
    if (st == 0) {
        expect(nodes == 0 || (c.nodes == nodes && c.refuted == refuted),
               "%s: counts nodes %" PRIu64 " refuted %" PRIu64 ", generator wrote %" PRIu64 " and %" PRIu64, what,
               c.nodes, c.refuted, nodes, refuted);
        if (okline != NULL)
            format_ok(&c.h, c.nodes, c.refuted, okline, oklsz);
    }
}

/* Copy of d[0..n) with d[off..end) replaced by rep[0..rn). */
static unsigned char *splice(const unsigned char *d, size_t n, size_t off, size_t end, const void *rep, size_t rn,
                             size_t *outn)
{
    unsigned char *o = xrealloc(NULL, n - (end - off) + rn + 1);
    memcpy(o, d, off);
    memcpy(o + off, rep, rn);
    memcpy(o + off + rn, d + end, n - end);
    *outn = n - (end - off) + rn;
    return o;
}

/* Replace the header line of a certificate. */
static unsigned char *reheader(const gen *g, const char *hdr, size_t *outn)
{
    return splice(g->data, g->len, 0, g->hdrlen, hdr, strlen(hdr), outn);
}

static u64 rng_state = 0x9e3779b97f4a7c15ULL;
static u64 rng(void)
{ /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cover_str(const char *text, char *msg, size_t msgsz)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (f == NULL) {
        perror("fmemopen");
        exit(2);
    }
    int st = cover_core(f, msg, msgsz);
    fclose(f);
    return st;
}

/* "e2 e3 ..." -> the bitboard of those squares. */
static u64 sqbits(const char *list)
{
    u64 b = 0;
    for (const char *p = list; *p; p++)
        if (p[0] >= 'a' && p[0] <= 'h' && p[1] >= '1' && p[1] <= '8') {
            b |= 1ULL << ((p[1] - '1') * 8 + (p[0] - 'a'));
            p++;
        }
    return b;
}

static void st_geometry(void)
{
    printf("geometry: masks, periods, attack sets, occupancy order\n");
    static question q;
    u64 m;
    m = relevant_mask(ROOK, parse_square("a1"));
    expect(m == 0x000101010101017EULL, "rook a1 mask 0x%016" PRIx64, m);
    expect(__builtin_popcountll(m) == 12, "rook a1 mask popcount");
    expect(period_of(ROOK, 0) == 63, "rook a1 period (lowest mask square b1)");
    m = relevant_mask(ROOK, parse_square("b2"));
    expect(__builtin_popcountll(m) == 10, "rook b2 mask popcount %d", __builtin_popcountll(m));
    expect(__builtin_ctzll(m) == 10, "rook b2 lowest mask square c2 = 10");
    expect(period_of(ROOK, parse_square("b2")) == 54, "rook b2 period 54");
    m = relevant_mask(BISHOP, parse_square("d4"));
    expect(__builtin_popcountll(m) == 9, "bishop d4 mask popcount %d", __builtin_popcountll(m));
    expect(m == 0x0040221400142200ULL, "bishop d4 mask 0x%016" PRIx64, m);
    m = relevant_mask(BISHOP, parse_square("d8"));
    expect(__builtin_ctzll(m) == parse_square("g5") && parse_square("g5") == 38, "bishop d8 lowest mask square g5 = 38");
    expect(__builtin_popcountll(m) == 5, "bishop d8 mask popcount 5");
    expect(period_of(BISHOP, parse_square("d8")) == 26, "bishop d8 period 26");
    expect(relevant_mask(ROOK, parse_square("e4")) == sqbits("e2 e3 e5 e6 e7 b4 c4 d4 f4 g4"), "rook e4 mask");
    expect(attack_set(ROOK, 0, 0) == 0x01010101010101FEULL, "rook a1 empty-board attacks");
    expect(attack_set(ROOK, 0, sqbits("b1 a2")) == sqbits("b1 a2"), "rook a1 attacks with b1, a2 occupied");
    expect(attack_set(BISHOP, parse_square("d4"), sqbits("f6 b2")) == sqbits("e5 f6 c5 b6 a7 e3 f2 g1 c3 b2"),
           "bishop d4 attacks with f6, b2 occupied");
    question_init(&q, ROOK, parse_square("b2"), 9, 0);
    expect(q.nclass == 36, "rook b2 distinct attack sets %u (want 36)", q.nclass);
    expect(q.nocc == 1024 && q.occ[1] == (1ULL << 10) && q.occ[q.nocc - 1] == q.mask, "rook b2 occupancy order");
    int mono = 1;
    for (unsigned k = 1; k < q.nocc; k++)
        mono &= q.occ[k] > q.occ[k - 1] && (q.occ[k] & ~q.mask) == 0;
    expect(mono, "occupancy index order = numeric order, inside the mask");
    question_init(&q, ROOK, 0, 12, 0);
    expect(q.nocc == 4096 && q.nclass == 49, "rook a1: 4096 occupancies, 49 attack sets (got %u)", q.nclass);
    question_init(&q, BISHOP, parse_square("d8"), 3, 0);
    expect(q.nclass == 12 && q.P == 26, "bishop d8: 12 attack sets, P 26");
    question_init(&q, BISHOP, parse_square("d4"), 9, 0);
    expect(q.nclass == 4 * 3 * 3 * 3, "bishop d4 attack sets %u (want 108)", q.nclass);
}

/* Generator vs brute force on bishop d8 (P = 26) for several bit counts;
 * returns in *with_magic a bit count where a magic exists (or 0). */
static void st_brute(int *with_magic)
{
    static question q;
    *with_magic = 0;
    for (int bits = 2; bits <= 5; bits++) {
        double t0 = now();
        question_init(&q, BISHOP, parse_square("d8"), bits, 0);
        u64 bm = 0;
        int has = brute_smallest(&q, &bm);
        double t1 = now();
        for (int ranged = 0; ranged <= 1; ranged++) {
            gen g;
            int made = gen_certificate(&g, &q, q.P - 6, 0, GEN_ALL, ranged, NULL);
            expect(made == !has, "bishop d8 %d: generator %s, brute force %s", bits, made ? "none" : "found",
                   has ? "found" : "none");
            if (has && !made) {
                bucket_table bt;
                bt_init(&bt, bits);
                expect(g.working == bm && works_bt(&q, g.working, &bt, 0),
                       "bishop d8 %d: generator's magic 0x%" PRIx64 " = smallest by brute force 0x%" PRIx64, bits,
                       g.working, bm);
                bt_free(&bt);
            }
            if (made) {
                char what[80];
                snprintf(what, sizeof what, "bishop d8 %d %s", bits, ranged ? "ranged" : "plain");
                expect_accept(g.data, g.len, g.nodes, g.refuted, what, NULL, 0);
            }
            if (ranged == 1)
                printf("bishop d8 %d bits: brute force over 2^26 magics (%.2fs): %s; generator agrees; %s\n", bits,
                       t1 - t0, has ? "a magic exists" : "none",
                       made ? "its certificates (plain and ranged) are accepted" : "it stops at the same smallest magic");
            gen_free(&g);
        }
        if (has && *with_magic == 0)
            *with_magic = bits;
    }
}

static void st_variants(void)
{
    printf("certificates at several depths, plain and ranged, whole and in runs, through a pipe\n");
    static question q;
    question_init(&q, BISHOP, parse_square("d8"), 3, 0);
    const int depths[] = { 1, 2, 13, 20, 25, 26 };
    for (size_t i = 0; i < sizeof depths / sizeof depths[0]; i++)
        for (int ranged = 0; ranged <= 1; ranged++) {
            gen g;
            int made = gen_certificate(&g, &q, depths[i], 0, GEN_ALL, ranged, NULL);
            char what[80];
            snprintf(what, sizeof what, "bishop d8 3 depth %d %s", depths[i], ranged ? "ranged" : "plain");
            expect(made, "%s: generated", what);
            if (made)
                expect_accept(g.data, g.len, g.nodes, g.refuted, what, NULL, 0);
            /* An empty range: only the top tree. */
            gen g2;
            made = gen_certificate(&g2, &q, depths[i], g.ncubes / 2, g.ncubes / 2, ranged, NULL);
            if (made)
                expect_accept(g2.data, g2.len, g2.nodes, g2.refuted, "empty cube range", NULL, 0);
            gen_free(&g2);
            gen_free(&g);
        }

    /* Runs of one certificate, checked one by one, their lines tiled. */
    gen g;
    gen_certificate(&g, &q, 20, 0, GEN_ALL, 1, NULL);
    u64 total = g.ncubes;
    expect(total >= 3, "bishop d8 3 depth 20 has at least 3 cubes (%" PRIu64 ")", total);
    u64 cuts[4] = { 0, total / 3, 2 * total / 3, total };
    char lines[3][400], text[2000], msg[600];
    u64 sum = 0;
    for (int i = 0; i < 3; i++) {
        gen gr;
        gen_certificate(&gr, &q, 20, cuts[i], cuts[i + 1], 1, NULL);
        expect_accept(gr.data, gr.len, gr.nodes, gr.refuted, "one run of three", lines[i], sizeof lines[i]);
        sum += gr.nodes;
        gen_free(&gr);
    }
    snprintf(text, sizeof text, "%s\n%s\n\n%s\n", lines[2], lines[0], lines[1]);
    int st = cover_str(text, msg, sizeof msg);
    char want[200];
    snprintf(want, sizeof want, "none bishop d8 3: cubes 0..%" PRIu64 " all checked, nodes %" PRIu64, total, sum);
    expect(st == 0 && strcmp(msg, want) == 0, "--cover of three runs: %s", msg);
    printf("  --cover of 3 runs: %s\n", msg);
    struct {
        const char *what, *want;
        char text[2000];
    } bad[8];
    int nb = 0;
    bad[nb].what = "a run missing";
    bad[nb].want = "gap";
    snprintf(bad[nb++].text, sizeof bad[0].text, "%s\n%s\n", lines[0], lines[2]);
    bad[nb].what = "the last run missing";
    bad[nb].want = "gap";
    snprintf(bad[nb++].text, sizeof bad[0].text, "%s\n%s\n", lines[1], lines[0]);
    bad[nb].what = "a run twice";
    bad[nb].want = "overlap";
    snprintf(bad[nb++].text, sizeof bad[0].text, "%s\n%s\n%s\n%s\n", lines[0], lines[1], lines[1], lines[2]);
    bad[nb].what = "no lines";
    bad[nb].want = "no 'ok' lines";
    snprintf(bad[nb++].text, sizeof bad[0].text, "\n");
    bad[nb].what = "a malformed line";
    bad[nb].want = "line 2";
    snprintf(bad[nb++].text, sizeof bad[0].text, "%s\nok whatever\n%s\n", lines[0], lines[1]);
    /* Lines of another question / depth / total, made by editing a line. */
    {
        char *t[20], cp[400];
        const char *what[3] = { "another question", "another depth", "another total" };
        const char *want3[3] = { "another question", "depth", "total" };
        int field[3] = { 3, 5, 10 }; /* bits, D, total */
        for (int k = 0; k < 3; k++) {
            strcpy(cp, lines[1]);
            split_tokens(cp, t, 20);
            char repl[40];
            u64 v = 0;
            parse_u64(t[field[k]], &v);
            snprintf(repl, sizeof repl, "%" PRIu64, v + 1);
            t[field[k]] = repl;
            char edited[400] = "";
            for (int j = 0; j < 15; j++) {
                strcat(edited, t[j]);
                strcat(edited, j < 14 ? " " : "");
            }
            bad[nb].what = what[k];
            bad[nb].want = want3[k];
            snprintf(bad[nb++].text, sizeof bad[0].text, "%s\n%s\n%s\n", lines[0], edited, lines[2]);
        }
    }
    for (int i = 0; i < nb; i++) {
        st = cover_str(bad[i].text, msg, sizeof msg);
        expect(st == 1 && strstr(msg, bad[i].want) != NULL, "--cover with %s: status %d: %s", bad[i].what, st, msg);
        printf("  --cover refused: %-20s %s\n", bad[i].what, msg);
    }

    /* The same certificate through a pipe, read with a small buffer. */
    checker c1, c2;
    int s1 = run_mem(g.data, g.len, &c1);
    int s2 = run_pipe(g.data, g.len, MAX_NEED, &c2);
    expect(s1 == 0 && s2 == 0 && c1.nodes == c2.nodes && c1.refuted == c2.refuted, "pipe: accepted with the same counts");
    s2 = run_pipe(g.data, g.len - 3, MAX_NEED, &c2);
    s1 = run_mem(g.data, g.len - 3, &c1);
    expect(s1 == 1 && s2 == 1 && c1.erroff == c2.erroff && strcmp(c1.err, c2.err) == 0,
           "pipe: a truncated stream refused as from memory (%s / %s)", c1.err, c2.err);
    gen_free(&g);
}

/* The first logged node from index `from` with this tag, in the top tree
 * (top = 1) or a cube's subtree (top = 0), with r == rr and u >= umin
 * (-1: any). Returns its index or -1. */
static long find_node(const gen *g, size_t from, int tag, int top, int rr, int umin)
{
    for (size_t k = from; k < g->nlog; k++) {
        const lognode *n = &g->log[k];
        if ((tag < 0 || n->tag == tag) && (top < 0 || n->top == top) && (rr < 0 || n->r == rr) &&
            (umin < 0 || n->u >= umin))
            return (long)k;
    }
    return -1;
}

static unsigned get16(const unsigned char *p) { return p[0] | (unsigned)p[1] << 8; }

/* Copy of the certificate with the u16 at `off` set to v. */
static unsigned char *with16(const gen *g, size_t off, unsigned v, size_t *n)
{
    unsigned char b[2] = { (unsigned char)(v & 0xff), (unsigned char)(v >> 8) };
    return splice(g->data, g->len, off, off + 2, b, 2, n);
}

static unsigned char *with8(const gen *g, size_t off, unsigned v, size_t *n)
{
    unsigned char b = (unsigned char)v;
    return splice(g->data, g->len, off, off + 1, &b, 1, n);
}

static void st_corrupt(int with_magic)
{
    printf("corruptions of good certificates (bishop d8 3 depth 20)\n");
    static question q;
    question_init(&q, BISHOP, parse_square("d8"), 3, 0);
    gen gp, gr; /* plain (r = 1 only) and ranged */
    gen_certificate(&gp, &q, 20, 0, GEN_ALL, 0, NULL);
    gen_certificate(&gr, &q, 20, 0, GEN_ALL, 1, NULL);
    expect(gr.ranged_used > 0, "the ranged certificate has REFUTEs with r >= 2");
    {
        long at_d = 0;
        for (size_t k = 0; k < gr.nlog; k++)
            at_d += gr.log[k].top && gr.log[k].tag == TAG_REFUTE && gr.log[k].u == 20;
        expect(at_d > 0, "the ranged certificate has a REFUTE at u = D in its top tree (accepted above)");
    }
    printf("  plain: %zu bytes, %" PRIu64 " nodes, %zu cubes; ranged: %zu bytes, %" PRIu64 " nodes, %" PRIu64
           " REFUTEs with r >= 2\n",
           gp.len, gp.nodes, gp.ncubes, gr.len, gr.nodes, gr.ranged_used);
    size_t n;
    unsigned char *b;
    long i;
    char hdr[300];

    /* Flipped witness indices: every one-bit flip of w0 and w1 in 30 plain
     * REFUTEs; the checker must agree with the generator's own view of the
     * node (one bucket, right bucket, other attacks). */
    {
        long agree = 0, trials = 0, valid = 0;
        int count = 0;
        quiet_rejects = 1;
        for (size_t li = 0; li < gp.nlog && count < 30; li++) {
            const lognode *nd = &gp.log[li];
            if (nd->tag != TAG_REFUTE || nd->r != 1)
                continue;
            count++;
            gen_analyse(&gp, nd->m, nd->u);
            unsigned w[2] = { get16(gp.data + nd->off + 2), get16(gp.data + nd->off + 4) };
            for (int which = 0; which < 2; which++)
                for (int bit = 0; bit < 16; bit++) {
                    unsigned k = w[which] ^ (1u << bit), other = w[1 - which];
                    int ok = k < q.nocc && gp.span[k] == 0 && ((gp.fb[k] ^ gp.fb[other]) & q.bmask) == 0 &&
                             q.tab[k].att != q.tab[other].att;
                    b = with16(&gp, nd->off + 2 + 2 * (size_t)which, k, &n);
                    checker c;
                    int st = run_mem(b, n, &c);
                    agree += st == (ok ? 0 : 1);
                    valid += ok;
                    trials++;
                    free(b);
                }
        }
        expect(agree == trials, "flipped witnesses: checker agrees in %ld of %ld", agree, trials);
        printf("  flipped witness indices: %ld one-bit flips of w0/w1 (%ld still valid, %ld not): checker agrees on all\n",
               trials, valid, trials - valid);
    }
    quiet_rejects = 0;

    /* Witness out of range, equal attacks, spanning two buckets, wrong bucket. */
    i = find_node(&gp, 0, TAG_REFUTE, 0, 1, -1);
    {
        const lognode *nd = &gp.log[i];
        unsigned w0 = get16(gp.data + nd->off + 2);
        b = with16(&gp, nd->off + 4, q.nocc, &n);
        expect_reject(b, n, "out of range", "witness w1 index = 2^popcount");
        free(b);
        b = with16(&gp, nd->off + 2, 0xffff, &n);
        expect_reject(b, n, "out of range", "witness w0 index 0xffff");
        free(b);
        b = with16(&gp, nd->off + 4, w0, &n);
        expect_reject(b, n, "same attack set", "witness w1 = w0 (equal attacks)");
        free(b);
    }
    {
        int done_same = 0, done_span = 0, done_bucket = 0;
        for (size_t li = 0; li < gp.nlog && !(done_same && done_span && done_bucket); li++) {
            const lognode *nd = &gp.log[li];
            if (nd->tag != TAG_REFUTE || nd->r != 1)
                continue;
            gen_analyse(&gp, nd->m, nd->u);
            unsigned w0 = get16(gp.data + nd->off + 2);
            for (unsigned k = 0; k < q.nocc; k++) {
                int same_bucket = gp.span[k] == 0 && ((gp.fb[k] ^ gp.fb[w0]) & q.bmask) == 0;
                if (!done_same && k != w0 && same_bucket && q.tab[k].att == q.tab[w0].att) {
                    b = with16(&gp, nd->off + 4, k, &n);
                    expect_reject(b, n, "same attack set", "w1: other occupancy, equal attacks");
                    free(b);
                    done_same = 1;
                } else if (!done_span && gp.span[k] == 1) {
                    b = with16(&gp, nd->off + 4, k, &n);
                    expect_reject(b, n, "spans", "w1 arc spans two buckets");
                    free(b);
                    done_span = 1;
                } else if (!done_bucket && gp.span[k] == 0 && !same_bucket && q.tab[k].att != q.tab[w0].att) {
                    b = with16(&gp, nd->off + 4, k, &n);
                    expect_reject(b, n, "lands in", "w1 in another bucket");
                    free(b);
                    done_bucket = 1;
                }
            }
        }
        expect(done_same && done_span && done_bucket, "found nodes for the witness corruptions");
    }

    /* Wrong r. */
    i = find_node(&gp, 0, TAG_REFUTE, 0, 1, -1);
    b = with8(&gp, gp.log[i].off + 1, 2, &n);
    expect_reject(b, n, "but r = 2", "r = 1 changed to 2");
    free(b);
    b = with8(&gp, gp.log[i].off + 1, 0, &n);
    expect_reject(b, n, "r = 0", "r = 0");
    free(b);
    i = find_node(&gr, 0, TAG_REFUTE, 0, -1, -1);
    while (i >= 0 && gr.log[i].r < 2)
        i = find_node(&gr, (size_t)i + 1, TAG_REFUTE, 0, -1, -1);
    expect(i >= 0, "a REFUTE with r >= 2 in a cube's subtree");
    if (i >= 0) {
        b = with8(&gr, gr.log[i].off + 1, (unsigned)gr.log[i].r - 1, &n);
        expect_reject(b, n, "but r = ", "r >= 2 decreased by one");
        free(b);
        b = with8(&gr, gr.log[i].off + 1, (unsigned)gr.log[i].r + 1, &n);
        expect_reject(b, n, "but r = ", "r >= 2 increased by one");
        free(b);
    }

    /* A SPLIT replaced by a REFUTE: the ranged generator found no refutation
     * of a SPLIT node, so every witness list there must be refused. */
    i = find_node(&gr, 0, TAG_SPLIT, 0, -1, -1);
    {
        const lognode *nd = &gr.log[i];
        long refused = 0, tried = 0;
        unsigned char rep[2 + 2 * 256];
        quiet_rejects = 1;
        for (unsigned w0 = 0; w0 < q.nocc; w0++)
            for (unsigned w1 = 0; w1 < q.nocc; w1++) {
                rep[0] = TAG_REFUTE;
                rep[1] = 1;
                rep[2] = (unsigned char)w0;
                rep[3] = (unsigned char)(w0 >> 8);
                rep[4] = (unsigned char)w1;
                rep[5] = (unsigned char)(w1 >> 8);
                b = splice(gr.data, gr.len, nd->off, nd->end, rep, 6, &n);
                checker c;
                refused += run_mem(b, n, &c) == 1;
                tried++;
                free(b);
            }
        for (int t = 0; t < 500; t++) {
            unsigned r = 1 + (unsigned)(rng() % 8);
            rep[0] = TAG_REFUTE;
            rep[1] = (unsigned char)r;
            for (unsigned j = 0; j <= r; j++) {
                unsigned w = (unsigned)(rng() % q.nocc);
                rep[2 + 2 * j] = (unsigned char)w;
                rep[3 + 2 * j] = (unsigned char)(w >> 8);
            }
            b = splice(gr.data, gr.len, nd->off, nd->end, rep, 2 + 2 * (r + 1), &n);
            checker c;
            refused += run_mem(b, n, &c) == 1;
            tried++;
            free(b);
        }
        quiet_rejects = 0;
        expect(refused == tried, "SPLIT replaced by REFUTE: %ld of %ld refused", refused, tried);
        printf("  SPLIT (m=0x%" PRIx64 " u=%d) replaced by a REFUTE: all %ld witness lists refused (every pair, 500 random lists)\n",
               nd->m, nd->u, tried);
        unsigned char bad[6] = { TAG_REFUTE, 1, 0, 0, (unsigned char)((q.nocc - 1) & 0xff), (unsigned char)((q.nocc - 1) >> 8) };
        b = splice(gr.data, gr.len, nd->off, nd->end, bad, 6, &n);
        expect_reject(b, n, "REFUTE", "SPLIT replaced by REFUTE (w0=0, w1=mask)");
        free(b);
    }

    /* Tags in the wrong places. */
    i = find_node(&gp, 0, TAG_REFUTE, 0, -1, -1);
    {
        unsigned char cube = TAG_CUBE;
        b = splice(gp.data, gp.len, gp.log[i].off, gp.log[i].end, &cube, 1, &n);
        expect_reject(b, n, "CUBE below the top tree", "REFUTE in a cube replaced by CUBE");
        free(b);
        int u = gp.log[i].u;
        unsigned char zeros[70] = { 0 };
        b = splice(gp.data, gp.len, gp.log[i].off, gp.log[i].end, zeros, (size_t)u + 1, &n);
        expect_reject(b, n, "SPLIT at u=0", "REFUTE replaced by SPLITs down to u=0");
        free(b);
        b = with8(&gp, gp.log[i].off, 3, &n);
        expect_reject(b, n, "unknown tag byte 0x03", "tag 0x03 in a cube");
        free(b);
    }
    i = find_node(&gp, 0, TAG_SPLIT, 0, -1, -1);
    {
        unsigned char cube = TAG_CUBE;
        b = splice(gp.data, gp.len, gp.log[i].off, gp.log[i].end, &cube, 1, &n);
        expect_reject(b, n, "CUBE below the top tree", "SPLIT in a cube replaced by CUBE");
        free(b);
    }
    i = find_node(&gp, 0, TAG_SPLIT, 1, -1, 21);
    {
        unsigned char cube = TAG_CUBE;
        b = splice(gp.data, gp.len, gp.log[i].off, gp.log[i].end, &cube, 1, &n);
        expect_reject(b, n, "CUBE at u=", "top-tree SPLIT at u > D replaced by CUBE");
        free(b);
    }
    i = find_node(&gp, 0, TAG_CUBE, 1, -1, -1);
    b = with8(&gp, gp.log[i].off, TAG_SPLIT, &n);
    expect_reject(b, n, "SPLIT at u=D", "top-tree CUBE replaced by SPLIT");
    free(b);
    b = with8(&gp, gp.hdrlen, 0xff, &n);
    expect_reject(b, n, "unknown tag byte 0xff", "root tag 0xff");
    free(b);

    /* Truncations and trailing bytes. */
    {
        long refused = 0, tried = 0;
        quiet_rejects = 1;
        for (size_t cut = 0; cut < gp.len; cut += (cut < gp.hdrlen + 40 || cut > gp.len - 40) ? 1 : gp.len / 300 + 1) {
            checker c;
            int st = run_mem(gp.data, cut, &c);
            refused += st == 1 && (strstr(c.err, "truncated") || strstr(c.err, "header"));
            tried++;
        }
        quiet_rejects = 0;
        expect(refused == tried, "truncations: %ld of %ld refused", refused, tried);
        printf("  truncated streams: %ld prefixes refused\n", tried);
        expect_reject(gp.data, gp.len - 1, "truncated", "last byte cut");
        expect_reject(gp.data, gp.hdrlen, "truncated", "header only");
        const char *tails[] = { "\x00", "\x01", "\x02", "x", "\x01\x01\x00\x00\x00\x00" };
        size_t tl[] = { 1, 1, 1, 1, 6 };
        for (int t = 0; t < 5; t++) {
            b = splice(gp.data, gp.len, gp.len, gp.len, tails[t], tl[t], &n);
            expect_reject(b, n, "trailing", t == 0 ? "trailing 0x00" : t == 4 ? "trailing REFUTE-like bytes" : "trailing byte");
            free(b);
        }
    }

    /* Headers. */
    {
        cert_header h = gp.h;
        h.total++;
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gp, hdr, &n);
        expect_reject(b, n, "header says total", "header total + 1");
        free(b);
        h = gp.h;
        h.total--;
        h.end--;
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gp, hdr, &n);
        expect_reject(b, n, "header says total", "header total - 1 (end - 1)");
        free(b);
        h = gp.h;
        h.D = 19;
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gp, hdr, &n);
        expect_reject(b, n, NULL, "header depth 20 changed to 19");
        free(b);
        h = gp.h;
        h.sq = parse_square("e8");
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gp, hdr, &n);
        expect_reject(b, n, NULL, "header square d8 changed to e8");
        free(b);
        char good[300];
        format_header(&gp.h, good, sizeof good);
        struct {
            const char *from, *to, *want, *what;
        } ed[] = {
            { "certificate 1 ", "certificate 2 ", "version", "version 2" },
            { "bishop", "queen", "piece", "piece queen" },
            { "d8", "i8", "square", "square i8" },
            { " 3 depth", " 0 depth", "bits", "bits 0" },
            { " 3 depth", " 17 depth", "bits", "bits 17" },
            { " 3 depth", " 03 depth", "bits", "bits with a leading zero" },
            { "depth 20", "depth 0", "depth", "depth 0" },
            { "depth 20", "depth 27", "depth", "depth above P" },
            { "cubes 0 ", "cubes 99999 ", "first <= end", "first > end" },
            { " of ", " 1 of ", "header", "an extra field" },
            { "depth 20", "depth  20", "header", "a double space" },
            { "\n", "\r\n", "header", "CRLF" },
        };
        for (size_t e = 0; e < sizeof ed / sizeof ed[0]; e++) {
            char *at = strstr(good, ed[e].from);
            snprintf(hdr, sizeof hdr, "%.*s%s%s", (int)(at - good), good, ed[e].to, at + strlen(ed[e].from));
            b = reheader(&gp, hdr, &n);
            char what[80];
            snprintf(what, sizeof what, "header: %s", ed[e].what);
            expect_reject(b, n, ed[e].want, what);
            free(b);
        }
        h = gp.h;
        h.end = h.total + 1;
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gp, hdr, &n);
        expect_reject(b, n, "end <= total", "header: end > total");
        free(b);
        b = splice(gp.data, gp.len, gp.hdrlen - 1, gp.hdrlen - 1, "\0x", 2, &n); /* "... of 42\0x\n" */
        expect_reject(b, n, "header", "header: a NUL byte before the newline");
        free(b);
        memset(hdr, 'a', 300);
        b = splice(gp.data, gp.len, 0, gp.hdrlen, hdr, 300, &n);
        expect_reject(b, n, "no newline", "header: 300 bytes, no newline");
        free(b);
    }

    /* Soundness smoke test: bits where brute force found a working magic.
     * No certificate can be valid there; relabelled and mutated ones must
     * all be refused. */
    if (with_magic) {
        long refused = 0, tried = 0;
        cert_header h = gr.h;
        h.bits = with_magic;
        format_header(&h, hdr, sizeof hdr);
        for (int which = 0; which < 2; which++) {
            gen *g = which ? &gr : &gp;
            b = reheader(g, hdr, &n);
            char what[80];
            snprintf(what, sizeof what, "%s certificate relabelled bits %d", which ? "ranged" : "plain", with_magic);
            expect_reject(b, n, NULL, what);
            quiet_rejects = 1;
            for (int t = 0; t < 1500; t++) {
                unsigned char *m = xrealloc(NULL, n);
                memcpy(m, b, n);
                size_t hl = strlen(hdr);
                int k = 1 + (int)(rng() % 4);
                for (int j = 0; j < k; j++)
                    m[hl + rng() % (n - hl)] = (unsigned char)(rng() % 4 == 0 ? rng() % 3 : rng());
                checker c;
                refused += run_mem(m, n, &c) == 1;
                tried++;
                free(m);
            }
            quiet_rejects = 0;
            free(b);
        }
        expect(refused == tried, "mutated certificates under bits %d: %ld of %ld refused", with_magic, refused, tried);
        printf("  bishop d8 %d bits (a magic exists): %ld mutated certificates, all refused\n", with_magic, tried);
    }
    gen_free(&gp);
    gen_free(&gr);
}

/* A bigger question: bishop e8 (P = 31), 3 bits (12 attack sets > 8
 * indices, so certainly none): generated and accepted. */
static void st_bigger(void)
{
    static question q;
    question_init(&q, BISHOP, parse_square("e8"), 3, 0);
    double t0 = now();
    gen g;
    int made = gen_certificate(&g, &q, 24, 0, GEN_ALL, 1, NULL);
    double t1 = now();
    expect(made && q.nclass > 8, "bishop e8 3: none by pigeonhole (%u attack sets), generator agrees", q.nclass);
    if (made) {
        checker c;
        int st = run_mem(g.data, g.len, &c);
        double t2 = now();
        expect(st == 0 && c.nodes == g.nodes && c.refuted == g.refuted, "bishop e8 3: accepted (%s)", st ? c.err : "");
        printf("bishop e8 3 bits depth 24: %zu bytes, %" PRIu64 " nodes, generated in %.2fs, checked in %.3fs\n", g.len,
               g.nodes, t1 - t0, t2 - t1);
    }
    gen_free(&g);
}

/* ------------------------------------------------------------------------ */
/* Black magics                                                              */
/* ------------------------------------------------------------------------ */

/* The brute force from the definition again, with a bucket table: the fast
 * twin of black_works (which the checker uses for the middle magic). */
static int black_works_bt(const question *q, u64 m, bucket_table *bt)
{
    return works_bt(q, m, bt, 1);
}

/* The black index of every witness index under m (from the occupancies). */
static void black_indices(const question *q, u64 m, u64 *idx)
{
    for (unsigned k = 0; k < q->nocc; k++)
        idx[k] = black_index(q, q->occ[k], m);
}

/* top(v*m) of every key (what the key tree reasons about). */
static void key_tops(const question *q, u64 m, u64 *idx)
{
    for (unsigned k = 0; k < q->nocc; k++)
        idx[k] = (q->tab[k].mul * m) >> q->shift;
}

/* The collisions of an index map, as a partition of the witness indices:
 * lab[k] = the smallest k' with idx[k'] == idx[k]. Two maps put the same
 * pairs together iff their partitions are equal. */
static void partition(const question *q, const u64 *idx, unsigned *lab, bucket_table *bt)
{
    bt_next(bt);
    for (unsigned k = 0; k < q->nocc; k++) {
        u64 b = idx[k];
        if (bt->stamp[b] != bt->cur) {
            bt->stamp[b] = bt->cur;
            bt->occ[b] = k;
        }
        lab[k] = bt->occ[b];
    }
}

/* Attack sets replaced, for the tests of the middle magic and of soundness:
 * one attack set for all; or one that depends only on whether the lowest
 * (the second lowest) mask square is occupied. */
static void hook_one(question *q)
{
    for (unsigned k = 0; k < q->nocc; k++)
        q->tab[k].att = 42;
}

static void hook_low(question *q)
{
    u64 low = q->mask & (0 - q->mask);
    for (unsigned k = 0; k < q->nocc; k++)
        q->tab[k].att = q->occ[k] & low;
}

static void hook_second(question *q)
{
    u64 rest = q->mask & (q->mask - 1), second = rest & (0 - rest);
    for (unsigned k = 0; k < q->nocc; k++)
        q->tab[k].att = q->occ[k] & second;
}

static void st_black_geometry(void)
{
    printf("black: keys, witness numbering, Q and the root\n");
    static question q;
    const struct {
        int piece;
        const char *sq;
        int bits, P, Q;
    } cs[] = {
        { BISHOP, "d8", 3, 26, 61 },  { BISHOP, "d8", 16, 26, 48 }, { BISHOP, "b1", 12, 54, 54 },
        { ROOK, "b2", 9, 54, 55 },    { ROOK, "b2", 12, 54, 54 },   { ROOK, "a1", 2, 63, 63 },
        { ROOK, "a1", 12, 63, 63 },
    };
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        int sq = parse_square(cs[i].sq);
        question_init(&q, cs[i].piece, sq, cs[i].bits, 1);
        expect(q.black && q.P == cs[i].P && q.Q == cs[i].Q && q.root == cs[i].Q - 1 &&
                   root_of(cs[i].piece, sq, cs[i].bits, 1) == cs[i].Q - 1,
               "%s %s %d black: P %d Q %d root %d (want P %d Q %d)", PIECE_NAME[cs[i].piece], cs[i].sq, cs[i].bits, q.P,
               q.Q, q.root, cs[i].P, cs[i].Q);
        int keys = 1, neg = 1;
        for (unsigned k = 0; k < q.nocc; k++) {
            u64 d = pdep_mask(k, q.mask), v = q.tab[k].mul;
            keys &= v == d + 1 && (v & 1) == 1 && q.occ[k] == (q.mask ^ d) && (q.occ[k] & ~q.mask) == 0 &&
                    q.tab[k].att == attack_set(q.piece, q.sq, q.occ[k]) && (k == 0 || v > q.tab[k - 1].mul) &&
                    ((v - 1) & ((1ULL << (64 - q.P)) - 1)) == 0;
            neg &= (q.occ[k] | ~q.mask) == 0 - v && (q.occ[k] | ~q.mask) == q.occ[k] + ~q.mask;
        }
        expect(keys, "%s %s black: witness k = the k-th smallest key v = pdep(k, mask) + 1, odd, a multiple of "
                     "2^(64-P) plus 1, occupancy mask ^ (v - 1), its attack set", PIECE_NAME[cs[i].piece], cs[i].sq);
        expect(neg, "%s %s black: o | ~mask = o + ~mask = -v mod 2^64 for every occupancy", PIECE_NAME[cs[i].piece],
               cs[i].sq);
    }
    question_init(&q, BISHOP, parse_square("d8"), 3, 1);
    expect(q.tab[0].mul == 1 && q.occ[0] == q.mask && q.tab[q.nocc - 1].mul == q.mask + 1 && q.occ[q.nocc - 1] == 0 &&
               q.tab[1].mul == (1ULL << 38) + 1 && q.occ[1] == (q.mask & ~(1ULL << 38)),
           "bishop d8 black: key 1 = all occupied, key mask + 1 = empty, key 2^38 + 1 = g5 empty");
}

/* Lemmas 2, 3 and 4 of the README on random magics. */
static void st_black_lemmas(void)
{
    printf("black: the lemmas on random magics\n");
    static question q;
    static u64 idx[MAX_OCC], idx2[MAX_OCC];
    static unsigned lab[MAX_OCC], lab2[MAX_OCC];
    const struct {
        int piece;
        const char *sq;
        int bits;
    } cs[] = {
        { BISHOP, "d8", 3 }, { BISHOP, "d8", 8 }, { BISHOP, "b1", 4 },
        { BISHOP, "b1", 12 }, { ROOK, "b2", 9 }, { ROOK, "b2", 12 },
    };
    long allworks = 0, alln = 0;
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        question_init(&q, cs[i].piece, parse_square(cs[i].sq), cs[i].bits, 1);
        bucket_table bt;
        bt_init(&bt, q.bits);
        const int s = q.shift;
        const u64 low = (1ULL << s) - 1, qmask = (1ULL << q.Q) - 1, half = 1ULL << (q.Q - 1);
        const size_t lsz = q.nocc * sizeof lab[0];
        long n = 0, formula = 0, keys = 0, period = 0, mirror = 0, works = 0, nworks = 0, zero = 0, flips = 0;
        const int trials = q.nocc > 64 ? 1000 : 3000;
        for (int t = 0; t < trials; t++) {
            u64 m;
            switch (t % 4) {
            case 0: m = rng(); break;
            case 1: m = rng() & rng() & rng(); break; /* sparse, like real magics */
            case 2: m = rng() << s; break;            /* m = 0 mod 2^s: the rotation by one */
            default: m = rng() & qmask; break;
            }
            const u64 special[] = { 0, half, qmask, 1, half + 1, half - 1, 1ULL << s };
            if (t < 7)
                m = special[t];
            n++;
            zero += (m & low) == 0;
            /* Lemma 2: black index = (2^bits - 1) - top(v*m) + [m = 0 mod 2^s]
             * (mod 2^bits), so it has the collisions of the key products. */
            black_indices(&q, m, idx);
            key_tops(&q, m, idx2);
            const u64 z = (m & low) == 0;
            int f = 1;
            for (unsigned k = 0; k < q.nocc; k++)
                f &= idx[k] == ((q.bmask - idx2[k] + z) & q.bmask);
            formula += f;
            partition(&q, idx, lab, &bt);
            partition(&q, idx2, lab2, &bt);
            keys += memcmp(lab, lab2, lsz) == 0;
            /* Lemma 3: bits >= Q only rotate (m mod 2^Q, and m + 2^Q). */
            const u64 mq = m & qmask;
            black_indices(&q, mq, idx2);
            partition(&q, idx2, lab2, &bt);
            int same = memcmp(lab, lab2, lsz) == 0;
            black_indices(&q, m + (1ULL << q.Q), idx2);
            partition(&q, idx2, lab2, &bt);
            period += same && memcmp(lab, lab2, lsz) == 0;
            /* Lemma 4: the mirror 2^Q - m. */
            const u64 mm = ((1ULL << q.Q) - mq) & qmask;
            black_indices(&q, mm, idx2);
            partition(&q, idx2, lab2, &bt);
            mirror += memcmp(lab, lab2, lsz) == 0;
            /* works_black(m) = works_black(m mod 2^Q) = works_black(2^Q - m mod 2^Q),
             * and the two brute forces agree. */
            int w = black_works_bt(&q, m, &bt);
            works += w == black_works_bt(&q, mq, &bt) && w == black_works_bt(&q, mm, &bt) && w == black_works(&q, m) &&
                     w == black_works(&q, mm);
            nworks += w;
            /* A control: flipping bit Q - 1 is not a symmetry, and the
             * comparison above sees it. */
            black_indices(&q, m ^ half, idx2);
            partition(&q, idx2, lab2, &bt);
            flips += memcmp(lab, lab2, lsz) != 0;
        }
        char name[40];
        snprintf(name, sizeof name, "%s %s %d black", PIECE_NAME[q.piece], cs[i].sq, q.bits);
        expect(formula == n, "%s: black index = (2^bits-1) - top(v*m) + [m = 0 mod 2^s] for %ld of %ld magics", name,
               formula, n);
        expect(keys == n, "%s: black collisions = key-product collisions for %ld of %ld magics", name, keys, n);
        expect(period == n, "%s: m, m mod 2^Q and m + 2^Q have the same collisions for %ld of %ld", name, period, n);
        expect(mirror == n, "%s: m and 2^Q - m have the same collisions for %ld of %ld", name, mirror, n);
        expect(works == n, "%s: works_black agrees on m, m mod 2^Q, 2^Q - m for %ld of %ld", name, works, n);
        expect(flips > 0 && zero > 0, "%s: control: flipping bit Q-1 changes the collisions (%ld times); %ld magics = 0 "
                                      "mod 2^s", name, flips, zero);
        printf("  %-22s P %d Q %d: %ld magics (%ld work, %ld = 0 mod 2^s): lemmas 2, 3, 4 hold on all; flipping bit Q-1 "
               "changes the collisions of %ld\n",
               name, q.P, q.Q, n, nworks, zero, flips);
        allworks += nworks;
        alln += n;
        bt_free(&bt);
    }
    expect(allworks > 0 && allworks < alln, "black lemmas: some magics work (%ld of %ld), some do not", allworks, alln);
}

/* The generator's answer on one cube (m0, D) of a black question: 1 and the
 * smallest magic that it finds unrefuted, or 0 (the cube is refuted). */
static int gen_cube(const question *q, u64 m0, int D, int ranged, u64 *found, u64 *nodes)
{
    gen g;
    memset(&g, 0, sizeof g);
    g.q = q;
    g.D = D;
    g.ranged = ranged;
    g.nolog = 1;
    bt_init(&g.bt, q->bits);
    int none = gen_node(&g, m0, D, 0);
    *found = g.working;
    *nodes = g.nodes;
    gen_free(&g);
    return !none;
}

/* The naive black generator against a brute force over whole cubes of
 * bishop d8 (Q - 1 = 60..57), D = 20: random cubes, and the cube of a black
 * magic found by random search (moved below 2^(Q-1) by lemmas 3 and 4). */
static void st_black_cubes(void)
{
    const int D = 20;
    printf("black: the naive generator against brute force on cubes of 2^%d magics (bishop d8)\n", D);
    static question q;
    for (int bits = 2; bits <= 7; bits++) {
        double t0 = now();
        question_init(&q, BISHOP, parse_square("d8"), bits, 1);
        bucket_table bt;
        bt_init(&bt, bits);
        const u64 half = 1ULL << (q.Q - 1), cmask = ~((1ULL << D) - 1);
        u64 cubes[4];
        int nc = 0, has = 0;
        long tries = 0;
        u64 magic = 0;
        for (; tries < 300000 && !has; tries++) {
            u64 m = rng() & rng();
            if (black_works_bt(&q, m, &bt)) {
                has = 1;
                magic = m;
            }
        }
        if (has) {
            u64 r = magic & ((1ULL << q.Q) - 1);
            if (r > half)
                r = (1ULL << q.Q) - r;
            expect(r < half && black_works_bt(&q, r, &bt),
                   "bishop d8 %d black: magic 0x%016" PRIx64 " moved below 2^(Q-1) as 0x%016" PRIx64 " still works", bits,
                   magic, r);
            cubes[nc++] = r & cmask;
        }
        while (nc < (has ? 2 : 3))
            cubes[nc++] = rng() & (half - 1) & cmask;
        int agree = 0, withmagic = 0;
        u64 nodes = 0;
        for (int c = 0; c < nc; c++) {
            u64 bx = 0;
            int bhas = 0;
            for (u64 x = 0; x < (1ULL << D); x++)
                if (black_works_bt(&q, cubes[c] + x, &bt)) {
                    bx = cubes[c] + x;
                    bhas = 1;
                    break;
                }
            for (int ranged = 0; ranged <= 1; ranged++) {
                u64 gx = 0, gn = 0;
                int ghas = gen_cube(&q, cubes[c], D, ranged, &gx, &gn);
                int ok = ghas == bhas && (!bhas || gx == bx);
                expect(ok, "bishop d8 %d black, cube 0x%016" PRIx64 " (%s): generator %s 0x%" PRIx64 ", brute force %s 0x%" PRIx64,
                       bits, cubes[c], ranged ? "ranged" : "plain", ghas ? "found" : "none", gx, bhas ? "found" : "none", bx);
                agree += ok;
                nodes += gn;
            }
            withmagic += bhas;
        }
        printf("  bishop d8 %d bits black (Q-1 = %d): %d cubes, %d with a magic; generator (plain and ranged, %" PRIu64
               " nodes) agrees with brute force on %d of %d (%.2fs)%s\n",
               bits, q.Q - 1, nc, withmagic, nodes, agree, 2 * nc, now() - t0,
               has ? "" : "; random search found no magic");
        bt_free(&bt);
    }
}

/* Replace the first occurrence of `from` in a header line by `to`. */
static void header_edit(const char *good, const char *from, const char *to, char *out, size_t n)
{
    const char *at = strstr(good, from);
    if (at == NULL) {
        snprintf(out, n, "%s", good);
        return;
    }
    snprintf(out, n, "%.*s%s%s", (int)(at - good), good, to, at + strlen(from));
}

/* Whole black certificates of "none" questions (rook a1: keys from 1 up, so
 * the tree is refuted close to its root u = Q - 1 = 62), runs and --cover. */
static void st_black_whole(void)
{
    printf("black: whole certificates (rook a1, Q = 63, root u = 62), runs, --cover\n");
    static question q;
    const struct {
        int bits, D;
    } cs[] = { { 2, 1 }, { 2, 40 }, { 2, 62 }, { 3, 55 }, { 3, 60 }, { 3, 62 }, { 5, 50 }, { 6, 55 } };
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        question_init(&q, ROOK, 0, cs[i].bits, 1);
        for (int ranged = 0; ranged <= 1; ranged++) {
            double t0 = now();
            gen g;
            int made = gen_certificate(&g, &q, cs[i].D, 0, GEN_ALL, ranged, NULL);
            char what[80];
            snprintf(what, sizeof what, "rook a1 %d black depth %d %s", cs[i].bits, cs[i].D, ranged ? "ranged" : "plain");
            expect(made, "%s: generated (none)", what);
            if (made)
                expect_accept(g.data, g.len, g.nodes, g.refuted, what, NULL, 0);
            if (ranged)
                printf("  %-32s %7zu bytes, %6" PRIu64 " nodes, %3zu cubes: accepted (plain too) (%.2fs)%s\n", what, g.len,
                       g.nodes, g.ncubes, now() - t0,
                       q.nclass > (1u << cs[i].bits) ? "" : "; not by pigeonhole");
            gen_free(&g);
        }
    }

    /* Runs of rook a1 4 black depth 55 (20 cubes), checked one by one and tiled. */
    question_init(&q, ROOK, 0, 4, 1);
    gen g;
    gen_certificate(&g, &q, 55, 0, GEN_ALL, 1, NULL);
    u64 total = g.ncubes;
    expect(total >= 3, "rook a1 4 black depth 55 has at least 3 cubes (%" PRIu64 ")", total);
    u64 cuts[4] = { 0, total / 3, 2 * total / 3, total };
    char lines[3][400], text[2000], msg[600], want[200];
    u64 sum = 0;
    for (int i = 0; i < 3; i++) {
        gen gr;
        gen_certificate(&gr, &q, 55, cuts[i], cuts[i + 1], 1, NULL);
        expect_accept(gr.data, gr.len, gr.nodes, gr.refuted, "black: one run of three", lines[i], sizeof lines[i]);
        sum += gr.nodes;
        gen_free(&gr);
    }
    expect(strncmp(lines[0], "ok rook a1 4 black depth 55 cubes 0 ", 36) == 0, "black ok line: %s", lines[0]);
    printf("  %s\n", lines[0]);
    snprintf(text, sizeof text, "%s\n\n%s\n%s\n", lines[1], lines[2], lines[0]);
    int st = cover_str(text, msg, sizeof msg);
    snprintf(want, sizeof want, "none rook a1 4 black: cubes 0..%" PRIu64 " all checked, nodes %" PRIu64, total, sum);
    expect(st == 0 && strcmp(msg, want) == 0, "--cover of three black runs: %s", msg);
    printf("  --cover of 3 black runs: %s\n", msg);
    /* The scheme is part of the question: black and fancy lines do not tile. */
    char fancy[3][400];
    for (int i = 0; i < 3; i++)
        header_edit(lines[i], " black ", " ", fancy[i], sizeof fancy[i]);
    snprintf(text, sizeof text, "%s\n%s\n%s\n", fancy[0], fancy[1], fancy[2]);
    st = cover_str(text, msg, sizeof msg);
    snprintf(want, sizeof want, "none rook a1 4: cubes 0..%" PRIu64 " all checked, nodes %" PRIu64, total, sum);
    expect(st == 0 && strcmp(msg, want) == 0, "--cover of the same lines without 'black': %s", msg);
    const struct {
        const char *what;
        const char *l[3];
    } mix[] = {
        { "a fancy line among black ones", { lines[0], fancy[1], lines[2] } },
        { "a black line among fancy ones", { fancy[0], lines[1], fancy[2] } },
        { "a black line first", { lines[0], fancy[1], fancy[2] } },
    };
    for (size_t i = 0; i < sizeof mix / sizeof mix[0]; i++) {
        snprintf(text, sizeof text, "%s\n%s\n%s\n", mix[i].l[0], mix[i].l[1], mix[i].l[2]);
        st = cover_str(text, msg, sizeof msg);
        expect(st == 1 && strstr(msg, "another question") != NULL, "--cover with %s: status %d: %s", mix[i].what, st, msg);
        printf("  --cover refused: %-30s %s\n", mix[i].what, msg);
    }
    {
        const struct {
            const char *from, *to;
        } ed[] = {
            { " black depth", " Black depth" },       { " black depth 55", " depth black 55" },
            { " black depth", " black black depth" }, { " black ", "  black " },
            { " black ", " fancy " },                 { " black ", " " },
        };
        for (size_t i = 0; i < sizeof ed / sizeof ed[0]; i++) {
            char l[400];
            header_edit(lines[1], ed[i].from, ed[i].to, l, sizeof l);
            snprintf(text, sizeof text, "%s\n%s\n%s\n", lines[0], l, lines[2]);
            st = cover_str(text, msg, sizeof msg);
            expect(st == 1 && strstr(msg, "line 2") != NULL, "--cover with the edited black line '%s': status %d: %s", l,
                   st, msg);
        }
        printf("  --cover refused 6 edited black lines ('Black', 'depth black', 'black black', a double space, "
               "'fancy', no 'black')\n");
    }

    /* Through a pipe with a small buffer, as from memory. */
    checker c1, c2;
    int s1 = run_mem(g.data, g.len, &c1);
    int s2 = run_pipe(g.data, g.len, MAX_NEED, &c2);
    expect(s1 == 0 && s2 == 0 && c1.nodes == c2.nodes && c1.refuted == c2.refuted && c1.h.black && c2.h.black,
           "black through a pipe: accepted with the same counts");
    gen_free(&g);
}

/* Corruptions of good black certificates (bishop d1 2 black depth 50: a
 * small mask, so that thousands of checks stay cheap). */
static void st_black_corrupt(void)
{
    printf("black: corruptions (bishop d1 2 black depth 50)\n");
    static question q;
    question_init(&q, BISHOP, parse_square("d1"), 2, 1);
    gen gp, gr;
    gen_certificate(&gp, &q, 50, 0, GEN_ALL, 0, NULL);
    gen_certificate(&gr, &q, 50, 0, GEN_ALL, 1, NULL);
    expect_accept(gp.data, gp.len, gp.nodes, gp.refuted, "bishop d1 2 black depth 50 plain", NULL, 0);
    expect_accept(gr.data, gr.len, gr.nodes, gr.refuted, "bishop d1 2 black depth 50 ranged", NULL, 0);
    expect(gr.ranged_used > 0 && gr.ncubes >= 3, "bishop d1 2 black: the ranged certificate has r >= 2 and %zu cubes",
           gr.ncubes);
    printf("  plain: %zu bytes, %" PRIu64 " nodes; ranged: %zu bytes, %" PRIu64 " nodes, %" PRIu64
           " REFUTEs with r >= 2, %zu cubes; Q = %d\n",
           gp.len, gp.nodes, gr.len, gr.nodes, gr.ranged_used, gr.ncubes, q.Q);
    size_t n;
    unsigned char *b;
    char hdr[300], good[300];
    checker c;

    /* The scheme relabelled: black as fancy, fancy (bishop d8 3 depth 20) as
     * black. The headers parse; the trees do not prove the other scheme. */
    for (int which = 0; which < 2; which++) {
        gen *g = which ? &gr : &gp;
        format_header(&g->h, good, sizeof good);
        header_edit(good, " black ", " ", hdr, sizeof hdr);
        b = reheader(g, hdr, &n);
        int st = run_mem(b, n, &c);
        expect(st == 1 && strncmp(c.err, "header", 6) != 0 && !c.h.black,
               "black certificate relabelled fancy: status %d: %s", st, c.err);
        printf("  refused: %s black relabelled fancy: byte %" PRIu64 ": %s\n", which ? "ranged" : "plain", c.erroff, c.err);
        free(b);
    }
    {
        static question qf;
        question_init(&qf, BISHOP, parse_square("d8"), 3, 0);
        for (int ranged = 0; ranged <= 1; ranged++) {
            gen gf;
            gen_certificate(&gf, &qf, 20, 0, GEN_ALL, ranged, NULL);
            format_header(&gf.h, good, sizeof good);
            header_edit(good, " 3 depth", " 3 black depth", hdr, sizeof hdr);
            b = reheader(&gf, hdr, &n);
            int st = run_mem(b, n, &c);
            expect(st == 1 && strncmp(c.err, "header", 6) != 0 && c.h.black,
                   "fancy certificate relabelled black: status %d: %s", st, c.err);
            printf("  refused: bishop d8 3 %s fancy relabelled black: byte %" PRIu64 ": %s\n", ranged ? "ranged" : "plain",
                   c.erroff, c.err);
            free(b);
            gen_free(&gf);
        }
    }

    /* Flipped witness indices: every one-bit flip of w0 and w1 in 40 r = 1
     * REFUTEs. The expected verdict is recomputed here from the definitions
     * (k -> d = pdep(k, mask), key d + 1, occupancy mask ^ d, its attacks),
     * not from the question's tables. */
    {
        long agree = 0, trials = 0, valid = 0;
        int count = 0;
        for (size_t li = 0; li < gr.nlog && count < 40; li++) {
            const lognode *nd = &gr.log[li];
            if (nd->tag != TAG_REFUTE || nd->r != 1)
                continue;
            count++;
            unsigned w[2] = { get16(gr.data + nd->off + 2), get16(gr.data + nd->off + 4) };
            for (int which = 0; which < 2; which++)
                for (int bit = 0; bit < 16; bit++) {
                    unsigned k[2] = { w[0], w[1] };
                    k[which] ^= 1u << bit;
                    int ok = k[0] < q.nocc && k[1] < q.nocc;
                    u64 f[2] = { 0, 0 }, l[2] = { 0, 0 }, a[2] = { 0, 0 };
                    for (int j = 0; j < 2 && ok; j++) {
                        u64 d = pdep_mask(k[j], q.mask), v = d + 1;
                        u64 lo = v * nd->m;
                        u128 hi = (u128)lo + (u128)v * ((1ULL << nd->u) - 1);
                        f[j] = lo >> q.shift;
                        l[j] = (u64)(hi >> q.shift);
                        a[j] = attack_set(q.piece, q.sq, q.mask ^ d);
                    }
                    ok = ok && f[0] == l[0] && f[1] == l[1] && ((f[0] ^ f[1]) & q.bmask) == 0 && a[0] != a[1];
                    b = with16(&gr, nd->off + 2 + 2 * (size_t)which, k[which], &n);
                    int st = run_mem(b, n, &c);
                    agree += st == (ok ? 0 : 1);
                    valid += ok;
                    trials++;
                    free(b);
                }
        }
        expect(count == 40 && agree == trials, "black flipped witnesses: checker agrees in %ld of %ld", agree, trials);
        printf("  flipped witness indices: %ld one-bit flips of w0/w1 in 40 REFUTEs (%ld still valid): the checker agrees "
               "with a recomputation from the definitions on all\n",
               trials, valid);
    }

    /* A SPLIT replaced by REFUTEs: the ranged generator is complete, so no
     * witness list is valid there: every pair, and 500 random lists. */
    {
        long i = find_node(&gr, 0, TAG_SPLIT, 0, -1, -1);
        expect(i >= 0, "a SPLIT in a cube's subtree");
        const lognode *nd = &gr.log[i < 0 ? 0 : i];
        long refused = 0, tried = 0;
        unsigned char rep[2 + 2 * 256];
        for (int t = 0; t < (int)(q.nocc * q.nocc) + 500; t++) {
            unsigned r = t < (int)(q.nocc * q.nocc) ? 1 : 1 + (unsigned)(rng() % 8);
            rep[0] = TAG_REFUTE;
            rep[1] = (unsigned char)r;
            for (unsigned j = 0; j <= r; j++) {
                unsigned w = r == 1 && t < (int)(q.nocc * q.nocc) ? (j == 0 ? (unsigned)t / q.nocc : (unsigned)t % q.nocc)
                                                                  : (unsigned)(rng() % q.nocc);
                rep[2 + 2 * j] = (unsigned char)w;
                rep[3 + 2 * j] = (unsigned char)(w >> 8);
            }
            b = splice(gr.data, gr.len, nd->off, nd->end, rep, 2 + 2 * (r + 1), &n);
            refused += run_mem(b, n, &c) == 1;
            tried++;
            free(b);
        }
        expect(refused == tried, "black SPLIT replaced by REFUTE: %ld of %ld refused", refused, tried);
        printf("  SPLIT (m=0x%" PRIx64 " u=%d) replaced by a REFUTE: all %ld witness lists refused (every pair, 500 random "
               "lists)\n",
               nd->m, nd->u, tried);
    }

    /* Depth, header words, bits, total, truncation. */
    format_header(&gr.h, good, sizeof good);
    {
        char dq[20], dq1[20];
        snprintf(dq, sizeof dq, "depth %d", q.Q);
        snprintf(dq1, sizeof dq1, "depth %d", q.Q + 1);
        const struct {
            const char *from, *to, *want, *what;
        } ed[] = {
            { "depth 50", dq, "1..Q-1", "depth Q" },
            { "depth 50", dq1, "1..Q-1", "depth Q + 1" },
            { "depth 50", "depth 0", "1..Q-1", "depth 0" },
            { " black ", " Black ", "header", "'Black'" },
            { " black ", " fancy ", "header", "'fancy' in its place" },
            { " black ", " black black ", "header", "'black black'" },
            { " black depth 50", " depth black 50", "header", "'black' after 'depth'" },
            { " black ", "  black ", "header", "a double space before 'black'" },
            { " black ", " black  ", "header", "a double space after 'black'" },
            { " 2 black", " 2black", "header", "no space before 'black'" },
            { " of ", " black of ", "header", "'black' at the end too" },
        };
        for (size_t e = 0; e < sizeof ed / sizeof ed[0]; e++) {
            header_edit(good, ed[e].from, ed[e].to, hdr, sizeof hdr);
            b = reheader(&gr, hdr, &n);
            char what[80];
            snprintf(what, sizeof what, "black header: %s", ed[e].what);
            expect_reject(b, n, ed[e].want, what);
            free(b);
        }
        cert_header h = gr.h;
        h.D = q.Q - 1; /* valid, but this tree has no CUBE there */
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gr, hdr, &n);
        expect_reject(b, n, NULL, "black header depth 50 changed to Q - 1");
        free(b);
        h = gr.h;
        h.total++;
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gr, hdr, &n);
        expect_reject(b, n, "header says total", "black header total + 1");
        free(b);
        for (int which = 0; which < 2; which++) {
            gen *g = which ? &gr : &gp;
            h = g->h;
            h.bits = 3;
            format_header(&h, hdr, sizeof hdr);
            b = reheader(g, hdr, &n);
            expect_reject(b, n, NULL, which ? "ranged black header bits 2 changed to 3" : "plain black header bits 2 changed to 3");
            free(b);
        }
    }
    {
        long refused = 0, tried = 0;
        for (size_t cut = 0; cut < gr.len; cut += (cut < gr.hdrlen + 40 || cut > gr.len - 40) ? 1 : gr.len / 200 + 1) {
            int st = run_mem(gr.data, cut, &c);
            refused += st == 1 && (strstr(c.err, "truncated") || strstr(c.err, "header"));
            tried++;
        }
        expect(refused == tried, "black truncations: %ld of %ld refused", refused, tried);
        b = splice(gr.data, gr.len, gr.len, gr.len, "\x00", 1, &n);
        expect_reject(b, n, "trailing", "black: a trailing byte");
        free(b);
        printf("  truncated black streams: %ld prefixes refused\n", tried);
    }
    gen_free(&gp);
    gen_free(&gr);

    /* A plain certificate stays valid with fewer bits when the root does not
     * move (rook a1: Q = 63 for every bits): a collision in the top 4 bits is
     * one in the top 3. */
    {
        static question qa;
        question_init(&qa, ROOK, 0, 4, 1);
        gen ga;
        gen_certificate(&ga, &qa, 55, 0, GEN_ALL, 0, NULL);
        cert_header h = ga.h;
        h.bits = 3;
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&ga, hdr, &n);
        expect_accept(b, n, ga.nodes, ga.refuted, "rook a1 4 black plain relabelled 3 bits (collisions stay collisions)",
                      NULL, 0);
        free(b);
        h.bits = 5;
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&ga, hdr, &n);
        expect_reject(b, n, NULL, "rook a1 4 black plain relabelled 5 bits");
        free(b);
        gen_free(&ga);
    }
}

/* The middle magic 2^(Q-1), which the tree does not cover. */
static void st_black_middle(void)
{
    printf("black: the middle magic 2^(Q-1)\n");
    static question q;
    checker c;
    /* rook a1, 12 bits: Q = 63 > s. With v = 1 + (mask ^ o) and mask ^ o even,
     * -(v * 2^62) = -2^62 - [b1 empty] 2^63 mod 2^64, so the black index is
     * 0xC00 when b1 is occupied and 0x400 when it is empty. */
    question_init(&q, ROOK, 0, 12, 1);
    const u64 mid = 1ULL << 62;
    int hand = q.Q == 63;
    for (unsigned k = 0; k < q.nocc; k++)
        hand &= black_index(&q, q.occ[k], mid) == ((q.occ[k] & 2) ? 0xC00u : 0x400u);
    expect(hand, "rook a1 12 black: middle magic 2^62 gives index 0xC00 (b1 occupied) or 0x400 (b1 empty)");
    expect(black_works(&q, mid) == 0, "rook a1 12 black: the middle magic does not work (49 attack sets, 2 indices)");
    hook_low(&q);
    expect(black_works(&q, mid) == 1, "rook a1 12 black, attacks = b1 only: the middle magic works");
    hook_second(&q);
    expect(black_works(&q, mid) == 0, "rook a1 12 black, attacks = c1 only: the middle magic does not work");
    /* bishop d8, 3 bits: Q = s = 61 > P. v - 1 is a multiple of 2^38, so
     * -(v * 2^60) = -2^60 for every key: every occupancy gets index 7. */
    question_init(&q, BISHOP, parse_square("d8"), 3, 1);
    hand = q.Q == 61;
    for (unsigned k = 0; k < q.nocc; k++)
        hand &= black_index(&q, q.occ[k], 1ULL << 60) == 7;
    expect(hand, "bishop d8 3 black: middle magic 2^60 gives index 7 to every occupancy");
    expect(black_works(&q, 1ULL << 60) == 0, "bishop d8 3 black: the middle magic does not work");
    hook_low(&q);
    expect(black_works(&q, 1ULL << 60) == 0, "bishop d8 3 black, attacks = g5 only: the middle magic does not work");
    hook_one(&q);
    expect(black_works(&q, 1ULL << 60) == 1, "bishop d8 3 black, one attack set: the middle magic works");
    printf("  by hand: rook a1 12 (index 0xC00 / 0x400 by b1), bishop d8 3 (index 7 for all): the middle magic works "
           "only with the attack sets replaced (b1 only; one set)\n");

    /* In the checker: a valid bishop d1 2 black certificate, checked with the
     * attack sets replaced so that the middle magic works, is refused for that
     * reason, and so is rook a1 2 black with attacks = b1 only. */
    question_init(&q, BISHOP, parse_square("d1"), 2, 1);
    gen g, gr;
    expect(gen_certificate(&g, &q, 61, 0, GEN_ALL, 1, NULL), "bishop d1 2 black depth 61: generated");
    expect_accept(g.data, g.len, g.nodes, g.refuted, "bishop d1 2 black depth 61", NULL, 0);
    question_hook = hook_one;
    expect_reject(g.data, g.len, "middle magic", "bishop d1 2 black, one attack set");
    question_hook = NULL;
    {
        static question qa;
        question_init(&qa, ROOK, 0, 2, 1);
        gen ga;
        gen_certificate(&ga, &qa, 62, 0, GEN_ALL, 1, NULL);
        expect_accept(ga.data, ga.len, ga.nodes, ga.refuted, "rook a1 2 black depth 62", NULL, 0);
        question_hook = hook_low;
        expect_reject(ga.data, ga.len, "middle magic", "rook a1 2 black, attacks = b1 only");
        question_hook = NULL;
        gen_free(&ga);
    }

    /* Soundness smoke test: bishop d1 2 black with attacks = c2 (its lowest
     * mask square) only. The middle magic does not work, but a magic below it
     * does (the generator finds it; brute force confirms). So no certificate
     * can be valid: the real ones, and 3000 mutations of them, must all be
     * refused, and not by the middle magic. */
    static question qh;
    question_init(&qh, BISHOP, parse_square("d1"), 2, 1);
    hook_low(&qh);
    gen gh;
    int hmade = gen_certificate(&gh, &qh, 61, 0, GEN_ALL, 1, NULL);
    const u64 hmid = 1ULL << (qh.Q - 1);
    expect(!hmade && gh.working < hmid && black_works(&qh, gh.working) == 1 && black_works(&qh, hmid) == 0,
           "bishop d1 2 black, attacks = c2 only: the generator finds magic 0x%016" PRIx64 " below the middle; it works",
           gh.working);
    u64 hw = gh.working;
    gen_free(&gh);
    question_hook = hook_low;
    {
        long refused = 0, tried = 0, middle = 0;
        gen_certificate(&gr, &q, 55, 0, GEN_ALL, 1, NULL);
        for (int which = 0; which < 2; which++) {
            const gen *gg = which ? &gr : &g;
            int st = run_mem(gg->data, gg->len, &c);
            refused += st == 1;
            middle += st == 1 && strstr(c.err, "middle") != NULL;
            tried++;
            for (int t = 0; t < 1500; t++) {
                unsigned char *m = xrealloc(NULL, gg->len);
                memcpy(m, gg->data, gg->len);
                int k = 1 + (int)(rng() % 4);
                for (int j = 0; j < k; j++)
                    m[gg->hdrlen + rng() % (gg->len - gg->hdrlen)] =
                        (unsigned char)(rng() % 4 == 0 ? rng() % 3 : rng());
                st = run_mem(m, gg->len, &c);
                refused += st == 1;
                middle += st == 1 && strstr(c.err, "middle") != NULL;
                tried++;
                free(m);
            }
        }
        gen_free(&gr);
        expect(refused == tried && middle == 0, "attacks = c2 only: %ld of %ld certificates refused (%ld by the middle)",
               refused, tried, middle);
        printf("  bishop d1 2 black with attacks = c2 only (magic 0x%016" PRIx64 " below the middle works): %ld "
               "certificates and mutations, all refused by the tree\n",
               hw, tried);
    }
    question_hook = NULL;
    gen_free(&g);
}

static int selftest(void)
{
    double t0 = now();
    st_geometry();
    int with_magic = 0;
    st_brute(&with_magic);
    st_variants();
    st_corrupt(with_magic);
    st_bigger();
    st_black_geometry();
    st_black_lemmas();
    st_black_cubes();
    st_black_whole();
    st_black_corrupt();
    st_black_middle();
    printf("selftest: %ld checks passed, %ld failed (%.1fs)\n", st_pass, st_fail, now() - t0);
    return st_fail == 0 ? 0 : 1;
}

/* ======================================================================== */
/* Part 8. main                                                              */
/* ======================================================================== */

static void usage(void)
{
    fprintf(stderr, "usage: check FILE            check a certificate (FILE may be - for stdin)\n"
                    "       check --cover LINES   check that the 'ok' lines in LINES tile all the cubes\n"
                    "       check selftest        run the checker's own tests\n"
                    "       check gen rook|bishop SQUARE BITS D [FIRST END] [plain] [black]\n"
                    "                             (testing aid) write a naive certificate to stdout\n");
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "selftest") == 0)
        return selftest();
    if (argc == 3 && strcmp(argv[1], "--cover") == 0)
        return cover_main(argv[2]);
    if (argc >= 2 && strcmp(argv[1], "gen") == 0)
        return gen_main(argc, argv);
    if (argc == 2 && (argv[1][0] != '-' || strcmp(argv[1], "-") == 0))
        return check_main(argv[1]);
    usage();
    return 2;
}
