/* nhshim: an LD_PRELOAD shim for a private, non-setgid copy of NetHack.
 *
 * Why: the game's playground (/var/games/nethack) and sysconf path are compiled in, and it seeds
 * its RNG from /dev/urandom and reads the clock. To run many games side by side, reproducibly,
 * this shim:
 *   - rewrites paths under /var/games/nethack to $NHBOT_PLAYGROUND, and /etc/nethack/sysconf to
 *     $NHBOT_SYSCONF, in every libc call the binary uses on paths;
 *   - when $NHBOT_SEED is set, serves /dev/urandom from a fixed byte stream derived from it;
 *   - when $NHBOT_TIME is set, makes time() return that fixed epoch (moon phase, night, Friday 13th);
 *   - when $NHBOT_NO_DELAY is set, returns at once from the display delays (usleep, ncurses'
 *     napms): the tty port pauses 50 ms at each step of a thrown or fired object, an explosion,
 *     a zap, which made most of a bot's time in games with missiles and shows nothing the bot
 *     reads (it reads the screen when the game waits for a key). $NHBOT_DELAY_LOG, when set,
 *     names a file each skipped delay is noted in (for tests).
 *   - when $NHBOT_BATCH_OUTPUT is set, holds the game's own fflush(stdout) calls until it is
 *     about to read the terminal (or write to it past stdout): the tty port flushes at every
 *     turn of a multi-turn action and at every step of an animation, and each flush is a write
 *     to the pty that wakes its flip-buffer worker and the engine, which reads the screen only
 *     when the game waits for a key. The bytes are the same, in the same order, in fewer writes.
 *   - when $NHBOT_WAIT_SOCKET is set, sends a one-byte datagram to that socket each time the game
 *     is about to read the terminal with nothing left in its input buffer: the engine sleeps
 *     until then instead of looking at /proc over and over (it still checks there that the game
 *     waits: the word is only a hint of when to look).
 * Nothing else is touched: the game still sees only its terminal.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define VAR_PLAYGROUND "/var/games/nethack"
#define SYSCONF "/etc/nethack/sysconf"

static __thread char path_buf[2][4096];

/* Returns the path the game should really use (slot 0 or 1 for calls taking two paths). */
static const char *redirect(const char *path, int slot) {
    if (!path) return path;
    size_t n = strlen(VAR_PLAYGROUND);
    if (strncmp(path, VAR_PLAYGROUND, n) == 0 && (path[n] == '/' || path[n] == '\0')) {
        const char *pg = getenv("NHBOT_PLAYGROUND");
        if (pg && *pg) {
            snprintf(path_buf[slot], sizeof path_buf[slot], "%s%s", pg, path + n);
            return path_buf[slot];
        }
    }
    if (strcmp(path, SYSCONF) == 0) {
        const char *sc = getenv("NHBOT_SYSCONF");
        if (sc && *sc) return sc;
    }
    return path;
}

#define REAL(ret, name, ...)                                   \
    static ret (*real_##name)(__VA_ARGS__);                    \
    if (!real_##name) real_##name = dlsym(RTLD_NEXT, #name);

/* splitmix64: a fixed byte stream from the seed, standing in for /dev/urandom. NetHack opens
 * /dev/urandom again to reseed (e.g. on new levels): each open continues with fresh bytes from
 * the seed and the open's number, so levels differ and the game stays reproducible. */
static unsigned char seed_bytes[4096];
static uint64_t urandom_opens;
static FILE *seeded_urandom(void) {
    const char *s = getenv("NHBOT_SEED");
    if (!s || !*s) return NULL;
    uint64_t x = strtoull(s, NULL, 10) ^ 0x6e68626f74ULL /* "nhbot" */
                 ^ (urandom_opens++ * 0xD1B54A32D192ED03ULL);
    for (size_t i = 0; i < sizeof seed_bytes; i += 8) {
        uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        memcpy(seed_bytes + i, &z, 8);
    }
    return fmemopen(seed_bytes, sizeof seed_bytes, "r");
}

FILE *fopen(const char *path, const char *mode) {
    REAL(FILE *, fopen, const char *, const char *);
    if (path && strcmp(path, "/dev/urandom") == 0) {
        FILE *f = seeded_urandom();
        if (f) return f;
    }
    return real_fopen(redirect(path, 0), mode);
}

FILE *fopen64(const char *path, const char *mode) { return fopen(path, mode); }

FILE *freopen(const char *path, const char *mode, FILE *stream) {
    REAL(FILE *, freopen, const char *, const char *, FILE *);
    return real_freopen(redirect(path, 0), mode, stream);
}

int open(const char *path, int flags, ...) {
    REAL(int, open, const char *, int, ...);
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list ap;
        va_start(ap, flags);
        mode = va_arg(ap, mode_t);
        va_end(ap);
    }
    return real_open(redirect(path, 0), flags, mode);
}

int open64(const char *path, int flags, ...) {
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list ap;
        va_start(ap, flags);
        mode = va_arg(ap, mode_t);
        va_end(ap);
    }
    return open(path, flags, mode);
}

