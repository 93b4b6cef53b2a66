/* The differential test's driver: csearch.c's sg_trace in a hosted program, so that it can be built with
 * -fsanitize=address,undefined (a sanitized shared library cannot be loaded into an unsanitized Python).
 * stdin: records, each its word count then its words (int64, native order); stdout: for each, sg_trace's return
 * code then, if positive, that many output words. */
#include <stdio.h>
#include <stdlib.h>

#include "csearch.c"

#define OUT_WORDS (1 << 18)

int main(void) {
    static i64 out[OUT_WORDS];
    i64 count;
    while (fread(&count, sizeof count, 1, stdin) == 1) {
        if (count < 1 || count > (1 << 20)) return 2;
        i64 *in = malloc((size_t)count * sizeof *in);
        if (!in || fread(in, sizeof *in, (size_t)count, stdin) != (size_t)count) return 2;
        i64 rc = sg_trace(in, (int)count, out, OUT_WORDS);
        free(in);
        fwrite(&rc, sizeof rc, 1, stdout);
        if (rc > 0) fwrite(out, sizeof *out, (size_t)rc, stdout);
    }
    return 0;
}
