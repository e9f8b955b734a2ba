/*
 * fuzz.c -- a deterministic mutation fuzzer for check.c's reading path
 * (issue 39: the certificate header and body have no Rust parser, so
 * cargo-fuzz cannot reach them).
 *
 *   fuzz [-s SECONDS] ITERATIONS SEED CERT...
 *   fuzz --cover [-s SECONDS] ITERATIONS SEED LINES
 *
 * Loads the given valid certificates (each must be accepted as is), then
 * for ITERATIONS rounds (or until SECONDS have passed) copies one of them
 * into a buffer of exactly its size, applies 1..3 mutations (bit flips,
 * bytes set to 0/255/a tag/random, 16-bit witness edits, truncation, a
 * duplicated or deleted span, header-token edits: huge, negative, leading
 * zero, +-1, other valid words, missing or doubled tokens, extra or odd
 * spaces, CR, no newline) and runs check_stream on it in process. Build
 * with -fsanitize=address,undefined so an out-of-bounds read or undefined
 * operation aborts. Asserted on every round:
 *   - it returns 0 (valid) or 1 (invalid); 2 (I/O, memory) never happens;
 *   - the work is bounded: nodes read <= bytes of input, and an alarm of
 *     20 s per round;
 *   - every 8th round it is also read through a file with a small buffer
 *     (the refilling path of rd_fill), with the same verdict, offset and
 *     message as from memory;
 *   - an accepted mutation either is byte-identical to its original, or
 *     claims the same thing: same piece, square, bits, scheme, depth and
 *     cube range (a different witness, or a different but valid tree, is
 *     a proof of the same answer). Anything else is a finding: it prints
 *     the round and exits 1.
 * Every round has its own generator state (SEED, round), so one round is
 * replayed by running ITERATIONS = round + 1; on a sanitizer abort the
 * input is written to fuzz-crash.bin.
 * Prints one summary line: iterations, accepted, refused by kind.
 *
 * --cover: the same for the `ok`-line reader of `check --cover`: LINES is a
 * file of `ok` lines that tile a question; mutations of one line's tokens,
 * a whole line doubled or deleted, or the byte mutations above. An
 * accepted mutation must give the original's `none` line (the node sum
 * aside: it may change with a line's `nodes`).
 */
#define main check_c_main
#include "check.c"
#undef main

#include <signal.h>