int creat(const char *path, mode_t mode) {
    REAL(int, creat, const char *, mode_t);
    return real_creat(redirect(path, 0), mode);
}

int unlink(const char *path) {
    REAL(int, unlink, const char *);
    return real_unlink(redirect(path, 0));
}

int link(const char *a, const char *b) {
    REAL(int, link, const char *, const char *);
    return real_link(redirect(a, 0), redirect(b, 1));
}

int rename(const char *a, const char *b) {
    REAL(int, rename, const char *, const char *);
    return real_rename(redirect(a, 0), redirect(b, 1));
}

int access(const char *path, int mode) {
    REAL(int, access, const char *, int);
    return real_access(redirect(path, 0), mode);
}

int chmod(const char *path, mode_t mode) {
    REAL(int, chmod, const char *, mode_t);
    return real_chmod(redirect(path, 0), mode);
}

int chdir(const char *path) {
    REAL(int, chdir, const char *);
    return real_chdir(redirect(path, 0));
}

int stat(const char *path, struct stat *st) {
    REAL(int, stat, const char *, struct stat *);
    return real_stat(redirect(path, 0), st);
}

/* Whether display delays are skipped; notes the skipped one in $NHBOT_DELAY_LOG if set. */
static int skip_delay(const char *what, long amount) {
    const char *on = getenv("NHBOT_NO_DELAY");
    if (!on || !*on) return 0;
    const char *log = getenv("NHBOT_DELAY_LOG");
    if (log && *log) {
        REAL(FILE *, fopen, const char *, const char *);
        FILE *f = real_fopen(log, "a");
        if (f) {
            fprintf(f, "%s %ld\n", what, amount);
            fclose(f);
        }
    }
    return 1;
}

int usleep(useconds_t usec) {
    if (skip_delay("usleep", (long)usec)) return 0;
    REAL(int, usleep, useconds_t);
    return real_usleep(usec);
}

int napms(int ms) {
    if (skip_delay("napms", (long)ms)) return 0;
    REAL(int, napms, int);
    return real_napms(ms);
}

/* Output batching ($NHBOT_BATCH_OUTPUT): stdout is written out only when the game is about to
 * read the terminal, when the stdio buffer fills, at exit, or before anything reaches the
 * terminal by another way (stderr, a direct write), so the terminal sees the same bytes in the
 * same order. */
static int batching = -1;
static int batch_output(void) {
    if (batching < 0) {
        const char *b = getenv("NHBOT_BATCH_OUTPUT");
        batching = b && *b;
    }
    return batching;
}

/* Writes out what stdout holds (errno kept: callers may look at it after their own call). */
static void flush_held(void) {
    REAL(int, fflush, FILE *);
    if (!batch_output()) return;
    int saved = errno;
    real_fflush(stdout);
    errno = saved;
}

/* The engine's socket for wait notices ($NHBOT_WAIT_SOCKET), connected at the first notice;
 * -1 when there is none or it cannot be reached (the engine then looks at /proc on its own). */
static int notice_fd = -2;

/* Tells the engine the game is about to read the terminal. MSG_NOSIGNAL | MSG_DONTWAIT: an
 * engine gone or behind never stops or kills the game; errno is kept for the caller. */
