/* A hosted driver for csearch.c under AddressSanitizer and UBSan (tests/engine/sanitized_csearch.py builds it).
 *
 * Reads records from stdin and answers each on stdout, all int64 words in the machine's order:
 *   in:  name length, the entry point's name (its bytes, padded with zeros to whole words), n_in and n_out (as the
 *        entry point is told them), len_in and len_out (the buffers' true lengths, in words), len_in words, len_out
 *        words;
 *   out: the return code, then the output buffer's len_out words.
 * Every buffer is allocated at its exact length, so a read or write past its end is an AddressSanitizer report.
 * The entry point is looked up by name (any exported `int f(const int64_t *, int, int64_t *, int)`).
 * A malformed record (a declared length beyond the buffer, an unknown entry) answers RC_DRIVER without a call.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RC_DRIVER (-1000)
typedef int (*Entry)(const int64_t *, int, int64_t *, int);

static int read_words(int64_t *into, size_t n) { return fread(into, 8, n, stdin) == n; }

int main(void) {
    for (;;) {
        int64_t head;
        if (!read_words(&head, 1)) return 0;
        if (head < 0 || head > 256) return 2;
        char name[264] = {0};
        size_t name_words = (size_t)(head + 7) / 8;
        if (fread(name, 8, name_words, stdin) != name_words) return 2;
        int64_t sizes[4];
        if (!read_words(sizes, 4)) return 2;
        int64_t n_in = sizes[0], n_out = sizes[1], len_in = sizes[2], len_out = sizes[3];
        if (len_in < 0 || len_out < 0 || len_in > (1 << 24) || len_out > (1 << 24)) return 2;
        int64_t *in = malloc((size_t)len_in * 8), *out = malloc((size_t)len_out * 8);
        if (!read_words(in, (size_t)len_in) || !read_words(out, (size_t)len_out)) return 2;
        Entry entry = (Entry)dlsym(RTLD_DEFAULT, name);
        int64_t rc = RC_DRIVER;
        if (entry && n_in <= len_in && n_out <= len_out && n_in >= INT32_MIN && n_out >= INT32_MIN)
            rc = entry(in, (int)n_in, out, (int)n_out);
        fwrite(&rc, 8, 1, stdout);
        fwrite(out, 8, (size_t)len_out, stdout);
        fflush(stdout);
        free(in);
        free(out);
    }
}