static u64 fz_state;
static u64 fz(void) /* splitmix64 */
{
    u64 z = (fz_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static size_t fz_below(size_t n) { return n ? (size_t)(fz() % n) : 0; }

typedef struct {
    unsigned char *d;
    size_t n, hdr; /* hdr: bytes of the header line with its '\n' */
    cert_header h;
    const char *name;
} seed;

static unsigned char *cur; /* the round's input, for the crash file */
static size_t curn;
static long cur_round;

static void dump_current(void)
{
    FILE *f = fopen("fuzz-crash.bin", "wb");
    if (f != NULL) {
        fwrite(cur, 1, curn, f);
        fclose(f);
    }
    fprintf(stderr, "fuzz: round %ld: input (%zu bytes) written to fuzz-crash.bin\n", cur_round, curn);
}
void __sanitizer_set_death_callback(void (*)(void)) __attribute__((weak));

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "fuzz: a round took over 20 s (unbounded work?)\n";
    if (write(2, msg, sizeof msg - 1) < 0) {
    }
    dump_current();
    _exit(1);
}

/* Replace buf[off..off+len) by rep[0..rn), reallocating to the exact size. */
static void fz_splice(unsigned char **buf, size_t *n, size_t off, size_t len, const void *rep, size_t rn)
{
    size_t nn = *n - len + rn;
    unsigned char *o = malloc(nn ? nn : 1);
    if (o == NULL)
        exit(2);
    memcpy(o, *buf, off);
    memcpy(o + off, rep, rn);
    memcpy(o + off + rn, *buf + off + len, *n - off - len);
    free(*buf);
    *buf = o;
    *n = nn;
}

/* An offset: in the header, just after it, or anywhere. */
static size_t fz_offset(size_t n, size_t hdr)
{
    if (n == 0)
        return 0;
    switch (fz_below(3)) {
    case 0:
        return fz_below(hdr < n ? hdr : n);
    case 1:
        return hdr < n ? hdr + fz_below(n - hdr < 256 ? n - hdr : 256) : fz_below(n);
    default:
        return fz_below(n);
    }
}

static const char *const WORDS[] = {
    "0", "1", "-1", "00", "01", "+1", "16", "17", "64", "65", "4294967296", "18446744073709551615",
    "18446744073709551616", "99999999999999999999999", "rook", "bishop", "queen", "black", "fancy", "depth",
    "cubes", "of", "a1", "h8", "i9", "d1", "certificate", "sliders", "2", "",
};

/* Edit one token of the text line that starts at buf[from] (the header:
 * from = 0). */
static void fz_line(unsigned char **buf, size_t *n, size_t from)
{
    size_t end = from;
    while (end < *n && (*buf)[end] != '\n')
        end++;
    if (end == from)
        return;
    /* token boundaries: starts after a space or at from */
    size_t starts[64], lens[64];
    int nt = 0;
    for (size_t i = from; i < end && nt < 64;) {
        size_t j = i;
        while (j < end && (*buf)[j] != ' ')
            j++;
        starts[nt] = i;
        lens[nt++] = j - i;
        i = j + 1;
    }
    int k = (int)fz_below((size_t)nt);
    size_t off = starts[k], len = lens[k];
    char tok[64];
    switch (fz_below(9)) {
    case 0: /* a fixed word */
    {
        const char *w = WORDS[fz_below(sizeof WORDS / sizeof WORDS[0])];
        fz_splice(buf, n, off, len, w, strlen(w));
        break;
    }
    case 1: /* a number near the token's value */
    {
        char t[64];
        size_t l = len < 63 ? len : 63;
        memcpy(t, *buf + off, l);
        t[l] = 0;
        long long v = strtoll(t, NULL, 10);
        long long dv[] = { 1, -1, 2, -2, 1000, 1LL << 32 };
        /* wrapping (strtoll saturates at LLONG_MAX/MIN) */
        snprintf(tok, sizeof tok, "%lld", (long long)((unsigned long long)v + (unsigned long long)dv[fz_below(6)]));
        fz_splice(buf, n, off, len, tok, strlen(tok));
        break;
    }
    case 2: /* the token deleted with its space (a missing field) */
        fz_splice(buf, n, off, len + (off + len < end), "", 0);
        break;
    case 3: /* the token doubled */
    {
        unsigned char *copy = malloc(len + 1);
        memcpy(copy, *buf + off, len);
        copy[len] = ' ';
        fz_splice(buf, n, off, 0, copy, len + 1);
        free(copy);
        break;
    }
    case 4: /* an extra space before it, or a tab */
        fz_splice(buf, n, off, 0, fz_below(2) ? " " : "\t", 1);
        break;
    case 5: /* a trailing space or CR before the newline */
        fz_splice(buf, n, end, 0, fz_below(2) ? " " : "\r", 1);
        break;
    case 6: /* no newline */
        if (end < *n)
            fz_splice(buf, n, end, 1, "", 0);
        break;
    case 7: /* swap with another token */
    {
        int k2 = (int)fz_below((size_t)nt);
        if (k2 == k || lens[k] >= 64 || lens[k2] >= 64)
            break;
        if (k2 < k) {
            int x = k;
            k = k2;
            k2 = x;
        }
        char a[64], b[64];
        memcpy(a, *buf + starts[k], lens[k]);
        memcpy(b, *buf + starts[k2], lens[k2]);
        fz_splice(buf, n, starts[k2], lens[k2], a, lens[k]); /* the later one first */
        fz_splice(buf, n, starts[k], lens[k], b, lens[k2]);
        break;
    }
    default: /* a digit or character of the token changed */
        if (len > 0)
            (*buf)[off + fz_below(len)] = (unsigned char)("0123456789 -+xa\0\x7f\xff"[fz_below(18)]);
        break;
    }
}

static const char *mutate(unsigned char **buf, size_t *n, size_t hdr)
{
    switch (fz_below(10)) {
    case 0:
    case 1:
        if (*n) {
            size_t o = fz_offset(*n, hdr);
            (*buf)[o] ^= (unsigned char)(1u << fz_below(8));
        }
        return "bit";
    case 2:
        if (*n) {
            static const unsigned char v[] = { 0, 255, 0, 1, 2, 3 };
            size_t o = fz_offset(*n, hdr);
            (*buf)[o] = fz_below(2) ? v[fz_below(sizeof v)] : (unsigned char)fz();
        }
        return "byte";
    case 3:
        if (*n >= 2) { /* a 16-bit witness-sized value */
            size_t o = fz_offset(*n - 1, hdr);
            unsigned v = fz_below(2) ? (unsigned)fz_below(4096) : (unsigned)fz() & 0xffff;
            (*buf)[o] = (unsigned char)v;
            (*buf)[o + 1] = (unsigned char)(v >> 8);
        }
        return "word";
    case 4:
        *n = fz_below(2) ? fz_below(*n + 1) : fz_offset(*n, hdr); /* truncation */
        return "truncate";
    case 5: /* a span duplicated */
    {
        size_t o = fz_offset(*n, hdr);
        size_t l = fz_below(2) ? fz_below(16) + 1 : fz_below(4096) + 1;
        if (o + l > *n)
            l = *n - o;
        unsigned char *copy = malloc(l ? l : 1);
        memcpy(copy, *buf + o, l);
        fz_splice(buf, n, o, 0, copy, l);
        free(copy);
        return "dup";
    }
    case 6: /* a span deleted */
    {
        size_t o = fz_offset(*n, hdr);
        size_t l = fz_below(2) ? fz_below(16) + 1 : fz_below(4096) + 1;
        if (o + l > *n)
            l = *n - o;
        fz_splice(buf, n, o, l, "", 0);
        return "delete";
    }
    default:
        fz_line(buf, n, 0);
        return "header";
    }
}

/* The kind of a refusal, from the start of its message; the last kind takes the rest. */
static const struct {
    const char *prefix, *name;
} KINDS[] = { { "header", "header" },
              { "stream truncated", "truncated" },
              { "trailing", "trailing" },
              { "REFUTE", "REFUTE" },
              { "SPLIT", "SPLIT" },
              { "CUBE", "CUBE" },
              { "unknown tag", "tag" },
              { "the top tree has", "top-tree-count" },
              { "the middle magic", "middle-magic" },
              { "", "other" } };
enum { NKIND = sizeof KINDS / sizeof KINDS[0] };
static int kind_of(const char *err)
{
    int k = 0;
    while (k < NKIND - 1 && strncmp(err, KINDS[k].prefix, strlen(KINDS[k].prefix)) != 0)
        k++;
    return k;
}

static int same_claim(const cert_header *a, const cert_header *b)
{
    return a->piece == b->piece && a->sq == b->sq && a->bits == b->bits && a->black == b->black && a->D == b->D &&
           a->first == b->first && a->end == b->end && a->total == b->total;
}

/* The same input through a file, read with a small buffer. */
static FILE *tmpf;
static int run_file(const unsigned char *d, size_t n, size_t cap, checker *c)
{
    int fd = fileno(tmpf);
    if (ftruncate(fd, 0) != 0 || pwrite(fd, d, n, 0) != (ssize_t)n || lseek(fd, 0, SEEK_SET) != 0) {
        perror("fuzz: temporary file");
        exit(2);
    }
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.fd = fd;
    rd.cap = cap;
    rd.buf = malloc(cap);
    int st = check_stream(&rd, c);
    free(rd.buf);
    return st;
}

/* --cover: mutations of `ok` lines that tile a question, read by cover_core.
 * An accepted mutation must give the original's `none` line (the node sum
 * aside). */
static int cover_fuzz(double seconds, long iters, u64 seed0, const char *name)
{
    FILE *f = fopen(name, "rb");
    static unsigned char orig[1 << 16];
    size_t on = f ? fread(orig, 1, sizeof orig, f) : 0;
    if (f == NULL || on == 0 || on == sizeof orig) {
        fprintf(stderr, "fuzz: %s: cannot read (or over 64 KiB)\n", name);
        return 2;
    }
    fclose(f);
    char want[400], msg[400];
    FILE *m = fmemopen(orig, on, "r");
    if (cover_core(m, want, sizeof want) != 0) {
        fprintf(stderr, "fuzz: %s: the lines themselves are refused: %s\n", name, want);
        return 2;
    }
    fclose(m);
    char *nodes = strstr(want, ", nodes ");
    size_t wl = nodes ? (size_t)(nodes - want) : strlen(want);
    long acc_same = 0, acc_changed = 0, refused = 0, findings = 0;
    double t0 = now();
    long r;
    for (r = 0; r < iters; r++) {
        if (seconds > 0 && (r & 63) == 0 && now() - t0 > seconds)
            break;
        fz_state = seed0 ^ (0xd1b54a32d192ed03ULL * (u64)(r + 1));
        size_t n = on;
        unsigned char *d = malloc(n);
        memcpy(d, orig, n);
        int nm = 1 + (int)fz_below(3);
        for (int k = 0; k < nm; k++) {
            size_t starts[256], nl = 0; /* line starts */
            for (size_t i = 0; i < n && nl < 256; i++)
                if (i == 0 || d[i - 1] == '\n')
                    starts[nl++] = i;
            size_t ls = nl ? starts[fz_below(nl)] : 0, le = ls;
            while (le < n && d[le] != '\n')
                le++;
            if (le < n)
                le++;
            switch (fz_below(4)) {
            case 0:
            case 1:
                fz_line(&d, &n, ls);
                break;
            case 2: /* a whole line doubled or deleted */
                if (fz_below(2)) {
                    unsigned char *copy = malloc(le - ls + 1);
                    memcpy(copy, d + ls, le - ls);
                    fz_splice(&d, &n, ls, 0, copy, le - ls);
                    free(copy);
                } else
                    fz_splice(&d, &n, ls, le - ls, "", 0);
                break;
            default:
                mutate(&d, &n, n);
                break;
            }
        }
        unsigned char *e = malloc(n ? n : 1); /* exactly n bytes */
        memcpy(e, d, n);
        free(d);
        d = e;
        cur = d;
        curn = n;
        cur_round = r;
        alarm(20);
        int st = 1;
        if (n == 0)
            snprintf(msg, sizeof msg, "empty");
        else {
            FILE *mf = fmemopen(d, n, "r");
            if (mf == NULL) {
                perror("fmemopen");
                return 2;
            }
            st = cover_core(mf, msg, sizeof msg);
            fclose(mf);
        }
        alarm(0);
        if (st == 0) {
            if (strncmp(msg, want, wl) != 0 || (msg[wl] != 0 && strncmp(msg + wl, ", nodes ", 8) != 0)) {
                fprintf(stderr, "fuzz: FINDING --cover round %ld: a mutation is accepted as '%s' (original '%s')\n", r,
                        msg, want);
                dump_current();
                findings++;
            } else if (n == on && memcmp(d, orig, n) == 0)
                acc_same++;
            else
                acc_changed++;
        } else
            refused++;
        free(d);
        cur = NULL;
        curn = 0;
    }
    printf("fuzz --cover: %ld iterations in %.1fs (seed %" PRIu64 "): accepted %ld (%ld unchanged, %ld changed with the same "
           "answer), findings %ld, refused %ld\n",
           r, now() - t0, seed0, acc_same + acc_changed, acc_same, acc_changed, findings, refused);
    return findings ? 1 : 0;
}

int main(int argc, char **argv)
{
    double seconds = 0;
    int a = 1, cover = 0;
    if (argc > a && strcmp(argv[a], "--cover") == 0) {
        cover = 1;
        a++;
    }
    if (argc > a + 1 && strcmp(argv[a], "-s") == 0) {
        seconds = atof(argv[a + 1]);
        a += 2;
    }
    if (argc - a < 3 || (cover && argc - a != 3)) {
        fprintf(stderr, "usage: fuzz [-s SECONDS] ITERATIONS SEED CERT...\n"
                        "       fuzz --cover [-s SECONDS] ITERATIONS SEED LINES\n");
        return 2;
    }
    signal(SIGALRM, on_alarm);
    if (cover) {
        if (__sanitizer_set_death_callback != NULL)
            __sanitizer_set_death_callback(dump_current);
        return cover_fuzz(seconds, atol(argv[a]), strtoull(argv[a + 1], NULL, 0), argv[a + 2]);
    }
    long iters = atol(argv[a]);
    u64 seed0 = strtoull(argv[a + 1], NULL, 0);
    int ns = argc - a - 2;
    seed *seeds = calloc((size_t)ns, sizeof *seeds);
    checker c, c2;
    for (int i = 0; i < ns; i++) {
        const char *name = argv[a + 2 + i];
        FILE *f = fopen(name, "rb");
        if (f == NULL || fseek(f, 0, SEEK_END) != 0) {
            fprintf(stderr, "fuzz: %s: cannot open\n", name);
            return 2;
        }
        long sz = ftell(f);
        rewind(f);
        seeds[i].d = malloc((size_t)sz + 1);
        if (seeds[i].d == NULL || fread(seeds[i].d, 1, (size_t)sz, f) != (size_t)sz) {
            fprintf(stderr, "fuzz: %s: cannot read\n", name);
            return 2;
        }
        fclose(f);
        seeds[i].n = (size_t)sz;
        seeds[i].name = name;
        unsigned char *nl = memchr(seeds[i].d, '\n', seeds[i].n);
        seeds[i].hdr = nl ? (size_t)(nl - seeds[i].d) + 1 : seeds[i].n;
        if (run_mem(seeds[i].d, seeds[i].n, &c) != 0) {
            fprintf(stderr, "fuzz: %s: the seed itself is refused: %s\n", name, c.err);
            return 2;
        }
        seeds[i].h = c.h;
    }
    tmpf = tmpfile();
    if (tmpf == NULL) {
        perror("fuzz: tmpfile");
        return 2;
    }
    if (__sanitizer_set_death_callback != NULL)
        __sanitizer_set_death_callback(dump_current);
    signal(SIGALRM, on_alarm);

    long accepted_same = 0, accepted_changed = 0, refused[NKIND] = { 0 }, filechecks = 0, findings = 0;
    double t0 = now();
    long r;
    for (r = 0; r < iters; r++) {
        if (seconds > 0 && (r & 63) == 0 && now() - t0 > seconds)
            break;
        fz_state = seed0 ^ (0xd1b54a32d192ed03ULL * (u64)(r + 1));
        const seed *s = &seeds[fz_below((size_t)ns)];
        size_t n = s->n;
        unsigned char *d = malloc(n ? n : 1);
        memcpy(d, s->d, n);
        int nm = 1 + (int)fz_below(3);
        char how[64] = "";
        for (int k = 0; k < nm; k++) {
            const char *m = mutate(&d, &n, s->hdr);
            if (strlen(how) + strlen(m) + 2 < sizeof how)
                strcat(strcat(how, k ? "+" : ""), m);
        }
        { /* exactly n bytes (after a truncation too), so any overread is caught */
            unsigned char *e = malloc(n ? n : 1);
            memcpy(e, d, n);
            free(d);
            d = e;
        }
        cur = d;
        curn = n;
        cur_round = r;
        alarm(20);
        int st = run_mem(d, n, &c);
        alarm(0);
        if (st != 0 && st != 1) {
            fprintf(stderr, "fuzz: round %ld (%s, %s): status %d: %s\n", r, s->name, how, st, c.err);
            dump_current();
            return 1;
        }
        if (c.nodes > n) {
            fprintf(stderr, "fuzz: round %ld: %" PRIu64 " nodes from %zu bytes\n", r, c.nodes, n);
            dump_current();
            return 1;
        }
        if ((r & 7) == 0) { /* the refilling path must agree */
            filechecks++;
            int st2 = run_file(d, n, MAX_NEED + fz_below(3 * MAX_NEED), &c2);
            if (st2 != st || (st == 1 && (c2.erroff != c.erroff || strcmp(c2.err, c.err) != 0)) ||
                (st == 0 && (c2.nodes != c.nodes || c2.refuted != c.refuted))) {
                fprintf(stderr, "fuzz: round %ld (%s, %s): memory says %d at %" PRIu64 " '%s', file says %d at %" PRIu64 " '%s'\n",
                        r, s->name, how, st, c.erroff, c.err, st2, c2.erroff, c2.err);
                dump_current();
                return 1;
            }
        }
        if (st == 0) {
            if (n == s->n && memcmp(d, s->d, n) == 0)
                accepted_same++;
            else if (same_claim(&c.h, &s->h))
                accepted_changed++;
            else {
                char okl[400];
                format_ok(&c.h, c.nodes, c.refuted, okl, sizeof okl);
                fprintf(stderr, "fuzz: FINDING round %ld (%s, %s): a mutation is accepted with another claim: %s\n", r,
                        s->name, how, okl);
                dump_current();
                findings++;
            }
        } else
            refused[kind_of(c.err)]++;
        free(d);
        cur = NULL;
        curn = 0;
    }
    printf("fuzz: %ld iterations in %.1fs (seed %" PRIu64 ", %d certificates): accepted %ld (%ld unchanged, %ld changed with the same claim), "
           "findings %ld, file-path rechecks %ld; refused:",
           r, now() - t0, seed0, ns, accepted_same + accepted_changed, accepted_same, accepted_changed, findings,
           filechecks);
    for (int k = 0; k < NKIND; k++)
        if (refused[k])
            printf(" %s %ld", KINDS[k].name, refused[k]);
    printf("\n");
    for (int i = 0; i < ns; i++)
        free(seeds[i].d);
    free(seeds);
    return findings ? 1 : 0;
}