static void notify_read(void) {
    int saved = errno;
    if (notice_fd == -2) {
        notice_fd = -1;
        const char *path = getenv("NHBOT_WAIT_SOCKET");
        struct sockaddr_un addr = {.sun_family = AF_UNIX};
        size_t len = path ? strlen(path) : 0;
        if (len > 0 && len < sizeof addr.sun_path) {
            /* "@name": Linux's abstract namespace, where the name follows a NUL byte. */
            memcpy(addr.sun_path, path, len);
            if (path[0] == '@') addr.sun_path[0] = '\0';
            socklen_t addr_len = path[0] == '@' ? offsetof(struct sockaddr_un, sun_path) + len
                                                : sizeof addr;
            int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
            if (fd >= 0 && connect(fd, (struct sockaddr *)&addr, addr_len) == 0)
                notice_fd = fd;
            else if (fd >= 0)
                close(fd);
        }
    }
    if (notice_fd >= 0) send(notice_fd, "r", 1, MSG_NOSIGNAL | MSG_DONTWAIT);
    errno = saved;
}

/* Before the game reads stdin: a read that blocks waits for a key, and the screen must be
 * complete by then. Input still in stdin's buffer needs no read, so output can wait on. */
static void before_input(FILE *f) {
    if (f == stdin && f->_IO_read_ptr >= f->_IO_read_end) {
        flush_held();
        notify_read();
    }
}

int fflush(FILE *f) {
    REAL(int, fflush, FILE *);
    if (f == stdout && batch_output()) return 0;
    return real_fflush(f);
}

int getc(FILE *f) {
    REAL(int, getc, FILE *);
    before_input(f);
    return real_getc(f);
}

int _IO_getc(FILE *f) { return getc(f); }

int fgetc(FILE *f) {
    REAL(int, fgetc, FILE *);
    before_input(f);
    return real_fgetc(f);
}

int getchar(void) { return getc(stdin); }

char *fgets(char *s, int n, FILE *f) {
    REAL(char *, fgets, char *, int, FILE *);
    before_input(f);
    return real_fgets(s, n, f);
}

ssize_t read(int fd, void *buf, size_t n) {
    REAL(ssize_t, read, int, void *, size_t);
    if (fd == 0) {
        flush_held();
        notify_read();
    }
    return real_read(fd, buf, n);
}

/* Past stdout, to the terminal: what stdout holds goes first. */
ssize_t write(int fd, const void *buf, size_t n) {
    REAL(ssize_t, write, int, const void *, size_t);
    if (fd == 1 || fd == 2) flush_held();
    return real_write(fd, buf, n);
}

int fputc(int c, FILE *f) {
    REAL(int, fputc, int, FILE *);
    if (f == stderr) flush_held();
    return real_fputc(c, f);
}

int putc(int c, FILE *f) {
    REAL(int, putc, int, FILE *);
    if (f == stderr) flush_held();
    return real_putc(c, f);
}

int fputs(const char *s, FILE *f) {
    REAL(int, fputs, const char *, FILE *);
    if (f == stderr) flush_held();
    return real_fputs(s, f);
}

size_t fwrite(const void *p, size_t size, size_t n, FILE *f) {
    REAL(size_t, fwrite, const void *, size_t, size_t, FILE *);
    if (f == stderr) flush_held();
    return real_fwrite(p, size, n, f);
}

void perror(const char *s) {
    REAL(void, perror, const char *);
    flush_held();
    real_perror(s);
}

int __vfprintf_chk(FILE *f, int flag, const char *fmt, va_list ap) {
    REAL(int, __vfprintf_chk, FILE *, int, const char *, va_list);
    if (f == stderr) flush_held();
    return real___vfprintf_chk(f, flag, fmt, ap);
}

int __fprintf_chk(FILE *f, int flag, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = __vfprintf_chk(f, flag, fmt, ap);
    va_end(ap);
    return r;
}

time_t time(time_t *t) {
    const char *s = getenv("NHBOT_TIME");
    if (s && *s) {
        time_t v = (time_t)strtoll(s, NULL, 10);
        if (t) *t = v;
        return v;
    }
    REAL(time_t, time, time_t *);
    return real_time(t);
}
